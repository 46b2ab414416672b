package dev.orchestrator.benchmarks.routing;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.Sleeper;
import dev.orchestrator.engine.spi.Cancellation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The benchmark's simulated time. Each request starts at its own arrival time ({@link #start}),
 * whatever other requests would still be in flight then, so a burst hits the upstreams' limits at
 * once, as concurrent agents do; during the request the upstream advances the clock by each
 * answer's time to first token and generation, and the orchestrator's waits advance it too, so the
 * orchestrator measures simulated latencies. The orchestrator reads it as its ticker and waits on
 * it as its sleeper. Requests run one at a time: what one changes (health, limits, observations) is
 * seen by every request that arrives after it — the simplification that makes a day run in a
 * minute, the same way for every router. {@link #wall} is the same time as a wall clock, the day
 * starting at {@link #DAY_STARTS}. Thread-safe.
 */
final class SimClock implements Ticker, Sleeper {
  /** The wall-clock time of simulated time zero. */
  static final Instant DAY_STARTS = Instant.parse("2026-12-01T00:00:00Z");

  private final AtomicLong base = new AtomicLong();
  private final AtomicLong offset = new AtomicLong();

  @Override
  public long read() {
    return base.get() + offset.get();
  }

  @Override
  public void sleep(long n, Cancellation cancellation) {
    advance(n);
  }

  void advance(long n) {
    if (n > 0) {
      offset.addAndGet(n);
    }
  }

  void advance(Duration d) {
    advance(d.toNanos());
  }

  /** Starts a request arriving at {@code arrival} (never before an earlier arrival). */
  void start(long arrival) {
    base.accumulateAndGet(arrival, Math::max);
    offset.set(0);
  }

  /** The simulated time as a wall clock (UTC). */
  Clock wall() {
    return new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the simulated clock runs in UTC");
      }

      @Override
      public Instant instant() {
        return DAY_STARTS.plusNanos(read());
      }
    };
  }

  /** The simulated time the current request has taken so far. */
  long elapsed() {
    return offset.get();
  }
}
