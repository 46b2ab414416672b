package dev.orchestrator.providers;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one timer thread every attempt's limits run on: a daemon, so it never keeps a JVM alive, and
 * shared, so concurrency costs no thread per request. Its tasks only compare clocks and close
 * streams.
 */
final class Watchdog {
  /** The timer thread's name (tests count these). */
  static final String THREAD_NAME = "orchestrator-http-watchdog";

  private static final ScheduledThreadPoolExecutor TIMER = create();

  private Watchdog() {}

  private static ScheduledThreadPoolExecutor create() {
    ScheduledThreadPoolExecutor e =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, THREAD_NAME);
              t.setDaemon(true);
              return t;
            });
    e.setRemoveOnCancelPolicy(true);
    e.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    return e;
  }

  /** Runs {@code task} after {@code delayNanos}. */
  static ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
    return TIMER.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
  }
}
