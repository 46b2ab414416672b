package dev.orchestrator.serve.ops;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.failure.FailureCategory;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many requests {@code serve} runs on the engine at once: every worker thread while this
 * process keeps up, fewer while its own slowness makes attempts time out (docs/design.md §5, ADR
 * 0007).
 *
 * <p>A request that waits for a model costs no CPU, so the limit starts at the worker count and
 * stays there for model-bound traffic. When the machine is short of CPU, every request in flight
 * slows down together: the attempts' first-token and attempt limits fire on answers that already
 * arrived, every route looks as if it failed, and the retries and reconnects add load — a collapse
 * that outlives its cause. The limit avoids it by queueing: the requests beyond it wait in arrival
 * order, within their deadline, instead of competing for the CPU, so the time limits measure the
 * routes and not this machine's run queue.
 *
 * <p>Two signals together mean local overload: the process's timers run late (the orchestrator's
 * probe, {@link dev.orchestrator.engine.health.Lateness}, tells the limit how late each of its
 * timers ran, every few milliseconds while attempts are in flight: {@link #sample}) and attempts
 * time out (the limit listens to the orchestrator). Either alone is not: a slow route times out
 * with the machine idle, and another process may delay our timers while our requests wait on the
 * network. A window of {@value #WINDOW} samples with a sample at least {@value #LATE_MILLIS} ms
 * late and a timeout shrinks the limit to three quarters of the requests running (at least a
 * floor). Once {@value #HOLD} windows in a row were not overloaded, each window with requests
 * waiting raises it by {@value #GROWTH} (at most the worker count): the signals lag the load by
 * about an attempt's time limit, so the limit approaches the point where the machine saturates
 * slowly and backs off fast. Thread-safe.
 */
public final class LoadLimit implements OrchestratorListener {
  /** Samples per decision. */
  static final int WINDOW = 10;

  /** What a window with requests waiting adds to the limit (additive increase). */
  static final int GROWTH = 2;

  /** Windows after an overloaded one before the limit may grow again. */
  static final int HOLD = 5;

  /** A sample this late (ms) in a window with a timeout makes the window overloaded. */
  static final long LATE_MILLIS = 20;

  private final int max;
  private final int floor;
  private final Permits permits;
  private final AtomicInteger timeouts = new AtomicInteger();
  private int limit; // guarded by this
  private int samples; // guarded by this
  private long worstLateNanos; // guarded by this
  private int calm = HOLD; // windows since the last overloaded one; guarded by this

  private LoadLimit(int max, int floor) {
    this.max = max;
    this.floor = Math.min(max, floor);
    this.limit = max;
    this.permits = new Permits(max);
  }

  /**
   * A limit of at most {@code max} requests (the worker threads) on a machine of {@code cores}
   * processors; it never shrinks below {@code max(16, 8 × cores)} (nor above {@code max}).
   */
  public static LoadLimit of(int max, int cores) {
    if (max < 1 || cores < 1) {
      throw new IllegalArgumentException("max and cores must be positive: " + max + ", " + cores);
    }
    return new LoadLimit(max, Math.max(16, 8 * cores));
  }

  /**
   * Takes a place, waiting up to {@code wait} in arrival order.
   *
   * @return whether a place was taken; {@link #release()} gives it back
   */
  public boolean acquire(Duration wait) throws InterruptedException {
    // The timed form even for no wait: the untimed tryAcquire() would jump the queue.
    return permits.tryAcquire(Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
  }

  /** Gives back a place taken by {@link #acquire}. */
  public void release() {
    permits.release();
  }

  /** Counts the attempts that timed out, one of the two signals. */
  @Override
  public void onAttempt(String model, AttemptRecord attempt) {
    if (attempt.category() == FailureCategory.TIMEOUT) {
      timeouts.incrementAndGet();
    }
  }

  /**
   * One sample: the probe's timer ran {@code lateNanos} late. Every {@value #WINDOW} samples the
   * limit may move.
   */
  public synchronized void sample(long lateNanos) {
    worstLateNanos = Math.max(worstLateNanos, lateNanos);
    if (++samples < WINDOW) {
      return;
    }
    boolean timedOut = timeouts.getAndSet(0) > 0;
    if (timedOut && worstLateNanos >= TimeUnit.MILLISECONDS.toNanos(LATE_MILLIS)) {
      int running = limit - permits.availablePermits();
      resize(Math.max(floor, Math.min(limit, running) * 3 / 4));
      calm = 0;
    } else if (++calm >= HOLD && permits.hasQueuedThreads()) {
      resize(Math.min(max, limit + GROWTH));
    }
    samples = 0;
    worstLateNanos = 0;
  }

  private void resize(int next) {
    if (next > limit) {
      permits.release(next - limit);
    } else if (next < limit) {
      permits.reduce(limit - next); // places in use are not taken back; they return on release
    }
    limit = next;
  }

  /** The current limit. */
  public synchronized int limit() {
    return limit;
  }

  /** Requests waiting for a place now. */
  public int waiting() {
    return permits.getQueueLength();
  }

  /** A fair semaphore that can give up permits it has not handed out yet. */
  private static final class Permits extends Semaphore {
    private static final long serialVersionUID = 1L;

    Permits(int n) {
      super(n, true);
    }

    void reduce(int n) {
      reducePermits(n);
    }
  }
}
