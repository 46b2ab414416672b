package dev.orchestrator.engine;

import java.util.Locale;

/** What the engine did after an attempt (docs/reference.md §4 {@code decision}). */
public enum Decision {
  /** The attempt succeeded. */
  SUCCESS,
  /** The same route is tried again after a delay. */
  RETRY_SAME_ROUTE,
  /**
   * The same route is sent the request once more at once, its history in the strictest form: the
   * route refused the history's shape ({@link
   * dev.orchestrator.engine.failure.ProviderFailure#repairable()}, docs/design.md §13). Its {@link
   * #wireName()} is {@code retry_same_route}: the JSON of docs/reference.md §4 names four
   * decisions, and this is a retry of the same route; the next attempt's trace names the strict
   * form.
   */
  REPAIR_SAME_ROUTE,
  /** The next candidate is tried. */
  FAILOVER,
  /** Nothing more is tried: the request ends with this attempt's failure. */
  STOP;

  /** Lower snake case name used in JSON ({@code retry_same_route} for a repair). */
  public String wireName() {
    return this == REPAIR_SAME_ROUTE ? "retry_same_route" : name().toLowerCase(Locale.ROOT);
  }
}
