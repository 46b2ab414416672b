package dev.orchestrator.engine.internal;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.AttemptHealth;

/**
 * docs/design.md §5 as one exhaustive table over {@link FailureCategory}: may the same route be
 * retried, may the next candidate be tried, and what the failure says about the route's health.
 * Adding a category fails the build here until it is decided. Decisions read only the typed
 * failure, never its text. The failover loop, stream continuation and preflight all read it.
 */
public final class FailoverTable {
  private FailoverTable() {}

  /** Whether and where the request may go after a failure. */
  public enum Next {
    /** Any remaining candidate. */
    ANY,
    /** Only candidates whose known context window is larger (unknown windows are tried). */
    LARGER_WINDOW,
    /** Only in a heterogeneous pool (virtual, free, auto, explicit list); else stop. */
    HETEROGENEOUS_ONLY,
    /** Only in a heterogeneous pool and when the policy says content filters fail over. */
    CONTENT_FILTER_POLICY,
    /** Never: the failure is terminal. */
    NEVER
  }

  /**
   * One row of the table.
   *
   * @param sameRoute whether a retryable failure of this category may be retried on the same route
   *     (still subject to {@code retryable}, silence, the retry bound, budget and deadline)
   * @param next where the request may go next
   * @param health what the failure says about the route: {@link AttemptHealth#BREAKER_FAILURE},
   *     {@link AttemptHealth#COOL_DOWN}, {@link AttemptHealth#RETIRE} or {@link
   *     AttemptHealth#NEUTRAL}
   * @param repair whether a {@linkplain
   *     dev.orchestrator.engine.failure.ProviderFailure#repairable() repairable} failure of this
   *     category is sent once more to the same route, its history in the strictest form, before
   *     anything else (once per request, never after visible output)
   */
  public record Row(boolean sameRoute, Next next, AttemptHealth health, boolean repair) {
    /** A row whose failures are never repaired. */
    Row(boolean sameRoute, Next next, AttemptHealth health) {
      this(sameRoute, next, health, false);
    }
  }

  /** The row of {@code category}. */
  public static Row rowFor(FailureCategory category) {
    return switch (category) {
      // Transient: bounded same-route retry, then fail over; counts against the breaker.
      // A silent timeout (no status at all) is never retried: see ProviderFailure.silent().
      case RATE_LIMITED, OVERLOADED, SERVER_ERROR, CONNECTION_FAILED, TIMEOUT ->
          new Row(true, Next.ANY, AttemptHealth.BREAKER_FAILURE);
      // Account state: fail over at once and cool the route down; the breaker is untouched.
      case QUOTA_EXHAUSTED, AUTH_FAILED, PERMISSION_DENIED ->
          new Row(false, Next.ANY, AttemptHealth.COOL_DOWN);
      // Model gone: fail over; remember it as retired for a TTL.
      case NOT_FOUND -> new Row(false, Next.ANY, AttemptHealth.RETIRE);
      // Size: only a larger window can help; the route itself is fine.
      case CONTEXT_LENGTH_EXCEEDED -> new Row(false, Next.LARGER_WINDOW, AttemptHealth.NEUTRAL);
      // 413 is a provider-specific body limit: every remaining candidate may accept it.
      case REQUEST_TOO_LARGE -> new Row(false, Next.ANY, AttemptHealth.NEUTRAL);
      case CONTENT_FILTERED -> new Row(false, Next.CONTENT_FILTER_POLICY, AttemptHealth.NEUTRAL);
      // A settled 4xx: another member of a heterogeneous pool may accept the request; a group
      // or a single route hands the upstream answer back as it is. One whose cause is the
      // history's shape is first repaired once on the same route (docs/design.md §13).
      case REQUEST_INVALID -> new Row(false, Next.HETEROGENEOUS_ONLY, AttemptHealth.NEUTRAL, true);
      case EMPTY_RESPONSE -> new Row(false, Next.ANY, AttemptHealth.BREAKER_FAILURE);
      // Terminal: never re-sent anywhere.
      case TOOL_EXECUTION_STOPPED, STREAM_INTERRUPTED, CANCELLED ->
          new Row(false, Next.NEVER, AttemptHealth.NEUTRAL);
      // Nothing recognised: not retried, but another route may work. It is the route's answer (a
      // settled request error is request_invalid by its status first), so it counts against the
      // breaker: a route that keeps answering a failure the rules miss is isolated by the failure
      // rate after a few requests, and an occasional one never opens it.
      case UNKNOWN -> new Row(false, Next.ANY, AttemptHealth.BREAKER_FAILURE);
    };
  }
}
