package dev.orchestrator.health.redis;

/**
 * What a report changed in a route's local entry, and so which script (if any) tells the fleet. A
 * success on a closed breaker with no cooldown is {@link #NONE}: nothing is written.
 */
enum Change {
  /** Nothing the fleet needs to know. */
  NONE(null),
  /** A closed breaker opened (threshold reached). */
  TRIP(Script.TRIP),
  /** The probe failed: re-open for twice the open time. */
  REOPEN(Script.REOPEN),
  /** The probe succeeded: close. */
  CLOSE(Script.CLOSE),
  /** The probe learnt nothing: free the lease. */
  RELEASE(Script.RELEASE),
  /** A success on a closed breaker ended a cooldown. */
  RECOVER(Script.RECOVER);

  private final Script script;

  Change(Script script) {
    this.script = script;
  }

  /** The script that makes this change in the fleet, or {@code null} for {@link #NONE}. */
  Script script() {
    return script;
  }
}
