package dev.orchestrator.engine.health;

/**
 * A route's circuit breaker state. Legal transitions: {@code CLOSED → OPEN} (evidence: a failure
 * rate, or consecutive failures while volume is low), {@code OPEN → HALF_OPEN} (one probe
 * admitted), {@code HALF_OPEN → CLOSED} (probe succeeded), {@code HALF_OPEN → OPEN} (probe failed).
 */
public enum BreakerState {
  /** Traffic flows. */
  CLOSED,
  /** Traffic is refused until the open duration passes (or every candidate is open). */
  OPEN,
  /** One probe is in flight; other requests treat the route as open. */
  HALF_OPEN;

  /** Whether moving from this state to {@code next} is legal. */
  public boolean canTransitionTo(BreakerState next) {
    return switch (this) {
      case CLOSED -> next == OPEN;
      case OPEN -> next == HALF_OPEN;
      case HALF_OPEN -> next == CLOSED || next == OPEN;
    };
  }
}
