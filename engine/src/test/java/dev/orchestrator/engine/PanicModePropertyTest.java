package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ForwardingHealthStore;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Availability under partial faults (issue #26), on fake time: with faults independent per call on
 * free routes, a request is answered unless every attempt it made failed (never refused without
 * trying); panic mode never leaves the free tier, and beyond a request's first attempt never the
 * retry budget; a hard-down route beside healthy ones is probed at most once per open period.
 */
class PanicModePropertyTest {
  private static final Duration OPEN = Duration.ofSeconds(1);

  /** A sample the property once found: both free routes' breakers open together. */
  @net.jqwik.api.Example
  void twoFreeRoutesOneDownTheOtherFaulty() {
    partialFaultsAreAnsweredWithinTheBudgetAndTheFreeTier(2, 27, true, -5610L);
  }

  @Property(tries = 150)
  void partialFaultsAreAnsweredWithinTheBudgetAndTheFreeTier(
      @ForAll @IntRange(min = 2, max = 4) int k,
      @ForAll @IntRange(min = 0, max = 30) int faultPercent,
      @ForAll boolean oneDown,
      @ForAll long seed) {
    List<Route> routes = new ArrayList<>();
    for (int i = 1; i <= k; i++) {
      routes.add(Catalogs.free("f" + i, "m", 8000));
    }
    routes.add(Catalogs.priced("p1", "m", 8000));
    routes.add(Catalogs.priced("p2", "m", 8000));
    Catalog catalog = Catalogs.of(routes.toArray(new Route[0]));
    FakeTime time = new FakeTime();
    Random faults = new Random(seed);
    String down = oneDown ? "f1/m" : null;
    List<Route> sent = new ArrayList<>();
    ProviderClient client =
        call -> {
          sent.add(call.route());
          time.advance(Duration.ofMillis(20));
          boolean fails = call.route().id().equals(down) || faults.nextInt(100) < faultPercent;
          return fails
              ? new AttemptOutcome.Failed(
                  ProviderFailure.builder(FailureCategory.SERVER_ERROR, ReachedModel.YES)
                      .retryable(true)
                      .status(503)
                      .message("upstream said 503")
                      .build(),
                  false)
              : new AttemptOutcome.Succeeded(
                  new ChatResponse("fine", List.of(), "stop", new Usage(1, 1, 2), "m", null));
        };
    OrchestratorPolicy policy =
        OrchestratorPolicy.builder()
            .seed(seed)
            .deadline(Duration.ofSeconds(2))
            .breaker(5, OPEN)
            .build();
    Counting store =
        new Counting(
            RouteHealthRegistry.create(
                time, policy.breakers(), new RetryBudget(time, 0.2, 10, Duration.ofSeconds(10))),
            down);
    TaskOrchestrator o =
        ScriptedClient.orchestrator(client, time)
            .catalog(catalog)
            .policy(policy)
            .healthStore(store)
            .build();

    int sameRouteRetries = 0;
    int panicRequests = 0;
    long t0 = time.read();
    for (int i = 0; i < 60; i++) {
      Trace trace;
      try {
        trace = o.chat(ChatRequest.builder(RoutePlanner.FREE).user("hi").build()).trace();
      } catch (OrchestratorException e) {
        trace = e.trace();
        // Answered unless every attempt it made failed: never refused without trying.
        assertThat(trace.attempts()).isNotEmpty();
        assertThat(trace.attempts()).allSatisfy(a -> assertThat(a.failure()).isNotNull());
      }
      panicRequests += trace.panic() ? 1 : 0;
      sameRouteRetries +=
          (int)
              trace.attempts().stream()
                  .filter(a -> a.decision() == Decision.RETRY_SAME_ROUTE)
                  .count();
      time.advance(Duration.ofMillis(100));
    }
    // A free request never reaches a priced route, in panic mode or not.
    assertThat(sent).allSatisfy(r -> assertThat(r.tier()).isEqualTo(Tier.FREE));
    // Every panic dispatch but a request's first attempt (its own load, never refused without
    // trying), and every same-route retry, took a token from the retry budget.
    assertThat(store.panics + sameRouteRetries).isLessThanOrEqualTo(store.grants + panicRequests);
    // The hard-down route: at most one probe per open period (panic dispatches are not probes).
    if (oneDown) {
      assertThat(o.health().breaker(down)).isNotEqualTo(BreakerState.CLOSED);
      int periods = (int) ((time.read() - t0) / OPEN.toNanos());
      assertThat(store.probes).isLessThanOrEqualTo(1 + periods);
    }
  }

  /** The in-memory store, counting granted retries, panic dispatches and one route's probes. */
  private static final class Counting extends ForwardingHealthStore {
    private final String watched;
    int grants;
    int panics;
    int probes;

    Counting(HealthStore delegate, String watched) {
      super(delegate);
      this.watched = watched;
    }

    @Override
    public Admission admit(String route) {
      Admission a = super.admit(route);
      if (a.kind() == Admission.Kind.PROBE && route.equals(watched)) {
        probes++;
      }
      return a;
    }

    @Override
    public void report(Admission admission, AttemptHealth outcome) {
      if (admission.kind() == Admission.Kind.PANIC) {
        panics++;
      }
      super.report(admission, outcome);
    }

    @Override
    public boolean tryAcquireRetry() {
      boolean granted = super.tryAcquireRetry();
      grants += granted ? 1 : 0;
      return granted;
    }
  }
}
