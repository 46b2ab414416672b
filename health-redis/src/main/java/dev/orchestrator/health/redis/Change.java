package dev.orchestrator.health.redis;

/**
 * What a report changed in a route's local entry, and so which script (if any) tells the fleet. A
 * success on a closed breaker with no running cooldown is {@link #NONE}: nothing is written.
 */
enum Change {
  /** Nothing the fleet needs to know. */
  NONE,
  /** A closed breaker opened (threshold reached): {@link Script#TRIP}. */
  TRIP,
  /** The probe failed, re-open for twice the open time: {@link Script#REOPEN}. */
  REOPEN,
  /** The probe succeeded: {@link Script#CLOSE}. */
  CLOSE,
  /** The probe learnt nothing, free the lease: {@link Script#RELEASE}. */
  RELEASE,
  /** A success on a closed breaker ended a running cooldown: {@link Script#RECOVER}. */
  RECOVER
}
