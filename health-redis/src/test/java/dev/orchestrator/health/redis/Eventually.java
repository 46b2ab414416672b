package dev.orchestrator.health.redis;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits for something another connection makes true (a push arriving, a reconnect, a Redis key
 * expiring): polls with short parks up to a generous bound, then fails naming what was awaited.
 */
final class Eventually {
  private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(15);

  private Eventually() {}

  /**
   * Polls {@code condition} until true.
   *
   * @return the nanoseconds it took
   */
  static long await(String what, BooleanSupplier condition) {
    long start = System.nanoTime();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - start > BOUND_NANOS) {
        throw new AssertionError("not within 15 s: " + what);
      }
      LockSupport.parkNanos(50_000);
    }
    return System.nanoTime() - start;
  }
}
