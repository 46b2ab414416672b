package dev.orchestrator.engine.load;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.internal.DaemonTimer;
import dev.orchestrator.engine.spi.Cancellation;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many requests an orchestrator runs at once: all of them while this process keeps up, fewer
 * while its own slowness makes attempts time out (docs/design.md §5, ADR 0058).
 *
 * <p>A request that waits for a model costs no CPU, so by default the limit starts unbounded and
 * stays so for model-bound traffic: nothing waits until the process is overloaded. When the machine
 * is short of CPU, every request in flight slows down together: the attempts' first-token and
 * attempt limits fire on answers that already arrived, every route looks as if it failed, and the
 * retries and reconnects add load, a collapse that outlives its cause. The limit avoids it by
 * queueing: the requests beyond it wait in arrival order, within their deadline, instead of
 * competing for the CPU, so the time limits measure the routes and not this machine's run queue.
 *
 * <p>Two signals together mean local overload: the process's timers run late (the orchestrator's
 * probe, {@link dev.orchestrator.engine.health.Lateness}, tells the limit how late each of its
 * timers ran, every few milliseconds while attempts are in flight: {@link #sample}) and attempts
 * time out ({@link #timedOut}). Either alone is not: a slow route times out with the machine idle,
 * and another process may delay our timers while our requests wait on the network. A window of
 * {@value #WINDOW} samples with a sample at least {@value #LATE_MILLIS} ms late and a timeout
 * shrinks the limit to three quarters of the requests running (at least the floor, {@code max(16, 8
 * × cores)}). Once {@value #HOLD} windows in a row were not overloaded, each window with requests
 * waiting raises it by {@value #GROWTH} (at most the maximum): the signals lag the load by about an
 * attempt's time limit, so the limit approaches the point where the machine saturates slowly and
 * backs off fast.
 *
 * <p>A request takes a {@link Place} with {@link #enter} and gives it back by closing it. Time is
 * the injected {@link Ticker}; the timer that ends a wait at its deadline runs on the injected
 * scheduler. Thread-safe.
 */
public final class LoadLimit {
  /** Samples per decision. */
  public static final int WINDOW = 10;

  /** What a window with requests waiting adds to the limit (additive increase). */
  public static final int GROWTH = 2;

  /** Windows after an overloaded one before the limit may grow again. */
  public static final int HOLD = 5;

  /** A sample this late (ms) in a window with a timeout makes the window overloaded. */
  public static final long LATE_MILLIS = 20;

  /** A maximum that never limits: the default, for model-bound traffic of any size. */
  public static final int UNBOUNDED = Integer.MAX_VALUE;

  private static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(LATE_MILLIS);

  private final boolean on;
  private final int max;
  private final int floor;
  private final Ticker ticker;
  private final ScheduledExecutorService scheduler;
  private final AtomicInteger timeouts = new AtomicInteger();
  private final ArrayDeque<Waiter> queue = new ArrayDeque<>(); // guarded by this
  private int limit; // guarded by this
  private int running; // guarded by this
  private int samples; // guarded by this
  private long worstLateNanos; // guarded by this
  private int calm = HOLD; // windows since the last overloaded one; guarded by this

  private LoadLimit(
      boolean on, int max, int floor, Ticker ticker, ScheduledExecutorService scheduler) {
    this.on = on;
    this.max = max;
    this.floor = Math.min(max, floor);
    this.limit = max;
    this.ticker = ticker;
    this.scheduler = scheduler;
  }

  /**
   * An adaptive limit of at most {@code max} requests ({@link #UNBOUNDED} for none) on a machine of
   * {@code cores} processors; it never shrinks below {@code max(16, 8 × cores)} (nor above {@code
   * max}). A wait ends at its deadline on {@code ticker}, by a timer on {@code scheduler}.
   */
  public static LoadLimit adaptive(
      int max, int cores, Ticker ticker, ScheduledExecutorService scheduler) {
    if (max < 1 || cores < 1) {
      throw new IllegalArgumentException("max and cores must be positive: " + max + ", " + cores);
    }
    return new LoadLimit(
        true,
        max,
        Math.max(16, 8 * cores),
        Objects.requireNonNull(ticker, "ticker"),
        Objects.requireNonNull(scheduler, "scheduler"));
  }

  /**
   * The limit an orchestrator on {@code ticker} runs unless told otherwise: adaptive, {@link
   * #UNBOUNDED} until the process is overloaded, with this machine's processors, its waits timed on
   * the project's shared timer thread ({@code orchestrator-timer}).
   */
  public static LoadLimit defaultFor(Ticker ticker) {
    return adaptive(
        UNBOUNDED, Runtime.getRuntime().availableProcessors(), ticker, DaemonTimer.shared());
  }

  /** No limit: every request runs at once, whatever the load (the library before ADR 0058). */
  public static LoadLimit off() {
    return new LoadLimit(false, UNBOUNDED, UNBOUNDED, Ticker.systemTicker(), null);
  }

  /** Whether this limit ever makes a request wait ({@code false} for {@link #off()}). */
  public boolean isOn() {
    return on;
  }

  /**
   * Takes a place, waiting in arrival order at most {@code wait} (on the ticker) and only until
   * {@code cancellation} fires. A request that finds a place free and nobody waiting takes it at
   * once, whatever {@code wait}.
   *
   * @return the place, to be {@linkplain Place#close() closed} when the request ends; {@code null}
   *     when none came free within {@code wait} or {@code cancellation} fired first
   * @throws InterruptedException when the thread is interrupted while it waits (no place is held)
   */
  public Place enter(Duration wait, Cancellation cancellation) throws InterruptedException {
    Objects.requireNonNull(cancellation, "cancellation");
    if (!on) {
      return new Place(null);
    }
    long nanos = Math.max(0, wait.toNanos());
    Waiter w;
    synchronized (this) {
      admit(); // drops the waits that ended, so that none of them holds up a free place
      if (queue.isEmpty() && running < limit) {
        running++;
        return new Place(this);
      }
      if (nanos == 0 || cancellation.isCancelled()) {
        return null;
      }
      w = new Waiter(ticker.read() + nanos);
      queue.add(w);
    }
    Cancellation.Registration hook = cancellation.onCancel(() -> w.complete(false));
    w.arm();
    try {
      return w.get() ? new Place(this) : null;
    } catch (InterruptedException e) {
      if (!w.complete(false) && w.join()) {
        release(); // a place came free as the thread was interrupted: nobody will close it
      }
      throw e;
    } catch (ExecutionException e) {
      throw new IllegalStateException("a wait for a place never fails", e);
    } finally {
      hook.close();
      w.disarm();
      synchronized (this) {
        queue.remove(w);
      }
    }
  }

  /** Gives back a place; the first in line takes it when the limit allows. */
  private synchronized void release() {
    running--;
    admit();
  }

  /**
   * Hands free places to the requests waiting, first come first served, and drops the waits that
   * ended meanwhile.
   */
  private void admit() {
    while (running < limit && !queue.isEmpty()) {
      if (queue.poll().complete(true)) {
        running++;
      }
    }
  }

  /** An attempt timed out: one of the two signals (the orchestrator tells every timeout). */
  public void timedOut() {
    timeouts.incrementAndGet();
  }

  /**
   * One sample: the probe's timer ran {@code lateNanos} late. Every {@value #WINDOW} samples the
   * limit may move.
   */
  public synchronized void sample(long lateNanos) {
    if (!on) {
      return;
    }
    worstLateNanos = Math.max(worstLateNanos, lateNanos);
    if (++samples < WINDOW) {
      return;
    }
    boolean timedOut = timeouts.getAndSet(0) > 0;
    if (timedOut && worstLateNanos >= LATE_NANOS) {
      resize(Math.max(floor, (int) ((long) Math.min(limit, running) * 3 / 4)));
      calm = 0;
    } else if (++calm >= HOLD && !queue.isEmpty()) {
      resize((int) Math.min(max, (long) limit + GROWTH));
    }
    samples = 0;
    worstLateNanos = 0;
  }

  private void resize(int next) {
    limit = next; // places in use above it are not taken back; they return when closed
    admit();
  }

  /** The current limit ({@link #UNBOUNDED} while nothing has lowered it, and when off). */
  public synchronized int limit() {
    return limit;
  }

  /** The requests holding a place now (0 when off: nothing is counted). */
  public synchronized int running() {
    return running;
  }

  /** Requests waiting for a place now. */
  public synchronized int waiting() {
    return queue.size();
  }

  /**
   * A request's place under the limit: held from {@link #enter} until closed. Closing it twice
   * gives it back once. Thread-safe.
   */
  public static final class Place implements AutoCloseable {
    private final LoadLimit limit; // null: a place of a limit that is off
    private final AtomicBoolean open = new AtomicBoolean(true);

    private Place(LoadLimit limit) {
      this.limit = limit;
    }

    /** Gives the place back. */
    @Override
    public void close() {
      if (open.compareAndSet(true, false) && limit != null) {
        limit.release();
      }
    }
  }

  /**
   * One request waiting: completed {@code true} when it is handed a place, {@code false} when its
   * deadline passed or it was cancelled first; whichever completes first decides.
   */
  private final class Waiter extends CompletableFuture<Boolean> {
    private final long until;
    private volatile Future<?> timer;

    Waiter(long until) {
      this.until = until;
    }

    /** Arms the timer that ends the wait when the ticker reads {@link #until}. */
    void arm() {
      long delay = until - ticker.read();
      if (delay <= 0) {
        complete(false);
        return;
      }
      try {
        Future<?> t = scheduler.schedule(this::due, delay, TimeUnit.NANOSECONDS);
        timer = t;
        if (isDone()) {
          t.cancel(false); // ended as it was armed again: disarm() may have missed this timer
        }
      } catch (RejectedExecutionException stopped) {
        // No timer could end the wait: let the request run above the limit rather than wait
        // with no deadline.
        overflow(this);
      }
    }

    /** The timer: the deadline is the ticker's, so a timer that ran early waits the rest. */
    private void due() {
      if (!isDone()) {
        arm();
      }
    }

    void disarm() {
      Future<?> t = timer;
      if (t != null) {
        t.cancel(false);
      }
    }
  }

  /** Hands {@code w} a place above the limit. */
  private synchronized void overflow(Waiter w) {
    if (w.complete(true)) {
      running++;
    }
  }
}
