package dev.orchestrator.serve.ops;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Feeds a {@link LoadLimit}: every {@value #PERIOD_MILLIS} ms, on the server's scheduler, how late
 * that timer ran. No thread of its own; stops with the scheduler or {@link #stop()}.
 */
public final class LoadProbe implements Runnable {
  /** The sampling period. */
  static final long PERIOD_MILLIS = 20;

  private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);

  private final LoadLimit limit;
  private final Scheduler scheduler;
  private volatile boolean stopped;
  private long due; // only the scheduler's thread reads and writes it after start()

  private LoadProbe(LoadLimit limit, Scheduler scheduler) {
    this.limit = limit;
    this.scheduler = scheduler;
  }

  /** Starts sampling for {@code limit} on {@code scheduler} (a started one). */
  public static LoadProbe start(LoadLimit limit, Scheduler scheduler) {
    LoadProbe probe = new LoadProbe(limit, scheduler);
    probe.due = System.nanoTime() + PERIOD_NANOS;
    probe.next();
    return probe;
  }

  @Override
  public void run() {
    if (stopped) {
      return;
    }
    long now = System.nanoTime();
    limit.sample(Math.max(0, now - due));
    due = now + PERIOD_NANOS;
    next();
  }

  private void next() {
    try {
      scheduler.schedule(this, PERIOD_NANOS, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException stopping) {
      stopped = true;
    }
  }

  /** Stops sampling; the limit keeps its last value. */
  public void stop() {
    stopped = true;
  }
}
