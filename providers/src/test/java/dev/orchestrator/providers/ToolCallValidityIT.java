package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The provider client checks an answer's tool calls against the request's tools once, at the
 * boundary, for the route's observed tool-call validity (docs/design.md §14).
 */
class ToolCallValidityIT {
  private static String answer(String arguments) {
    return "{\"id\":\"x\",\"object\":\"chat.completion\",\"model\":\"m\",\"choices\":[{\"index\":0,"
        + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\","
        + "\"type\":\"function\",\"function\":{\"name\":\"read_file\",\"arguments\":"
        + arguments
        + "}}]},\"finish_reason\":\"tool_calls\"}]}";
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "'\"{\\\"path\\\":\\\"a.txt\\\"}\"' | true",
        "'\"{\\\"path\\\":3}\"'             | false",
        "'\"{\\\"path\\\":\"'               | false"
      })
  void anAnswersToolCallsAreCheckedAgainstTheRequestsTools(String arguments, boolean valid)
      throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of("p/m", List.of(Step.answer(200, answer(arguments)))))) {
      Provider p = Fixtures.provider("p", up.baseUrl("p"), Protocol.OPENAI_CHAT);
      ChatRequest request =
          ChatRequest.builder("p/m")
              .user("read a.txt")
              .tools(
                  List.of(
                      new ToolDefinition(
                          "read_file",
                          null,
                          "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},"
                              + "\"required\":[\"path\"]}")))
              .build();
      AttemptOutcome out = Fixtures.send(p, "m", request, null);

      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(((AttemptOutcome.Succeeded) out).toolCallsValid()).isEqualTo(valid);
    }
  }
}
