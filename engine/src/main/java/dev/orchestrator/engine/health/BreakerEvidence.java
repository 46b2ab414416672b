package dev.orchestrator.engine.health;

/**
 * What a route's breaker opens on (ADR 0007): its calls and failures over a sliding window, and its
 * consecutive failures and stream cuts since the last success. The window is two fixed buckets of
 * {@link HealthSettings#window()}, the older weighted by how much of it the window still covers
 * (the sliding-window counter of rate limiters): constant space, the same arithmetic in every
 * store. Not thread-safe: its owner guards it. Times are ticker nanoseconds.
 */
public final class BreakerEvidence {
  private final HealthSettings settings;
  private final long width;
  private long bucketStart = Long.MIN_VALUE;
  private int calls;
  private int failures;
  private int previousCalls;
  private int previousFailures;
  private int consecutiveFailures;
  private int consecutiveCuts;

  /** Empty evidence judged by {@code settings}. */
  public BreakerEvidence(HealthSettings settings) {
    this.settings = settings;
    this.width = settings.window().toNanos();
  }

  /** Records a success. */
  public void success(long now) {
    roll(now);
    calls++;
    consecutiveFailures = 0;
    consecutiveCuts = 0;
  }

  /**
   * Records a failure (a stream cut after output when {@code cut}) and answers whether the breaker
   * opens on it: the window holds the minimum volume and its failure rate reached the threshold, or
   * it holds less and the consecutive count reached its threshold — or, at any volume, the last
   * {@link HealthSettings#minimumCalls()} calls all failed: a full window's worth of failures with
   * no success between, so a busy route that goes hard down opens at once instead of when its
   * earlier successes have aged out of the window (uncorrelated faults at rate p run that long with
   * probability p^20: never, in practice).
   */
  public boolean failure(long now, boolean cut) {
    roll(now);
    calls++;
    failures++;
    if (cut) {
      consecutiveCuts++;
    } else {
      consecutiveFailures++;
    }
    if (consecutiveFailures >= settings.minimumCalls()
        || consecutiveCuts >= settings.minimumCalls()) {
      return true;
    }
    double w = previousWeight(now);
    double volume = previousCalls * w + calls;
    if (volume >= settings.minimumCalls()) {
      return previousFailures * w + failures >= settings.failureRate() * volume;
    }
    return consecutiveFailures >= settings.breakerThreshold()
        || consecutiveCuts >= settings.streamCutThreshold();
  }

  /** Whether the window holds fewer calls than the failure rate needs to decide. */
  public boolean lowVolume(long now) {
    roll(now);
    return previousCalls * previousWeight(now) + calls < settings.minimumCalls();
  }

  /** Whether nothing is left to remember: no call in the window and no consecutive count. */
  public boolean empty(long now) {
    roll(now);
    return calls == 0 && previousCalls == 0 && consecutiveFailures == 0 && consecutiveCuts == 0;
  }

  /** Forgets everything: the breaker opened, and what follows its closing is new evidence. */
  public void reset() {
    bucketStart = Long.MIN_VALUE;
    calls = 0;
    failures = 0;
    previousCalls = 0;
    previousFailures = 0;
    consecutiveFailures = 0;
    consecutiveCuts = 0;
  }

  private void roll(long now) {
    if (bucketStart == Long.MIN_VALUE) {
      bucketStart = now;
      return;
    }
    long age = now - bucketStart;
    if (age < width) {
      return;
    }
    if (age < 2 * width) {
      previousCalls = calls;
      previousFailures = failures;
      bucketStart += width;
    } else {
      previousCalls = 0;
      previousFailures = 0;
      bucketStart = now;
    }
    calls = 0;
    failures = 0;
  }

  /** The share of the previous bucket the window [now - width, now] still covers. */
  private double previousWeight(long now) {
    return 1.0 - (double) (now - bucketStart) / width;
  }
}
