package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RouteCondition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The behaviour every {@link HealthStore} shares, run against the in-memory store, the Redis store
 * and the Redis store degraded to local health: the same scenario gives the same answers.
 */
abstract class HealthStoreContract {
  /** Threshold 2, open 1 s doubling to 8 s, probe lease 20 s, 2 stream cuts. */
  static final HealthSettings SETTINGS =
      HealthSettings.builder()
          .breakerThreshold(2)
          .openTime(Duration.ofSeconds(1), Duration.ofSeconds(8))
          .probeLease(Duration.ofSeconds(20))
          .streamCutThreshold(2)
          .build();

  private static final String R = "provider/model";
  final ManualTime time = new ManualTime();
  HealthStore store;

  /** A fresh store judged by {@code settings}, on {@code time}, with nothing known. */
  abstract HealthStore newStore(HealthSettings settings, ManualTime time);

  @BeforeEach
  void open() {
    store = newStore(SETTINGS, time);
  }

  @AfterEach
  void close() throws Exception {
    store.close();
  }

  private void fail(int times) {
    for (int i = 0; i < times; i++) {
      store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    }
  }

  @Test
  void aClosedBreakerAdmitsAndSuccessLeavesNothingBehind() {
    Admission a = store.admit(R);
    assertThat(a.kind()).isEqualTo(Admission.Kind.ADMITTED);
    store.report(a, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    assertThat(store.marks()).isEmpty();
  }

  @Test
  void opensAfterTheThresholdAndShedsUntilTheOpenTimeHasPassed() {
    fail(1);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    fail(1);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    Admission shed = store.admit(R);
    assertThat(shed.kind()).isEqualTo(Admission.Kind.SHED);
    assertThat(shed.retryIn()).isEqualTo(Duration.ofSeconds(1));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
    time.advance(Duration.ofMillis(999));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    time.advance(Duration.ofMillis(1));
    assertThat(store.marks()).doesNotContainKey(R);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  /**
   * A failed probe re-opens the breaker for the doubled step counted from the probe's grant, or
   * until now when the probe itself took longer: a probe that waited out a silent route's limit is
   * followed by the next after the longer of the two, not after both (ADR 0007, addendum).
   */
  @Test
  void aFailedProbesOpenTimeCountsFromItsGrant() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission quick = store.admit(R);
    time.advance(Duration.ofMillis(100));
    store.report(quick, AttemptHealth.BREAKER_FAILURE); // re-opened for 2 s from its grant
    time.advance(Duration.ofMillis(1_850));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    time.advance(Duration.ofMillis(50));
    Admission silent = store.admit(R);
    assertThat(silent.kind()).isEqualTo(Admission.Kind.PROBE);
    time.advance(Duration.ofSeconds(15)); // longer than the next step, 4 s
    store.report(silent, AttemptHealth.BREAKER_FAILURE);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    Admission next = store.admit(R);
    assertThat(next.kind()).isEqualTo(Admission.Kind.PROBE);
    time.advance(Duration.ofSeconds(3));
    store.report(next, AttemptHealth.BREAKER_FAILURE); // the rest of 8 s from its grant
    time.advance(Duration.ofMillis(4_999));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.SHED);
    time.advance(Duration.ofMillis(1));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void aSuccessResetsTheConsecutiveFailures() {
    fail(1);
    store.report(store.admit(R), AttemptHealth.SUCCESS);
    fail(1);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void neutralOutcomesNeverOpenTheBreaker() {
    for (int i = 0; i < 5; i++) {
      store.report(store.admit(R), AttemptHealth.NEUTRAL);
    }
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    assertThat(store.marks()).isEmpty();
  }

  @Test
  void streamCutsOpenTheBreakerAtTheirOwnThreshold() {
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    store.report(store.admit(R), AttemptHealth.STREAM_CUT);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
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
    assertThat(store.breaker(R)).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
  }

  @Test
  void theOpenTimeDoublesWhileProbesFailAndIsCapped() {
    fail(2);
    for (long ms : new long[] {2000, 4000, 8000, 8000}) {
      time.advance(store.admit(R).retryIn());
      Admission probe = store.admit(R);
      assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);
      store.report(probe, AttemptHealth.BREAKER_FAILURE);
      assertThat(store.admit(R).retryIn()).isEqualTo(Duration.ofMillis(ms));
    }
  }

  @Test
  void aSuccessfulProbeClosesAndResetsTheOpenTime() {
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
  @EnumSource(
      value = AttemptHealth.class,
      names = {"NEUTRAL", "ABANDONED"})
  void aProbeThatLearntNothingReleasesItsLeaseAtOnce(AttemptHealth outcome) {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    store.report(store.admit(R), outcome);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    assertThat(store.marks()).doesNotContainKey(R);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void onlyTheFirstReportOfAProbeCounts() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission probe = store.admit(R);
    store.report(probe, AttemptHealth.BREAKER_FAILURE); // re-open for 2 s
    store.report(probe, AttemptHealth.BREAKER_FAILURE); // ignored: the lease is gone
    assertThat(store.admit(R).retryIn()).isEqualTo(Duration.ofSeconds(2));
    store.report(probe, AttemptHealth.SUCCESS); // ignored too
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void anOrdinarySuccessWhileOpenDoesNotCloseTheBreaker() {
    Admission early = store.admit(R); // admitted before the breaker opened
    fail(2);
    store.report(early, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void aPanicAnswerWhileOpenEndsTheOpenTimeAndTheNextAdmissionIsTheProbe() {
    fail(2);
    Admission shed = store.admit(R);
    assertThat(shed.kind()).isEqualTo(Admission.Kind.SHED);
    store.report(shed.panic(), AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN); // only the probe closes it
    Admission probe = store.admit(R);
    assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);
    store.report(probe, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void aPanicFailureWhileOpenMovesNeitherTheBreakerNorItsOpenTime() {
    fail(2);
    store.report(store.admit(R).panic(), AttemptHealth.BREAKER_FAILURE);
    assertThat(store.admit(R).retryIn()).isEqualTo(Duration.ofSeconds(1));
    time.advance(Duration.ofSeconds(1));
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.PROBE);
  }

  @Test
  void reportingAShedAdmissionDoesNothing() {
    fail(2);
    Admission shed = store.admit(R);
    store.report(shed, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void aCooldownTakesTheLongerOfTwoAndEndsOnTime() {
    store.coolDown(R, Duration.ofSeconds(5));
    store.coolDown(R, Duration.ofSeconds(2));
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofSeconds(5));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    time.advance(Duration.ofSeconds(5));
    assertThat(store.cooldownRemaining(R)).isZero();
    assertThat(store.marks()).isEmpty();
  }

  /**
   * A slow attempt in flight; a concurrent one gets {@code 429 Retry-After: 30}; the slow one then
   * answers. The engine sends nothing to a route while it cools, so a success that arrives then is
   * of an attempt admitted before: it says nothing about the provider's word, and the cooldown runs
   * on to its end (before, it ended the cooldown and the next request met the 429 again).
   */
  @Test
  void aSuccessOfAnAttemptInFlightLeavesTheCooldownRunningToItsEnd() {
    Admission inFlight = store.admit(R);
    store.coolDown(R, Duration.ofSeconds(30));
    store.report(inFlight, AttemptHealth.SUCCESS);
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofSeconds(30));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    time.advance(Duration.ofSeconds(30));
    assertThat(store.cooldownRemaining(R)).isZero();
    assertThat(store.marks()).isEmpty();
  }

  @Test
  void aProbesSuccessClosesTheBreakerAndLeavesTheCooldownRunning() {
    fail(2);
    time.advance(Duration.ofSeconds(1));
    Admission probe = store.admit(R);
    assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE);
    store.coolDown(R, Duration.ofSeconds(30)); // a concurrent request's 429
    store.report(probe, AttemptHealth.SUCCESS);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofSeconds(30));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    time.advance(Duration.ofSeconds(30));
    assertThat(store.marks()).isEmpty();
  }

  @Test
  void anAccountStateIsKeptApartFromACooldownTakesTheLongerOfTwoAndOutranksIt() {
    store.coolDown(R, Duration.ofSeconds(60)); // a wait the provider gave
    store.accountState(R, Duration.ofSeconds(20)); // a refused key: no end given
    store.accountState(R, Duration.ofSeconds(5));
    assertThat(store.accountStateRemaining(R)).isEqualTo(Duration.ofSeconds(20));
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofSeconds(60));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    time.advance(Duration.ofSeconds(20));
    assertThat(store.accountStateRemaining(R)).isZero();
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    time.advance(Duration.ofSeconds(40));
    assertThat(store.marks()).isEmpty();
  }

  @Test
  void anAccountStateAloneIsWhatTheCooldownRemainingSays() {
    store.accountState(R, Duration.ofMinutes(5));
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofMinutes(5));
    assertThat(store.accountStateRemaining(R)).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void aSuccessOfAnAttemptInFlightLeavesTheAccountStateRunningToItsEnd() {
    Admission inFlight = store.admit(R);
    store.accountState(R, Duration.ofMinutes(5)); // a concurrent request's 401
    store.report(inFlight, AttemptHealth.SUCCESS);
    assertThat(store.accountStateRemaining(R)).isEqualTo(Duration.ofMinutes(5));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    time.advance(Duration.ofMinutes(5));
    assertThat(store.accountStateRemaining(R)).isZero();
    assertThat(store.marks()).isEmpty();
  }

  @Test
  void aRetirementOutranksACooldownWhichOutranksAnOpenBreaker() {
    fail(2);
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
    store.coolDown(R, Duration.ofSeconds(30));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(store.retired(R)).isFalse();
    store.retire(R, Duration.ofMinutes(1));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.RETIRED);
    assertThat(store.retired(R)).isTrue();
    time.advance(Duration.ofMinutes(1));
    assertThat(store.marks()).isEmpty();
    assertThat(store.retired(R)).isFalse();
  }

  @Test
  void retriesAreBoundedByTheMinimumThenByTheRatioOfRequests() {
    int granted = 0;
    while (granted < 100 && store.tryAcquireRetry()) {
      granted++;
    }
    assertThat(granted).isEqualTo(10); // the minimum, with no requests yet
    for (int i = 0; i < 100; i++) {
      store.recordRequest();
    }
    int more = 0;
    while (more < 100 && store.tryAcquireRetry()) {
      more++;
    }
    assertThat(granted + more).isEqualTo(20); // 0.2 × 100
  }

  @Test
  void aStoreWorkingNormallySaysSo() {
    assertThat(store.status().degraded()).isFalse();
  }

  // The rules of ADR 0007 at their defaults (HealthSettings.defaults()): 5 consecutive failures
  // while the 10 s window holds fewer than 20 calls, 80 % failures once it holds more; open 1 s
  // doubling to 8 s; a Retry-After up to 10 s is evidence.

  private void useDefaults() throws Exception {
    store.close();
    store = newStore(HealthSettings.defaults(), time);
  }

  /** {@code n} calls with {@code outcome}, {@code gap} apart, each admitted and reported. */
  private void calls(int n, AttemptHealth outcome, Duration gap) {
    for (int i = 0; i < n; i++) {
      store.report(store.admit(R), outcome);
      time.advance(gap);
    }
  }

  @Test
  void aBurstOfFailuresOnARouteWithVolumeDoesNotOpenIt() throws Exception {
    useDefaults();
    calls(30, AttemptHealth.SUCCESS, Duration.ofMillis(100));
    calls(6, AttemptHealth.BREAKER_FAILURE, Duration.ofMillis(10)); // 6 of 36: noise
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.ADMITTED);
  }

