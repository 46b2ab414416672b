package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.output.FinishReason;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ToolCall;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Finish reasons in LangChain4j's words (ADR 0019); Gemini thought signatures kept. */
class ResponseMapperTest {

  @Test
  void aGeminiThoughtSignatureRidesTheAiMessageAndIsReplayed() {
    ChatResponse answer =
        ChatResponse.builder("m")
            .toolCalls(
                List.of(
                    new ToolCall("fc_1", "weather", "{}", "CiQBsig"),
                    new ToolCall("fc_2", "weather", "{}")))
            .build();
    ChatResult result =
        new ChatResult(
            answer, "gemini/m", new Trace(null, List.of(), "gemini/m", null, Duration.ZERO));

    AiMessage message = ResponseMapper.toLangChain4j(result).aiMessage();
    var replayed =
        RequestMapper.toEngine(
            ChatRequest.builder()
                .modelName("orchestrator/free")
                .messages(UserMessage.from("Weather?"), message)
                .build());

    assertThat(replayed.messages().get(1).toolCalls())
        .extracting(ToolCall::thoughtSignature)
        .containsExactly("CiQBsig", null);
  }

  @ParameterizedTest(name = "{0} (tool calls: {1}) -> {2}")
  @CsvSource(
      nullValues = "null",
      textBlock =
          """
          stop,           false, STOP
          end_turn,       false, STOP
          length,         false, LENGTH
          max_tokens,     false, LENGTH
          tool_calls,     true,  TOOL_EXECUTION
          function_call,  true,  TOOL_EXECUTION
          content_filter, false, CONTENT_FILTER
          eos,            false, STOP
          model_length,   false, LENGTH
          SAFETY,         false, CONTENT_FILTER
          stop,           true,  TOOL_EXECUTION
          something_new,  false, OTHER
          null,           true,  TOOL_EXECUTION
          null,           false, null
          """)
  void finishReasonMapsToLangChain4jsEnum(String reason, boolean toolCalls, FinishReason expected) {
    assertThat(ResponseMapper.finishReason(reason, toolCalls)).isEqualTo(expected);
  }
}
