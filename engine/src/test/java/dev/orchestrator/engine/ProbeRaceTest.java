package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Route health sheds a request only while another of its candidates can answer it (docs/design.md
 * §5): a request planned while a recovering route's probe was due, and admitted just after a
 * concurrent request took that probe, is sent as a panic attempt when no other candidate is
 * admissible — as a request planned one instant later is — instead of being refused or held back
 * until the probe's lease ends. The concurrent request is simulated deterministically from the plan
 * listener, between the plan and the admission.
 */
class ProbeRaceTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  /** What runs, once, between the next request's plan and its first admission. */
  private final AtomicReference<Consumer<TaskOrchestrator>> race = new AtomicReference<>();

  private TaskOrchestrator orchestrator(Catalog catalog, OrchestratorPolicy policy) {
    TaskOrchestrator[] self = new TaskOrchestrator[1];
    self[0] =
        client
            .orchestrator()
            .catalog(catalog)
            .policy(policy)
            .listener(
                new OrchestratorListener() {
                  @Override
                  public void onPlan(Plan plan) {
                    Consumer<TaskOrchestrator> concurrent = race.getAndSet(null);
                    if (concurrent != null) {
                      concurrent.accept(self[0]);
                    }
                  }
                })
            .build();
    return self[0];
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  private static OrchestratorPolicy.Builder policy() {
    return OrchestratorPolicy.builder().seed(3L).breaker(2, Duration.ofSeconds(1));
  }

  /** Opens {@code route}'s breaker (one request failing twice), then lets its open time pass. */
  private void openThenProbeDue(TaskOrchestrator o, String route) {
    client.script(
        route,
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(503, FailureCategory.SERVER_ERROR, true),
        ok(route + " is back"));
    failure(o, request(route));
    assertThat(o.health().breaker(route)).isEqualTo(BreakerState.OPEN);
    time.advance(Duration.ofSeconds(1));
  }

  @Test
  void aRequestPlannedAfterTheProbeWasTakenIsSentAtOnceInPanicMode() {
    TaskOrchestrator o =
        orchestrator(
            Catalogs.of(free("a", "m", 8000)), policy().deadline(Duration.ofSeconds(20)).build());
    openThenProbeDue(o, "a/m");
    Admission probe = o.health().admit("a/m");
    assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);

    ChatResult r = o.chat(request("a/m"));

    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.trace().panic()).isTrue();
  }

  @Test
  void aRequestThatLosesTheProbeRaceIsSentAsAPanicAttemptWhileTheRouteAnswers() {
    TaskOrchestrator o =
        orchestrator(
            Catalogs.of(free("a", "m", 8000)), policy().deadline(Duration.ofSeconds(20)).build());
    openThenProbeDue(o, "a/m");
    Admission[] concurrent = new Admission[1];
    race.set(self -> concurrent[0] = self.health().admit("a/m"));
    int sleeps = time.sleeps().size();

    ChatResult r = o.chat(request("a/m"));

    assertThat(concurrent[0].kind()).isEqualTo(Admission.Kind.PROBE);
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.trace().panic()).isTrue();
    assertThat(r.trace().attempts()).hasSize(1);
    assertThat(time.sleeps()).hasSize(sleeps);
    // The panic attempt holds no lease: the probe is still the concurrent request's to report.
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.HALF_OPEN);
    o.health().report(concurrent[0], AttemptHealth.SUCCESS);
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void aRequestThatLosesTheProbeRaceDoesNotWaitForTheProbeLease() {
    // The default deadline outlasts the probe lease: the request was held back for all of it.
    TaskOrchestrator o = orchestrator(Catalogs.of(free("a", "m", 8000)), policy().build());
    openThenProbeDue(o, "a/m");
    race.set(self -> self.health().admit("a/m"));
    int sleeps = time.sleeps().size();

    ChatResult r = o.chat(request("a/m"));

    assertThat(r.route()).isEqualTo("a/m");
    assertThat(time.sleeps()).hasSize(sleeps);
  }

  @Test
  void aRouteWhoseBreakerOpensBetweenThePlanAndItsAdmissionIsSentWhenNothingElseIsLeft() {
    TaskOrchestrator o =
        orchestrator(
            Catalogs.of(free("a", "m", 8000)), policy().deadline(Duration.ofSeconds(20)).build());
    race.set(
        self -> {
          // Concurrent requests fail twice on a: its breaker opens after this request planned.
          self.health().report(self.health().admit("a/m"), AttemptHealth.BREAKER_FAILURE);
          self.health().report(self.health().admit("a/m"), AttemptHealth.BREAKER_FAILURE);
        });
    client.script("a/m", ok("a answers"));

    ChatResult r = o.chat(request("a/m"));

    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.trace().panic()).isTrue();
  }

  @Test
  void aRouteThatLosesTheProbeRaceIsStillHeldBackWhileAnotherCandidateAnswers() {
    TaskOrchestrator o =
        orchestrator(
            Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000)),
            policy().deadline(Duration.ofSeconds(20)).build());
    openThenProbeDue(o, "a/m");
    client.script("b/m", ok("b answers"));
    race.set(self -> self.health().admit("a/m"));
    int calls = client.calls().size();

    ChatResult r = o.chat(request("v"));

    assertThat(r.trace().plan().candidates().get(0).route().id()).isEqualTo("a/m");
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().panic()).isFalse();
    assertThat(client.calls().subList(calls, client.calls().size())).containsExactly("b/m");
  }

  @Test
  void aRouteThatLostTheProbeRaceIsSentOnceTheOtherCandidateHasFailed() {
    TaskOrchestrator o =
        orchestrator(
            Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000)),
            policy().deadline(Duration.ofSeconds(20)).build());
    openThenProbeDue(o, "a/m");
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    race.set(self -> self.health().admit("a/m"));
    int calls = client.calls().size();
    int sleeps = time.sleeps().size();

    // a is held back while b may answer; b fails (and its retry); a is then sent, in panic mode,
    // at once — not refused because its probe lease (130 s) outlasts the deadline.
    ChatResult r = o.chat(request("v"));

    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.trace().panic()).isTrue();
    assertThat(client.calls().subList(calls, client.calls().size()))
        .containsExactly("b/m", "b/m", "a/m");
    long slept =
        time.sleeps().subList(sleeps, time.sleeps().size()).stream()
            .mapToLong(Long::longValue)
            .sum();
    assertThat(Duration.ofNanos(slept)).isLessThan(Duration.ofSeconds(2));
  }
}
