package dev.orchestrator.health.redis;

/**
 * What a report changed in a route's local entry, and so which script (if any) tells the fleet. A
 * success on a closed breaker where this process counted no failure and knows of no fleet count
 * running is {@link #NONE}: nothing is written (a running cooldown or account state is no reason to
 * write: no report ends either).
 */
enum Change {
  /** Nothing the fleet needs to know. */
  NONE,
  /** A retryable failure on a closed breaker, counted for the fleet: {@link Script#FAIL}. */
  FAIL,
  /** A stream cut on a closed breaker, counted for the fleet: {@link Script#FAIL}. */
  CUT,
  /** This process's own count reached the threshold: open for the fleet, {@link Script#TRIP}. */
  TRIP,
  /** The probe failed, re-open for twice the open time: {@link Script#REOPEN}. */
  REOPEN,
  /** The probe succeeded: {@link Script#CLOSE}. */
  CLOSE,
  /** The probe learnt nothing, free the lease: {@link Script#RELEASE}. */
  RELEASE,
  /**
   * A success on a closed breaker after this process counted failures there, or while the fleet's
   * count runs: {@link Script#SUCCEED}.
   */
  SUCCEED,
  /**
   * A panic-mode answer while the breaker is open: its open time ends now, so the next admission is
   * the probe: {@link Script#HASTEN}.
   */
  HASTEN
}
