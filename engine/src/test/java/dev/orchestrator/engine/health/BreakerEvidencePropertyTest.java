package dev.orchestrator.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * The breaker's defaults against traffic of many concurrent callers on fake time (ADR 0007). Calls
 * arrive at random, each is held in flight by one of {@code callers} callers and reported in random
 * order, and fails independently with probability {@code p}.
 *
 * <p>Why noise never opens: once the window holds {@code V} calls, a check opens only if the
 * weighted failure count exceeds 80 % of {@code V}; by Hoeffding's inequality for weights in [0, 1]
 * that has probability at most {@code exp(-2 (0.8 - p)² V)}, which at {@code p = 0.3} and {@code V
 * ≥ 50} (five calls a second over the 10 s window) is below {@code 1.4e-11} per check: below {@code
 * 1e-4} over the {@code 3,000} checks of every try of every run of this property. The window is
 * warm (it holds the minimum volume) when the first report arrives: on a cold route the first 20
 * calls are judged by consecutive failures, where five in a row at {@code p = 0.3} have a chance of
 * about 3 %.
 */
class BreakerEvidencePropertyTest {
  private static final String R = "a/m";
  private static final HealthSettings SETTINGS = HealthSettings.defaults();

  private record Run(FakeTime time, RouteHealthRegistry store, Random random) {
    static Run of(long seed) {
      FakeTime time = new FakeTime();
      return new Run(
          time,
          RouteHealthRegistry.create(time, SETTINGS, RetryBudget.defaults(time)),
          new Random(seed));
    }

    /** Time to the next call at {@code perSecond} calls a second (exponential gaps). */
    void gap(double perSecond) {
      double s = -Math.log(1 - random.nextDouble()) / perSecond;
      time.advance(Duration.ofNanos((long) (s * 1e9)));
    }
  }

  /**
   * The sample a CI run found when the window was warmed before the first call: 90 callers at 5
   * calls a second report nothing for 18 s, longer than the window, so the warm-up had aged out and
   * five consecutive failures at p = 0.25 opened the cold breaker.
   */
  @Example
  void manyCallersAtALowRateAreJudgedOnAWarmWindow() {
    independentFaultsUpToThirtyPercentNeverOpenABreaker(0.25, 90, 5, 2L);
  }

  @Property(tries = 100)
  void independentFaultsUpToThirtyPercentNeverOpenABreaker(
      @ForAll @DoubleRange(min = 0, max = 0.3) double p,
      @ForAll @IntRange(min = 2, max = 200) int callers,
      @ForAll @IntRange(min = 5, max = 500) int perSecond,
      @ForAll long seed) {
    Run run = Run.of(seed);
    List<Admission> inFlight = new ArrayList<>();
    boolean warm = false;
    for (int i = 0; i < 3_000; i++) {
      run.gap(perSecond);
      Admission a = run.store.admit(R);
      assertThat(a.kind()).isEqualTo(Admission.Kind.ADMITTED);
      inFlight.add(a);
      if (inFlight.size() >= callers && !warm) {
        // the window is warmed when the first report arrives, not before: with many callers at a
        // low rate (90 at 5 a second) warm-up calls made at the start would have aged out of the
        // window by then, and a cold route is judged by consecutive failures (the Javadoc above)
        for (int w = 0; w < SETTINGS.minimumCalls(); w++) {
          run.store.report(run.store.admit(R), AttemptHealth.SUCCESS);
        }
        warm = true;
      }
      if (inFlight.size() >= callers) {
        Admission done = inFlight.remove(run.random.nextInt(inFlight.size()));
        boolean failed = run.random.nextDouble() < p;
        run.store.report(done, failed ? AttemptHealth.BREAKER_FAILURE : AttemptHealth.SUCCESS);
      }
    }
    assertThat(run.store.breaker(R)).isEqualTo(BreakerState.CLOSED);
  }

  /**
   * A route that is hard down opens within the consecutive threshold of failures, and from then on
   * admits at most one probe per open period: no ordinary admission, no second probe before the
   * first was reported and the open time it set has passed.
   */
  @Property(tries = 100)
  void aHardDownRouteOpensWithinTheThresholdAndIsProbedOncePerOpenPeriod(
      @ForAll @IntRange(min = 1, max = 200) int callers,
      @ForAll @IntRange(min = 1, max = 500) int perSecond,
      @ForAll long seed) {
    Run run = Run.of(seed);
    List<Admission> inFlight = new ArrayList<>();
    int failures = 0;
    long probeDue = Long.MIN_VALUE;
    int probes = 0;
    for (int i = 0; i < 3_000; i++) {
      run.gap(perSecond);
      Admission a = run.store.admit(R);
      if (failures >= SETTINGS.breakerThreshold()) {
        assertThat(a.kind()).isNotEqualTo(Admission.Kind.ADMITTED);
      }
      if (a.kind() == Admission.Kind.PROBE) {
        // The probe fails before the next call arrives; the next one is due after its open time.
        assertThat(run.time.read()).isGreaterThanOrEqualTo(probeDue);
        probes++;
        run.store.report(a, AttemptHealth.BREAKER_FAILURE);
        probeDue = run.time.read() + run.store.admit(R).retryIn().toNanos();
        continue;
      }
      if (a.dispatch()) {
        inFlight.add(a);
      }
      if (!inFlight.isEmpty() && (inFlight.size() >= callers || !a.dispatch())) {
        Admission done = inFlight.remove(run.random.nextInt(inFlight.size()));
        run.store.report(done, AttemptHealth.BREAKER_FAILURE);
        if (++failures == SETTINGS.breakerThreshold()) {
          assertThat(run.store.breaker(R)).isEqualTo(BreakerState.OPEN);
        }
      }
    }
    assertThat(failures).isLessThanOrEqualTo(SETTINGS.breakerThreshold() + callers);
    assertThat(probes).isPositive();
  }
}
