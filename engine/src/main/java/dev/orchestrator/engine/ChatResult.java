package dev.orchestrator.engine;

import dev.orchestrator.engine.chat.ChatResponse;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * A successful answer and how it was obtained. Immutable.
 *
 * @param response the serving route's answer
 * @param route the serving route id (what the caller should report as the model)
 * @param trace the request's trace
 */
public record ChatResult(ChatResponse response, String route, Trace trace) {
  /** Validates. */
  public ChatResult {
    Objects.requireNonNull(response, "response");
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(trace, "trace");
  }

  /**
   * The serving route's cost in USD: {@code 0} on a free route, {@code null} when a price or the
   * usage is unknown. Same as {@code trace().costUsd()}.
   */
  public BigDecimal costUsd() {
    return trace.costUsd();
  }
}
