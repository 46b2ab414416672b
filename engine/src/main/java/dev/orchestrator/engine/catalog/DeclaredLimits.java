package dev.orchestrator.engine.catalog;

import java.time.LocalTime;

/**
 * Request limits a catalog declares for a provider's keys (docs/design.md §5): counted locally, per
 * key, so that a request that would exceed one is not sent. A provider's limits apply to each of
 * its keys that declares none of its own (a limit belongs to an account, and a key is one).
 * Immutable.
 *
 * @param requestsPerDay requests a key may send per day, or {@code null} for no declared limit
 * @param requestsPerMinute requests a key may send per minute, or {@code null} for none
 * @param resetsAt the UTC time of day at which the daily count starts again (OpenRouter's free
 *     models reset at 00:00 UTC)
 */
public record DeclaredLimits(
    Integer requestsPerDay, Integer requestsPerMinute, LocalTime resetsAt) {
  /** Validates; the daily reset defaults to midnight UTC. */
  public DeclaredLimits {
    if (requestsPerDay != null && requestsPerDay <= 0) {
      throw new IllegalArgumentException(
          "requestsPerDay: " + requestsPerDay + " (expected: a positive number)");
    }
    if (requestsPerMinute != null && requestsPerMinute <= 0) {
      throw new IllegalArgumentException(
          "requestsPerMinute: " + requestsPerMinute + " (expected: a positive number)");
    }
    resetsAt = resetsAt == null ? LocalTime.MIDNIGHT : resetsAt;
  }

  /** Whether any limit is declared. */
  public boolean any() {
    return requestsPerDay != null || requestsPerMinute != null;
  }
}
