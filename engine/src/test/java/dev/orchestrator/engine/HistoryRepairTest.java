package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A settled 400 whose cause is the history's shape ({@link ProviderFailure#repairable()}) is sent
 * once more to the same route with the history in its strictest form before the request fails over,
 * and only once per request; any other settled 4xx is never sent to the same route again
 * (docs/design.md §13, docs/failure-taxonomy.md).
 */
class HistoryRepairTest {
  private final FakeTime time = new FakeTime();

  /** Mistral's refusal of a foreign tool-call id, as the classifier types it. */
  private static ProviderFailure refusedShape() {
    return ProviderFailure.builder(FailureCategory.REQUEST_INVALID, ReachedModel.YES)
        .status(400)
        .message("Tool call id was call_1 but must be a-z, A-Z, 0-9, with a length of 9.")
        .repairable(true)
        .build();
  }

  private static ScriptedClient.Step shapeRefused() {
    return ScriptedClient.failure(refusedShape());
  }

  private static TaskOrchestrator orchestrator(ScriptedClient client, PoolKind kind) {
    Catalog.Builder catalog = Catalog.builder();
    for (String p : List.of("a", "b")) {
      catalog.provider(Provider.of(p, "http://127.0.0.1:9/v1", Protocol.OPENAI_CHAT, List.of()));
      catalog.route(Route.builder(p, "m").tier(Tier.FREE).contextWindow(8000).build());
    }
    catalog.pool(new Pool("pool", kind, List.of("a/m", "b/m")));
    return client.orchestrator().catalog(catalog.build()).build();
  }

  private static List<Decision> decisions(Trace t) {
    return t.attempts().stream().map(AttemptRecord::decision).toList();
  }

  @Test
  void aRefusalTheStrictFormCannotChangeIsNeverReSent() {
    ScriptedClient client =
        new ScriptedClient(time)
            .repairs(false)
            .script("a/m", shapeRefused())
            .script("b/m", ScriptedClient.ok("hi"));

    ChatResult r = orchestrator(client, PoolKind.VIRTUAL).chat(request());

    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(decisions(r.trace())).containsExactly(Decision.FAILOVER, Decision.SUCCESS);
  }

  @Test
  void aRepairIsARetryOfTheSameRouteInJson() {
    assertThat(Decision.REPAIR_SAME_ROUTE.wireName()).isEqualTo("retry_same_route");
  }

  @Test
  void aRefusedShapeIsRepairedOnceOnTheSameRoute() {
    ScriptedClient client =
        new ScriptedClient(time).script("a/m", shapeRefused(), ScriptedClient.ok("hi"));

    ChatResult r = orchestrator(client, PoolKind.VIRTUAL).chat(request());

    assertThat(r.route()).isEqualTo("a/m");
    assertThat(client.calls()).containsExactly("a/m", "a/m");
    assertThat(client.callDetails())
        .extracting(ProviderCall::strictHistory)
        .containsExactly(false, true);
    assertThat(decisions(r.trace())).containsExactly(Decision.REPAIR_SAME_ROUTE, Decision.SUCCESS);
    assertThat(r.trace().attempts().get(0).failure().repairable()).isTrue();
  }

  @Test
  void aRequestIsRepairedOnlyOnceThenFailsOver() {
    ScriptedClient client =
        new ScriptedClient(time)
            .script("a/m", shapeRefused())
            .script("b/m", shapeRefused(), ScriptedClient.ok("hi"));

    OrchestratorException e =
        ScriptedClient.failure(orchestrator(client, PoolKind.VIRTUAL), request());

    assertThat(client.calls()).containsExactly("a/m", "a/m", "b/m");
    assertThat(client.callDetails())
        .extracting(ProviderCall::strictHistory)
        .containsExactly(false, true, false);
    assertThat(decisions(e.trace()))
        .containsExactly(Decision.REPAIR_SAME_ROUTE, Decision.FAILOVER, Decision.STOP);
  }

  @Test
  void aSingleRouteHandsTheRefusalBackAfterItsOneRepair() {
    ScriptedClient client = new ScriptedClient(time).script("a/m", shapeRefused());

    OrchestratorException e =
        ScriptedClient.failure(orchestrator(client, PoolKind.GROUP), request());

    assertThat(client.calls()).containsExactly("a/m", "a/m");
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
  }

  @Test
  void aRefusalAfterVisibleOutputIsNeverRepaired() {
    ScriptedClient client =
        new ScriptedClient(time).script("a/m", ScriptedClient.failAfter("Hel", refusedShape()));
    StringBuilder seen = new StringBuilder();

    OrchestratorException e = null;
    try {
      orchestrator(client, PoolKind.VIRTUAL).stream(
          request().toBuilder().stream(true).build(), seen::append);
    } catch (OrchestratorException thrown) {
      e = thrown;
    }

    assertThat(e).isNotNull();

    assertThat(seen.toString()).isEqualTo("Hel");
    assertThat(client.calls()).containsExactly("a/m");
    assertThat(client.callDetails()).noneMatch(ProviderCall::strictHistory);
    assertThat(decisions(e.trace())).doesNotContain(Decision.REPAIR_SAME_ROUTE);
  }

  /**
   * A settled 4xx without a repairable cause is never sent to the same route again, whatever its
   * status and whatever the pool.
   */
  @Property(tries = 60)
  void aSettled4xxWithoutARepairableCauseIsNeverResent(
      @ForAll @From("settled") int status, @ForAll @From("pools") PoolKind kind) {
    ScriptedClient client =
        new ScriptedClient(new FakeTime())
            .script("a/m", ScriptedClient.fail(status, FailureCategory.REQUEST_INVALID, false));
    try {
      orchestrator(client, kind).chat(request());
    } catch (OrchestratorException expected) {
      // a group or a single route hands the refusal back
    }

    assertThat(client.calls().stream().filter("a/m"::equals)).hasSize(1);
    assertThat(client.callDetails()).noneMatch(ProviderCall::strictHistory);
  }

  @Provide
  Arbitrary<Integer> settled() {
    return Arbitraries.integers()
        .between(400, 499)
        .filter(s -> s != 408 && s != 409 && s != 425 && s != 429);
  }

  @Provide
  Arbitrary<PoolKind> pools() {
    return Arbitraries.of(PoolKind.VIRTUAL, PoolKind.GROUP);
  }

  private static ChatRequest request() {
    return ChatRequest.builder("pool").user("hi").build();
  }
}
