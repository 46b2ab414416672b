package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Route;
import java.util.Objects;

/**
 * One ranked candidate of a plan. Immutable.
 *
 * @param rank 1-based position in the plan
 * @param route the route
 * @param why one line explaining the rank
 */
public record Candidate(int rank, Route route, String why) {
  /** Validates. */
  public Candidate {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(why, "why");
  }
}
