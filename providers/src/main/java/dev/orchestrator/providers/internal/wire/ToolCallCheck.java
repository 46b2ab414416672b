package dev.orchestrator.providers.internal.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.util.List;
import java.util.Map;

/**
 * Whether a model's tool calls are usable: each names a tool of the request and its arguments parse
 * as a JSON object holding every {@code required} property, each declared property with the
 * schema's {@code type} (one level deep; enough to tell a model that calls tools well from one that
 * does not). A tool without a schema accepts any object. Checked once per answer at the provider
 * boundary ({@link dev.orchestrator.engine.spi.AttemptOutcome.Succeeded#toolCallsValid()}), where
 * Jackson is. Stateless and thread-safe.
 */
public final class ToolCallCheck {
  /** Strict: a document with anything after it is not JSON. */
  private static final ObjectReader READER =
      Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private ToolCallCheck() {}

  /** Whether every call in {@code calls} is valid against {@code tools}. */
  public static boolean valid(List<ToolCall> calls, List<ToolDefinition> tools) {
    for (ToolCall c : calls) {
      if (!valid(c, tools)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code call} names a tool of {@code tools} and fits its schema. */
  public static boolean valid(ToolCall call, List<ToolDefinition> tools) {
    ToolDefinition tool =
        tools.stream().filter(t -> t.name().equals(call.name())).findFirst().orElse(null);
    if (tool == null) {
      return false;
    }
    JsonNode args = read(call.argumentsJson());
    if (args == null || !args.isObject()) {
      return false;
    }
    // A schema that does not parse is the caller's fault, not the model's: not held against it.
    JsonNode schema =
        tool.parametersJsonSchema() == null ? null : read(tool.parametersJsonSchema());
    return schema == null || !schema.isObject() || fits(args, schema);
  }

  private static JsonNode read(String json) {
    try {
      return json == null ? null : READER.readTree(json);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static boolean fits(JsonNode given, JsonNode schema) {
    for (JsonNode name : schema.path("required")) {
      if (!given.has(name.asText())) {
        return false;
      }
    }
    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
      JsonNode v = given.get(p.getKey());
      if (v != null && !typed(v, p.getValue().get("type"))) {
        return false;
      }
    }
    return true;
  }

  private static boolean typed(JsonNode v, JsonNode type) {
    if (type != null && type.isArray()) {
      for (JsonNode t : type) {
        if (typed(v, t)) {
          return true;
        }
      }
      return false;
    }
    if (type == null || !type.isTextual()) {
      return true;
    }
    return switch (type.asText()) {
      case "string" -> v.isTextual();
      case "number" -> v.isNumber();
      case "integer" ->
          v.isIntegralNumber()
              || (v.isNumber() && v.decimalValue().stripTrailingZeros().scale() <= 0);
      case "boolean" -> v.isBoolean();
      case "object" -> v.isObject();
      case "array" -> v.isArray();
      case "null" -> v.isNull();
      default -> true;
    };
  }
}
