package dev.orchestrator.engine.health;

/** Why a route is currently not healthy. Healthy routes have no condition at all. */
public enum RouteCondition {
  /** The breaker is open after consecutive retryable failures. */
  CIRCUIT_OPEN,
  /**
   * A wait the provider gave (a {@code Retry-After} or a reset: a rate limit, a quota with a reset
   * time): waited for when it ends within a request's deadline.
   */
  COOLING_DOWN,
  /**
   * An account state the provider gave no end for ({@code auth_failed}, {@code permission_denied},
   * a quota with no reset time), held for the configured account cool-down: never waited for, and
   * panic mode does not lift it (docs/design.md §5).
   */
  ACCOUNT_STATE,
  /** Answered {@code not_found}: treated as retired for a TTL. */
  RETIRED
}
