package dev.orchestrator.providers;

import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A scheduler on {@link FakeTime}: a task runs only when a test calls {@link #runDue()} after
 * moving the time past its due point. With it, an attempt's limits fire exactly when the test says,
 * however loaded the machine. Thread-safe.
 */
public final class ManualScheduler extends AbstractExecutorService
    implements ScheduledExecutorService {
  /** How long a test waits for the attempt's thread before it fails (wall clock, never slept). */
  private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(20);

  private final FakeTime time;
  private final List<Task> tasks = new ArrayList<>();
  private int scheduled;

  public ManualScheduler(FakeTime time) {
    this.time = time;
  }

  /** The fake time the tasks are due on. */
  FakeTime time() {
    return time;
  }

  /** Clients whose attempt limits run on this scheduler and its fake time. */
  HttpProviderClients clients() {
    return HttpProviderClients.builder()
        .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
        .ticker(time)
        .scheduler(this)
        .build();
  }

  /** How many tasks were ever scheduled. */
  synchronized int scheduled() {
    return scheduled;
  }

  /** The tasks scheduled, not run and not cancelled. */
  public synchronized int pending() {
    return (int) tasks.stream().filter(t -> !t.isCancelled()).count();
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

  /** Waits (spinning, bounded) until at least {@code n} tasks were scheduled. */
  void awaitScheduled(int n) {
    long deadline = System.nanoTime() + PATIENCE_NANOS;
    while (scheduled() < n) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("scheduled " + scheduled() + " tasks, expected " + n);
      }
      LockSupport.parkNanos(100_000);
    }
  }

  /**
   * Runs {@code call} on another thread; once {@code arms} tasks were scheduled (the attempt is in
   * the phase under test), moves the fake time by {@code step} and runs what is due until the call
   * returns.
   */
  AttemptOutcome drive(Supplier<AttemptOutcome> call, int arms, Duration step) throws Exception {
    CompletableFuture<AttemptOutcome> running = new CompletableFuture<>();
    Thread t = new Thread(() -> running.complete(call.get()), "attempt-under-fake-time");
    t.setDaemon(true);
    t.start();
    awaitScheduled(arms);
    long deadline = System.nanoTime() + PATIENCE_NANOS;
    while (!running.isDone()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("the attempt did not end; fake time " + time.read());
      }
      time.advance(step);
      runDue();
      LockSupport.parkNanos(1_000_000);
    }
    return running.get();
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Task t = new Task(command, time.read() + unit.toNanos(delay));
    tasks.add(t);
    scheduled++;
    return t;
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
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
