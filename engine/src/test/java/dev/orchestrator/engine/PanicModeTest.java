package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Panic mode and waiting (docs/design.md §5, issue #26 causes 2 and 3): a request whose candidates
 * are all held back by short-term health is sent or waits, instead of being refused at once.
 */
class PanicModeTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000));

  private static final OrchestratorPolicy POLICY =
      OrchestratorPolicy.builder().seed(3L).breaker(2, Duration.ofSeconds(1)).build();

  private TaskOrchestrator orchestrator(OrchestratorPolicy policy) {
    return client.orchestrator().catalog(CATALOG).policy(policy).build();
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  /** Opens both breakers: per route, one request failing twice (the try and its retry). */
  private void openBoth(TaskOrchestrator o) {
    failure(o, request("a/m"));
    failure(o, request("b/m"));
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
    assertThat(o.health().breaker("b/m")).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void everyCandidateOpenIsSentInPanicModeInsteadOfShed() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o = orchestrator(POLICY);
    openBoth(o);
    client.script("a/m", ok("a is back"));
    client.script("b/m", ok("b is back"));
    int before = client.calls().size();
    int slept = time.sleeps().size();

    // Before panic mode: the planner's one probe is shed (its open time has not passed) and the
    // request ends with backend_unavailable without a single attempt.
    ChatResult r = o.chat(request("v"));

    assertThat(r.trace().panic()).isTrue();
    assertThat(r.route()).isEqualTo("a/m"); // plan order
    assertThat(client.calls()).hasSize(before + 1);
    assertThat(time.sleeps()).hasSize(slept);
    // The panic answer ends a's open time: the next request is its probe, which closes it.
    ChatResult probe = o.chat(request("a/m"));
    assertThat(probe.trace().panic()).isFalse();
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void panicModeOffStillShedsEveryOpenCandidate() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o =
        orchestrator(POLICY.toBuilder().panicThreshold(0).deadline(Duration.ofMillis(500)).build());
    openBoth(o);
    OrchestratorException e = failure(o, request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(e.trace().panic()).isFalse();
    assertThat(e.trace().attempts()).isEmpty();
  }

  @Test
  void panicDispatchesAreBoundedByTheRetryBudget() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o =
        orchestrator(
            POLICY.toBuilder()
                .retryBudget(0.0, 3, Duration.ofSeconds(10))
                .deadline(Duration.ofMillis(500))
                .build());
    openBoth(o); // two same-route retries: one budget token left
    int before = client.calls().size();
    for (int i = 0; i < 50; i++) {
      OrchestratorException e = failure(o, request("v"));
      assertThat(e.trace().panic()).isTrue();
    }
    // Both routes down: 50 panic requests send each its own first attempt (never refused without
    // trying) and what the budget allows beyond it (one): 51, not 100 or more.
    assertThat(client.calls().size() - before).isEqualTo(50 + 1);
  }

  @Test
  void everyCandidateCoolingIsWaitedForWhenTheCoolDownEndsBeforeTheDeadline() {
    client.script("a/m", ok("a after its cool-down"));
    client.script("b/m", ok("b after its cool-down"));
    TaskOrchestrator o = orchestrator(POLICY.toBuilder().deadline(Duration.ofSeconds(5)).build());
    o.health().coolDown("a/m", Duration.ofSeconds(3));
    o.health().coolDown("b/m", Duration.ofSeconds(2));

    // Before: no candidate left after planning, rate_limited at once.
    ChatResult r = o.chat(request("v"));

    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().panic()).isTrue();
    long slept = time.sleeps().stream().mapToLong(Long::longValue).sum();
    assertThat(slept)
        .isGreaterThanOrEqualTo(Duration.ofSeconds(2).toNanos())
        .isLessThan(Duration.ofSeconds(3).toNanos());
    assertThat(client.calls()).containsExactly("b/m");
  }

  @Test
  void aCoolDownLongerThanTheDeadlineIsNotWaitedFor() {
    client.script("a/m", ok("never"));
    TaskOrchestrator o = orchestrator(POLICY.toBuilder().deadline(Duration.ofSeconds(1)).build());
    o.health().coolDown("a/m", Duration.ofSeconds(3));
    o.health().coolDown("b/m", Duration.ofSeconds(2));
    OrchestratorException e = failure(o, request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(time.sleeps()).isEmpty();
    assertThat(client.calls()).isEmpty();
  }

  @Test
  void aCoolDownEndingTooCloseToTheDeadlineToSendIsNotWaitedFor() {
    client.script("a/m", ok("never"));
    client.script("b/m", ok("never"));
    TaskOrchestrator o = orchestrator(POLICY.toBuilder().deadline(Duration.ofSeconds(1)).build());
    // Both end within the deadline, but leave under 100 ms for an attempt: ending now beats
    // sleeping to the deadline.
    o.health().coolDown("a/m", Duration.ofMillis(950));
    o.health().coolDown("b/m", Duration.ofMillis(920));
    OrchestratorException e = failure(o, request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(time.sleeps()).isEmpty();
    assertThat(client.calls()).isEmpty();
  }

  @Test
  void aRouteTriedFromTheWaitingLoopWaitsOutAShortRetryAfterWhenNothingElseIsLeft() {
    TaskOrchestrator o = orchestrator(POLICY.toBuilder().deadline(Duration.ofSeconds(10)).build());
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    failure(o, request("b/m")); // b opens
    assertThat(o.health().breaker("b/m")).isEqualTo(BreakerState.OPEN);
    o.health().coolDown("a/m", Duration.ofMillis(500)); // a briefly cooling
    client.script("a/m", ScriptedClient.rateLimited(Duration.ofSeconds(2)), ok("a answers"));
    int calls = client.calls().size();

    // Panic: a is held back (waited for), b is sent and fails; then a is sent from the waiting
    // loop and asks for 2 s. b, after a in the plan, was already tried: nothing else is left, so
    // waiting the 2 s (well inside the deadline) is the way to an answer, not a failover.
    ChatResult r = o.chat(request("v"));

    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.trace().plan().standby().get(0).route().id()).isEqualTo("a/m");
    assertThat(client.calls().subList(calls, client.calls().size()))
        .containsExactly("b/m", "a/m", "a/m");
    assertThat(r.trace().attempts())
        .extracting(AttemptRecord::route, AttemptRecord::decision)
        .startsWith(
            org.assertj.core.groups.Tuple.tuple("b/m", Decision.FAILOVER),
            org.assertj.core.groups.Tuple.tuple("a/m", Decision.RETRY_SAME_ROUTE));
    assertThat(r.trace().attempts().get(1).delay()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aRouteThatFailsFromTheWaitingLoopStopsTheRequestWhenNothingElseIsLeft() {
    TaskOrchestrator o =
        orchestrator(
            POLICY.toBuilder()
                .deadline(Duration.ofSeconds(10))
                .retryBudget(0.0, 0, Duration.ofSeconds(10))
                .build());
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    failure(o, request("b/m"));
    failure(o, request("b/m")); // b opens (no retries: the budget is empty)
    assertThat(o.health().breaker("b/m")).isEqualTo(BreakerState.OPEN);
    o.health().coolDown("a/m", Duration.ofMillis(500));
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));

    // b is sent (the request's first panic attempt) and fails; a, waited for, fails and has no
    // retry (the budget is empty): the trace says the request stopped there, not that it failed
    // over to b, which it had already tried.
    OrchestratorException e = failure(o, request("v"));

    assertThat(e.trace().attempts())
        .extracting(AttemptRecord::route, AttemptRecord::decision)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("b/m", Decision.FAILOVER),
            org.assertj.core.groups.Tuple.tuple("a/m", Decision.STOP));
  }
}
