package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ForwardingHealthStore;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Evidence is recorded only while the process is on time (ADR 0056): over random runs of attempts —
 * answers, upstream 503s, the attempt's own time limits firing — and of this process's timers
 * running late between and during them, a time limit counts against its route exactly when the
 * process's lateness within the limit's span was less than a quarter of it, and nothing else
 * changes what a failure says.
 */
class LocalTimeoutPropertyTest {
  private static final Duration TOTAL = Duration.ofMillis(600);

  /** What one attempt does. */
  enum Kind {
    ANSWER,
    SERVER_ERROR,
    NO_RESPONSE,
    NO_FIRST_TOKEN
  }

  /**
   * One request: the process's timers ran {@code lateBeforeMs} late after {@code gapMs} of quiet,
   * then the attempt took {@code takesMs} and ended {@code kind}, the timers {@code lateDuringMs}
   * late meanwhile.
   */
  record Step(long gapMs, long lateBeforeMs, Kind kind, long takesMs, long lateDuringMs) {}

  @Provide
  Arbitrary<List<Step>> runs() {
    Arbitrary<Step> step =
        Combinators.combine(
                Arbitraries.longs().between(0, 800),
                Arbitraries.longs().between(0, 250),
                Arbitraries.of(Kind.class),
                Arbitraries.longs().between(1, 800),
                Arbitraries.longs().between(0, 250))
            .as(Step::new);
    return step.list().ofMinSize(1).ofMaxSize(40);
  }

  @Property(tries = 300)
  void aTimeLimitIsEvidenceExactlyWhenTheProcessWasOnTime(@ForAll("runs") List<Step> run) {
    FakeTime time = new FakeTime();
    Lateness lateness = Lateness.unprobed(time);
    List<long[]> samples = new ArrayList<>(); // {time, late}: the test's own account
    List<AttemptHealth> reported = new ArrayList<>();
    Step[] current = new Step[1];
    ProviderClient client =
        call -> {
          Step s = current[0];
          time.advance(Duration.ofMillis(Math.min(s.takesMs(), TOTAL.toMillis())));
          late(time, lateness, samples, s.lateDuringMs());
          return switch (s.kind()) {
            case ANSWER ->
                new AttemptOutcome.Succeeded(
                    new ChatResponse("ok", List.of(), "stop", Usage.NONE, "m", null));
            case SERVER_ERROR -> failed(null, 503, FailureCategory.SERVER_ERROR);
            case NO_RESPONSE -> failed(TransportFault.READ_TIMEOUT, null, FailureCategory.TIMEOUT);
            case NO_FIRST_TOKEN ->
                failed(TransportFault.FIRST_TOKEN_TIMEOUT, null, FailureCategory.TIMEOUT);
          };
        };
    HealthStore store =
        new ForwardingHealthStore(
            RouteHealthRegistry.create(
                time, OrchestratorPolicy.defaults().breakers(), RetryBudget.defaults(time))) {
          @Override
          public void report(Admission admission, AttemptHealth outcome) {
            reported.add(outcome);
            super.report(admission, outcome);
          }
        };
    Catalog catalog = Catalogs.of(Catalogs.free("a", "m", 8000));
    TaskOrchestrator o =
        ScriptedClient.orchestrator(client, time)
            .catalog(catalog)
            .policy(
                OrchestratorPolicy.builder()
                    .seed(1L)
                    .deadline(Duration.ofSeconds(30))
                    .attemptTimeout(TOTAL)
                    .sameRouteRetries(0)
                    .build())
            .healthStore(store)
            .lateness(lateness)
            .build();

    for (Step s : run) {
      time.advance(Duration.ofMillis(s.gapMs()));
      late(time, lateness, samples, s.lateBeforeMs());
      current[0] = s;
      reported.clear();
      List<AttemptRecord> attempts;
      try {
        attempts = o.chat(ChatRequest.builder("a/m").user("hi").build()).trace().attempts();
      } catch (OrchestratorException e) {
        attempts = e.trace().attempts();
      }
      if (attempts.isEmpty()) {
        continue; // shed by an open breaker: nothing was sent, nothing said
      }
      AttemptRecord a = attempts.get(0);
      boolean timeLimit = s.kind() == Kind.NO_RESPONSE || s.kind() == Kind.NO_FIRST_TOKEN;
      boolean late = timeLimit && lateFor(time.read(), a.latency().toNanos(), samples);
      assertThat(a.localTimeout()).isEqualTo(late);
      assertThat(reported)
          .containsExactly(
              switch (s.kind()) {
                case ANSWER -> AttemptHealth.SUCCESS;
                case SERVER_ERROR -> AttemptHealth.BREAKER_FAILURE;
                case NO_RESPONSE, NO_FIRST_TOKEN ->
                    late ? AttemptHealth.NEUTRAL : AttemptHealth.BREAKER_FAILURE;
              });
      if (a.category() != null) {
        // The failure is recorded as it happened, local or not.
        assertThat(a.category())
            .isEqualTo(
                s.kind() == Kind.SERVER_ERROR
                    ? FailureCategory.SERVER_ERROR
                    : FailureCategory.TIMEOUT);
      }
    }
  }

  /** Whether the timers ran late for at least a quarter of the {@code span} that ends now. */
  private static boolean lateFor(long now, long span, List<long[]> samples) {
    long sum = 0;
    for (long[] s : samples) {
      if (now - s[0] <= span) {
        sum += s[1];
      }
    }
    return Math.min(sum, span) >= (long) (Lateness.SHARE * span);
  }

  private static void late(FakeTime time, Lateness l, List<long[]> samples, long ms) {
    long nanos = TimeUnit.MILLISECONDS.toNanos(ms);
    l.record(nanos);
    samples.add(new long[] {time.read(), nanos});
  }

  private static AttemptOutcome failed(TransportFault fault, Integer status, FailureCategory c) {
    return new AttemptOutcome.Failed(
        ProviderFailure.builder(c, ReachedModel.UNKNOWN)
            .retryable(true)
            .status(status)
            .transportFault(fault)
            .message("failed")
            .build(),
        false);
  }
}
