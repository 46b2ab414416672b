package dev.orchestrator.health.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.health.RetryBudget;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * The fleet's retry budget: retries may not exceed {@code max(minRetries, ratio × requests)} over
 * the window, counted across every process. Requests and retries are counted locally and added to
 * Redis in one batch per flush (never a round trip per request); each flush returns the fleet's
 * totals, which the next decisions use together with what is not flushed yet. While degraded, a
 * local {@link RetryBudget} (fed with every request all along) decides. Thread-safe.
 */
final class FleetBudget {
  private static final int SLOTS = 10;

  private final RetryBudget local;
  private final double ratio;
  private final int minRetries;
  private final long slotMillis;
  private final Clock clock;
  private final LongAdder pendingRequests = new LongAdder();
  private long pendingRetries;
  private long sendingRequests;
  private long sendingRetries;
  private long fleetRequests;
  private long fleetRetries;
  private long refreshedAt = Long.MIN_VALUE;

  FleetBudget(Ticker ticker, Clock clock, double ratio, int minRetries, Duration window) {
    this.local = new RetryBudget(ticker, ratio, minRetries, window);
    this.ratio = ratio;
    this.minRetries = minRetries;
    this.slotMillis = Math.max(1, window.toMillis() / SLOTS);
    this.clock = clock;
  }

  /** Counts one request (the hot path: two counter increments). */
  void recordRequest() {
    pendingRequests.increment();
    local.recordRequest();
  }

  /** Takes one retry: from the fleet's budget when {@code up}, else from the local one. */
  boolean tryAcquireRetry(boolean up) {
    if (!up) {
      return local.tryAcquireRetry();
    }
    synchronized (this) {
      long requests = fleetRequests + sendingRequests + pendingRequests.sum();
      long retries = fleetRetries + sendingRetries + pendingRetries;
      if (retries + 1 > Math.max(minRetries, (long) Math.floor(ratio * requests))) {
        return false;
      }
      pendingRetries++;
      return true;
    }
  }

  /**
   * Sends what was counted since the last flush, when there is something or the totals are older
   * than a slot, through {@code send} (slot, requests, retries, slots, ttl → {requests, retries}).
   */
  void flush(BooleanSupplier up, Sender send) {
    long now = clock.millis();
    long requests;
    long retries;
    synchronized (this) {
      if (!up.getAsBoolean() || sendingRequests != 0 || sendingRetries != 0) {
        return;
      }
      requests = pendingRequests.sumThenReset();
      retries = pendingRetries;
      if (requests == 0 && retries == 0 && now - refreshedAt < slotMillis) {
        return;
      }
      pendingRetries = 0;
      sendingRequests = requests;
      sendingRetries = retries;
    }
    send.send(
            String.valueOf(Math.floorDiv(now, slotMillis)),
            String.valueOf(requests),
            String.valueOf(retries),
            String.valueOf(SLOTS),
            String.valueOf(slotMillis * SLOTS * 2))
        .whenComplete(
            (totals, e) -> {
              synchronized (this) {
                sendingRequests = 0;
                sendingRetries = 0;
                if (e != null || totals == null || totals.size() != 2) {
                  pendingRequests.add(requests);
                  pendingRetries += retries;
                  return;
                }
                fleetRequests = totals.get(0);
                fleetRetries = totals.get(1);
                refreshedAt = now;
              }
            });
  }

  /** Runs the budget script. */
  @FunctionalInterface
  interface Sender {
    /** Sends one batch; completes with the fleet's {requests, retries}. */
    java.util.concurrent.CompletionStage<List<Long>> send(String... args);
  }
}
