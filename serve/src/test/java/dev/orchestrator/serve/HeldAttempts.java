package dev.orchestrator.serve;

import dev.orchestrator.engine.OrchestratorListener;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener that holds attempts until {@link #release()} — the first only, or every one — and
 * counts them: how a test keeps {@code serve}'s places taken, since a held attempt holds its
 * request's place. At most 30 s, so that a failing test still ends.
 */
final class HeldAttempts implements OrchestratorListener {
  private final AtomicInteger started = new AtomicInteger();
  private final CountDownLatch released = new CountDownLatch(1);
  private final boolean every;
  private final Runnable afterFirst;

  private HeldAttempts(boolean every, Runnable afterFirst) {
    this.every = every;
    this.afterFirst = afterFirst;
  }

  /** Holds the first attempt; the others go on. */
  static HeldAttempts first() {
    return new HeldAttempts(false, () -> {});
  }

  /** Holds the first attempt; each later one runs {@code then} (which may throw). */
  static HeldAttempts firstThen(Runnable then) {
    return new HeldAttempts(false, then);
  }

  /** Holds every attempt. */
  static HeldAttempts every() {
    return new HeldAttempts(true, () -> {});
  }

  @Override
  public void onAttemptStart(String model, String route, int attempt) {
    boolean first = started.incrementAndGet() == 1;
    if (!first && !every) {
      afterFirst.run();
      return;
    }
    try {
      released.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** How many attempts started. */
  int started() {
    return started.get();
  }

  /** Whether held attempts still wait for {@link #release()}. */
  boolean holding() {
    return released.getCount() > 0;
  }

  /** Lets every held attempt (and every later one) go on. */
  void release() {
    released.countDown();
  }
}
