package dev.orchestrator.engine.internal;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The project's shared timers: a {@link ScheduledThreadPoolExecutor} of one daemon thread whose
 * cancelled tasks leave its queue at once (most of its tasks are deadlines that are cancelled
 * because the work ended first). Stateless.
 */
public final class DaemonTimer {
  private DaemonTimer() {}

  /** A one-thread scheduler whose thread, named {@code name}, is a daemon. */
  public static ScheduledExecutorService named(String name) {
    ScheduledThreadPoolExecutor e =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, name);
              t.setDaemon(true);
              return t;
            });
    e.setRemoveOnCancelPolicy(true);
    return e;
  }
}
