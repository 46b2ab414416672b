package dev.orchestrator.engine.plan;

import java.util.Objects;

/**
 * A route left out of a plan, with the one reason that decided it. Immutable.
 *
 * @param route route id
 * @param reason the first rule that excluded it
 */
public record Exclusion(String route, ExclusionReason reason) {
  /** Validates. */
  public Exclusion {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(reason, "reason");
  }
}
