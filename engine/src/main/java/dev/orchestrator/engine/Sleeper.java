package dev.orchestrator.engine;

import dev.orchestrator.engine.spi.Cancellation;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits between attempts. Injected so that tests drive time without sleeping; the system sleeper
 * wakes early when the request is cancelled. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface Sleeper {
  /**
   * Waits {@code nanos}, or less when {@code cancellation} fires.
   *
   * @throws InterruptedException when the thread is interrupted
   */
  void sleep(long nanos, Cancellation cancellation) throws InterruptedException;

  /** The real sleeper: parks the thread, and is unparked by a cancel. */
  static Sleeper system() {
    return (nanos, cancellation) -> {
      Thread t = Thread.currentThread();
      long end = System.nanoTime() + nanos;
      Cancellation.Registration r = cancellation.onCancel(() -> LockSupport.unpark(t));
      try {
        long left;
        while ((left = end - System.nanoTime()) > 0 && !cancellation.isCancelled()) {
          LockSupport.parkNanos(left);
          if (Thread.interrupted()) {
            throw new InterruptedException();
          }
        }
      } finally {
        r.close();
      }
    };
  }
}
