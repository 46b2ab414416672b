package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Route;

/**
 * The free-tier boundary, checked when a plan is built and again by the dispatcher before every
 * attempt (docs/design.md §3). A violation is a bug in the caller, never a condition to skip
 * silently.
 */
public final class TierGuard {
  private TierGuard() {}

  /**
   * Throws when {@code plan} is free-only and {@code route} is not free.
   *
   * @throws FreeTierViolation on a violation
   */
  public static void checkDispatch(Plan plan, Route route) {
    if (!plan.permits(route)) {
      throw new FreeTierViolation(
          "free-tier boundary: priced route "
              + route.id()
              + " must never be dispatched for "
              + plan.model());
    }
  }

  /** A priced route reached dispatch for a free request: a bug. */
  public static final class FreeTierViolation extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** A violation described by {@code message}. */
    public FreeTierViolation(String message) {
      super(message);
    }
  }
}
