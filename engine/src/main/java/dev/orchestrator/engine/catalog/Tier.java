package dev.orchestrator.engine.catalog;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Whether using a route costs money. A route is {@link #FREE} only with positive evidence
 * (docs/design.md §3): an explicit {@code tier: free} in the user's configuration, or a catalog
 * price of exactly zero for both input and output. Everything else — a missing, unparsable or
 * negative price — is {@link #PRICED}. Money is fail-closed.
 */
public enum Tier {
  /** Positive evidence that the route costs nothing. */
  FREE,
  /** Costs money, or no evidence that it does not. */
  PRICED;

  /** Lower snake case name used in JSON output. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The tier rule of docs/design.md §3 for catalog prices: free only when both prices are present
   * and exactly zero. A {@code null} price means missing or unparsable evidence.
   */
  public static Tier fromPrices(BigDecimal inputPerMtok, BigDecimal outputPerMtok) {
    if (inputPerMtok == null || outputPerMtok == null) {
      return PRICED;
    }
    return inputPerMtok.signum() == 0 && outputPerMtok.signum() == 0 ? FREE : PRICED;
  }

  /**
   * Parses {@code free} or {@code priced}.
   *
   * @throws IllegalArgumentException naming the value
   */
  public static Tier fromWireName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    switch (n) {
      case "free":
        return FREE;
      case "priced":
        return PRICED;
      default:
        throw new IllegalArgumentException("tier: " + name + " (expected: free or priced)");
    }
  }
}
