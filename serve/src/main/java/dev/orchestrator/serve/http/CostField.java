package dev.orchestrator.serve.http;

import java.math.BigDecimal;

/**
 * The cost header of an answer (docs/reference.md §5), shared by every front: {@code
 * x-orchestrator-cost-usd} carries the number a front writes as the answer's cost (the chat front's
 * {@code usage.cost}; {@code unknown} when it is null). Stateless.
 */
public final class CostField {
  /** The response header carrying the cost of a non-streaming answer. */
  public static final String HEADER = "x-orchestrator-cost-usd";

  private CostField() {}

  /** The header value for {@code cost}. */
  public static String header(BigDecimal cost) {
    return cost == null ? "unknown" : cost.toPlainString();
  }
}