  @Test
  void aRouteWithLittleTrafficOpensAfterConsecutiveFailures() throws Exception {
    useDefaults();
    calls(4, AttemptHealth.BREAKER_FAILURE, Duration.ofMinutes(1));
    assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    calls(1, AttemptHealth.BREAKER_FAILURE, Duration.ZERO);
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void aBusyRouteThatMostlyFailsOpensOnTheFailureRateWithinTheWindow() throws Exception {
    useDefaults();
    calls(100, AttemptHealth.SUCCESS, Duration.ofMillis(100)); // 10 calls a second
    int calls = 0;
    while (store.breaker(R) == BreakerState.CLOSED) {
      // Nine failures in ten, never twenty in a row: only the rate can open it.
      calls(
          1,
          calls % 10 == 9 ? AttemptHealth.SUCCESS : AttemptHealth.BREAKER_FAILURE,
          Duration.ofMillis(100));
      calls++;
    }
    // 80 % of a 10 s window at 10 calls a second, 90 % failing: well within two windows.
    assertThat(calls).isBetween(60, 200);
  }

  @Test
  void aBusyRouteThatGoesHardDownOpensAfterAFullWindowOfFailuresInARow() throws Exception {
    useDefaults();
    calls(2_000, AttemptHealth.SUCCESS, Duration.ofMillis(5)); // 200 calls a second
    int failures = 0;
    while (store.breaker(R) == BreakerState.CLOSED) {
      calls(1, AttemptHealth.BREAKER_FAILURE, Duration.ofMillis(5));
      failures++;
    }
    // The window still holds ~2,000 successes: the rate alone would take ~8 s; the run opens it.
    assertThat(failures).isEqualTo(HealthSettings.defaults().minimumCalls());
  }

  @Test
  void independentFaultsAtThirtyPercentNeverOpenABreaker() throws Exception {
    useDefaults();
    Random random = new Random(26);
    calls(20, AttemptHealth.SUCCESS, Duration.ofMillis(50));
    List<Admission> inFlight = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      inFlight.add(store.admit(R));
      if (inFlight.size() >= 50) {
        Admission a = inFlight.remove(random.nextInt(inFlight.size()));
        store.report(
            a, random.nextDouble() < 0.3 ? AttemptHealth.BREAKER_FAILURE : AttemptHealth.SUCCESS);
      }
      time.advance(Duration.ofMillis(50)); // 20 calls a second
      assertThat(store.breaker(R)).isEqualTo(BreakerState.CLOSED);
    }
  }

