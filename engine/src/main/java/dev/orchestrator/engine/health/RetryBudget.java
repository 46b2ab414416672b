package dev.orchestrator.engine.health;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Objects;

/**
 * A process-wide cap on same-route retries: over a sliding window, retries may not exceed {@code
 * max(minRetries, ratio × requests)}, so an outage cannot multiply the load on a provider.
 * Thread-safe.
 */
public final class RetryBudget {
  private static final int BUCKETS = 10;
  private final Ticker ticker;
  private final double ratio;
  private final int minRetries;
  private final long bucketNanos;
  private final long[] requests = new long[BUCKETS];
  private final long[] retries = new long[BUCKETS];
  private final long[] bucketStart = new long[BUCKETS];

  /** A budget over {@code window}, allowing {@code ratio} retries per request. */
  public RetryBudget(Ticker ticker, double ratio, int minRetries, Duration window) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.ratio = ratio;
    this.minRetries = minRetries;
    this.bucketNanos = Math.max(1, window.toNanos() / BUCKETS);
  }

  /** The default budget: 0.2 retries per request, at least 10, over 10 s. */
  public static RetryBudget defaults(Ticker ticker) {
    return new RetryBudget(ticker, 0.2, 10, Duration.ofSeconds(10));
  }

  /** Counts one request. */
  public synchronized void recordRequest() {
    requests[bucket(ticker.read())]++;
  }

  /** Takes one retry from the budget; {@code false} when the budget is spent. */
  public synchronized boolean tryAcquireRetry() {
    long now = ticker.read();
    int b = bucket(now);
    long req = 0;
    long ret = 0;
    for (int i = 0; i < BUCKETS; i++) {
      req += requests[i];
      ret += retries[i];
    }
    if (ret + 1 > Math.max(minRetries, (long) Math.floor(ratio * req))) {
      return false;
    }
    retries[b]++;
    return true;
  }

  private int bucket(long now) {
    long slot = Math.floorDiv(now, bucketNanos);
    int b = (int) Math.floorMod(slot, (long) BUCKETS);
    long start = slot * bucketNanos;
    if (bucketStart[b] != start) {
      // Expire every bucket older than the window, then claim this one.
      for (int i = 0; i < BUCKETS; i++) {
        if (now - bucketStart[i] >= bucketNanos * BUCKETS) {
          requests[i] = 0;
          retries[i] = 0;
        }
      }
      bucketStart[b] = start;
      requests[b] = 0;
      retries[b] = 0;
    }
    return b;
  }
}
