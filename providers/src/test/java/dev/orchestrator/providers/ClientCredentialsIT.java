package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The key a caller gives the HTTP clients is the key the orchestrator plans with when it is given
 * none of its own: one place to say where keys come from, against a real loopback upstream.
 */
class ClientCredentialsIT {
  private static final String VARIABLE = "ORCHESTRATOR_TEST_CLIENT_KEY_UNSET";
  private static final String SECRET = "sk-client-only-0123456789";

  private static Catalog catalog(ScriptedUpstream up) {
    return Catalog.builder()
        .provider(Provider.of("loc", up.baseUrl("loc"), Protocol.OPENAI_CHAT, List.of(VARIABLE)))
        .route(
            Route.builder("loc", "m")
                .prices(java.math.BigDecimal.ZERO, java.math.BigDecimal.ZERO)
                .build())
        .build();
  }

  @Test
  void plansWithTheClientsCredentialsWhenGivenNoneOfItsOwn() throws Exception {
    assertThat(System.getenv(VARIABLE)).isNull();
    try (ScriptedUpstream up = ScriptedUpstream.start(Map.of("loc/m", List.of(Step.ok("7"))))) {
      Credentials keys = Credentials.of(Map.of(VARIABLE, SECRET));
      TaskOrchestrator orchestrator =
          TaskOrchestrator.builder()
              .catalog(catalog(up))
              .providers(HttpProviderClients.builder().credentials(keys).build())
              .build();

      ChatResult r = orchestrator.chat(ChatRequest.builder("orchestrator/free").user("hi").build());

      assertThat(r.route()).isEqualTo("loc/m");
      assertThat(r.response().content()).isEqualTo("7");
      assertThat(up.received().get(0).headers().get("authorization")).isEqualTo("Bearer " + SECRET);
    }
  }

  @Test
  void theOrchestratorsOwnCredentialsStillDecideThePlan() throws Exception {
    try (ScriptedUpstream up = ScriptedUpstream.start(Map.of("loc/m", List.of(Step.ok("7"))))) {
      TaskOrchestrator orchestrator =
          TaskOrchestrator.builder()
              .catalog(catalog(up))
              .providers(
                  HttpProviderClients.builder()
                      .credentials(Credentials.of(Map.of(VARIABLE, SECRET)))
                      .build())
              .credentials(Credentials.of(Map.of()))
              .build();

      assertThat(
              orchestrator
                  .plan(ChatRequest.builder("orchestrator/free").user("hi").build())
                  .candidates())
          .isEmpty();
      assertThat(up.received()).isEmpty();
    }
  }
}
