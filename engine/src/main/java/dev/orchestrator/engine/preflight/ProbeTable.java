package dev.orchestrator.engine.preflight;

import dev.orchestrator.engine.failure.FailureCategory;

/**
 * The probe's decision table over {@link FailureCategory}: may a failed probe be sent once more,
 * and what the failure does to route health. It agrees with the failover loop's table
 * (docs/design.md §5) on health; it differs on one point on purpose: a silent timeout is retried
 * once, because a probe is tiny and a cold start must not reject a healthy route (ADR 0012).
 * Decisions read only the typed failure, never its text; the second attempt also needs {@code
 * retryable()} from the classifier.
 */
final class ProbeTable {
  private ProbeTable() {}

  /** How a failure touches route health. */
  enum Health {
    /** Counts towards opening the breaker (and cools down when a rate limit says how long). */
    BREAKER_FAILURE,
    /** Account state: cool the route down; the breaker is untouched. */
    COOL_DOWN,
    /** Mark the route retired for a TTL. */
    RETIRE,
    /** Says nothing about the route: release a half-open probe, nothing else. */
    NEUTRAL
  }

  /**
   * One row.
   *
   * @param retryOnce whether a retryable failure of this category earns a second attempt
   * @param health the health effect
   */
  record Row(boolean retryOnce, Health health) {}

  static Row rowFor(FailureCategory category) {
    return switch (category) {
      // Transient: one more attempt may answer; counts against the breaker either way.
      case RATE_LIMITED, OVERLOADED, SERVER_ERROR, CONNECTION_FAILED, TIMEOUT ->
          new Row(true, Health.BREAKER_FAILURE);
      // Account state is settled for now: never re-sent; the route cools down.
      case QUOTA_EXHAUSTED, AUTH_FAILED, PERMISSION_DENIED -> new Row(false, Health.COOL_DOWN);
      // The model is gone: never re-sent; the route is retired.
      case NOT_FOUND -> new Row(false, Health.RETIRE);
      // A 200 without output to a 5-token probe may be the probe's own budget (reasoning models):
      // rejected, but no penalty on the route.
      case EMPTY_RESPONSE -> new Row(false, Health.NEUTRAL);
      // Settled answers about this (tiny) request, not about the route.
      case REQUEST_INVALID,
          CONTEXT_LENGTH_EXCEEDED,
          REQUEST_TOO_LARGE,
          CONTENT_FILTERED,
          TOOL_EXECUTION_STOPPED,
          STREAM_INTERRUPTED,
          CANCELLED,
          UNKNOWN ->
          new Row(false, Health.NEUTRAL);
    };
  }
}
