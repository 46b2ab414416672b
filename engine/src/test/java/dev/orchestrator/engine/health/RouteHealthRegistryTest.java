package dev.orchestrator.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The registry's own lease edge cases. The breaker rules every store shares run on this registry in
 * health-redis's {@code HealthStoreContract} ({@code InMemoryStoreContractTest}).
 */
class RouteHealthRegistryTest {
  private static final String R = "a/m";
  private final FakeTime time = new FakeTime();
  private final RouteHealthRegistry store =
      RouteHealthRegistry.create(
          time,
          HealthSettings.builder()
              .breakerThreshold(2)
              .openTime(Duration.ofSeconds(1), Duration.ofSeconds(8))
              .probeLease(Duration.ofSeconds(20))
              .streamCutThreshold(3)
              .build(),
          RetryBudget.defaults(time));

  private void fail(int times) {
    for (int i = 0; i < times; i++) {
      store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    }
  }

  @Test
  void onlyTheLeaseHolderMovesTheBreaker() {
    Admission before = store.admit(R); // admitted while closed
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission probe = store.admit(R);
    // A request admitted before the breaker opened ends neutral, then succeeds: neither frees
    // nor closes someone else's probe.
    store.report(before, AttemptHealth.NEUTRAL);
    store.report(before, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    store.report(probe, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
  }

  /** The probe admitted once the breaker (opened by two failures) half-opens, its lease expired. */
  private Admission expiredProbe() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission probe = store.admit(R);
    time.advance(Duration.ofSeconds(20));
    return probe;
  }

  @Test
  void aFailedProbesOpenTimeCountsFromItsGrant() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    // A quick failure: re-opened for the doubled step, 2 s.
    Admission quick = store.admit(R);
    time.advance(Duration.ofMillis(100));
    store.report(quick, AttemptHealth.BREAKER_FAILURE);
    time.advance(Duration.ofMillis(1_850));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    time.advance(Duration.ofMillis(50));
    // A probe that waited 15 s on a silent route: its own time already exceeds the next step
    // (4 s), so the next probe may go at once, not 4 s after the failure.
    Admission silent = store.admit(R);
    assertThat(silent.kind()).isEqualTo(Admission.Kind.PROBE);
    time.advance(Duration.ofSeconds(15));
    store.report(silent, AttemptHealth.BREAKER_FAILURE);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    Admission next = store.admit(R);
    assertThat(next.kind()).isEqualTo(Admission.Kind.PROBE);
    // Partly: a probe failed after 3 s re-opens for the rest of the step (8 s from its grant).
    time.advance(Duration.ofSeconds(3));
    store.report(next, AttemptHealth.BREAKER_FAILURE);
    time.advance(Duration.ofMillis(4_999));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    time.advance(Duration.ofMillis(1));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void expiredLeaseIsTakenOverAndItsLateReportIgnored() {
    Admission lost = expiredProbe();
    Admission taken = store.admit(R);
    assertThat(taken.kind()).isEqualTo(Admission.Kind.PROBE);
    assertThat(taken.lease()).isNotEqualTo(lost.lease());
    store.report(lost, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.HALF_OPEN);
    store.report(taken, AttemptHealth.BREAKER_FAILURE);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    // A repeated report of the same probe is ignored: the lease is gone.
    store.report(taken, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void aLateReportOfAnExpiredLeaseIsIgnoredEvenBeforeItIsTakenOver() {
    Admission late = expiredProbe();
    store.report(late, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void repeatedStreamCutsOpenTheBreakerOnTheirOwnCounter() {
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void successResetsBothCounters() {
    store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    store.report(store.admit(R), AttemptHealth.SUCCESS);
    store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void coolDownAndRetirementDoNotTouchTheBreaker() {
    store.coolDown(R, Duration.ofSeconds(30));
    store.retire("b/m", Duration.ofMinutes(5));
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.ADMITTED);
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofSeconds(30));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(store.marks().get("b/m").condition()).isEqualTo(RouteCondition.RETIRED);
  }
}
