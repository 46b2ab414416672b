package dev.orchestrator.engine.health;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.internal.DaemonTimer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * How late this process's own timers run: the evidence that a time limit which fired was this
 * process's slowness and not its route's (docs/design.md §5, ADR 0056).
 *
 * <p>A probe — a timer due every {@value #PERIOD_MILLIS} ms — records how late it ran, while at
 * least one attempt is in flight ({@link #attemptStarted()}, {@link #attemptEnded()}): an idle
 * process runs no timer for it. A sample says that for so long no timer of this process could run;
 * its answers, its reads and its parsing waited as long. {@link #explains} judges a time limit that
 * fired now: the process's own when the probe was overdue, summed over the limit's last span (the
 * sample still due included), for at least {@link #SHARE} of that span. On an idle machine the
 * probe runs a fraction of a millisecond late and no limit is explained.
 *
 * <p>Time is the injected {@link Ticker}; the probe's timer runs on the injected scheduler. {@link
 * #unprobed} keeps only what {@link #record} is told (a test's fake time, a caller's own probe).
 * Thread-safe.
 */
public final class Lateness {
  /** The probe's period. */
  public static final long PERIOD_MILLIS = 20;

  /**
   * The share of a limit's span for which the probe must have been overdue for the limit to be the
   * process's own.
   */
  public static final double SHARE = 0.25;

  /** Samples kept: about ten seconds of the probe. */
  static final int SAMPLES = 512;

  private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);

  /** {@link #due} while the probe is not armed. */
  private static final long UNARMED = Long.MIN_VALUE;

  private final Ticker ticker;
  private final ScheduledExecutorService scheduler; // null: unprobed
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicBoolean armed = new AtomicBoolean();
  private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
  private final long[] at = new long[SAMPLES]; // guarded by this
  private final long[] late = new long[SAMPLES]; // guarded by this
  private int next; // guarded by this
  private int size; // guarded by this
  private volatile long due = UNARMED; // the probe's next due time, or UNARMED

  private Lateness(Ticker ticker, ScheduledExecutorService scheduler) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.scheduler = scheduler;
  }

  /** A probe on {@code scheduler}, measured on {@code ticker}. */
  public static Lateness probing(Ticker ticker, ScheduledExecutorService scheduler) {
    return new Lateness(ticker, Objects.requireNonNull(scheduler, "scheduler"));
  }

  /** No probe: only what {@link #record} is told counts, on {@code ticker}. */
  public static Lateness unprobed(Ticker ticker) {
    return new Lateness(ticker, null);
  }

  /**
   * The lateness an orchestrator on {@code ticker} measures unless told otherwise: a probe on one
   * shared daemon timer for the system ticker; none for any other, since a timer's lateness on a
   * ticker that is not the wall's says nothing (a test's fake time jumps as the test moves it).
   */
  public static Lateness defaultFor(Ticker ticker) {
    return ticker == Ticker.systemTicker()
        ? probing(ticker, DaemonTimer.shared())
        : unprobed(ticker);
  }

  /** An attempt is in flight: the probe runs until none is. */
  public void attemptStarted() {
    if (inFlight.getAndIncrement() == 0) {
      arm();
    }
  }

  /** An attempt {@linkplain #attemptStarted() started} has ended. */
  public void attemptEnded() {
    inFlight.decrementAndGet();
  }

  private void arm() {
    if (scheduler != null && armed.compareAndSet(false, true)) {
      due = ticker.read() + PERIOD_NANOS;
      schedule();
    }
  }

  private void schedule() {
    try {
      scheduler.schedule(this::tick, PERIOD_NANOS, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException stopping) {
      disarm();
    }
  }

  private void disarm() {
    due = UNARMED; // before the flag, so that the due time of an arm() that follows stands
    armed.set(false);
  }

  /** The probe's timer: how late it ran; again in a period while an attempt is in flight. */
  private void tick() {
    long now = ticker.read();
    long lateNanos = Math.max(0, now - due);
    // The next due time first: the sample is never counted twice, as recorded and as pending.
    boolean again = inFlight.get() > 0;
    if (again) {
      due = now + PERIOD_NANOS;
    } else {
      disarm();
    }
    record(lateNanos);
    for (LongConsumer l : listeners) {
      try {
        l.accept(lateNanos);
      } catch (RuntimeException e) {
        // A listener's failure must not stop the probe.
      }
    }
    if (again) {
      schedule();
    } else if (inFlight.get() > 0) {
      arm(); // an attempt started between the check and the disarm
    }
  }

  /** A timer of this process ran {@code lateNanos} late; it ran now. */
  public synchronized void record(long lateNanos) {
    at[next] = ticker.read();
    late[next] = Math.max(0, lateNanos);
    next = (next + 1) % SAMPLES;
    size = Math.min(SAMPLES, size + 1);
  }

  /**
   * How long this process's timers were overdue within the last {@code span}: the samples recorded
   * in it and the probe's pending lateness, at most {@code span}.
   */
  public Duration overdue(Duration span) {
    long s = span.toNanos();
    long now = ticker.read();
    long d = due;
    long sum = d == UNARMED ? 0 : Math.max(0, now - d);
    synchronized (this) {
      for (int k = 1; k <= size && sum < s; k++) {
        int i = Math.floorMod(next - k, SAMPLES);
        if (now - at[i] > s) {
          break;
        }
        sum += late[i];
      }
    }
    return Duration.ofNanos(Math.min(sum, s));
  }

  /**
   * Whether this process's own lateness explains a time limit of {@code span} that fired now: its
   * timers were overdue, within that span, for at least {@link #SHARE} of it.
   */
  public boolean explains(Duration span) {
    return span.toNanos() > 0 && overdue(span).toNanos() >= (long) (SHARE * span.toNanos());
  }

  /**
   * Tells {@code listener} how late each of the probe's timers ran, in nanoseconds, on the probe's
   * thread (serve's load limit reads them); closing the returned subscription stops it.
   */
  public Subscription onSample(LongConsumer listener) {
    Objects.requireNonNull(listener, "listener");
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /** A listener's place among the probe's; closing it removes the listener. */
  @FunctionalInterface
  public interface Subscription extends AutoCloseable {
    @Override
    void close();
  }
}
