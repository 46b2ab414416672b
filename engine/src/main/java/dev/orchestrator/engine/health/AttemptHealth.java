package dev.orchestrator.engine.health;

import java.util.Locale;

/**
 * What an attempt says about its route's health: the one health vocabulary of the engine. The
 * failover table maps every failure category to it, every admitted attempt is reported with it
 * through {@link HealthStore#report}, and a preflight verdict names it. Decided from the typed
 * failure alone.
 */
public enum AttemptHealth {
  /** The route answered: close the breaker (if this was the probe), reset failure counts. */
  SUCCESS,
  /** A retryable failure (5xx, 429, transport, silence, empty answer): counts towards opening. */
  BREAKER_FAILURE,
  /** The stream was cut after visible output: counts against the route (ADR 0007). */
  STREAM_CUT,
  /**
   * Account state (quota, auth, permission): the route is cooled down through {@link
   * HealthStore#coolDown}; for the breaker it is neutral (releases a probe).
   */
  COOL_DOWN,
  /**
   * The model is gone ({@code not_found}): the route is retired through {@link HealthStore#retire};
   * for the breaker it is neutral (releases a probe).
   */
  RETIRE,
  /** Says nothing about the route (a settled 4xx, size, a cancel): releases a probe. */
  NEUTRAL,
  /** Nothing was sent (the request ended between admission and dispatch): releases a probe. */
  ABANDONED;

  /** Lower snake case name used in JSON ({@code breaker_failure}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
