package dev.orchestrator.engine.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Delayed;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler on {@link FakeTime}: a task scheduled with {@link #schedule(Runnable, long,
 * TimeUnit)} runs only when a test calls {@link #runDue()} after moving the time past its due
 * point. Nothing runs on a thread of its own. Thread-safe.
 */
public final class ManualTimer extends ScheduledThreadPoolExecutor {
  private final FakeTime time;
  private final List<Task> tasks = new ArrayList<>();
  private volatile int scheduled; // written under this

  /** A timer on {@code time}. */
  public ManualTimer(FakeTime time) {
    super(1);
    this.time = time;
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Task t = new Task(command, time.read() + unit.toNanos(delay));
    tasks.add(t);
    scheduled++;
    return t;
  }

  /** How many tasks were ever scheduled (read without a lock). */
  public int scheduled() {
    return scheduled;
  }

  /** The due point of the earliest pending task, or the current time when none is pending. */
  public synchronized long nextDue() {
    long now = time.read();
    Long next = null;
    for (Task t : tasks) {
      if (!t.isCancelled() && (next == null || t.due - next < 0)) {
        next = t.due;
      }
    }
    return next == null ? now : next;
  }

  /** The tasks scheduled, neither run nor cancelled. */
  public synchronized int pending() {
    tasks.removeIf(Task::isCancelled);
    return tasks.size();
  }

  /** Runs every task due at the current fake time, including those they schedule due now. */
  public void runDue() {
    while (true) {
      Task next = null;
      synchronized (this) {
        tasks.removeIf(Task::isCancelled);
        for (Task t : tasks) {
          if (t.due - time.read() <= 0) {
            next = t;
            break;
          }
        }
        if (next == null) {
          return;
        }
        tasks.remove(next);
      }
      next.run();
    }
  }

  /** A task due at a fake instant. */
  private final class Task extends FutureTask<Object> implements ScheduledFuture<Object> {
    final long due;

    Task(Runnable r, long due) {
      super(r, null);
      this.due = due;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(due - time.read(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed o) {
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
    }
  }
}
