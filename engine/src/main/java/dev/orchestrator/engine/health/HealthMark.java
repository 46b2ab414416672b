package dev.orchestrator.engine.health;

import java.util.Objects;

/**
 * A route's current non-healthy condition. Immutable.
 *
 * @param condition why it is not healthy
 * @param untilNanos ticker time when the condition ends (cooldown end, breaker half-open time)
 * @param lastFailureNanos ticker time of the route's last failure
 */
public record HealthMark(RouteCondition condition, long untilNanos, long lastFailureNanos) {
  /** Validates. */
  public HealthMark {
    Objects.requireNonNull(condition, "condition");
  }
}
