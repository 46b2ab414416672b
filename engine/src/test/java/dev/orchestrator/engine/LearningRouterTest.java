package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.observe.RouteFigures;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Routing that learns (issue #32): the attempt path feeds the observations, and a learning
 * orchestrator ranks by them; a faded observation lets a route back in.
 */
class LearningRouterTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000));

  private TaskOrchestrator orchestrator(boolean learning) {
    return ScriptedClient.orchestrator(client, time)
        .catalog(CATALOG)
        .policy(
            OrchestratorPolicy.builder()
                .seed(7L)
                .sameRouteRetries(0)
                .learning(learning)
                .exploration(0)
                .observationHalfLife(Duration.ofMinutes(1))
                .build())
        .build();
  }

  private static ChatRequest request() {
    return ChatRequest.builder("v").user("hi").build();
  }

  @Test
  void attemptsFeedTheObservationsWhateverTheStrategy() {
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o = orchestrator(false);
    o.chat(request());
    Map<String, RouteFigures> f = o.observations().figures();
    assertThat(f.get("a/m").successRate())
        .isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-3));
    assertThat(f.get("a/m").failures()).containsKey(FailureCategory.SERVER_ERROR);
    assertThat(f.get("b/m").ttftMs()).isEqualTo(5.0);
    assertThat(f.get("b/m").tokensPerSecond()).isEqualTo(1000.0);
  }

  @Test
  void aLearningOrchestratorSendsPastAFailingRouteAndBackOnceItsEvidenceFades() {
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o = orchestrator(true);
    o.chat(request());
    o.chat(request());
    int callsToA = count(client.calls(), "a/m");
    for (int i = 0; i < 5; i++) {
      assertThat(o.chat(request()).route()).isEqualTo("b/m");
    }
    assertThat(count(client.calls(), "a/m")).isEqualTo(callsToA);
    assertThat(o.plan(request()).candidates().get(1).why()).contains("moved down");
    time.advance(Duration.ofMinutes(10));
    assertThat(o.observations().figures().get("a/m").successRate()).isGreaterThan(0.9);
    assertThat(o.plan(request()).candidates())
        .noneMatch(c -> c.why().contains("usable share below"));
  }

  @Test
  void aStaticOrchestratorKeepsTheCatalogOrder() {
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o = orchestrator(false);
    for (int i = 0; i < 3; i++) {
      o.chat(request());
    }
    assertThat(count(client.calls(), "a/m")).isEqualTo(3);
  }

  @Test
  void theReliabilityStrategyRanksByObservationsWithoutTheLearningSwitch() {
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o =
        ScriptedClient.orchestrator(client, time)
            .catalog(CATALOG)
            .policy(
                OrchestratorPolicy.builder()
                    .sameRouteRetries(0)
                    .strategy(Strategy.RELIABILITY)
                    .exploration(0)
                    .build())
            .build();
    o.chat(request());
    o.chat(request());
    assertThat(o.plan(request()).candidates().get(0).route().id()).isEqualTo("b/m");
  }

  private static int count(List<String> calls, String route) {
    return (int) calls.stream().filter(route::equals).count();
  }
}
