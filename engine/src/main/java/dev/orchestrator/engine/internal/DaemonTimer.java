package dev.orchestrator.engine.internal;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The project's timer: one {@link ScheduledThreadPoolExecutor} of one daemon thread, {@value
 * #THREAD_NAME}, created on first use and shared by every default that needs one — the attempts'
 * time limits, the lateness probe and the load limit's waits. Its cancelled tasks leave its queue
 * at once (most of its tasks are deadlines cancelled because the work ended first).
 *
 * <p>One thread rather than one per use: such an executor wakes its thread only for a task due
 * before every other queued one. While attempts are in flight the probe's next run, at most 20 ms
 * away, is queued, so an attempt's limit (seconds away) joins the queue without waking anything; on
 * a timer of its own, each attempt woke the thread once or twice (ADR 0059).
 */
public final class DaemonTimer {
  /** The name of the shared timer's thread. */
  public static final String THREAD_NAME = "orchestrator-timer";

  private DaemonTimer() {}

  private static final class Holder {
    static final ScheduledExecutorService INSTANCE = create();
  }

  /** The shared timer. Never shut it down: every default orchestrator and client uses it. */
  public static ScheduledExecutorService shared() {
    return Holder.INSTANCE;
  }

  private static ScheduledExecutorService create() {
    ScheduledThreadPoolExecutor e =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, THREAD_NAME);
              t.setDaemon(true);
              return t;
            });
    e.setRemoveOnCancelPolicy(true);
    return e;
  }
}
