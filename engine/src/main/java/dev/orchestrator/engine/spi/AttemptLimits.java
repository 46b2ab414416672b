package dev.orchestrator.engine.spi;

import java.time.Duration;
import java.util.Objects;

/**
 * Limits the engine sets for one attempt — time limits and the stream's memory bounds; a client
 * enforces each one and reports exceeding it as a distinct typed failure, closing the connection.
 * Immutable and thread-safe.
 *
 * @param connectTimeout to establish the connection
 * @param headersTimeout from sending the request to the response status and headers
 * @param firstTokenTimeout from sending the request to the first content token (streams), or to the
 *     whole body (non-streaming answers are bounded by {@code total})
 * @param idleTimeout the longest silence between two stream chunks
 * @param total the whole attempt, including reading the body
 * @param bounds the memory bounds on the response (the policy's {@code streamBounds})
 */
public record AttemptLimits(
    Duration connectTimeout,
    Duration headersTimeout,
    Duration firstTokenTimeout,
    Duration idleTimeout,
    Duration total,
    StreamBounds bounds) {

  /** Validates: every time limit positive. */
  public AttemptLimits {
    Objects.requireNonNull(bounds, "bounds");
    check("connectTimeout", connectTimeout);
    check("headersTimeout", headersTimeout);
    check("firstTokenTimeout", firstTokenTimeout);
    check("idleTimeout", idleTimeout);
    check("total", total);
  }

  /** Time limits with the default {@link StreamBounds#DEFAULTS}. */
  public AttemptLimits(
      Duration connectTimeout,
      Duration headersTimeout,
      Duration firstTokenTimeout,
      Duration idleTimeout,
      Duration total) {
    this(
        connectTimeout,
        headersTimeout,
        firstTokenTimeout,
        idleTimeout,
        total,
        StreamBounds.DEFAULTS);
  }

  private static void check(String name, Duration d) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + ": " + d.toMillis() + " ms (expected: > 0 ms)");
    }
  }

  /** Every time limit the same, the default stream bounds. */
  public static AttemptLimits uniform(Duration d) {
    return new AttemptLimits(d, d, d, d, d);
  }

  /**
   * Copy whose every time limit is at most {@code cap} (used to fit an attempt into the deadline).
   */
  public AttemptLimits cappedAt(Duration cap) {
    return new AttemptLimits(
        min(connectTimeout, cap),
        min(headersTimeout, cap),
        min(firstTokenTimeout, cap),
        min(idleTimeout, cap),
        min(total, cap),
        bounds);
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
