package dev.orchestrator.providers.internal.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ToolDefinition;

/** Helpers shared by the wire protocols. */
public final class WireSupport {
  private WireSupport() {}

  /**
   * Parses JSON text that the caller supplied (a tool schema, tool arguments).
   *
   * @param what names the value in the error, e.g. {@code tool 'search' parameters}
   * @throws RequestEncodingException when it is not JSON
   */
  public static JsonNode parseCallerJson(String text, String what) throws RequestEncodingException {
    try {
      JsonNode n = Json.MAPPER.readTree(text);
      if (n == null || n.isMissingNode()) {
        throw new RequestEncodingException(what + ": empty (expected: a JSON value)");
      }
      return n;
    } catch (JsonProcessingException e) {
      throw new RequestEncodingException(what + ": not valid JSON (expected: a JSON object)");
    }
  }

  /**
   * {@code tool}'s parameter schema, or an empty object schema when it has none. The schema is a
   * JSON object: {@link ToolDefinition} refuses any other when it is built.
   */
  public static JsonNode schema(ToolDefinition tool) {
    String text = tool.parametersJsonSchema();
    if (text == null || text.isBlank()) {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("type", "object");
      o.putObject("properties");
      return o;
    }
    try {
      return Json.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "tool '" + tool.name() + "' parameters: checked when built", e);
    }
  }

  /** Text of a content node: a string, or the concatenated text parts of an array. */
  public static String contentText(JsonNode content) {
    if (content == null || content.isNull() || content.isMissingNode()) {
      return "";
    }
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder sb = new StringBuilder();
    if (content.isArray()) {
      for (JsonNode part : content) {
        if (part.isTextual()) {
          sb.append(part.asText());
        } else if (part.path("text").isTextual()) {
          sb.append(part.path("text").asText());
        }
      }
    }
    return sb.toString();
  }

  /**
   * Binds one JSON document (a whole answer, one stream event) with {@code reader}.
   *
   * @return the record, or {@code null} when the text is not JSON of that shape or is JSON {@code
   *     null}: a provider's garbage is a value the caller classifies, never an exception
   */
  public static <T> T bind(ObjectReader reader, String json) {
    try {
      return reader.readValue(json);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /** Whether a free-form field is there: neither absent nor JSON {@code null}. */
  public static boolean present(JsonNode node) {
    return node != null && !node.isNull();
  }

  /** A reported token count; absent or negative reads 0. */
  public static int nonNegative(Integer count) {
    return count == null || count < 0 ? 0 : count;
  }

  /**
   * A reported detail count (cache reads, cache writes, reasoning): {@code null} when absent, never
   * a made-up 0; negative reads 0.
   */
  public static Integer nonNegativeOrNull(Integer count) {
    return count == null ? null : nonNegative(count);
  }

  /** Serialises a request DTO. */
  public static byte[] toBytes(Object dto) throws RequestEncodingException {
    try {
      return Json.MAPPER.writeValueAsBytes(dto);
    } catch (JsonProcessingException e) {
      throw new RequestEncodingException(
          "request: cannot be encoded as JSON (" + e.getOriginalMessage() + ")");
    }
  }
}
