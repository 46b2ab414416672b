package dev.orchestrator.engine.health;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link HealthStore} judges routes. Immutable.
 *
 * @param breakerThreshold consecutive breaker failures that open a breaker
 * @param openInitial the first open time; it doubles while probes keep failing
 * @param openMax the cap on the open time
 * @param probeLease how long a half-open probe's lease lives if its holder never reports
 * @param streamCutThreshold consecutive stream cuts after output that open a breaker
 */
public record HealthSettings(
    int breakerThreshold,
    Duration openInitial,
    Duration openMax,
    Duration probeLease,
    int streamCutThreshold) {

  /** Validates. */
  public HealthSettings {
    if (breakerThreshold < 1) {
      throw new IllegalArgumentException(
          "breakerThreshold: " + breakerThreshold + " (expected: >= 1)");
    }
    if (streamCutThreshold < 1) {
      throw new IllegalArgumentException(
          "streamCutThreshold: " + streamCutThreshold + " (expected: >= 1)");
    }
    Objects.requireNonNull(openInitial, "openInitial");
    Objects.requireNonNull(openMax, "openMax");
    Objects.requireNonNull(probeLease, "probeLease");
    if (openInitial.isNegative() || openInitial.isZero()) {
      throw new IllegalArgumentException("openInitial: " + openInitial + " (expected: > 0)");
    }
    if (openMax.compareTo(openInitial) < 0) {
      throw new IllegalArgumentException(
          "openMax: " + openMax.toMillis() + " ms (expected: >= openInitial)");
    }
    if (probeLease.isNegative() || probeLease.isZero()) {
      throw new IllegalArgumentException("probeLease: " + probeLease + " (expected: > 0)");
    }
  }

  /** 3 failures open; 1 s open at first, doubling to 30 s; 30 s probe lease; 3 cuts open. */
  public static HealthSettings defaults() {
    return new HealthSettings(
        3, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(30), 3);
  }
}
