package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine's own prefill: a stream cut after visible text is continued on a prefill-capable
 * Mistral route (docs/design.md §5, §13), which takes the partial answer only marked {@code
 * "prefix": true} and answers it by repeating it before its continuation. The caller hears every
 * word once: the cut route's text, then only what Mistral added.
 */
class PrefillContinuationIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String ANSWER =
      "The capital of France is Paris, on the Seine, and it has been the capital for a long time.";

  @Test
  void aCutStreamContinuedOnMistralReachesTheCallerWithEveryWordOnce() throws Exception {
    // Mistral repeats the prefix before its continuation: the whole answer, whose start is what
    // the cut route sent
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "alpha/small", List.of(Step.fault(Fault.STREAM_CUT).withContent(ANSWER)),
                "mistral/large", List.of(Step.ok(ANSWER))))) {
      TaskOrchestrator o = orchestrator(up);
      Fixtures.Recorder heard = new Fixtures.Recorder();

      ChatResult r =
          o.stream(
              ChatRequest.builder("pair").user("Name the capital of France.").stream(true).build(),
              heard);

      assertThat(String.join("", heard.deltas)).isEqualTo(ANSWER);
      assertThat(r.response().content()).isEqualTo(ANSWER);
      assertThat(r.trace().servingRoute()).isEqualTo("mistral/large");
      JsonNode messages =
          JSON.readTree(
                  up.received().stream()
                      .filter(x -> "mistral/large".equals(x.routeId()))
                      .findFirst()
                      .orElseThrow()
                      .body())
              .path("messages");
      JsonNode prefill = messages.get(messages.size() - 1);
      assertThat(prefill.path("role").asText()).isEqualTo("assistant");
      assertThat(prefill.path("prefix").asBoolean()).isTrue();
      assertThat(prefill.path("content").asText()).isNotEmpty().isNotEqualTo(ANSWER);
      assertThat(ANSWER).startsWith(prefill.path("content").asText());
      assertThat(r.trace().adapted()).anyMatch(a -> a.startsWith("messages[1].prefix: true added"));
    }
  }

  private static TaskOrchestrator orchestrator(ScriptedUpstream up) {
    Credentials creds = Credentials.constant("sk-loopback-0123456789");
    Catalog catalog =
        Catalog.builder()
            .provider(Provider.of("alpha", up.baseUrl("alpha"), Protocol.OPENAI_CHAT, List.of()))
            .provider(
                Provider.of("mistral", up.baseUrl("mistral"), Protocol.OPENAI_CHAT, List.of()))
            .route(Route.builder("alpha", "small").tier(Tier.FREE).contextWindow(128_000).build())
            .route(
                Route.builder("mistral", "large")
                    .tier(Tier.FREE)
                    .contextWindow(128_000)
                    .capabilities(Capability.PREFILL)
                    .build())
            .pool(new Pool("pair", PoolKind.GROUP, List.of("alpha/small", "mistral/large")))
            .build();
    return TaskOrchestrator.builder()
        .catalog(catalog)
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(LoopbackOrchestrator.policy().streamContinuation(true).build())
        .build();
  }
}
