package dev.orchestrator.health.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A wall clock and a ticker that move together, only when told: several stores in one test share
 * one, like processes sharing real time. Starts at the real time so Redis TTLs stay sensible.
 * Thread-safe.
 */
final class ManualTime extends Clock implements Ticker {
  private final long wallStart = System.currentTimeMillis();
  private final AtomicLong elapsed = new AtomicLong();

  /** Moves both clocks forward. */
  void advance(Duration d) {
    elapsed.addAndGet(d.toNanos());
  }

  @Override
  public long read() {
    return 5_000_000_000L + elapsed.get();
  }

  @Override
  public long millis() {
    return wallStart + elapsed.get() / 1_000_000L;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("withZone");
  }
}
