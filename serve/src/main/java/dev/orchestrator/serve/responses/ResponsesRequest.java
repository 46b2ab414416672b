package dev.orchestrator.serve.responses;

import static dev.orchestrator.serve.http.JsonFields.get;
import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed {@code POST /v1/responses} body (docs/reference.md, "OpenAI Responses"): the engine
 * request it says, what the answer echoes, and the state fields. Every field is read and checked:
 * what the engine models becomes the request; optional hints no route here can use (a hosted tool
 * the request does not force, an {@code include}, {@code client_metadata}, …) are dropped and named
 * in {@link #dropped()}; a field that would change the answer's contract with no route to honour
 * it, or an unknown field, is a {@code 400} naming it. Not to be changed once parsed ({@link
 * #echo()} is a tree that is copied where it is written, never written into).
 *
 * @param request the engine request: {@code instructions} as the first system message, then the
 *     input (a previous response's conversation is put in between by {@link #withHistory})
 * @param input the messages of {@code input} alone (what a stored conversation gains)
 * @param previousResponseId {@code previous_response_id}, or {@code null}
 * @param store whether the answer is stored ({@code store}, default {@code true})
 * @param echo the request fields the Response object repeats, in its order
 * @param dropped the dropped fields, as paths with the hosted tool's type ({@code tools[1]
 *     (web_search)}), in request order
 */
record ResponsesRequest(
    ChatRequest request,
    List<ChatMessage> input,
    String previousResponseId,
    boolean store,
    ObjectNode echo,
    List<String> dropped) {

  /** How deep a request body may nest; deeper is a {@code 400}, never a stack overflow. */
  static final int MAX_NESTING_DEPTH = 128;

  private static final ObjectReader READER =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
                  .build())
          .build()
          .reader();

  /** Fields read into the request or the answer. */
  private static final Set<String> MODELLED =
      Set.of(
          "model",
          "input",
          "instructions",
          "tools",
          "tool_choice",
          "parallel_tool_calls",
          "max_output_tokens",
          "temperature",
          "top_p",
          "text",
          "reasoning",
          "metadata",
          "user",
          "store",
          "previous_response_id",
          "stream",
          "truncation",
          "include",
          "background",
          "models");

  /** Optional hints and extras: dropped and named when present (docs/reference.md §5). */
  private static final Set<String> HINTS =
      Set.of(
          "client_metadata",
          "prompt_cache_key",
          "prompt_cache_retention",
          "service_tier",
          "safety_identifier",
          "stream_options",
          "max_tool_calls",
          "top_logprobs");

  /** Fields that need state or services no route here has: a {@code 400} naming them. */
  private static final Map<String, String> UNSUPPORTED =
      Map.of(
          "conversation", "a stored conversation (expected: previous_response_id or full input)",
          "prompt", "a stored prompt template (expected: instructions and input)");

  private static final Set<String> FUNCTION_TOOL =
      Set.of("type", "name", "description", "parameters", "strict");
  private static final Set<String> TEXT = Set.of("format", "verbosity");
  private static final Set<String> FORMAT =
      Set.of("type", "name", "schema", "strict", "description");
  private static final Set<String> REASONING = Set.of("effort", "summary", "generate_summary");
  private static final Set<String> SUMMARY = Set.of("auto", "concise", "detailed");

  /**
   * This request with {@code history} (a stored conversation) between the instructions and the
   * input.
   */
  ChatRequest withHistory(List<ChatMessage> history) {
    if (history.isEmpty()) {
      return request;
    }
    List<ChatMessage> all = new ArrayList<>();
    List<ChatMessage> msgs = request.messages();
    int instructions = msgs.size() - input.size();
    all.addAll(msgs.subList(0, instructions));
    all.addAll(history);
    all.addAll(input);
    return request.toBuilder().messages(all).build();
  }

  /**
   * Parses {@code body}.
   *
   * @throws ApiError {@code 400} naming the field and the expectation
   */
  static ResponsesRequest parse(byte[] body) {
    JsonNode root = read(body);
    if (root == null || !root.isObject()) {
      throw ApiError.badRequest(null, "request body: expected a JSON object");
    }
    List<String> dropped = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      String f = e.getKey();
      if (UNSUPPORTED.containsKey(f)) {
        if (!e.getValue().isNull()) {
          throw ApiError.badRequest(f, f + ": " + UNSUPPORTED.get(f) + " no route here has");
        }
      } else if (HINTS.contains(f)) {
        if (!e.getValue().isNull()) {
          dropped.add(f);
        }
      } else if (!MODELLED.contains(f)) {
        throw ApiError.badRequest(
            f, f + ": unknown field (expected: a field of the OpenAI Responses API)");
      }
    }
    String model = JsonFields.string(root, "model", "model");
    if (model == null || model.isBlank()) {
      throw ApiError.badRequest(
          "model",
          "model: "
              + (model == null ? "missing" : "blank")
              + " (expected: a model, group or route id)");
    }
    ObjectNode echo = Json.MAPPER.createObjectNode();
    ChatRequest.Builder b = ChatRequest.builder(model.trim());
    String instructions = JsonFields.string(root, "instructions", "instructions");
    List<ChatMessage> input = InputItems.read(get(root, "input"), dropped);
    String previous = JsonFields.string(root, "previous_response_id", "previous_response_id");
    if (input.isEmpty() && previous == null) {
      throw ApiError.badRequest(
          "input", "input: missing or empty (expected: a string or a non-empty array of items)");
    }
    List<ChatMessage> messages = new ArrayList<>();
    if (instructions != null && !instructions.isEmpty()) {
      messages.add(ChatMessage.system(instructions));
    }
    messages.addAll(input);
    b.messages(messages);
    echo.put("instructions", instructions);

    Integer maxOutput = JsonFields.integer(root, "max_output_tokens", "max_output_tokens");
    if (maxOutput != null && maxOutput < 1) {
      throw ApiError.badRequest(
          "max_output_tokens", "max_output_tokens: " + maxOutput + " (expected: >= 1)");
    }
    b.maxCompletionTokens(maxOutput);
    echo.put("max_output_tokens", maxOutput);

    ArrayNode toolsEcho = echo.arrayNode();
    List<ToolDefinition> tools = tools(get(root, "tools"), dropped, toolsEcho);
    JsonNode choice = get(root, "tool_choice");
    tools = allowedTools(choice, tools);
    b.tools(tools);
    b.toolChoice(toolChoice(choice, tools));
    Boolean parallel = JsonFields.bool(root, "parallel_tool_calls", "parallel_tool_calls");
    b.parallelToolCalls(parallel);
    echo.put("parallel_tool_calls", parallel == null || parallel);

    previous = previous == null || previous.isEmpty() ? null : previous;
    echo.put("previous_response_id", previous);
    ObjectNode reasoningEcho = reasoning(JsonFields.object(root, "reasoning", "reasoning"), b);
    echo.set("reasoning", reasoningEcho);
    Boolean store = JsonFields.bool(root, "store", "store");
    echo.put("store", store == null || store);
    Double temperature = range(root, "temperature", 2);
    b.temperature(temperature);
    echo.put("temperature", temperature);
    echo.set("text", text(JsonFields.object(root, "text", "text"), b, dropped));
    echo.set("tool_choice", choice == null ? echo.textNode("auto") : choice.deepCopy());
    echo.set("tools", toolsEcho);
    Double topP = range(root, "top_p", 1);
    b.topP(topP);
    echo.put("top_p", topP);
    echo.put("truncation", truncation(root, dropped));
    String user = JsonFields.string(root, "user", "user");
    b.endUser(user);
    echo.put("user", user);
    echo.set("metadata", metadata(JsonFields.object(root, "metadata", "metadata")));

    include(get(root, "include"), dropped);
    Boolean background = JsonFields.bool(root, "background", "background");
    if (Boolean.TRUE.equals(background)) {
      throw ApiError.badRequest(
          "background", "background: true (expected: false; answers are given while you wait)");
    }
    b.stream(Boolean.TRUE.equals(JsonFields.bool(root, "stream", "stream")));
    b.models(models(get(root, "models")));
    ChatRequest request;
    try {
      request = b.build();
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(null, e.getMessage());
    }
    return new ResponsesRequest(
        request, List.copyOf(input), previous, store == null || store, echo, List.copyOf(dropped));
  }

  private static JsonNode read(byte[] body) {
    try {
      return READER.readTree(body);
    } catch (StreamConstraintsException e) {
      throw ApiError.badRequest(
          null,
          "request body: nested deeper than "
              + MAX_NESTING_DEPTH
              + " levels (expected: at most "
              + MAX_NESTING_DEPTH
              + ")");
    } catch (JsonProcessingException e) {
      String at =
          e.getLocation() == null
              ? ""
              : " at line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr();
      throw ApiError.badRequest(
          null, "request body: invalid JSON" + at + ": " + e.getOriginalMessage());
    } catch (IOException e) {
      throw ApiError.badRequest(null, "request body: unreadable: " + e.getMessage());
    }
  }

  private static Double range(JsonNode root, String field, double max) {
    Double v = JsonFields.number(root, field, field);
    if (v != null && (v < 0 || v > max)) {
      throw ApiError.badRequest(field, field + ": " + v + " (expected: 0.." + (int) max + ")");
    }
    return v;
  }

  /**
   * The function tools; a hosted tool ({@code web_search}, {@code file_search}, {@code mcp}, …) is
   * dropped and named with its type, and a function tool's {@code namespace} with its path.
   */
  private static List<ToolDefinition> tools(JsonNode tools, List<String> dropped, ArrayNode echo) {
    if (tools == null) {
      return List.of();
    }
    if (!tools.isArray()) {
      throw ApiError.badRequest("tools", "tools: " + kind(tools) + " (expected: an array)");
    }
    List<ToolDefinition> out = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (int i = 0; i < tools.size(); i++) {
      JsonNode t = tools.get(i);
      String where = "tools[" + i + "]";
      if (!t.isObject()) {
        throw ApiError.badRequest(where, where + ": " + kind(t) + " (expected: a tool object)");
      }
      String type = JsonFields.string(t, "type", where + ".type");
      if (type == null) {
        throw ApiError.badRequest(
            where + ".type", where + ".type: missing (expected: function or a hosted tool type)");
      }
      if (!type.equals("function")) {
        dropped.add(where + " (" + type + ")");
        continue;
      }
      ObjectNode copy = ((ObjectNode) t).deepCopy();
      if (t.has("namespace")) {
        dropped.add(where + ".namespace");
        copy.remove("namespace");
      }
      copy.fieldNames()
          .forEachRemaining(
              f -> {
                if (!FUNCTION_TOOL.contains(f)) {
                  throw ApiError.badRequest(
                      where + "." + f,
                      where
                          + "."
                          + f
                          + ": unknown field (expected: name, description, parameters and strict)");
                }
              });
      String name = JsonFields.string(t, "name", where + ".name");
      if (name == null || name.isBlank()) {
        throw ApiError.badRequest(
            where + ".name", where + ".name: missing (expected: a function name)");
      }
      if (!names.add(name)) {
        throw ApiError.badRequest(
            where + ".name", where + ".name: '" + name + "' twice (expected: unique names)");
      }
      JsonNode params = JsonFields.object(t, "parameters", where + ".parameters");
      out.add(
          new ToolDefinition(
              name,
              JsonFields.string(t, "description", where + ".description"),
              params == null ? null : params.toString(),
              JsonFields.bool(t, "strict", where + ".strict")));
      echo.add(copy);
    }
    return out;
  }

  /** {@code allowed_tools}: only the named function tools are offered. */
  private static List<ToolDefinition> allowedTools(JsonNode c, List<ToolDefinition> tools) {
    if (c == null || !c.isObject() || !"allowed_tools".equals(c.path("type").asText())) {
      return tools;
    }
    JsonNode allowed = c.get("tools");
    if (allowed == null || !allowed.isArray()) {
      throw ApiError.badRequest(
          "tool_choice.tools", "tool_choice.tools: missing (expected: an array of tools)");
    }
    Set<String> names = new LinkedHashSet<>();
    for (JsonNode a : allowed) {
      if ("function".equals(a.path("type").asText()) && a.path("name").isTextual()) {
        names.add(a.path("name").asText());
      }
    }
    List<ToolDefinition> out = new ArrayList<>();
    for (ToolDefinition t : tools) {
      if (names.contains(t.name())) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * {@code auto}, {@code none}, {@code required}, a named function, or {@code allowed_tools}. A
   * choice that forces a tool no route here has (a hosted tool, or {@code required} when only
   * hosted tools were offered) is a {@code 400} naming {@code tool_choice}.
   */
  private static ToolChoice toolChoice(JsonNode c, List<ToolDefinition> tools) {
    if (c == null) {
      return null;
    }
    ToolChoice choice;
    if (c.isTextual()) {
      choice =
          switch (c.asText()) {
            case "auto" -> ToolChoice.AUTO;
            case "none" -> ToolChoice.NONE;
            case "required" -> ToolChoice.REQUIRED;
            default ->
                throw ApiError.badRequest(
                    "tool_choice",
                    "tool_choice: '" + c.asText() + "' (expected: auto, none or required)");
          };
    } else if (c.isObject()) {
      String type = JsonFields.string(c, "type", "tool_choice.type");
      if ("function".equals(type)) {
        String name = JsonFields.string(c, "name", "tool_choice.name");
        if (name == null) {
          throw ApiError.badRequest(
              "tool_choice.name", "tool_choice.name: missing (expected: a function name)");
        }
        if (tools.stream().noneMatch(t -> t.name().equals(name))) {
          throw ApiError.badRequest(
              "tool_choice.name",
              "tool_choice.name: '" + name + "' (expected: one of the function tools offered)");
        }
        return ToolChoice.function(name);
      } else if ("allowed_tools".equals(type)) {
        String mode = JsonFields.string(c, "mode", "tool_choice.mode");
        choice = "required".equals(mode) ? ToolChoice.REQUIRED : ToolChoice.AUTO;
        if (mode != null && !mode.equals("auto") && !mode.equals("required")) {
          throw ApiError.badRequest(
              "tool_choice.mode", "tool_choice.mode: '" + mode + "' (expected: auto or required)");
        }
      } else {
        throw ApiError.badRequest(
            "tool_choice",
            "tool_choice: forces the hosted tool "
                + (type == null ? "(no type)" : "'" + type + "'")
                + ", which no route here has (expected: auto, none, required or a function)");
      }
    } else {
      throw ApiError.badRequest(
          "tool_choice",
          "tool_choice: " + kind(c) + " (expected: auto, none, required or a function)");
    }
    if (choice == ToolChoice.REQUIRED && tools.isEmpty()) {
      throw ApiError.badRequest(
          "tool_choice",
          "tool_choice: required, with no function tool offered (expected: a function tool; hosted"
              + " tools have no route here)");
    }
    return choice;
  }

  /** {@code reasoning.effort} to the engine; {@code summary} is honoured by the answer's shape. */
  private static ObjectNode reasoning(JsonNode r, ChatRequest.Builder b) {
    ObjectNode echo = Json.MAPPER.createObjectNode();
    if (r == null) {
      echo.putNull("effort");
      echo.putNull("summary");
      return echo;
    }
    JsonFields.onlyKnown(r, REASONING, "reasoning", "effort and summary");
    String effort = JsonFields.string(r, "effort", "reasoning.effort");
    if (effort != null) {
      try {
        b.reasoningEffort(ReasoningEffort.fromWireName(effort));
      } catch (IllegalArgumentException e) {
        throw ApiError.badRequest(
            "reasoning.effort",
            "reasoning.effort: '"
                + effort
                + "' (expected: none, minimal, low, medium, high or xhigh)");
      }
    }
    String summary = JsonFields.string(r, "summary", "reasoning.summary");
    String generate = JsonFields.string(r, "generate_summary", "reasoning.generate_summary");
    for (String[] s : new String[][] {{"summary", summary}, {"generate_summary", generate}}) {
      if (s[1] != null && !SUMMARY.contains(s[1])) {
        throw ApiError.badRequest(
            "reasoning." + s[0],
            "reasoning." + s[0] + ": '" + s[1] + "' (expected: auto, concise or detailed)");
      }
    }
    echo.put("effort", effort);
    echo.put("summary", summary != null ? summary : generate);
    return echo;
  }

  /** {@code text.format} to the engine's response format; {@code text.verbosity} is a hint. */
  private static ObjectNode text(JsonNode t, ChatRequest.Builder b, List<String> dropped) {
    ObjectNode echo = Json.MAPPER.createObjectNode();
    if (t == null) {
      echo.putObject("format").put("type", "text");
      return echo;
    }
    JsonFields.onlyKnown(t, TEXT, "text", "format and verbosity");
    if (get(t, "verbosity") != null) {
      dropped.add("text.verbosity");
    }
    JsonNode f = JsonFields.object(t, "format", "text.format");
    if (f == null) {
      echo.putObject("format").put("type", "text");
      return echo;
    }
    JsonFields.onlyKnown(f, FORMAT, "text.format", "type, name, schema, strict and description");
    String type = JsonFields.string(f, "type", "text.format.type");
    if (type == null) {
      throw ApiError.badRequest(
          "text.format.type",
          "text.format.type: missing (expected: text, json_object or json_schema)");
    }
    switch (type) {
      case "text", "json_object" -> {
        for (String field : List.of("name", "schema", "strict", "description")) {
          if (f.has(field)) {
            throw ApiError.badRequest(
                "text.format." + field,
                "text.format." + field + ": with type " + type + " (expected: type json_schema)");
          }
        }
        b.responseFormat(type.equals("text") ? ResponseFormat.TEXT : ResponseFormat.JSON_OBJECT);
      }
      case "json_schema" -> {
        JsonNode schema = JsonFields.object(f, "schema", "text.format.schema");
        if (schema == null) {
          throw ApiError.badRequest(
              "text.format.schema", "text.format.schema: missing (expected: a JSON schema object)");
        }
        String name = JsonFields.string(f, "name", "text.format.name");
        if (name == null) {
          throw ApiError.badRequest(
              "text.format.name", "text.format.name: missing (expected: [a-zA-Z0-9_-]{1,64})");
        }
        try {
          b.responseFormat(
              new ResponseFormat(
                  "json_schema",
                  schema.toString(),
                  name,
                  JsonFields.string(f, "description", "text.format.description"),
                  JsonFields.bool(f, "strict", "text.format.strict")));
        } catch (IllegalArgumentException e) {
          throw ApiError.badRequest(
              "text.format.name",
              "text.format.name: '" + name + "' (expected: [a-zA-Z0-9_-]{1,64})");
        }
      }
      default ->
          throw ApiError.badRequest(
              "text.format.type",
              "text.format.type: '" + type + "' (expected: text, json_object or json_schema)");
    }
    echo.set("format", f.deepCopy());
    return echo;
  }

  private static String truncation(JsonNode root, List<String> dropped) {
    String t = JsonFields.string(root, "truncation", "truncation");
    if (t == null || t.equals("disabled")) {
      return "disabled";
    }
    if (t.equals("auto")) {
      dropped.add("truncation");
      return "disabled";
    }
    throw ApiError.badRequest("truncation", "truncation: '" + t + "' (expected: disabled or auto)");
  }

  /** {@code include}: nothing it can ask for is produced by a route here, so it is dropped. */
  private static void include(JsonNode include, List<String> dropped) {
    if (include == null) {
      return;
    }
    if (!include.isArray()) {
      throw ApiError.badRequest(
          "include", "include: " + kind(include) + " (expected: an array of strings)");
    }
    for (int i = 0; i < include.size(); i++) {
      if (!include.get(i).isTextual()) {
        throw ApiError.badRequest(
            "include[" + i + "]",
            "include[" + i + "]: " + kind(include.get(i)) + " (expected: a string)");
      }
    }
    if (!include.isEmpty()) {
      dropped.add("include");
    }
  }

  private static ObjectNode metadata(JsonNode md) {
    ObjectNode out = Json.MAPPER.createObjectNode();
    if (md == null) {
      return out;
    }
    Map<String, String> seen = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : md.properties()) {
      if (!e.getValue().isTextual()) {
        String p = "metadata." + e.getKey();
        throw ApiError.badRequest(p, p + ": " + kind(e.getValue()) + " (expected: a string)");
      }
      seen.put(e.getKey(), e.getValue().asText());
    }
    seen.forEach(out::put);
    return out;
  }

  private static List<String> models(JsonNode models) {
    if (models == null) {
      return List.of();
    }
    if (!models.isArray()) {
      throw ApiError.badRequest(
          "models", "models: " + kind(models) + " (expected: an array of route ids)");
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      JsonNode m = models.get(i);
      if (!m.isTextual() || m.asText().isBlank()) {
        throw ApiError.badRequest(
            "models[" + i + "]", "models[" + i + "]: " + kind(m) + " (expected: a route id)");
      }
      ids.add(m.asText().trim());
    }
    return ids;
  }
}
