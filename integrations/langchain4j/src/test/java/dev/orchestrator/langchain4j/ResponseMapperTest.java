package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.output.FinishReason;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Finish reasons in LangChain4j's words (ADR 0019). */
class ResponseMapperTest {

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
          something_new,  false, OTHER
          null,           true,  TOOL_EXECUTION
          null,           false, null
          """)
  void finishReasonMapsToLangChain4jsEnum(String reason, boolean toolCalls, FinishReason expected) {
    assertThat(ResponseMapper.finishReason(reason, toolCalls)).isEqualTo(expected);
  }
}
