package dev.orchestrator.engine.health;

/** Why a route is currently not healthy. Healthy routes have no condition at all. */
public enum RouteCondition {
  /** The breaker is open after consecutive retryable failures. */
  CIRCUIT_OPEN,
  /** Account state or a rate limit: wait until the cooldown ends. */
  COOLING_DOWN,
  /** Answered {@code not_found}: treated as retired for a TTL. */
  RETIRED
}
