package dev.orchestrator.serve.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.failure.FailureCategory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LoadLimitTest {
  private static final long LATE = TimeUnit.MILLISECONDS.toNanos(LoadLimit.LATE_MILLIS);

  @Test
  void startsAtTheWorkerCountAndRefusesBeyondItWithoutWaiting() throws Exception {
    LoadLimit limit = LoadLimit.of(3, 2);
    for (int i = 0; i < 3; i++) {
      assertThat(limit.acquire(Duration.ZERO)).isTrue();
    }
    assertThat(limit.acquire(Duration.ZERO)).isFalse();
    assertThat(limit.acquire(Duration.ofMillis(-5))).isFalse();
    limit.release();
    assertThat(limit.acquire(Duration.ZERO)).isTrue();
    assertThat(limit.limit()).isEqualTo(3);
  }

  @Test
  void lateTimersWithTimeoutsShrinkItToThreeQuartersOfTheRequestsRunning() throws Exception {
    LoadLimit limit = LoadLimit.of(256, 2);
    take(limit, 100);
    overloadedWindow(limit);
    assertThat(limit.limit()).isEqualTo(75);
    assertThat(limit.acquire(Duration.ZERO)).isFalse(); // 100 running over a limit of 75
  }

  @Test
  void eitherSignalAloneLeavesItAlone() throws Exception {
    LoadLimit limit = LoadLimit.of(256, 2);
    take(limit, 100);
    window(limit, LATE * 5); // late timers, no timeout: another process may be the cause
    assertThat(limit.limit()).isEqualTo(256);
    limit.onAttempt("m", failed(FailureCategory.TIMEOUT));
    window(limit, LATE - 1); // a timeout, timers on time: a slow route
    assertThat(limit.limit()).isEqualTo(256);
    limit.onAttempt("m", failed(FailureCategory.SERVER_ERROR));
    window(limit, LATE * 5); // late timers and a failure that is not a timeout
    assertThat(limit.limit()).isEqualTo(256);
  }

  @Test
  void neverShrinksBelowItsFloorNorTakesBackPlacesInUse() throws Exception {
    LoadLimit limit = LoadLimit.of(40, 2); // floor max(16, 8 x 2) = 16
    take(limit, 40);
    for (int i = 0; i < 10; i++) {
      overloadedWindow(limit);
    }
    assertThat(limit.limit()).isEqualTo(16);
    for (int i = 0; i < 40; i++) {
      limit.release();
    }
    assertThat(take(limit, 100)).isEqualTo(16);
  }

  @Test
  void aFloorAboveTheWorkerCountIsTheWorkerCount() throws Exception {
    LoadLimit limit = LoadLimit.of(4, 8);
    take(limit, 4);
    overloadedWindow(limit);
    assertThat(limit.limit()).isEqualTo(4);
  }

  @Test
  @Timeout(10)
  void growsBackWhileRequestsWaitAndHandsTheNewPlaceToTheFirstInLine() throws Exception {
    LoadLimit limit = LoadLimit.of(64, 2);
    take(limit, 64);
    for (int i = 0; i < 10; i++) {
      overloadedWindow(limit);
    }
    assertThat(limit.limit()).isEqualTo(16);
    for (int i = 0; i < 64 - 16; i++) {
      limit.release(); // 16 still running
    }
    window(limit, 0); // nobody waits: no reason to grow
    assertThat(limit.limit()).isEqualTo(16);
    CompletableFuture<Boolean> waiter =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return limit.acquire(Duration.ofSeconds(30));
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    while (limit.waiting() == 0) {
      Thread.onSpinWait();
    }
    for (int i = 2; i < LoadLimit.HOLD; i++) { // the window above was the first calm one
      window(limit, LATE * 5); // late timers without a timeout: not overload, but it holds a while
      assertThat(limit.limit()).isEqualTo(16);
    }
    window(limit, LATE * 5);
    assertThat(limit.limit()).isEqualTo(16 + LoadLimit.GROWTH);
    assertThat(waiter.get(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void rejectsNonsense() {
    assertThatThrownBy(() -> LoadLimit.of(0, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LoadLimit.of(8, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * Whatever the sequence of places taken and given back and of windows, the limit stays within its
   * floor and the worker count, and once every place is back exactly the limit can be taken.
   */
  @Property(tries = 300)
  void theLimitStaysInBoundsAndEveryPlaceComesBack(
      @ForAll @IntRange(min = 1, max = 300) int max, @ForAll("steps") java.util.List<Integer> steps)
      throws Exception {
    LoadLimit limit = LoadLimit.of(max, 2);
    int held = 0;
    for (int step : steps) {
      switch (step) {
        case 0 -> held += limit.acquire(Duration.ZERO) ? 1 : 0;
        case 1 -> {
          if (held > 0) {
            limit.release();
            held--;
          }
        }
        case 2 -> overloadedWindow(limit);
        default -> window(limit, 0);
      }
      assertThat(limit.limit()).isBetween(Math.min(max, 16), max);
      assertThat(held).isLessThanOrEqualTo(max);
    }
    for (; held > 0; held--) {
      limit.release();
    }
    assertThat(take(limit, max + 1)).isEqualTo(limit.limit());
  }

  @Provide
  Arbitrary<java.util.List<Integer>> steps() {
    return Arbitraries.integers().between(0, 3).list().ofMaxSize(400);
  }

  private static int take(LoadLimit limit, int n) throws InterruptedException {
    int taken = 0;
    while (taken < n && limit.acquire(Duration.ZERO)) {
      taken++;
    }
    return taken;
  }

  private static void overloadedWindow(LoadLimit limit) {
    limit.onAttempt("m", failed(FailureCategory.TIMEOUT));
    window(limit, LATE);
  }

  /** One window whose latest timer ran {@code worstLate} late. */
  private static void window(LoadLimit limit, long worstLate) {
    for (int i = 0; i < LoadLimit.WINDOW; i++) {
      limit.sample(i == 3 ? worstLate : 0);
    }
  }

  private static AttemptRecord failed(FailureCategory category) {
    return new AttemptRecord(
        "r/m", 1, null, category, true, Decision.FAILOVER, null, null, null, 0, false, null, false);
  }
}
