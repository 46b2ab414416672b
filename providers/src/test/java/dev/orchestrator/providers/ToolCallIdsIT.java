package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A history whose tool-call ids another provider minted reaches each family with ids it accepts,
 * each result still paired with its call (docs/design.md §13): OpenAI-compatible routes take at
 * most 40 characters, Mistral exactly nine letters and digits, Anthropic only {@code
 * [a-zA-Z0-9_-]}.
 */
class ToolCallIdsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LONG = "call_" + "x".repeat(60); // a gateway-minted id
  private static final String DOTTED = "fc:weather.1"; // characters Anthropic and Mistral refuse

  private static ChatRequest history() {
    return ChatRequest.builder("p/m")
        .user("Weather in Oslo and Bergen?")
        .message(
            ChatMessage.assistant(
                "",
                List.of(
                    new ToolCall(LONG, "weather", "{\"city\":\"Oslo\"}"),
                    new ToolCall(DOTTED, "weather", "{\"city\":\"Bergen\"}"))))
        .message(ChatMessage.tool(LONG, "21 C"))
        .message(ChatMessage.tool(DOTTED, "17 C"))
        .build();
  }

  @ParameterizedTest(name = "{0} ({1})")
  @CsvSource({
    "openai,    OPENAI_CHAT,        '.{1,40}'",
    "mistral,   OPENAI_CHAT,        '[a-zA-Z0-9]{9}'",
    "anthropic, ANTHROPIC_MESSAGES, '[a-zA-Z0-9_-]+'"
  })
  void eachFamilyReceivesIdsItAcceptsStillPaired(String family, Protocol protocol, String valid)
      throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of(family + "/m", List.of(Step.ok("done"))))) {
      Provider p = Fixtures.provider(family, up.baseUrl(family), protocol);
      ProviderCall call =
          ProviderCall.of(p, Fixtures.route(family, "m"), history(), Fixtures.easyLimits());
      AttemptOutcome out = Fixtures.clients().clientFor(p).send(call);
      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);

      JsonNode sent = JSON.readTree(up.received().get(0).body());
      List<String> calls;
      List<String> results;
      if (protocol == Protocol.ANTHROPIC_MESSAGES) {
        JsonNode uses = sent.at("/messages/1/content");
        JsonNode res = sent.at("/messages/2/content");
        calls = List.of(uses.get(0).get("id").asText(), uses.get(1).get("id").asText());
        results =
            List.of(res.get(0).get("tool_use_id").asText(), res.get(1).get("tool_use_id").asText());
      } else {
        JsonNode tc = sent.at("/messages/1/tool_calls");
        calls = List.of(tc.get(0).get("id").asText(), tc.get(1).get("id").asText());
        results =
            List.of(
                sent.at("/messages/2/tool_call_id").asText(),
                sent.at("/messages/3/tool_call_id").asText());
      }
      assertThat(calls).allMatch(id -> id.matches(valid)).doesNotHaveDuplicates();
      assertThat(results).isEqualTo(calls);
    }
  }
}
