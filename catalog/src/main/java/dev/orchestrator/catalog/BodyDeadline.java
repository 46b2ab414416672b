package dev.orchestrator.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Reads a response body within a deadline. The JDK client's request timeout covers only the
 * headers; a body trickling in would otherwise block a refresh (and the pool thread running it)
 * without bound. At the deadline the reading thread is interrupted and the stream closed; the
 * interrupt is cleared again before returning, so it never leaks into the caller. Stateless.
 */
final class BodyDeadline {
  private BodyDeadline() {}

  /**
   * Reads up to {@code max} bytes, or returns {@code null} when the deadline ({@link
   * System#nanoTime()} based) passed first.
   *
   * @throws IOException when the body fails for another reason
   */
  static byte[] read(InputStream in, int max, long deadlineNanos) throws IOException {
    Thread reader = Thread.currentThread();
    Object lock = new Object();
    boolean[] state = new boolean[2]; // [0] read finished, [1] timed out
    CompletableFuture<Void> guard =
        CompletableFuture.runAsync(
            () -> {
              synchronized (lock) {
                if (state[0]) {
                  return;
                }
                state[1] = true;
                reader.interrupt();
              }
              try {
                in.close();
              } catch (IOException ignored) {
                // closing is best effort; the interrupt already woke the reader
              }
            },
            CompletableFuture.delayedExecutor(
                Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS));
    try {
      byte[] bytes = in.readNBytes(max);
      return timedOut(lock, state, guard) ? null : bytes;
    } catch (IOException e) {
      if (timedOut(lock, state, guard)) {
        return null;
      }
      throw e;
    }
  }

  private static boolean timedOut(Object lock, boolean[] state, CompletableFuture<Void> guard) {
    guard.cancel(false);
    boolean timedOut;
    synchronized (lock) {
      state[0] = true;
      timedOut = state[1];
    }
    if (timedOut) {
      Thread.interrupted(); // ours, not the caller's
    }
    return timedOut;
  }
}
