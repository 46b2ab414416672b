package dev.orchestrator.providers.simulation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An Anthropic Messages event stream as the API sends it, for the tests that hand one to a client
 * or a front: {@code message_start}, then content blocks (start, deltas, stop) numbered in order,
 * then {@code message_delta} and {@code message_stop}. Each event is an {@code event:} line naming
 * the data's type, a {@code data:} line and a blank line. Not thread-safe.
 */
public final class AnthropicSse {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final StringBuilder sse = new StringBuilder();
  private int blocks;

  private AnthropicSse() {}

  /**
   * A stream that opens message {@code id} of {@code model}; {@code usage} is the usage object the
   * start reports, as JSON.
   */
  public static AnthropicSse start(String id, String model, String usage) {
    ObjectNode message =
        JSON.createObjectNode()
            .put("id", id)
            .put("type", "message")
            .put("role", "assistant")
            .put("model", model);
    message.putArray("content");
    message.putNull("stop_reason");
    message.set("usage", tree(usage));
    AnthropicSse s = new AnthropicSse();
    s.event(JSON.createObjectNode().put("type", "message_start").set("message", message));
    return s;
  }

  /** A {@code ping} event. */
  public AnthropicSse ping() {
    return event(JSON.createObjectNode().put("type", "ping"));
  }

  /** A thinking block of {@code pieces}, signed with {@code signature} when not {@code null}. */
  public AnthropicSse thinking(String signature, String... pieces) {
    int index = open(JSON.createObjectNode().put("type", "thinking").put("thinking", ""));
    for (String p : pieces) {
      delta(index, JSON.createObjectNode().put("type", "thinking_delta").put("thinking", p));
    }
    if (signature != null) {
      delta(
          index,
          JSON.createObjectNode().put("type", "signature_delta").put("signature", signature));
    }
    return close(index);
  }

  /** A text block of {@code pieces}. */
  public AnthropicSse text(String... pieces) {
    int index = open(JSON.createObjectNode().put("type", "text").put("text", ""));
    for (String p : pieces) {
      delta(index, JSON.createObjectNode().put("type", "text_delta").put("text", p));
    }
    return close(index);
  }

  /** A {@code tool_use} block whose input arrives as the JSON fragments {@code partialJson}. */
  public AnthropicSse toolUse(String id, String name, String... partialJson) {
    ObjectNode block =
        JSON.createObjectNode().put("type", "tool_use").put("id", id).put("name", name);
    block.putObject("input");
    int index = open(block);
    for (String p : partialJson) {
      delta(index, JSON.createObjectNode().put("type", "input_json_delta").put("partial_json", p));
    }
    return close(index);
  }

  /** A block written whole at its start, {@code blockJson} (a server tool's result, say). */
  public AnthropicSse block(String blockJson) {
    return close(open((ObjectNode) tree(blockJson)));
  }

  /**
   * The whole stream: this one ended by {@code message_delta} with {@code stopReason} and {@code
   * outputTokens}, and {@code message_stop}.
   */
  public String end(String stopReason, int outputTokens) {
    ObjectNode md = JSON.createObjectNode().put("type", "message_delta");
    md.putObject("delta").put("stop_reason", stopReason).putNull("stop_sequence");
    md.putObject("usage").put("output_tokens", outputTokens);
    event(md);
    event(JSON.createObjectNode().put("type", "message_stop"));
    return sse.toString();
  }

  private int open(ObjectNode block) {
    int index = blocks++;
    event(
        JSON.createObjectNode()
            .put("type", "content_block_start")
            .put("index", index)
            .set("content_block", block));
    return index;
  }

  private void delta(int index, ObjectNode delta) {
    event(
        JSON.createObjectNode()
            .put("type", "content_block_delta")
            .put("index", index)
            .set("delta", delta));
  }

  private AnthropicSse close(int index) {
    return event(JSON.createObjectNode().put("type", "content_block_stop").put("index", index));
  }

  private AnthropicSse event(JsonNode data) {
    sse.append("event: ")
        .append(data.get("type").asText())
        .append("\ndata: ")
        .append(data)
        .append("\n\n");
    return this;
  }

  private static JsonNode tree(String json) {
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }
}
