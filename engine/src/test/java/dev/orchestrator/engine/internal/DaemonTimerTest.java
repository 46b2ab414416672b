package dev.orchestrator.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.health.Lateness;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The project's one shared timer: one daemon thread, cancelled deadlines gone from its queue. */
class DaemonTimerTest {

  @Test
  void everyDefaultSharesOneDaemonThread() throws Exception {
    assertThat(DaemonTimer.shared()).isSameAs(DaemonTimer.shared());
    CompletableFuture<Thread> ranOn = new CompletableFuture<>();
    DaemonTimer.shared()
        .schedule(() -> ranOn.complete(Thread.currentThread()), 0, TimeUnit.SECONDS);
    Thread t = ranOn.get(10, TimeUnit.SECONDS);
    assertThat(t.getName()).isEqualTo(DaemonTimer.THREAD_NAME);
    assertThat(t.isDaemon()).isTrue();

    // The lateness probe of a default orchestrator ticks on that same thread.
    Lateness probe = Lateness.defaultFor(Ticker.systemTicker());
    CompletableFuture<Thread> tickedOn = new CompletableFuture<>();
    probe.onSample(late -> tickedOn.complete(Thread.currentThread()));
    probe.attemptStarted();
    try {
      assertThat(tickedOn.get(10, TimeUnit.SECONDS)).isSameAs(t);
    } finally {
      probe.attemptEnded();
    }
  }

  @Test
  void aCancelledDeadlineLeavesTheQueueAtOnce() {
    ScheduledThreadPoolExecutor timer = (ScheduledThreadPoolExecutor) DaemonTimer.shared();
    ScheduledFuture<?> deadline = timer.schedule(() -> {}, 1, TimeUnit.HOURS);
    assertThat(timer.getQueue()).contains((Runnable) deadline);
    deadline.cancel(false);
    assertThat(timer.getQueue()).doesNotContain((Runnable) deadline);
  }
}
