package dev.orchestrator.engine.health;

import java.util.Map;

/**
 * A read-only view of route health for planning: the routes that are currently not healthy. A route
 * absent from {@link #marks()} is healthy (or its breaker is half-open and may be probed).
 */
@FunctionalInterface
public interface HealthView {
  /** Every route healthy. */
  HealthView NONE = Map::of;

  /** A consistent snapshot of the routes that are not healthy now, by route id. */
  Map<String, HealthMark> marks();
}
