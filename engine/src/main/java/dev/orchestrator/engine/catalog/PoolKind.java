package dev.orchestrator.engine.catalog;

import java.util.Locale;

/**
 * How a request's model name resolved, which decides how a settled 4xx is handled (docs/design.md
 * §5): a heterogeneous pool fails over, a homogeneous one hands the upstream answer back as it is.
 */
public enum PoolKind {
  /** {@code orchestrator/free}: free chat routes only. Heterogeneous. */
  FREE,
  /** {@code orchestrator/auto}: every chat route, ranked by the strategy. Heterogeneous. */
  AUTO,
  /** A user-defined virtual pool, or an explicit {@code models} fallback list. Heterogeneous. */
  VIRTUAL,
  /** A user-defined group: the same model served by several routes. Homogeneous. */
  GROUP,
  /** One concrete route id. */
  ROUTE;

  /** Lower snake case name used in JSON output and configuration. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether a settled 4xx from one member may be retried on another member. */
  public boolean heterogeneous() {
    return this == FREE || this == AUTO || this == VIRTUAL;
  }
}