  @Test
  void aShortRetryAfterIsEvidenceAndCoolsNothing() throws Exception {
    useDefaults();
    calls(20, AttemptHealth.SUCCESS, Duration.ofMillis(100));
    store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    store.rateLimited(R, Duration.ofSeconds(1));
    assertThat(store.marks()).isEmpty();
    assertThat(store.cooldownRemaining(R)).isZero();
    assertThat(store.admit(R).kind()).isEqualTo(Admission.Kind.ADMITTED);
  }

  @Test
  void aLongRetryAfterCoolsTheRouteForItsLength() throws Exception {
    useDefaults();
    store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
    store.rateLimited(R, Duration.ofSeconds(30));
    assertThat(store.cooldownRemaining(R)).isEqualTo(Duration.ofSeconds(30));
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
  }

  @Test
  void rateLimitsOnMostCallsOpenTheBreakerOnTheFailureRate() throws Exception {
    useDefaults();
    calls(40, AttemptHealth.SUCCESS, Duration.ofMillis(100));
    for (int i = 0; i < 200 && store.breaker(R) == BreakerState.CLOSED; i++) {
      store.report(store.admit(R), AttemptHealth.BREAKER_FAILURE);
      store.rateLimited(R, Duration.ofSeconds(1));
      time.advance(Duration.ofMillis(100));
    }
    assertThat(store.breaker(R)).isEqualTo(BreakerState.OPEN);
    assertThat(store.marks().get(R).condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
  }

  /**
   * failoverbench S15 on fake time: a request every 4 s, the primary down for 60 s; whatever the
   * phase of the outage against the requests, the primary answers again within 15 s of recovering.
   */
  @ParameterizedTest(name = "outage starts {0} ms into a request interval")
  @org.junit.jupiter.params.provider.ValueSource(ints = {0, 500, 1_000, 2_000, 3_000, 3_900})
  void aPrimaryBackFromASixtySecondOutageIsUsedAgainWithinFifteenSeconds(int phaseMs)
      throws Exception {
    useDefaults();
    long down = 8_000 + phaseMs;
    long up = down + 60_000;
    long answeredAgain = -1;
    for (long t = 0; t <= up + 20_000; t += 4_000) {
      Admission a = store.admit(R);
      if (a.dispatch()) {
        boolean failing = t >= down && t < up;
        store.report(a, failing ? AttemptHealth.BREAKER_FAILURE : AttemptHealth.SUCCESS);
        if (!failing && t >= up && answeredAgain < 0) {
          answeredAgain = t;
        }
      }
      time.advance(Duration.ofSeconds(4));
    }
    assertThat(answeredAgain).isGreaterThanOrEqualTo(up);
    assertThat(answeredAgain - up).isLessThanOrEqualTo(15_000);
  }
}
