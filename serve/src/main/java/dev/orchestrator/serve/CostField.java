package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;

/**
 * The cost of an answer on the wire (CONTRACT §5): {@code usage.cost} in the body, OpenRouter's
 * convention — a number in USD, {@code 0} on a free route, {@code null} when unknown — and the
 * {@code x-orchestrator-cost-usd} header with the same number ({@code unknown} when it is null).
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

  /** {@code completion} (a chat-completion object) with {@code usage.cost} set to {@code cost}. */
  static byte[] insert(byte[] completion, BigDecimal cost) {
    try {
      JsonNode root = Json.MAPPER.readTree(completion);
      JsonNode usage = root.path("usage");
      ObjectNode u = usage.isObject() ? (ObjectNode) usage : ((ObjectNode) root).putObject("usage");
      if (cost == null) {
        u.putNull("cost");
      } else {
        u.put("cost", cost);
      }
      return Json.MAPPER.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
