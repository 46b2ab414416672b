package dev.orchestrator.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouteHealthRegistryTest {
  private static final String R = "a/m";
  private final FakeTime time = new FakeTime();
  private final RouteHealthRegistry store =
      RouteHealthRegistry.create(
          time,
          new HealthSettings(
              2, Duration.ofSeconds(1), Duration.ofSeconds(8), Duration.ofSeconds(20), 3),
          RetryBudget.defaults(time));

  private void fail(int times) {
    for (int i = 0; i < times; i++) {
      store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    }
  }

  @Test
  void opensAfterTheThresholdAndShedsUntilTheOpenTimeHasPassed() {
    fail(2);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    Admission shed = store.admit(R);
    assertThat(shed.kind()).isEqualTo(Admission.Kind.SHED);
    assertThat(shed.retryIn()).isEqualTo(Duration.ofSeconds(1));
    time.advance(Duration.ofMillis(999));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    time.advance(Duration.ofMillis(1));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void admitsExactlyOneProbeWhileItsLeaseIsLive() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission probe = store.admit(R);
    assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);
    assertThat(probe.lease()).isNotNull();
    Admission second = store.admit(R);
    assertThat(second.kind()).isEqualTo(Admission.Kind.SHED);
    assertThat(second.retryIn()).isEqualTo(Duration.ofSeconds(20));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
  }

  @Test
  void openTimeDoublesWhileProbesFailAndIsCapped() {
    fail(2);
    long[] expectedMs = {2000, 4000, 8000, 8000};
    for (long ms : expectedMs) {
      time.advance(store.admit(R).retryIn());
      Admission probe = store.admit(R);
      assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);
      store.report(probe, AttemptHealth.BREAKER_FAILURE);
      assertThat(store.admit(R).retryIn()).isEqualTo(Duration.ofMillis(ms));
    }
  }

  @Test
  void successfulProbeClosesAndResetsTheOpenTimeToTheFirstStep() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE); // open 2 s
    time.advance(Duration.ofSeconds(2));
    store.report(store.admit(R), AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    assertThat(store.marks()).isEmpty();
    fail(2);
    assertThat(store.admit(R).retryIn()).isEqualTo(Duration.ofSeconds(1));
  }

  @ParameterizedTest(name = "{0} releases the probe at once")
  @CsvSource({"NEUTRAL", "ABANDONED"})
  void neutralOrAbandonedProbeIsReleasedForTheNextRequest(AttemptHealth outcome) {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    store.report(store.admit(R), outcome);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    assertThat(store.marks()).doesNotContainKey(R);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
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

  @Test
  void expiredLeaseIsTakenOverAndItsLateReportIgnored() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission lost = store.admit(R);
    time.advance(Duration.ofSeconds(20));
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

  @Test
  void reportingAShedAdmissionDoesNothing() {
    fail(2);
    Admission shed = store.admit(R);
    store.report(shed, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }
}
