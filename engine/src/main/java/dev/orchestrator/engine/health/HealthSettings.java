package dev.orchestrator.engine.health;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link HealthStore} judges routes (ADR 0007). Immutable.
 *
 * <p>A breaker opens on evidence: once {@code window} holds at least {@code minimumCalls} calls,
 * when the share of failures among them reaches {@code failureRate}; while it holds fewer, after
 * {@code breakerThreshold} consecutive failures (or {@code streamCutThreshold} consecutive stream
 * cuts). A rate limit whose {@code Retry-After} is at most {@code shortRetryAfter} counts as one
 * failure and cools nothing; a longer one cools the route for its length.
 *
 * @param breakerThreshold consecutive breaker failures that open a breaker while volume is low
 * @param openInitial the first open time; it doubles while probes keep failing
 * @param openMax the cap on the open time
 * @param probeLease how long a half-open probe's lease lives if its holder never reports
 * @param streamCutThreshold consecutive stream cuts that open a breaker while volume is low
 * @param window the sliding window the failure rate is measured over
 * @param minimumCalls the calls the window must hold before the failure rate decides
 * @param failureRate the share of failures in the window that opens a breaker (0 &lt; rate ≤ 1)
 * @param shortRetryAfter the longest {@code Retry-After} of a rate limit that is evidence rather
 *     than a cool-down
 */
public record HealthSettings(
    int breakerThreshold,
    Duration openInitial,
    Duration openMax,
    Duration probeLease,
    int streamCutThreshold,
    Duration window,
    int minimumCalls,
    double failureRate,
    Duration shortRetryAfter) {

  /** 10 s window, 20 calls, 80 % failures, 10 s short {@code Retry-After}. */
  private static final HealthSettings EVIDENCE =
      new HealthSettings(
          5,
          Duration.ofSeconds(1),
          Duration.ofSeconds(8),
          Duration.ofSeconds(30),
          3,
          Duration.ofSeconds(10),
          20,
          0.8,
          Duration.ofSeconds(10));

  /** Validates. */
  public HealthSettings {
    atLeastOne("breakerThreshold", breakerThreshold);
    atLeastOne("streamCutThreshold", streamCutThreshold);
    atLeastOne("minimumCalls", minimumCalls);
    positive("openInitial", openInitial);
    positive("openMax", openMax);
    positive("probeLease", probeLease);
    positive("window", window);
    Objects.requireNonNull(shortRetryAfter, "shortRetryAfter");
    if (shortRetryAfter.isNegative()) {
      throw new IllegalArgumentException(
          "shortRetryAfter: " + shortRetryAfter + " (expected: >= 0)");
    }
    if (openMax.compareTo(openInitial) < 0) {
      throw new IllegalArgumentException(
          "openMax: " + openMax.toMillis() + " ms (expected: >= openInitial)");
    }
    if (!(failureRate > 0 && failureRate <= 1)) {
      throw new IllegalArgumentException(
          "failureRate: " + failureRate + " (expected: 0 < rate <= 1)");
    }
  }

  /**
   * The breaker's basic settings, with the evidence settings at their defaults (10 s window, 20
   * calls, 80 % failures, 10 s short {@code Retry-After}).
   */
  public HealthSettings(
      int breakerThreshold,
      Duration openInitial,
      Duration openMax,
      Duration probeLease,
      int streamCutThreshold) {
    this(
        breakerThreshold,
        openInitial,
        openMax,
        probeLease,
        streamCutThreshold,
        EVIDENCE.window,
        EVIDENCE.minimumCalls,
        EVIDENCE.failureRate,
        EVIDENCE.shortRetryAfter);
  }

  /**
   * 5 failures (or 3 stream cuts) in a row open while volume is low, 80 % failures over 10 s once
   * 20 calls; 1 s open at first, doubling to 8 s; 30 s probe lease; {@code Retry-After} up to 10 s
   * is evidence.
   */
  public static HealthSettings defaults() {
    return EVIDENCE;
  }

  /** A copy that opens after {@code v} consecutive failures while volume is low. */
  public HealthSettings withBreakerThreshold(int v) {
    return new HealthSettings(
        v,
        openInitial,
        openMax,
        probeLease,
        streamCutThreshold,
        window,
        minimumCalls,
        failureRate,
        shortRetryAfter);
  }

  /** A copy whose open time starts at {@code initial} and doubles up to {@code max}. */
  public HealthSettings withOpenTime(Duration initial, Duration max) {
    return new HealthSettings(
        breakerThreshold,
        initial,
        max,
        probeLease,
        streamCutThreshold,
        window,
        minimumCalls,
        failureRate,
        shortRetryAfter);
  }

  /** A copy whose half-open probe's lease lives {@code v} if its holder never reports. */
  public HealthSettings withProbeLease(Duration v) {
    return new HealthSettings(
        breakerThreshold,
        openInitial,
        openMax,
        v,
        streamCutThreshold,
        window,
        minimumCalls,
        failureRate,
        shortRetryAfter);
  }

  /** A copy that opens after {@code v} consecutive stream cuts while volume is low. */
  public HealthSettings withStreamCutThreshold(int v) {
    return new HealthSettings(
        breakerThreshold,
        openInitial,
        openMax,
        probeLease,
        v,
        window,
        minimumCalls,
        failureRate,
        shortRetryAfter);
  }

  /**
   * A copy that measures the failure rate over {@code window} once it holds {@code minimumCalls}
   * calls, and opens at {@code failureRate}.
   */
  public HealthSettings withFailureRate(Duration window, int minimumCalls, double failureRate) {
    return new HealthSettings(
        breakerThreshold,
        openInitial,
        openMax,
        probeLease,
        streamCutThreshold,
        window,
        minimumCalls,
        failureRate,
        shortRetryAfter);
  }

  /** A copy in which a rate limit's {@code Retry-After} up to {@code v} is evidence only. */
  public HealthSettings withShortRetryAfter(Duration v) {
    return new HealthSettings(
        breakerThreshold,
        openInitial,
        openMax,
        probeLease,
        streamCutThreshold,
        window,
        minimumCalls,
        failureRate,
        v);
  }

  private static void atLeastOne(String name, int v) {
    if (v < 1) {
      throw new IllegalArgumentException(name + ": " + v + " (expected: >= 1)");
    }
  }

  private static void positive(String name, Duration d) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + ": " + d + " (expected: > 0)");
    }
  }
}
