package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * OpenRouter's {@code provider.require_parameters}: only routes that receive every field of the
 * request are planned; a route that would not receive a field the front dropped for its protocol
 * ({@link ChatRequest#droppedFor}) is left out as {@code missing_capability}, naming the field.
 */
class RequireParametersTest {
  private static final ProviderPreferences REQUIRE =
      new ProviderPreferences(List.of(), List.of(), List.of(), true, null, null, null, true);

  private final TaskOrchestrator orchestrator =
      new ScriptedClient(new FakeTime())
          .orchestrator()
          .catalog(
              Catalog.builder()
                  .provider(
                      Provider.of("a", "http://127.0.0.1:9/v1", Protocol.OPENAI_CHAT, List.of()))
                  .provider(
                      Provider.of(
                          "b", "http://127.0.0.1:9/v1", Protocol.ANTHROPIC_MESSAGES, List.of()))
                  .route(Route.builder("a", "m").tier(Tier.FREE).contextWindow(8000).build())
                  .route(Route.builder("b", "m").tier(Tier.FREE).contextWindow(8000).build())
                  .build())
          .build();

  @Test
  void aFieldOnlyOneProtocolHonoursKeepsTheRequestToItsRoutes() {
    Plan plan = plan(b -> b.onlyFrom("include", Protocol.ANTHROPIC_MESSAGES).provider(REQUIRE));

    assertThat(plan.candidates()).extracting(c -> c.route().id()).containsExactly("b/m");
    assertThat(plan.excluded())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.route()).isEqualTo("a/m");
              assertThat(e.reason()).isEqualTo(ExclusionReason.MISSING_CAPABILITY);
              assertThat(e.detail()).contains("include").contains("require_parameters");
            });
  }

  @Test
  void withoutItEveryRouteIsPlannedAndAFieldEveryRouteMissesLeavesNone() {
    assertThat(plan(b -> b.onlyFrom("include", Protocol.ANTHROPIC_MESSAGES)).candidates())
        .hasSize(2);
    assertThat(plan(b -> b.dropped(List.of("client_metadata")).provider(REQUIRE)).excluded())
        .extracting(Exclusion::route)
        .containsExactlyInAnyOrder("a/m", "b/m");
  }

  private Plan plan(UnaryOperator<ChatRequest.Builder> with) {
    return orchestrator.plan(
        with.apply(ChatRequest.builder("orchestrator/free").message(ChatMessage.user("hi")))
            .build());
  }
}
