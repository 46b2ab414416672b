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

  /**
   * The kind as configuration and {@code catalog pools} spell it: lower snake case ({@code
   * virtual}, {@code group}, …).
   */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The {@code pool} a plan reports (docs/reference.md §3): {@code free}, {@code auto}, {@code
   * group} for a pool of the config of either kind (or an explicit fallback list), or {@code
   * route}. The kind itself is {@link #wireName()}.
   */
  public String planName() {
    return this == VIRTUAL ? GROUP.wireName() : wireName();
  }

  /** Whether a settled 4xx from one member may be retried on another member. */
  public boolean heterogeneous() {
    return this == FREE || this == AUTO || this == VIRTUAL;
  }
}
