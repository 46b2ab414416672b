package dev.orchestrator.engine.preflight;

import java.util.Locale;

/**
 * What a probe did to the route's shared health ({@link
 * dev.orchestrator.engine.health.RouteHealthRegistry}), so the next requests act on it.
 */
public enum HealthEffect {
  /** Nothing recorded: the route was not probed, or the failure says nothing about the route. */
  NONE,
  /** The route answered: its breaker is closed and any cooldown ended. */
  HEALTHY,
  /** A retryable failure counted towards opening the route's breaker. */
  BREAKER_FAILURE,
  /**
   * Account state (quota, auth, permission) or a rate limit with a reset time: the route is cooled
   * down, and requests skip it until the cooldown ends.
   */
  COOLING_DOWN,
  /** The model is gone ({@code not_found}): the route is retired for the registry's TTL. */
  RETIRED;

  /** Lower snake case name used in JSON ({@code cooling_down}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
