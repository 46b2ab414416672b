package dev.orchestrator.engine.spi;

import java.time.Duration;
import java.util.Objects;

/**
 * Time limits the engine sets for one attempt; a client enforces each one and reports its expiry as
 * a distinct typed failure, closing the connection. Immutable and thread-safe.
 *
 * @param connectTimeout to establish the connection
 * @param headersTimeout from sending the request to the response status and headers
 * @param firstTokenTimeout from sending the request to the first content token (streams), or to the
 *     whole body (non-streaming answers are bounded by {@code total})
 * @param idleTimeout the longest silence between two stream chunks
 * @param total the whole attempt, including reading the body
 */
public record AttemptLimits(
    Duration connectTimeout,
    Duration headersTimeout,
    Duration firstTokenTimeout,
    Duration idleTimeout,
    Duration total) {

  /** Validates: every limit positive. */
  public AttemptLimits {
    check("connectTimeout", connectTimeout);
    check("headersTimeout", headersTimeout);
    check("firstTokenTimeout", firstTokenTimeout);
    check("idleTimeout", idleTimeout);
    check("total", total);
  }

  private static void check(String name, Duration d) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + ": " + d.toMillis() + " ms (expected: > 0 ms)");
    }
  }

  /** Every limit the same. */
  public static AttemptLimits uniform(Duration d) {
    return new AttemptLimits(d, d, d, d, d);
  }

  /** Copy whose every limit is at most {@code cap} (used to fit an attempt into the deadline). */
  public AttemptLimits cappedAt(Duration cap) {
    return new AttemptLimits(
        min(connectTimeout, cap),
        min(headersTimeout, cap),
        min(firstTokenTimeout, cap),
        min(idleTimeout, cap),
        min(total, cap));
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
