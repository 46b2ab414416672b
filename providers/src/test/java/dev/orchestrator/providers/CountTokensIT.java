package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Token counting at the provider's own endpoint ({@code ProviderClient.countTokens}): Anthropic's
 * {@code count_tokens} with the key and protocol headers of a chat request; every failure is an
 * empty count, never an exception; OpenAI-compatible providers have no endpoint.
 */
class CountTokensIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static OptionalInt count(ScriptedUpstream up, Protocol protocol, String providerEnv) {
    Provider p =
        providerEnv == null
            ? Fixtures.provider("claude", up.baseUrl("claude"), protocol)
            : Provider.of("claude", up.baseUrl("claude"), protocol, List.of(providerEnv));
    return Fixtures.clients()
        .clientFor(p)
        .countTokens(Fixtures.call(p, "opus", false, Fixtures.easyLimits(), null));
  }

  @Test
  void anAnthropicProviderCountsAtItsOwnEndpoint() throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of("claude/opus", List.of(Step.answer(200, "{\"input_tokens\":42}"))))) {
      assertThat(count(up, Protocol.ANTHROPIC_MESSAGES, null)).hasValue(42);
      ScriptedUpstream.Received r = up.received().get(0);
      assertThat(r.path()).endsWith("/v1/messages/count_tokens");
      assertThat(r.headers()).containsEntry("x-api-key", Fixtures.SECRET);
      assertThat(r.headers()).containsKey("anthropic-version");
      assertThat(JSON.readTree(r.body()).fieldNames())
          .toIterable()
          .containsExactlyInAnyOrder("model", "messages");
    }
  }

  @Test
  void aFailedCountIsEmptyNeverAnException() {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "claude/opus",
                List.of(
                    Step.answer(500, "{\"type\":\"error\"}"),
                    Step.answer(200, "{\"input_tokens\":\"many\"}"))))) {
      assertThat(count(up, Protocol.ANTHROPIC_MESSAGES, null)).isEmpty();
      assertThat(count(up, Protocol.ANTHROPIC_MESSAGES, null)).isEmpty();
      assertThat(count(up, Protocol.ANTHROPIC_MESSAGES, "NO_SUCH_KEY_ENV")).isEmpty();
      assertThat(up.received()).hasSize(2); // no key: nothing sent
    }
  }

  @Test
  void anOpenAiCompatibleProviderHasNoCount() {
    try (ScriptedUpstream up = ScriptedUpstream.start(Map.of())) {
      assertThat(count(up, Protocol.OPENAI_CHAT, null)).isEmpty();
      assertThat(up.received()).isEmpty();
    }
  }
}
