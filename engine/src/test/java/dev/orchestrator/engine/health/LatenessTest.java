package dev.orchestrator.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The judgement of a time limit that fired (ADR 0056): the process's own when its timers were
 * overdue, within the limit's span, for at least a quarter of it; and the probe that measures it,
 * on fake time.
 */
class LatenessTest {
  private static final Duration SPAN = Duration.ofMillis(300);

  private final FakeTime time = new FakeTime();

  /** A scheduler whose tasks run only when the test says: the probe's timer on fake time. */
  private static final class HeldTimer extends ScheduledThreadPoolExecutor {
    final List<Runnable> held = new ArrayList<>();
    final List<Long> delays = new ArrayList<>();

    HeldTimer() {
      super(1);
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
      held.add(task);
      delays.add(unit.toNanos(delay));
      return null;
    }

    /** Runs the one task held. */
    void runHeld() {
      assertThat(held).hasSize(1);
      held.remove(0).run();
    }
  }

  /** Overdue {@code lateMs} in all, told now as one sample, then judged at once. */
  @ParameterizedTest(name = "{0} ms overdue of a {1} ms limit: explained {2}")
  @CsvSource(
      textBlock =
          """
          # overdue, limit, the process's own
                  0,   300, false
                  1,   300, false
                 74,   300, false
                 75,   300, true
                300,   300, true
               5000,   300, true
               3000, 15000, false
               3750, 15000, true
          """)
  void aLimitIsTheProcesssOwnFromAQuarterOfItOverdue(long lateMs, long limitMs, boolean own) {
    Lateness l = Lateness.unprobed(time);
    l.record(TimeUnit.MILLISECONDS.toNanos(lateMs));
    assertThat(l.explains(Duration.ofMillis(limitMs))).isEqualTo(own);
  }

  @Test
  void theBoundaryIsExactlyAQuarterOfTheSpan() {
    Lateness below = Lateness.unprobed(time);
    below.record((long) (Lateness.SHARE * SPAN.toNanos()) - 1);
    Lateness at = Lateness.unprobed(time);
    at.record((long) (Lateness.SHARE * SPAN.toNanos()));
    assertThat(below.explains(SPAN)).isFalse();
    assertThat(at.explains(SPAN)).isTrue();
  }

  @Test
  void smallLatenessAddsUpOverTheSpan() {
    Lateness l = Lateness.unprobed(time);
    for (int i = 0; i < 15; i++) { // a probe 5 ms late at each of its 20 ms periods
      time.advance(Duration.ofMillis(20));
      l.record(TimeUnit.MILLISECONDS.toNanos(5));
    }
    assertThat(l.overdue(SPAN)).isEqualTo(Duration.ofMillis(75));
    assertThat(l.explains(SPAN)).isTrue();
  }

  @Test
  void latenessBeforeTheSpanIsNotCounted() {
    Lateness l = Lateness.unprobed(time);
    l.record(TimeUnit.MILLISECONDS.toNanos(200));
    time.advance(SPAN.plusNanos(1));
    assertThat(l.overdue(SPAN)).isZero();
    assertThat(l.explains(SPAN)).isFalse();
    // ... but counts for a longer limit whose span still holds it.
    assertThat(l.explains(Duration.ofMillis(600))).isTrue();
  }

  @Test
  void overdueIsAtMostTheSpan() {
    Lateness l = Lateness.unprobed(time);
    l.record(TimeUnit.SECONDS.toNanos(5));
    assertThat(l.overdue(SPAN)).isEqualTo(SPAN);
  }

  @Test
  void anIdleProcessExplainsNothing() {
    Lateness l = Lateness.unprobed(time);
    for (int i = 0; i < 100; i++) { // 0.1 ms late every 20 ms: an idle machine
      time.advance(Duration.ofMillis(20));
      l.record(100_000);
    }
    assertThat(l.explains(SPAN)).isFalse();
    assertThat(l.explains(Duration.ofMillis(20))).isFalse();
  }

  @Test
  void theProbeRunsWhileAnAttemptIsInFlightAndRecordsHowLateItRan() {
    HeldTimer timer = new HeldTimer();
    Lateness l = Lateness.probing(time, timer);
    assertThat(timer.held).isEmpty(); // idle: no timer
    l.attemptStarted();
    l.attemptStarted(); // a second attempt arms nothing more
    assertThat(timer.held).hasSize(1);
    assertThat(timer.delays.get(0)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
    time.advance(Duration.ofMillis(20 + 90)); // the timer runs 90 ms late
    timer.runHeld();
    assertThat(l.overdue(SPAN)).isEqualTo(Duration.ofMillis(90));
    time.advance(Duration.ofMillis(20)); // on time
    timer.runHeld();
    assertThat(l.overdue(SPAN)).isEqualTo(Duration.ofMillis(90));
    l.attemptEnded();
    l.attemptEnded();
    time.advance(Duration.ofMillis(20));
    timer.runHeld(); // its last run: nothing in flight
    assertThat(timer.held).isEmpty();
    l.attemptStarted(); // armed again
    assertThat(timer.held).hasSize(1);
  }

  @Test
  void aProbeStillDueCountsAsOverdue() {
    HeldTimer timer = new HeldTimer();
    Lateness l = Lateness.probing(time, timer);
    l.attemptStarted();
    // A stall in progress: the timer has not run yet, 100 ms after it was due.
    time.advance(Duration.ofMillis(120));
    assertThat(l.overdue(SPAN)).isEqualTo(Duration.ofMillis(100));
    assertThat(l.explains(SPAN)).isTrue();
    timer.runHeld(); // now it ran: counted once, not as pending as well
    assertThat(l.overdue(SPAN)).isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void listenersHearEverySampleUntilClosed() {
    HeldTimer timer = new HeldTimer();
    Lateness l = Lateness.probing(time, timer);
    List<Long> heard = new ArrayList<>();
    Lateness.Subscription s = l.onSample(heard::add);
    l.attemptStarted();
    time.advance(Duration.ofMillis(25));
    timer.runHeld();
    s.close();
    time.advance(Duration.ofMillis(20));
    timer.runHeld();
    assertThat(heard).containsExactly(TimeUnit.MILLISECONDS.toNanos(5));
  }

  @Test
  void aFakeTickerIsNotProbedByDefault() {
    Lateness fake = Lateness.defaultFor(time);
    fake.attemptStarted();
    time.advance(Duration.ofSeconds(10)); // a test moving its time is not the process running late
    assertThat(fake.overdue(SPAN)).isZero();
    assertThat(fake.explains(SPAN)).isFalse();
  }
}
