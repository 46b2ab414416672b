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
   * 5 failures (or 3 stream cuts) in a row open while volume is low, 80 % failures over 10 s once
   * 20 calls; 1 s open at first, doubling to 8 s; 30 s probe lease; {@code Retry-After} up to 10 s
   * is evidence.
   */
  public static HealthSettings defaults() {
    return EVIDENCE;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return EVIDENCE.toBuilder();
  }

  /** A builder starting from these settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Mutable builder; not thread-safe. {@link #build()} validates. */
  public static final class Builder {
    private int breakerThreshold;
    private Duration openInitial;
    private Duration openMax;
    private Duration probeLease;
    private int streamCutThreshold;
    private Duration window;
    private int minimumCalls;
    private double failureRate;
    private Duration shortRetryAfter;

    private Builder(HealthSettings s) {
      breakerThreshold = s.breakerThreshold;
      openInitial = s.openInitial;
      openMax = s.openMax;
      probeLease = s.probeLease;
      streamCutThreshold = s.streamCutThreshold;
      window = s.window;
      minimumCalls = s.minimumCalls;
      failureRate = s.failureRate;
      shortRetryAfter = s.shortRetryAfter;
    }

    /** Consecutive breaker failures that open a breaker while volume is low. */
    public Builder breakerThreshold(int v) {
      breakerThreshold = v;
      return this;
    }

    /** The first open time, doubled while probes keep failing up to {@code max}. */
    public Builder openTime(Duration initial, Duration max) {
      openInitial = initial;
      openMax = max;
      return this;
    }

    /** How long a half-open probe's lease lives if its holder never reports. */
    public Builder probeLease(Duration v) {
      probeLease = v;
      return this;
    }

    /** Consecutive stream cuts that open a breaker while volume is low. */
    public Builder streamCutThreshold(int v) {
      streamCutThreshold = v;
      return this;
    }

    /**
     * The failure rate: measured over {@code window} once it holds {@code minimumCalls} calls, it
     * opens the breaker at {@code rate}.
     */
    public Builder failureRate(Duration window, int minimumCalls, double rate) {
      this.window = window;
      this.minimumCalls = minimumCalls;
      this.failureRate = rate;
      return this;
    }

    /** The longest {@code Retry-After} of a rate limit that is evidence rather than a cool-down. */
    public Builder shortRetryAfter(Duration v) {
      shortRetryAfter = v;
      return this;
    }

    /** Validates and builds. */
    public HealthSettings build() {
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
