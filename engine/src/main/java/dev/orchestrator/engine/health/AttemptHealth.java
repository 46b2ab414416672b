package dev.orchestrator.engine.health;

/**
 * What an admitted attempt says about its route's health, as reported through {@link
 * HealthStore#report}. Decided by the failover table from the typed failure alone.
 */
public enum AttemptHealth {
  /** The route answered: close the breaker (if this was the probe), reset failure counts. */
  SUCCESS,
  /** A retryable failure (5xx, 429, transport, silence, empty answer): counts towards opening. */
  BREAKER_FAILURE,
  /** The stream was cut after visible output: counts against the route (ADR 0007). */
  STREAM_CUT,
  /** Says nothing about the route (a settled 4xx, account state, size): releases a probe. */
  NEUTRAL,
  /** Nothing was sent (the request ended between admission and dispatch): releases a probe. */
  ABANDONED
}
