package dev.orchestrator.serve;

import java.math.BigDecimal;

/**
 * The cost header of an answer (docs/reference.md §5): {@code x-orchestrator-cost-usd} carries the
 * number that {@link Completions} writes as {@code usage.cost} ({@code unknown} when it is null).
 * Stateless.
 */
final class CostField {
  /** The response header carrying the cost of a non-streaming answer. */
  static final String HEADER = "x-orchestrator-cost-usd";

  private CostField() {}

  /** The header value for {@code cost}. */
  static String header(BigDecimal cost) {
    return cost == null ? "unknown" : cost.toPlainString();
  }
}
