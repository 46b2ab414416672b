package dev.orchestrator.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Reads a response body within a deadline. The JDK client's request timeout covers only the
 * headers; a body trickling in would otherwise block a refresh (and the pool thread running it)
 * without bound. At the deadline the reading thread is interrupted and the stream closed; the
 * interrupt is cleared again before returning, so it never leaks into the caller. Stateless.
 */
final class BodyDeadline {
  /**
   * Runs the deadline's task after a delay; tests inject one that runs it when they say, so no
   * verdict depends on how loaded the machine is.
   */
  @FunctionalInterface
  interface Timer {
    /** Runs {@code task} once {@code delayNanos} passed; cancelling the result stops that. */
    Future<?> schedule(Runnable task, long delayNanos);
  }

  /** The wall clock: the JDK's shared delayer, the task then run on the common pool. */
  static final Timer WALL_CLOCK =
      (task, delayNanos) ->
          CompletableFuture.runAsync(
              task, CompletableFuture.delayedExecutor(delayNanos, TimeUnit.NANOSECONDS));

  private BodyDeadline() {}

  /**
   * Reads up to {@code max} bytes, or returns {@code null} when the deadline ({@link
   * System#nanoTime()} based) passed first, as {@code timer} tells.
   *
   * @throws IOException when the body fails for another reason
   */
  static byte[] read(InputStream in, int max, long deadlineNanos, Timer timer) throws IOException {
    Thread reader = Thread.currentThread();
    Object lock = new Object();
    boolean[] state = new boolean[2]; // [0] read finished, [1] timed out
    Future<?> guard =
        timer.schedule(
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
            Math.max(0, deadlineNanos - System.nanoTime()));
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

  private static boolean timedOut(Object lock, boolean[] state, Future<?> guard) {
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
