package dev.orchestrator.engine.testing;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.Sleeper;
import dev.orchestrator.engine.spi.Cancellation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker and a sleeper sharing one fake clock: sleeping advances time, nothing waits. */
public final class FakeTime implements Ticker, Sleeper {
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  private final List<Long> sleeps = new ArrayList<>();

  @Override
  public long read() {
    return nanos.get();
  }

  @Override
  public synchronized void sleep(long n, Cancellation cancellation) {
    sleeps.add(n);
    nanos.addAndGet(n);
  }

  /** Moves time forward. */
  public void advance(Duration d) {
    nanos.addAndGet(d.toNanos());
  }

  /** A UTC calendar clock that reads {@code start} now and moves with this time. */
  public Clock clock(Instant start) {
    long origin = nanos.get();
    return new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return start.plusNanos(nanos.get() - origin);
      }
    };
  }

  /** Every sleep requested so far, in nanoseconds. */
  public synchronized List<Long> sleeps() {
    return List.copyOf(sleeps);
  }
}
