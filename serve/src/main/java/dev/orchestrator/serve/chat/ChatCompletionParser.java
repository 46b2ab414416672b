package dev.orchestrator.serve.chat;

import static dev.orchestrator.serve.http.JsonFields.get;
import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.serve.front.FunctionTools;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an OpenAI {@code POST /v1/chat/completions} body into the engine's {@link ChatRequest}
 * (docs/reference.md §5, docs/design.md §9): every field the engine models is read and checked; any
 * other top-level field is kept in {@link ChatRequest#extraBody()} and forwarded unchanged to
 * OpenAI-protocol routes. A wrong type or range is a {@code 400} whose {@code param} names the
 * field. Stateless and thread-safe.
 */
public final class ChatCompletionParser {
  private static final Set<String> TOOL = Set.of("type", "function");
  private static final Set<String> FUNCTION = Set.of("name", "description", "parameters", "strict");
  private static final Set<String> FORMAT = Set.of("type", "json_schema");
  private static final Set<String> SCHEMA = Set.of("name", "description", "schema", "strict");

  /**
   * {@code field: value (expected: …)} as the engine words its validation errors, the field with
   * its indexes ({@code top_p}, {@code messages[3].tool_call_id}).
   */
  private static final Pattern FIELD =
      Pattern.compile("^([a-z_]+(?:\\[\\d+])?(?:\\.[a-z_]+(?:\\[\\d+])?)*):");

  private ChatCompletionParser() {}

  /**
   * A parsed request.
   *
   * @param request the engine request
   * @param includeUsage whether a stream should end with a usage chunk ({@code
   *     stream_options.include_usage})
   */
  public record Parsed(ChatRequest request, boolean includeUsage) {}

  /**
   * Parses {@code body}.
   *
   * @throws ApiError {@code 400} naming the field and the expectation
   */
  public static Parsed parse(byte[] body) {
    JsonNode root = JsonFields.body(body);
    ChatRequest.Builder b = ChatRequest.builder(JsonFields.model(root));
    b.messages(MessageParser.messages(root.get("messages")));
    JsonNode tools = get(root, "tools");
    if (tools != null) {
      if (!tools.isArray()) {
        throw ApiError.badRequest("tools", "tools: " + kind(tools) + " (expected: an array)");
      }
      for (int i = 0; i < tools.size(); i++) {
        b.tool(tool(tools.get(i), "tools[" + i + "]"));
      }
    }
    b.toolChoice(toolChoice(get(root, "tool_choice")));
    b.parallelToolCalls(JsonFields.bool(root, "parallel_tool_calls", "parallel_tool_calls"));
    b.responseFormat(responseFormat(get(root, "response_format")));
    b.temperature(JsonFields.number(root, "temperature", "temperature"));
    b.topP(JsonFields.number(root, "top_p", "top_p"));
    b.stop(stop(get(root, "stop")));
    b.seed(JsonFields.longInteger(root, "seed", "seed"));
    b.maxTokens(JsonFields.integer(root, "max_tokens", "max_tokens"));
    b.maxCompletionTokens(
        JsonFields.integer(root, "max_completion_tokens", "max_completion_tokens"));
    b.presencePenalty(JsonFields.number(root, "presence_penalty", "presence_penalty"));
    b.frequencyPenalty(JsonFields.number(root, "frequency_penalty", "frequency_penalty"));
    String effort = JsonFields.string(root, "reasoning_effort", "reasoning_effort");
    if (effort != null) {
      b.reasoningEffort(engine(() -> ReasoningEffort.fromWireName(effort), "reasoning_effort"));
    }
    b.endUser(JsonFields.string(root, "user", "user"));
    b.metadata(JsonFields.stringMap(root, "metadata", "metadata"));
    Boolean stream = JsonFields.bool(root, "stream", "stream");
    b.stream(Boolean.TRUE.equals(stream));
    JsonNode so = JsonFields.object(root, "stream_options", "stream_options");
    if (so != null) {
      JsonFields.bool(so, "include_usage", "stream_options.include_usage"); // type check
      b.streamOptions(asMap(so));
    }
    b.logprobs(JsonFields.bool(root, "logprobs", "logprobs"));
    b.topLogprobs(JsonFields.integer(root, "top_logprobs", "top_logprobs"));
    b.n(JsonFields.integer(root, "n", "n"));
    b.models(JsonFields.models(root));
    // `provider` is not parsed here: the chat front forwards every field it does not list unchanged
    // to OpenAI-protocol routes (docs/reference.md §5), and an OpenRouter route reads it as its
    // own.
    Map<String, Object> extra = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      if (!ChatRequest.MODELLED_FIELDS.contains(e.getKey())) {
        extra.put(e.getKey(), Json.MAPPER.convertValue(e.getValue(), Object.class));
      }
    }
    b.extraBody(extra);
    ChatRequest request = engine(b::build, null);
    return new Parsed(request, request.includeUsage());
  }

  /** Runs an engine constructor, turning its validation error into a 400 naming the field. */
  private static <T> T engine(java.util.function.Supplier<T> build, String param) {
    try {
      return build.get();
    } catch (IllegalArgumentException e) {
      String p = param;
      if (p == null) {
        Matcher m = FIELD.matcher(e.getMessage());
        p = m.find() ? m.group(1) : null;
      }
      throw ApiError.badRequest(p, e.getMessage());
    }
  }

  private static ToolDefinition tool(JsonNode t, String where) {
    if (!t.isObject()) {
      throw ApiError.badRequest(where, where + ": " + kind(t) + " (expected: a tool object)");
    }
    String type = JsonFields.string(t, "type", where + ".type");
    if (type != null && !"function".equals(type)) {
      throw ApiError.badRequest(
          where + ".type", where + ".type: '" + type + "' (expected: function)");
    }
    JsonFields.onlyKnown(t, TOOL, where, "type and function");
    JsonNode fn = JsonFields.object(t, "function", where + ".function");
    if (fn == null) {
      throw ApiError.badRequest(
          where + ".function", where + ".function: missing (expected: an object with a name)");
    }
    JsonFields.onlyKnown(
        fn, FUNCTION, where + ".function", "name, description, parameters and strict");
    String name = JsonFields.string(fn, "name", where + ".function.name");
    if (name == null || name.isBlank()) {
      throw ApiError.badRequest(
          where + ".function.name", where + ".function.name: missing (expected: a function name)");
    }
    return FunctionTools.define(
        name,
        JsonFields.string(fn, "description", where + ".function.description"),
        JsonFields.object(fn, "parameters", where + ".function.parameters"),
        JsonFields.bool(fn, "strict", where + ".function.strict"),
        where + ".function.parameters");
  }

  private static ToolChoice toolChoice(JsonNode c) {
    if (c == null) {
      return null;
    }
    if (c.isTextual()) {
      return engine(() -> ToolChoice.fromWireName(c.asText()), "tool_choice");
    }
    if (c.isObject() && "function".equals(c.path("type").asText())) {
      String name = JsonFields.string(c.path("function"), "name", "tool_choice.function.name");
      if (name != null) {
        return engine(() -> ToolChoice.function(name), "tool_choice.function.name");
      }
    }
    throw ApiError.badRequest(
        "tool_choice",
        "tool_choice: "
            + kind(c)
            + " (expected: auto, none, required or"
            + " {\"type\":\"function\",\"function\":{\"name\":…}})");
  }

  private static ResponseFormat responseFormat(JsonNode rf) {
    if (rf == null) {
      return null;
    }
    if (!rf.isObject()) {
      throw ApiError.badRequest(
          "response_format", "response_format: " + kind(rf) + " (expected: an object)");
    }
    JsonFields.onlyKnown(rf, FORMAT, "response_format", "type and json_schema");
    String type = JsonFields.string(rf, "type", "response_format.type");
    if (!"json_schema".equals(type)) {
      if (rf.has("json_schema")) {
        throw ApiError.badRequest(
            "response_format.json_schema",
            "response_format.json_schema: with type " + type + " (expected: type json_schema)");
      }
      return engine(() -> new ResponseFormat(type, null), "response_format.type");
    }
    JsonNode js = JsonFields.object(rf, "json_schema", "response_format.json_schema");
    if (js == null) {
      throw ApiError.badRequest(
          "response_format.json_schema",
          "response_format.json_schema: missing (expected: an object with a schema)");
    }
    JsonFields.onlyKnown(
        js, SCHEMA, "response_format.json_schema", "name, description, schema and strict");
    JsonNode schema = JsonFields.object(js, "schema", "response_format.json_schema.schema");
    String name = JsonFields.string(js, "name", "response_format.json_schema.name");
    String description =
        JsonFields.string(js, "description", "response_format.json_schema.description");
    Boolean strict = JsonFields.bool(js, "strict", "response_format.json_schema.strict");
    return engine(
        () ->
            new ResponseFormat(
                "json_schema",
                schema == null ? null : schema.toString(),
                name,
                description,
                strict),
        null);
  }

  private static List<String> stop(JsonNode s) {
    if (s == null) {
      return List.of();
    }
    if (s.isTextual()) {
      return List.of(s.asText());
    }
    if (!s.isArray()) {
      throw ApiError.badRequest(
          "stop", "stop: " + kind(s) + " (expected: a string or an array of strings)");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < s.size(); i++) {
      if (!s.get(i).isTextual()) {
        throw ApiError.badRequest(
            "stop[" + i + "]", "stop[" + i + "]: " + kind(s.get(i)) + " (expected: a string)");
      }
      out.add(s.get(i).asText());
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(JsonNode o) {
    return Json.MAPPER.convertValue(o, Map.class);
  }
}
