package dev.orchestrator.providers;

import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ManualTimer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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

  /** The thread {@link #drive} and its kin run the call on. */
  private static final String ATTEMPT_THREAD = "attempt-under-fake-time";

  private final FakeTime time;
  private final ManualTimer timer;
  private volatile int scheduledAtLastRead = -1;
  private final AtomicLong attemptReads = new AtomicLong();

  public ManualScheduler(FakeTime time) {
    this.time = time;
    this.timer = new ManualTimer(time);
  }

  /** The fake time the tasks are due on. */
  FakeTime time() {
    return time;
  }

  /**
   * Clients whose attempt limits run on this scheduler and its fake time, read through {@link
   * #awaitTimeReadAfter}'s note.
   */
  HttpProviderClients clients() {
    return HttpProviderClients.builder()
        .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
        .ticker(
            () -> {
              scheduledAtLastRead = timer.scheduled();
              if (Thread.currentThread().getName().equals(ATTEMPT_THREAD)) {
                attemptReads.incrementAndGet();
              }
              return time.read();
            })
        .scheduler(this)
        .build();
  }

  /** How many tasks were ever scheduled. */
  int scheduled() {
    return timer.scheduled();
  }

  /**
   * Waits (spinning, bounded) until the time was read after the {@code n}th task was scheduled: the
   * attempt did something it measures (a body's bytes counted) since it armed that task. Only for
   * {@link #clients()}.
   */
  void awaitTimeReadAfter(int n) {
    long deadline = System.nanoTime() + PATIENCE_NANOS;
    while (scheduledAtLastRead < n) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("the time was not read after task " + n + " was scheduled");
      }
      LockSupport.parkNanos(100_000);
    }
  }

  /** The tasks scheduled, not run and not cancelled. */
  public int pending() {
    return timer.pending();
  }

  /** Runs every task due at the current fake time, including those they schedule due now. */
  public void runDue() {
    timer.runDue();
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
    CompletableFuture<AttemptOutcome> running = start(call);
    awaitScheduled(arms);
    return steps(running, step);
  }

  /**
   * {@link #drive}, the time moving only once the attempt has also read it after arming its {@code
   * arms}th task ({@link #awaitTimeReadAfter}): for a verdict that depends on what arrived in the
   * phase under test, such as a body's first bytes counted before the total limit passes. Only with
   * {@link #clients()}.
   */
  AttemptOutcome driveOnceRead(Supplier<AttemptOutcome> call, int arms, Duration step)
      throws Exception {
    CompletableFuture<AttemptOutcome> running = start(call);
    awaitScheduled(arms);
    awaitTimeReadAfter(arms);
    return steps(running, step);
  }

  /** Moves the time by {@code step} and runs what is due until {@code running} is done. */
  private AttemptOutcome steps(CompletableFuture<AttemptOutcome> running, Duration step)
      throws Exception {
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

  /**
   * {@link #drive}, in step with the attempt: after each move of the time it waits (bounded) until
   * the attempt's thread has read the time again — it took in what the move let the upstream send —
   * or the call returned. For an upstream that sends something each time the fake time moves, and
   * only with {@link #clients()}: however slowly a loaded machine runs the attempt, the time never
   * runs ahead of what it has read.
   */
  AttemptOutcome driveInStep(Supplier<AttemptOutcome> call, int arms, Duration step)
      throws Exception {
    CompletableFuture<AttemptOutcome> running = start(call);
    awaitScheduled(arms);
    long deadline = System.nanoTime() + PATIENCE_NANOS;
    while (!running.isDone()) {
      long reads = attemptReads.get();
      time.advance(step);
      runDue();
      while (attemptReads.get() == reads && !running.isDone()) {
        if (System.nanoTime() - deadline > 0) {
          throw new AssertionError("the attempt did not end; fake time " + time.read());
        }
        LockSupport.parkNanos(100_000);
      }
    }
    return running.get();
  }

  /**
   * Runs {@code call} on another thread; once {@code arms} tasks were scheduled, moves the fake
   * time straight to the due point of the next pending task and runs what is due, again and again
   * until the call returns. While no task is pending the time stands still, so it never runs ahead
   * of a slow attempt's thread: when the call returns, the time reads the deadline that ended it,
   * however loaded the machine.
   */
  AttemptOutcome driveToDeadlines(Supplier<AttemptOutcome> call, int arms) throws Exception {
    CompletableFuture<AttemptOutcome> running = start(call);
    awaitScheduled(arms);
    long deadline = System.nanoTime() + PATIENCE_NANOS;
    while (!running.isDone()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("the attempt did not end; fake time " + time.read());
      }
      long wait = timer.nextDue() - time.read();
      if (wait > 0) {
        time.advance(Duration.ofNanos(wait));
      }
      runDue();
      LockSupport.parkNanos(1_000_000);
    }
    return running.get();
  }

  private static CompletableFuture<AttemptOutcome> start(Supplier<AttemptOutcome> call) {
    CompletableFuture<AttemptOutcome> running = new CompletableFuture<>();
    Thread t = new Thread(() -> running.complete(call.get()), ATTEMPT_THREAD);
    t.setDaemon(true);
    t.start();
    return running;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    return timer.schedule(command, delay, unit);
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
}
