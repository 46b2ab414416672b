package dev.orchestrator.engine.plan;

import java.util.Locale;

/**
 * How a pool ranks its candidates (ADR 0004, ADR 0034). {@link #COST} and {@link #QUALITY} are
 * catalog orders and, with learning on, are corrected by what routes were observed to do; {@link
 * #LATENCY}, {@link #THROUGHPUT} and {@link #RELIABILITY} rank by observations alone (the catalog
 * order breaks ties and ranks routes never observed). Listed pools keep their order unless learning
 * is on.
 */
public enum Strategy {
  /** Cheapest first: free routes, then ascending input+output price. */
  COST,
  /**
   * Most capable first: explicit quality score, then price descending as a proxy for capability,
   * then the newest release.
   */
  QUALITY,
  /** Shortest observed time to first token, divided by the observed usable share. */
  LATENCY,
  /** Highest observed output tokens per second, times the observed usable share. */
  THROUGHPUT,
  /** Highest observed usable share: attempts that answered, times valid tool calls. */
  RELIABILITY;

  /** Lower case name used on the command line and in configs. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether this strategy ranks by observations alone. */
  public boolean observed() {
    return this == LATENCY || this == THROUGHPUT || this == RELIABILITY;
  }

  /**
   * Parses {@code cost}, {@code quality}, {@code latency}, {@code throughput} or {@code
   * reliability}.
   *
   * @throws IllegalArgumentException naming the value
   */
  public static Strategy fromWireName(String s) {
    String n = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    for (Strategy v : values()) {
      if (v.wireName().equals(n)) {
        return v;
      }
    }
    throw new IllegalArgumentException(
        "strategy: " + s + " (expected: cost, quality, latency, throughput or reliability)");
  }
}
