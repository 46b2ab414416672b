package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one reading of every route's finish-reason words (ADR 0055). */
class FinishTest {
  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(
      textBlock =
          """
          stop,                          STOP
          end_turn,                      STOP
          stop_sequence,                 STOP
          eos,                           STOP
          eos_token,                     STOP
          COMPLETE,                      STOP
          length,                        LENGTH
          max_tokens,                    LENGTH
          MAX_TOKENS,                    LENGTH
          model_length,                  LENGTH
          model_context_window_exceeded, CONTEXT_WINDOW
          tool_calls,                    TOOL_CALLS
          function_call,                 TOOL_CALLS
          tool_use,                      TOOL_CALLS
          content_filter,                CONTENT_FILTER
          refusal,                       CONTENT_FILTER
          SAFETY,                        CONTENT_FILTER
          recitation,                    CONTENT_FILTER
          sensitive,                     CONTENT_FILTER
          guardrail_intervened,          CONTENT_FILTER
          pause_turn,                    PAUSE_TURN
          abort,                         OTHER
          insufficient_system_resource,  OTHER
          MALFORMED_FUNCTION_CALL,       OTHER
          ' ',                           STOP
          """)
  void aWordMeansWhatItSaysInAnyCase(String word, Finish meaning) {
    assertThat(Finish.of(word, false)).isEqualTo(meaning);
  }

  @ParameterizedTest(name = "{0} with tool calls → {1}")
  @CsvSource(
      nullValues = "null",
      textBlock =
          """
          null,   TOOL_CALLS
          stop,   TOOL_CALLS
          eos,    TOOL_CALLS
          length, LENGTH
          abort,  OTHER
          """)
  void anAnswerThatCallsToolsEndedToCallThemUnlessItWasCut(String word, Finish meaning) {
    assertThat(Finish.of(word, true)).isEqualTo(meaning);
  }

  @Test
  void anAnswerReadsItsOwnFinishReasonAndToolCalls() {
    ChatResponse calls =
        ChatResponse.builder("m")
            .toolCalls(List.of(new ToolCall("c", "f", "{}")))
            .finishReason("stop")
            .build();
    assertThat(calls.finish()).isEqualTo(Finish.TOOL_CALLS);
    assertThat(calls.finishReason()).isEqualTo("stop");
    assertThat(ChatResponse.builder("m").content("x").build().finish()).isEqualTo(Finish.STOP);
  }

  @ParameterizedTest(name = "{0} failed: {1}")
  @CsvSource(
      nullValues = "null",
      textBlock =
          """
          error,                        true
          network_error,                true
          insufficient_system_resource, true
          abort,                        true
          stop,                         false
          length,                       false
          content_filter,               false
          null,                         false
          ''                            , false
          """)
  void onlyTheWordsOfAFailedGenerationSayItFailed(String word, boolean failed) {
    assertThat(Finish.failed(word)).isEqualTo(failed);
  }
}
