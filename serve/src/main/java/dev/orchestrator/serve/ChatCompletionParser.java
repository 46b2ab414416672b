package dev.orchestrator.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads an OpenAI {@code POST /v1/chat/completions} body into the engine's {@link ChatRequest}.
 * Unknown fields are ignored; a malformed field is a {@code 400} naming it ({@code
 * messages[2].role}). {@code tool_choice}, {@code user}, {@code seed}, {@code stop} and sampling
 * knobs other than {@code temperature} are accepted and not forwarded. Stateless and thread-safe.
 */
final class ChatCompletionParser {
  private ChatCompletionParser() {}

  /**
   * A parsed request.
   *
   * @param request the engine request
   * @param includeUsage whether a stream should end with a usage chunk ({@code
   *     stream_options.include_usage})
   */
  record Parsed(ChatRequest request, boolean includeUsage) {}

  /**
   * Parses {@code body}.
   *
   * @throws ApiError {@code 400} naming the field and the expectation
   */
  static Parsed parse(byte[] body) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest(
          null,
          "request body: invalid JSON at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ": "
              + e.getOriginalMessage());
    } catch (IOException e) {
      throw ApiError.badRequest(null, "request body: unreadable: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw ApiError.badRequest(null, "request body: expected a JSON object");
    }
    JsonNode model = root.get("model");
    if (model == null || model.isNull()) {
      throw ApiError.badRequest("model", "model: missing (expected: a model, group or route id)");
    }
    if (!model.isTextual() || model.asText().isBlank()) {
      throw ApiError.badRequest(
          "model", "model: " + model + " (expected: a model, group or route id)");
    }
    ChatRequest.Builder b = ChatRequest.builder(model.asText().trim());
    b.messages(messages(root.get("messages")));
    JsonNode tools = root.get("tools");
    if (tools != null && !tools.isNull()) {
      if (!tools.isArray()) {
        throw ApiError.badRequest("tools", "tools: " + kind(tools) + " (expected: an array)");
      }
      for (int i = 0; i < tools.size(); i++) {
        b.tool(tool(tools.get(i), "tools[" + i + "]"));
      }
    }
    Integer maxTokens = positiveInt(root, "max_completion_tokens");
    if (maxTokens == null) {
      maxTokens = positiveInt(root, "max_tokens");
    }
    b.maxTokens(maxTokens);
    JsonNode t = root.get("temperature");
    if (t != null && !t.isNull()) {
      if (!t.isNumber() || t.asDouble() < 0 || t.asDouble() > 2) {
        throw ApiError.badRequest(
            "temperature", "temperature: " + t + " (expected: a number 0..2)");
      }
      b.temperature(t.asDouble());
    }
    JsonNode n = root.get("n");
    if (n != null && !n.isNull() && !(n.isIntegralNumber() && n.asInt() == 1)) {
      throw ApiError.badRequest("n", "n: " + n + " (expected: 1)");
    }
    b.responseFormat(responseFormat(root.get("response_format")));
    boolean stream = bool(root, "stream");
    b.stream(stream);
    boolean includeUsage = false;
    JsonNode so = root.get("stream_options");
    if (so != null && !so.isNull()) {
      if (!so.isObject()) {
        throw ApiError.badRequest(
            "stream_options", "stream_options: " + kind(so) + " (expected: an object)");
      }
      includeUsage = bool(so, "include_usage", "stream_options.include_usage");
    }
    JsonNode models = root.get("models");
    if (models != null && !models.isNull()) {
      if (!models.isArray()) {
        throw ApiError.badRequest(
            "models", "models: " + kind(models) + " (expected: an array of route ids)");
      }
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < models.size(); i++) {
        JsonNode m = models.get(i);
        if (!m.isTextual() || m.asText().isBlank()) {
          throw ApiError.badRequest(
              "models[" + i + "]", "models[" + i + "]: " + m + " (expected: a route id)");
        }
        ids.add(m.asText().trim());
      }
      b.models(ids);
    }
    try {
      return new Parsed(b.build(), includeUsage);
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(null, e.getMessage());
    }
  }

  private static List<ChatMessage> messages(JsonNode node) {
    if (node == null || node.isNull()) {
      throw ApiError.badRequest(
          "messages", "messages: missing (expected: a non-empty array of messages)");
    }
    if (!node.isArray() || node.isEmpty()) {
      throw ApiError.badRequest(
          "messages", "messages: " + kind(node) + " (expected: a non-empty array of messages)");
    }
    List<ChatMessage> out = new ArrayList<>(node.size());
    for (int i = 0; i < node.size(); i++) {
      out.add(message(node.get(i), "messages[" + i + "]"));
    }
    return out;
  }

  private static ChatMessage message(JsonNode m, String where) {
    if (!m.isObject()) {
      throw ApiError.badRequest(
          where, where + ": " + kind(m) + " (expected: an object with role and content)");
    }
    JsonNode r = m.get("role");
    Role role;
    if (r == null || !r.isTextual()) {
      throw ApiError.badRequest(
          where + ".role",
          where
              + ".role: "
              + (r == null ? "missing" : r.toString())
              + " (expected: system, user, assistant or tool)");
    }
    try {
      role = Role.fromWireName(r.asText());
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(
          where + ".role",
          where + ".role: '" + r.asText() + "' (expected: system, user, assistant or tool)");
    }
    String content = content(m.get("content"), where + ".content");
    List<ToolCall> calls = new ArrayList<>();
    JsonNode tc = m.get("tool_calls");
    if (tc != null && !tc.isNull()) {
      if (role != Role.ASSISTANT) {
        throw ApiError.badRequest(
            where + ".tool_calls",
            where + ".tool_calls: on a " + role.wireName() + " message (expected: assistant only)");
      }
      if (!tc.isArray()) {
        throw ApiError.badRequest(
            where + ".tool_calls", where + ".tool_calls: " + kind(tc) + " (expected: an array)");
      }
      for (int j = 0; j < tc.size(); j++) {
        calls.add(toolCall(tc.get(j), where + ".tool_calls[" + j + "]"));
      }
    }
    String toolCallId = null;
    if (role == Role.TOOL) {
      JsonNode id = m.get("tool_call_id");
      if (id == null || !id.isTextual() || id.asText().isBlank()) {
        throw ApiError.badRequest(
            where + ".tool_call_id",
            where
                + ".tool_call_id: "
                + (id == null ? "missing" : id.toString())
                + " (expected: the id of the tool call this result answers)");
      }
      toolCallId = id.asText();
    }
    if (content.isEmpty() && calls.isEmpty() && role == Role.USER) {
      JsonNode c = m.get("content");
      if (c == null || c.isNull()) {
        throw ApiError.badRequest(
            where + ".content", where + ".content: missing (expected: a string or content parts)");
      }
    }
    return new ChatMessage(role, content, calls, toolCallId);
  }

  /** A string, null, or an array of {@code {"type":"text","text":...}} parts joined. */
  private static String content(JsonNode c, String where) {
    if (c == null || c.isNull()) {
      return "";
    }
    if (c.isTextual()) {
      return c.asText();
    }
    if (!c.isArray()) {
      throw ApiError.badRequest(
          where, where + ": " + kind(c) + " (expected: a string or an array of text parts)");
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < c.size(); i++) {
      JsonNode part = c.get(i);
      String p = where + "[" + i + "]";
      String type = part.path("type").asText("");
      if (!"text".equals(type)) {
        throw ApiError.badRequest(
            p + ".type",
            p + ".type: '" + type + "' (expected: text; serve forwards text parts only)");
      }
      JsonNode text = part.get("text");
      if (text == null || !text.isTextual()) {
        throw ApiError.badRequest(p + ".text", p + ".text: missing (expected: a string)");
      }
      sb.append(text.asText());
    }
    return sb.toString();
  }

  private static ToolCall toolCall(JsonNode c, String where) {
    JsonNode fn = c.path("function");
    JsonNode name = fn.get("name");
    if (name == null || !name.isTextual() || name.asText().isBlank()) {
      throw ApiError.badRequest(
          where + ".function.name", where + ".function.name: missing (expected: a function name)");
    }
    JsonNode args = fn.get("arguments");
    String argsJson;
    if (args == null || args.isNull()) {
      argsJson = "{}";
    } else if (args.isTextual()) {
      argsJson = args.asText();
    } else if (args.isObject()) {
      argsJson = args.toString();
    } else {
      throw ApiError.badRequest(
          where + ".function.arguments",
          where + ".function.arguments: " + kind(args) + " (expected: a JSON string)");
    }
    JsonNode id = c.get("id");
    return new ToolCall(id != null && id.isTextual() ? id.asText() : null, name.asText(), argsJson);
  }

  private static ToolDefinition tool(JsonNode t, String where) {
    if (!t.isObject()) {
      throw ApiError.badRequest(where, where + ": " + kind(t) + " (expected: a tool object)");
    }
    String type = t.path("type").asText("function");
    if (!"function".equals(type)) {
      throw ApiError.badRequest(
          where + ".type", where + ".type: '" + type + "' (expected: function)");
    }
    JsonNode fn = t.path("function");
    JsonNode name = fn.get("name");
    if (name == null || !name.isTextual() || name.asText().isBlank()) {
      throw ApiError.badRequest(
          where + ".function.name", where + ".function.name: missing (expected: a function name)");
    }
    JsonNode desc = fn.get("description");
    JsonNode params = fn.get("parameters");
    if (params != null && !params.isNull() && !params.isObject()) {
      throw ApiError.badRequest(
          where + ".function.parameters",
          where + ".function.parameters: " + kind(params) + " (expected: a JSON Schema object)");
    }
    return new ToolDefinition(
        name.asText(),
        desc != null && desc.isTextual() ? desc.asText() : null,
        params == null || params.isNull() ? null : params.toString());
  }

  private static ResponseFormat responseFormat(JsonNode rf) {
    if (rf == null || rf.isNull()) {
      return null;
    }
    if (!rf.isObject()) {
      throw ApiError.badRequest(
          "response_format", "response_format: " + kind(rf) + " (expected: an object)");
    }
    String type = rf.path("type").asText("");
    switch (type) {
      case "text":
        return ResponseFormat.TEXT;
      case "json_object":
        return ResponseFormat.JSON_OBJECT;
      case "json_schema":
        JsonNode schema = rf.get("json_schema");
        if (schema == null || !schema.isObject()) {
          throw ApiError.badRequest(
              "response_format.json_schema",
              "response_format.json_schema: missing (expected: an object with a schema)");
        }
        return new ResponseFormat("json_schema", schema.toString());
      default:
        throw ApiError.badRequest(
            "response_format.type",
            "response_format.type: '" + type + "' (expected: text, json_object or json_schema)");
    }
  }

  private static Integer positiveInt(JsonNode root, String field) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 1) {
      throw ApiError.badRequest(field, field + ": " + v + " (expected: an integer >= 1)");
    }
    return v.asInt();
  }

  private static boolean bool(JsonNode root, String field) {
    return bool(root, field, field);
  }

  private static boolean bool(JsonNode root, String field, String param) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      return false;
    }
    if (!v.isBoolean()) {
      throw ApiError.badRequest(param, param + ": " + v + " (expected: true or false)");
    }
    return v.asBoolean();
  }

  private static String kind(JsonNode n) {
    if (n.isArray()) {
      return n.isEmpty() ? "an empty array" : "an array";
    }
    if (n.isObject()) {
      return "an object";
    }
    return n.isTextual() ? "'" + n.asText() + "'" : n.toString().toLowerCase(Locale.ROOT);
  }
}
