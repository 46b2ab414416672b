package dev.orchestrator.engine.plan;

import java.util.Locale;

/** How {@code orchestrator/auto} ranks its candidates (ADR 0004). Listed pools keep their order. */
public enum Strategy {
  /** Cheapest first: free routes, then ascending input+output price. */
  COST,
  /**
   * Most capable first: explicit quality score, then price descending as a proxy for capability,
   * then the newest release.
   */
  QUALITY;

  /** Lower case name used on the command line. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code cost} or {@code quality}.
   *
   * @throws IllegalArgumentException naming the value
   */
  public static Strategy fromWireName(String s) {
    String n = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    switch (n) {
      case "cost":
        return COST;
      case "quality":
        return QUALITY;
      default:
        throw new IllegalArgumentException("strategy: " + s + " (expected: cost or quality)");
    }
  }
}
