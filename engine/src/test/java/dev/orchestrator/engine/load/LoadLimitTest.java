package dev.orchestrator.engine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ManualTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The controller (ADR 0058): which signals move the limit, and how a wait for a place ends — a
 * place, its deadline on the fake time, a cancel — with every place given back once.
 */
@Timeout(30)
class LoadLimitTest {
  private static final long LATE = TimeUnit.MILLISECONDS.toNanos(LoadLimit.LATE_MILLIS);

  private final FakeTime time = new FakeTime();
  private final ManualTimer timer = new ManualTimer(time);
  private final ExecutorService callers = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    callers.shutdownNow();
  }

  private LoadLimit limit(int max, int cores) {
    return LoadLimit.adaptive(max, cores, time, timer);
  }

  /**
   * One window of samples after {@code timeouts} attempt timeouts, its worst sample {@code lateMs}
   * late, with {@code running} places held: the limit it leaves, from {@code max} (0: unbounded) on
   * two cores (floor 16).
   */
  @ParameterizedTest(name = "{0} running, {1} timeouts, {2} ms late → {3}")
  @CsvSource(
      textBlock =
          """
          # running, timeouts, late ms, max, limit after
               100,        1,      20,    0,   75
               100,        1,      19,    0,   unbounded
               100,        0,     500,    0,   unbounded
               100,        5,     500,    0,   75
                 0,        1,      20,    0,   16
                20,        1,      20,    0,   16
               200,        1,      20,  256,  150
                 4,        1,      20,    4,    4
          """)
  void oneWindowOfSignals(int running, int timeouts, long lateMs, int max, String after)
      throws Exception {
    LoadLimit l = limit(max == 0 ? LoadLimit.UNBOUNDED : max, 2);
    take(l, running);
    for (int i = 0; i < timeouts; i++) {
      l.timedOut();
    }
    window(l, TimeUnit.MILLISECONDS.toNanos(lateMs));
    assertThat(l.limit())
        .isEqualTo(after.equals("unbounded") ? LoadLimit.UNBOUNDED : Integer.parseInt(after));
  }

  @Test
  void theDefaultNeverQueuesWhileNothingSignalsOverload() throws Exception {
    LoadLimit l = LoadLimit.defaultFor(time);
    assertThat(l.isOn()).isTrue();
    assertThat(take(l, 5_000)).isEqualTo(5_000);
    assertThat(l.limit()).isEqualTo(LoadLimit.UNBOUNDED);
    assertThat(l.running()).isEqualTo(5_000);
  }

  @Test
  void offNeverWaitsAndCountsNothing() throws Exception {
    LoadLimit l = LoadLimit.off();
    assertThat(l.isOn()).isFalse();
    assertThat(take(l, 1_000)).isEqualTo(1_000);
    l.timedOut();
    overloadedWindow(l);
    assertThat(l.limit()).isEqualTo(LoadLimit.UNBOUNDED);
    assertThat(l.running()).isZero();
  }

  @Test
  void lateTimersWithTimeoutsShrinkItToThreeQuartersOfTheRequestsRunning() throws Exception {
    LoadLimit l = limit(LoadLimit.UNBOUNDED, 2);
    List<LoadLimit.Place> held = take(l, 100, new ArrayList<>());
    overloadedWindow(l);
    assertThat(l.limit()).isEqualTo(75);
    assertThat(l.enter(Duration.ZERO, new Cancellation())).isNull(); // 100 running over 75
    for (int i = 0; i < 26; i++) {
      held.remove(0).close();
    }
    assertThat(l.running()).isEqualTo(74);
    assertThat(l.enter(Duration.ZERO, new Cancellation())).isNotNull();
  }

  @Test
  void neverShrinksBelowItsFloorNorTakesBackPlacesInUse() throws Exception {
    LoadLimit l = limit(40, 2); // floor max(16, 8 x 2) = 16
    List<LoadLimit.Place> held = take(l, 40, new ArrayList<>());
    for (int i = 0; i < 10; i++) {
      overloadedWindow(l);
    }
    assertThat(l.limit()).isEqualTo(16);
    assertThat(l.running()).isEqualTo(40);
    held.forEach(LoadLimit.Place::close);
    assertThat(take(l, 100)).isEqualTo(16);
  }

  @Test
  void aPlaceClosedTwiceIsGivenBackOnce() throws Exception {
    LoadLimit l = limit(2, 1);
    LoadLimit.Place p = l.enter(Duration.ZERO, new Cancellation());
    l.enter(Duration.ZERO, new Cancellation());
    p.close();
    p.close();
    assertThat(l.running()).isEqualTo(1);
  }

  @Test
  void aWaitEndsWithAPlaceWhenOneIsGivenBackFirstComeFirstServed() throws Exception {
    LoadLimit l = limit(1, 1);
    LoadLimit.Place first = l.enter(Duration.ZERO, new Cancellation());
    CompletableFuture<LoadLimit.Place> second = waitFor(l, Duration.ofSeconds(10), null);
    awaitWaiting(l, 1);
    CompletableFuture<LoadLimit.Place> third = waitFor(l, Duration.ofSeconds(10), null);
    awaitWaiting(l, 2);
    // A newcomer finds nobody's place free: it does not jump the line.
    assertThat(l.enter(Duration.ZERO, new Cancellation())).isNull();
    first.close();
    LoadLimit.Place p = second.get(20, TimeUnit.SECONDS);
    assertThat(p).isNotNull();
    assertThat(third).isNotDone();
    p.close();
    third.get(20, TimeUnit.SECONDS).close();
    assertThat(l.running()).isZero();
    assertThat(l.waiting()).isZero();
    assertThat(timer.pending()).isZero(); // the deadline timers were cancelled
  }

  @Test
  void aWaitEndsWithoutAPlaceWhenTheFakeTimeReachesItsDeadline() throws Exception {
    LoadLimit l = limit(1, 1);
    LoadLimit.Place held = l.enter(Duration.ZERO, new Cancellation());
    CompletableFuture<LoadLimit.Place> waiting = waitFor(l, Duration.ofSeconds(10), null);
    awaitWaiting(l, 1);
    awaitPending(1);
    time.advance(Duration.ofSeconds(9));
    timer.runDue();
    assertThat(waiting).isNotDone();
    time.advance(Duration.ofSeconds(1));
    timer.runDue();
    assertThat(waiting.get(20, TimeUnit.SECONDS)).isNull();
    assertThat(l.waiting()).isZero();
    held.close();
    assertThat(l.running()).isZero();
  }

  @Test
  void aTimerThatRunsEarlyWaitsForTheTickerToReachTheDeadline() throws Exception {
    FakeTime timersClock = new FakeTime(); // the scheduler's clock runs ahead of the ticker
    ManualTimer early = new ManualTimer(timersClock);
    LoadLimit l = LoadLimit.adaptive(1, 1, time, early);
    l.enter(Duration.ZERO, new Cancellation());
    CompletableFuture<LoadLimit.Place> waiting = waitFor(l, Duration.ofSeconds(10), null);
    while (early.pending() < 1) {
      Thread.onSpinWait();
    }
    timersClock.advance(Duration.ofSeconds(10));
    early.runDue(); // ran, but the ticker reads no later: armed again for the rest
    assertThat(waiting).isNotDone();
    assertThat(early.pending()).isEqualTo(1);
    time.advance(Duration.ofSeconds(10));
    timersClock.advance(Duration.ofSeconds(10));
    early.runDue();
    assertThat(waiting.get(20, TimeUnit.SECONDS)).isNull();
  }

  @Test
  void aCancelEndsTheWaitAndTheNextInLineKeepsItsTurn() throws Exception {
    LoadLimit l = limit(1, 1);
    LoadLimit.Place held = l.enter(Duration.ZERO, new Cancellation());
    Cancellation cancel = new Cancellation();
    CompletableFuture<LoadLimit.Place> cancelled = waitFor(l, Duration.ofSeconds(10), cancel);
    awaitWaiting(l, 1);
    CompletableFuture<LoadLimit.Place> next = waitFor(l, Duration.ofSeconds(10), null);
    awaitWaiting(l, 2);
    cancel.cancel();
    assertThat(cancelled.get(20, TimeUnit.SECONDS)).isNull();
    held.close();
    next.get(20, TimeUnit.SECONDS).close();
    assertThat(l.running()).isZero();
  }

  @Test
  void anAlreadyCancelledRequestDoesNotWaitButTakesAFreePlace() throws Exception {
    LoadLimit l = limit(1, 1);
    Cancellation cancelled = new Cancellation();
    cancelled.cancel();
    LoadLimit.Place p = l.enter(Duration.ofSeconds(5), cancelled);
    assertThat(p).isNotNull();
    assertThat(l.enter(Duration.ofSeconds(5), cancelled)).isNull();
    assertThat(timer.pending()).isZero();
  }

  @Test
  void anInterruptedWaitHoldsNoPlace() throws Exception {
    LoadLimit l = limit(1, 1);
    LoadLimit.Place held = l.enter(Duration.ZERO, new Cancellation());
    CompletableFuture<Thread> waiter = new CompletableFuture<>();
    CompletableFuture<Throwable> ended = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              waiter.complete(Thread.currentThread());
              try {
                ended.complete(
                    l.enter(Duration.ofSeconds(10), new Cancellation()) == null
                        ? null
                        : new AssertionError("a place"));
              } catch (InterruptedException e) {
                ended.complete(e);
              }
            });
    t.start();
    awaitWaiting(l, 1);
    waiter.get().interrupt();
    assertThat(ended.get(20, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
    held.close();
    assertThat(l.running()).isZero();
    assertThat(l.waiting()).isZero();
  }

  @Test
  void aSchedulerThatRefusesTheTimerLetsTheRequestRunAboveTheLimit() throws Exception {
    LoadLimit l =
        LoadLimit.adaptive(
            1,
            1,
            time,
            new java.util.concurrent.ScheduledThreadPoolExecutor(1) {
              {
                shutdown();
              }
            });
    l.enter(Duration.ZERO, new Cancellation());
    LoadLimit.Place p = l.enter(Duration.ofSeconds(5), new Cancellation());
    assertThat(p).isNotNull();
    assertThat(l.running()).isEqualTo(2);
    p.close();
    assertThat(l.running()).isEqualTo(1);
  }

  @Test
  void growsBackWhileRequestsWaitAndHandsTheNewPlaceToTheFirstInLine() throws Exception {
    LoadLimit l = limit(64, 2);
    List<LoadLimit.Place> held = take(l, 64, new ArrayList<>());
    for (int i = 0; i < 10; i++) {
      overloadedWindow(l);
    }
    assertThat(l.limit()).isEqualTo(16);
    for (int i = 0; i < 64 - 16; i++) {
      held.remove(0).close(); // 16 still running
    }
    window(l, 0); // nobody waits: no reason to grow
    assertThat(l.limit()).isEqualTo(16);
    CompletableFuture<LoadLimit.Place> waiter = waitFor(l, Duration.ofSeconds(30), null);
    awaitWaiting(l, 1);
    for (int i = 2; i < LoadLimit.HOLD; i++) { // the window above was the first calm one
      window(l, LATE * 5); // late timers without a timeout: not overload, but it holds a while
      assertThat(l.limit()).isEqualTo(16);
    }
    window(l, LATE * 5);
    assertThat(l.limit()).isEqualTo(16 + LoadLimit.GROWTH);
    assertThat(waiter.get(20, TimeUnit.SECONDS)).isNotNull();
  }

  @Test
  void rejectsNonsense() {
    assertThatThrownBy(() -> limit(0, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> limit(8, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  private CompletableFuture<LoadLimit.Place> waitFor(
      LoadLimit l, Duration wait, Cancellation cancel) {
    Cancellation c = cancel != null ? cancel : new Cancellation();
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return l.enter(wait, c);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        },
        callers);
  }

  /** Spins (bounded by the test's timeout) until {@code n} requests wait. */
  private static void awaitWaiting(LoadLimit l, int n) {
    while (l.waiting() < n) {
      Thread.onSpinWait();
    }
  }

  private void awaitPending(int n) {
    while (timer.pending() < n) {
      Thread.onSpinWait();
    }
  }

  static int take(LoadLimit l, int n) throws InterruptedException {
    return take(l, n, new ArrayList<>()).size();
  }

  static List<LoadLimit.Place> take(LoadLimit l, int n, List<LoadLimit.Place> into)
      throws InterruptedException {
    for (int i = 0; i < n; i++) {
      LoadLimit.Place p = l.enter(Duration.ZERO, new Cancellation());
      if (p == null) {
        break;
      }
      into.add(p);
    }
    return into;
  }

  static void overloadedWindow(LoadLimit l) {
    l.timedOut();
    window(l, LATE);
  }

  /** One window whose latest timer ran {@code worstLate} late. */
  static void window(LoadLimit l, long worstLate) {
    for (int i = 0; i < LoadLimit.WINDOW; i++) {
      l.sample(i == 3 ? worstLate : 0);
    }
  }
}
