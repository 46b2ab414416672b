package dev.orchestrator.serve.responses;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.engine.spi.StoredResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Stored responses in this process's memory (ADR 0029), forgotten on restart: a Caffeine cache
 * bounded by bytes (a weigher), entries and age ({@code expireAfterWrite}), read through the
 * server's clock so that tests move time by hand. Caffeine bounds a cache by one measure only: it
 * bounds the bytes, and each write then evicts the coldest entries (in Caffeine's own eviction
 * order) beyond {@code maxEntries}, so neither bound is ever passed. Eviction runs on the writing
 * thread. Thread-safe (writes are serialised; reads are not).
 */
public final class LocalResponseStore implements ResponseStore {
  private final Cache<String, StoredResponse> cache;
  private final long maxEntries;

  private LocalResponseStore(long maxEntries, long maxBytes, Duration ttl, Clock clock) {
    this.maxEntries = maxEntries;
    this.cache =
        Caffeine.newBuilder()
            .maximumWeight(maxBytes)
            .weigher(
                (String id, StoredResponse r) ->
                    (int) Math.min(Integer.MAX_VALUE, id.length() + r.bytes()))
            .expireAfterWrite(ttl)
            .ticker(() -> nanos(clock.instant()))
            .executor(Runnable::run)
            .build();
  }

  /**
   * A store of at most {@code maxEntries} responses and {@code maxBytes} bytes, each kept for
   * {@code ttl} after it was written, on {@code clock}'s time.
   *
   * @throws IllegalArgumentException naming a bound that is not positive
   */
  public static LocalResponseStore create(
      long maxEntries, long maxBytes, Duration ttl, Clock clock) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries: " + maxEntries + " (expected: >= 1)");
    }
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes: " + maxBytes + " (expected: >= 1)");
    }
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl: " + ttl + " (expected: > 0)");
    }
    return new LocalResponseStore(
        maxEntries, maxBytes, ttl, Objects.requireNonNull(clock, "clock"));
  }

  @Override
  public synchronized void put(String id, StoredResponse response) {
    cache.put(Objects.requireNonNull(id, "id"), Objects.requireNonNull(response, "response"));
    cache.cleanUp();
    long over = cache.estimatedSize() - maxEntries;
    if (over > 0) {
      cache.policy().eviction().ifPresent(e -> cache.invalidateAll(e.coldest((int) over).keySet()));
    }
  }

  @Override
  public StoredResponse get(String id) {
    return cache.getIfPresent(id);
  }

  @Override
  public boolean delete(String id) {
    return cache.asMap().remove(id) != null;
  }

  /** How many responses are held now (expired ones are removed first). */
  public long size() {
    cache.cleanUp();
    return cache.estimatedSize();
  }

  private static long nanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }
}
