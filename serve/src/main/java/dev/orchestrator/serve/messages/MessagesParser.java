package dev.orchestrator.serve.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.serve.front.FileParts;
import dev.orchestrator.serve.front.FunctionTools;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import dev.orchestrator.serve.http.ProviderField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses an Anthropic Messages request body into the engine's {@link ChatRequest}
 * (docs/reference.md §7). The body itself rides along as a {@link NativeRequest}, so an Anthropic
 * route receives it unchanged; what only that protocol can say is listed twice: a hint or optional
 * extra (cache control, {@code top_k}, beta fields, a hosted tool not forced) in {@link
 * Parsed#dropped()} — named in {@code x-orchestrator-dropped} when a route of another protocol
 * serves the request — and a field that changes the answer's contract (a forced hosted tool, a
 * document by URL) in the native request's contract, which keeps routes of another protocol out of
 * the plan. A malformed field is a 400 naming it. Stateless.
 */
final class MessagesParser {
  /** The request headers passed on to Anthropic routes. */
  static final List<String> PROTOCOL_HEADERS = List.of("anthropic-version", "anthropic-beta");

  /** Top-level fields this parser translates. */
  private static final Set<String> MODELLED =
      Set.of(
          "model",
          "max_tokens",
          "messages",
          "system",
          "stream",
          "temperature",
          "top_p",
          "stop_sequences",
          "metadata",
          "tools",
          "tool_choice",
          "thinking",
          "output_config",
          "output_format",
          "provider");

  private MessagesParser() {}

  /**
   * One parsed request.
   *
   * @param request the engine's request, with the body as its {@link NativeRequest}
   * @param dropped the fields a route of another protocol does not receive, as paths
   */
  record Parsed(ChatRequest request, List<String> dropped, FieldNames names) {}

  /**
   * Parses a {@code POST /v1/messages} body; {@code headers} are the caller's protocol headers.
   *
   * @param countOnly for {@code count_tokens}: {@code max_tokens} is not required
   * @throws ApiError {@code 400} naming the first malformed field
   */
  static Parsed parse(byte[] body, Map<String, String> headers, boolean countOnly) {
    JsonNode root = JsonFields.body(body);
    return new MessagesParser.Run(root)
        .parse(new String(body, StandardCharsets.UTF_8), headers, countOnly);
  }

  /** One parse; not thread-safe. */
  private static final class Run {
    private final JsonNode root;
    private final List<String> dropped = new ArrayList<>();
    private final List<String> contract = new ArrayList<>();
    private final List<ChatMessage> messages = new ArrayList<>();
    // where each of messages comes from in the body, to name a field the engine refuses
    private final List<String> origins = new ArrayList<>();
    // where each part of each of messages comes from, and those of the message being read
    private final List<List<String>> partOrigins = new ArrayList<>();
    private final List<String> pendingParts = new ArrayList<>();
    // the field that gave the response format: output_config.format or the beta's output_format
    private String formatAt = "output_config.format";

    Run(JsonNode root) {
      this.root = root;
    }

    Parsed parse(String body, Map<String, String> headers, boolean countOnly) {
      String model = JsonFields.string(root, "model", "model");
      if (model == null || model.isBlank()) {
        throw ApiError.badRequest("model", "model: missing (expected: a model, pool or route id)");
      }
      ChatRequest.Builder b = ChatRequest.builder(model);
      Integer maxTokens = JsonFields.integer(root, "max_tokens", "max_tokens");
      if (maxTokens == null && !countOnly) {
        throw ApiError.badRequest("max_tokens", "max_tokens: missing (expected: an integer >= 1)");
      }
      if (maxTokens != null && maxTokens < 1) {
        throw ApiError.badRequest(
            "max_tokens", "max_tokens: " + maxTokens + " (expected: an integer >= 1)");
      }
      b.maxTokens(maxTokens);
      system(root.get("system"));
      messages(root.get("messages"));
      orphanResults();
      b.messages(messages);
      Boolean stream = JsonFields.bool(root, "stream", "stream");
      b.stream(!countOnly && Boolean.TRUE.equals(stream));
      b.temperature(JsonFields.number(root, "temperature", "temperature"));
      b.topP(JsonFields.number(root, "top_p", "top_p"));
      b.stop(stopSequences(root.get("stop_sequences")));
      metadata(b, root.get("metadata"));
      Set<String> functions = tools(b, root.get("tools"));
      toolChoice(b, root.get("tool_choice"), functions);
      thinking(b, root.get("thinking"));
      outputConfig(b, root.get("output_config"), root.get("output_format"));
      b.provider(ProviderField.parse(root));
      for (Map.Entry<String, JsonNode> e : root.properties()) {
        if (!MODELLED.contains(e.getKey())) {
          dropped.add(e.getKey()); // an extra the engine does not model: Anthropic routes get it
        }
      }
      String betas = headers.get("anthropic-beta");
      if (betas != null && !betas.isBlank()) {
        // beta features are hints only Anthropic routes read: named for every other route
        // (space-separated: the dropped header separates its names by commas)
        dropped.add("anthropic-beta (" + String.join(" ", betas.strip().split("\\s*,\\s*")) + ")");
      }
      b.nativeRequest(
          new NativeRequest(Protocol.ANTHROPIC_MESSAGES, body, headers, messages, contract));
      b.dropped(dropped);
      try {
        return new Parsed(
            b.build(),
            List.copyOf(dropped),
            new FieldNames(origins, partOrigins, formatAt, contract));
      } catch (IllegalArgumentException e) {
        throw ApiError.badRequest(null, e.getMessage());
      }
    }

    private void system(JsonNode system) {
      if (system == null || system.isNull()) {
        return;
      }
      if (system.isTextual()) {
        add(ChatMessage.system(system.asText()), "system");
        return;
      }
      if (!system.isArray()) {
        throw ApiError.badRequest(
            "system", "system: " + kind(system) + " (expected: a string or text blocks)");
      }
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < system.size(); i++) {
        JsonNode block = system.get(i);
        String at = "system[" + i + "]";
        if (!"text".equals(block.path("type").asText())) {
          throw ApiError.badRequest(at + ".type", at + ".type: expected text");
        }
        text.append(text.length() > 0 ? "\n\n" : "").append(textOf(block, at));
        extras(block, at, Set.of("type", "text"));
      }
      add(ChatMessage.system(text.toString()), "system");
    }

    private void messages(JsonNode list) {
      if (list == null || !list.isArray() || list.isEmpty()) {
        throw ApiError.badRequest(
            "messages", "messages: " + kind(list) + " (expected: a non-empty array)");
      }
      for (int i = 0; i < list.size(); i++) {
        message(list.get(i), "messages[" + i + "]", i == list.size() - 1);
      }
    }

    /**
     * One message. Empty content is a 400, as Anthropic has it, but in a final assistant message
     * (an empty prefill, which says nothing); a message whose every block is of a type the engine
     * does not read is in the contract: the body goes as it is to an Anthropic route, and no route
     * of another protocol gets a history without that turn.
     */
    private void message(JsonNode m, String at, boolean last) {
      if (m == null || !m.isObject()) {
        throw ApiError.badRequest(at, at + ": " + kind(m) + " (expected: a message object)");
      }
      String role = JsonFields.string(m, "role", at + ".role");
      JsonNode content = m.get("content");
      if ("system".equals(role)) {
        // Claude Code puts system entries among the messages.
        add(
            ChatMessage.system(
                content != null && content.isTextual()
                    ? content.asText()
                    : joinedText(content, at + ".content")),
            at);
        return;
      }
      if (!"user".equals(role) && !"assistant".equals(role)) {
        throw ApiError.badRequest(
            at + ".role", at + ".role: " + role + " (expected: user, assistant or system)");
      }
      boolean assistant = role.equals("assistant");
      ChatMessage.Builder msg = ChatMessage.builder(assistant ? Role.ASSISTANT : Role.USER);
      boolean any = false;
      if (content != null && content.isTextual()) {
        msg.text(content.asText());
        pendingParts.add(at + ".content");
        add(msg.build(), at);
        return;
      }
      if (content == null || !content.isArray()) {
        throw ApiError.badRequest(
            at + ".content", at + ".content: " + kind(content) + " (expected: a string or blocks)");
      }
      if (content.isEmpty() && !(assistant && last)) {
        throw ApiError.badRequest(
            at + ".content",
            at
                + ".content: empty (expected: at least one block; only a final assistant message"
                + " may be empty)");
      }
      int before = messages.size();
      for (int j = 0; j < content.size(); j++) {
        JsonNode block = content.get(j);
        String bat = at + ".content[" + j + "]";
        String type = block.path("type").asText("");
        switch (type) {
          case "text" -> {
            msg.text(textOf(block, bat));
            pendingParts.add(bat);
            extras(block, bat, Set.of("type", "text"));
            any = true;
          }
          case "image" -> {
            requireRole(!assistant, bat, "image", "user");
            msg.part(image(block, bat));
            pendingParts.add(bat);
            extras(block, bat, Set.of("type", "source"));
            any = true;
          }
          case "document" -> {
            requireRole(!assistant, bat, "document", "user");
            msg.part(document(block, bat));
            pendingParts.add(bat);
            any = true;
          }
          case "tool_use" -> {
            requireRole(assistant, bat, "tool_use", "assistant");
            String id = JsonFields.string(block, "id", bat + ".id");
            String name = JsonFields.string(block, "name", bat + ".name");
            if (id == null || name == null) {
              throw ApiError.badRequest(bat, bat + ": tool_use without id or name");
            }
            JsonNode input = block.get("input");
            msg.toolCall(new ToolCall(id, name, input == null ? "{}" : input.toString()));
            extras(block, bat, Set.of("type", "id", "name", "input"));
            any = true;
          }
          case "tool_result" -> {
            requireRole(!assistant, bat, "tool_result", "user");
            if (any) {
              flush(msg, Role.USER, at);
              msg = ChatMessage.builder(Role.USER);
              any = false;
            }
            add(toolResult(block, bat), bat + ".tool_use_id");
          }
          case "thinking" -> {
            requireRole(assistant, bat, "thinking", "assistant");
            String sig = block.path("signature").asText("");
            msg.thinking(Thinking.of(textOf(block, "thinking", bat), sig.isEmpty() ? null : sig));
            any = true;
          }
          case "redacted_thinking" -> {
            requireRole(assistant, bat, "redacted_thinking", "assistant");
            msg.thinking(Thinking.redacted(block.path("data").asText("")));
            any = true;
          }
          default -> dropped.add(bat + " (" + (type.isEmpty() ? "no type" : type) + ")");
        }
      }
      if (any) {
        flush(msg, assistant ? Role.ASSISTANT : Role.USER, at);
      } else if (messages.size() == before && !content.isEmpty()) {
        contract.add(at + ".content"); // no block the engine reads: only Anthropic can take it
      }
    }

    private void flush(ChatMessage.Builder msg, Role role, String at) {
      try {
        add(msg.build(), at);
      } catch (IllegalArgumentException e) {
        throw ApiError.badRequest(null, "messages: " + e.getMessage() + " (" + role + ")");
      }
    }

    /** Adds {@code m}, read from {@code at} in the body. */
    private void add(ChatMessage m, String at) {
      messages.add(m);
      origins.add(at);
      partOrigins.add(List.copyOf(pendingParts));
      pendingParts.clear();
    }

    /**
     * Refuses a {@code tool_result} whose {@code tool_use_id} is the id of no earlier {@code
     * tool_use}, naming its field: Anthropic refuses it, and so does every other provider (ADR
     * 0055), so no route is asked.
     */
    private void orphanResults() {
      int orphan = ChatRequest.orphanToolResult(messages);
      if (orphan >= 0) {
        String field = origins.get(orphan);
        throw ApiError.badRequest(
            field,
            field + ": " + ChatRequest.orphanToolResultReason(messages.get(orphan).toolCallId()));
      }
    }

    private ChatMessage toolResult(JsonNode block, String at) {
      String id = JsonFields.string(block, "tool_use_id", at + ".tool_use_id");
      if (id == null || id.isBlank()) {
        throw ApiError.badRequest(at + ".tool_use_id", at + ".tool_use_id: missing");
      }
      ChatMessage.Builder r = ChatMessage.builder(Role.TOOL).toolCallId(id);
      r.toolError(Boolean.TRUE.equals(JsonFields.bool(block, "is_error", at + ".is_error")));
      JsonNode content = block.get("content");
      if (content == null || content.isNull()) {
        r.text("");
      } else if (content.isTextual()) {
        r.text(content.asText());
      } else if (content.isArray()) {
        for (int k = 0; k < content.size(); k++) {
          JsonNode part = content.get(k);
          String pat = at + ".content[" + k + "]";
          switch (part.path("type").asText("")) {
            case "text" -> r.text(textOf(part, pat));
            case "image" -> r.part(image(part, pat));
            default -> dropped.add(pat + " (" + part.path("type").asText("no type") + ")");
          }
        }
      } else {
        throw ApiError.badRequest(
            at + ".content", at + ".content: " + kind(content) + " (expected: a string or blocks)");
      }
      extras(block, at, Set.of("type", "tool_use_id", "content", "is_error"));
      return r.build();
    }

    private ContentPart image(JsonNode block, String at) {
      JsonNode source = block.path("source");
      String type = source.path("type").asText("");
      try {
        switch (type) {
          case "base64":
            return new ContentPart.Image(
                null,
                source.path("media_type").asText(null),
                source.path("data").asText(null),
                null);
          case "url":
            return new ContentPart.Image(source.path("url").asText(null), null, null, null);
          default:
            throw ApiError.badRequest(
                at + ".source.type", at + ".source.type: " + type + " (expected: base64 or url)");
        }
      } catch (IllegalArgumentException e) {
        throw ApiError.badRequest(at + ".source", at + ".source: " + e.getMessage());
      }
    }

    /**
     * A document: plain text becomes text; a base64 PDF becomes an OpenAI {@code file} part; any
     * other source only Anthropic routes can read.
     */
    private ContentPart document(JsonNode block, String at) {
      JsonNode source = block.path("source");
      String type = source.path("type").asText("");
      extras(block, at, Set.of("type", "source", "title"));
      if ("text".equals(type)) {
        return ContentPart.text(source.path("data").asText(""));
      }
      if ("base64".equals(type) && "application/pdf".equals(source.path("media_type").asText())) {
        var file = Json.MAPPER.createObjectNode();
        file.put("type", "file");
        file.putObject("file")
            .put("filename", block.path("title").asText("document.pdf"))
            .put("file_data", "data:application/pdf;base64," + source.path("data").asText(""));
        return FileParts.read(file);
      }
      contract.add(at + ".source");
      return new ContentPart.Raw("document", block.toString());
    }

    private List<String> stopSequences(JsonNode stop) {
      if (stop == null || stop.isNull()) {
        return List.of();
      }
      if (!stop.isArray()) {
        throw ApiError.badRequest(
            "stop_sequences", "stop_sequences: " + kind(stop) + " (expected: an array of strings)");
      }
      List<String> out = new ArrayList<>();
      for (int i = 0; i < stop.size(); i++) {
        JsonNode v = stop.get(i);
        if (!v.isTextual()) {
          throw ApiError.badRequest(
              "stop_sequences[" + i + "]",
              "stop_sequences[" + i + "]: " + kind(v) + " (expected: a string)");
        }
        out.add(v.asText());
      }
      return out;
    }

    private void metadata(ChatRequest.Builder b, JsonNode metadata) {
      if (metadata == null || metadata.isNull()) {
        return;
      }
      JsonFields.object(root, "metadata", "metadata");
      b.endUser(JsonFields.string(metadata, "user_id", "metadata.user_id"));
      for (Map.Entry<String, JsonNode> e : metadata.properties()) {
        if (!e.getKey().equals("user_id")) {
          dropped.add("metadata." + e.getKey());
        }
      }
    }

    /** The function tools; Anthropic's own tools (typed, with no schema) are extras. */
    private Set<String> tools(ChatRequest.Builder b, JsonNode tools) {
      Set<String> functions = new HashSet<>();
      if (tools == null || tools.isNull()) {
        return functions;
      }
      if (!tools.isArray()) {
        throw ApiError.badRequest("tools", "tools: " + kind(tools) + " (expected: an array)");
      }
      for (int i = 0; i < tools.size(); i++) {
        JsonNode t = tools.get(i);
        String at = "tools[" + i + "]";
        String type = t.path("type").asText("custom");
        String name = JsonFields.string(t, "name", at + ".name");
        if (!type.equals("custom") || !t.has("input_schema")) {
          dropped.add(at + " (" + type + ")"); // a hosted or Anthropic-defined tool
          continue;
        }
        if (name == null || name.isBlank()) {
          throw ApiError.badRequest(at + ".name", at + ".name: missing");
        }
        JsonNode schema = t.get("input_schema");
        if (!schema.isObject()) {
          throw ApiError.badRequest(
              at + ".input_schema",
              at + ".input_schema: " + kind(schema) + " (expected: an object)");
        }
        b.tool(
            FunctionTools.define(
                name,
                JsonFields.string(t, "description", at + ".description"),
                schema,
                null,
                at + ".input_schema"));
        functions.add(name);
        extras(t, at, Set.of("type", "name", "description", "input_schema"));
      }
      return functions;
    }

    private void toolChoice(ChatRequest.Builder b, JsonNode choice, Set<String> functions) {
      if (choice == null || choice.isNull()) {
        return;
      }
      if (!choice.isObject()) {
        throw ApiError.badRequest(
            "tool_choice", "tool_choice: " + kind(choice) + " (expected: an object)");
      }
      String type = choice.path("type").asText("");
      if ((type.equals("any") || type.equals("tool")) && root.path("tools").isEmpty()) {
        throw ApiError.badRequest(
            "tool_choice", "tool_choice: " + type + " forces a tool, but the request has no tools");
      }
      switch (type) {
        case "auto" -> b.toolChoice(ToolChoice.AUTO);
        case "any" -> {
          if (functions.isEmpty()) {
            contract.add("tool_choice"); // forces one of the tools only Anthropic defines
          } else {
            b.toolChoice(ToolChoice.REQUIRED);
          }
        }
        case "none" -> b.toolChoice(ToolChoice.NONE);
        case "tool" -> {
          String name = JsonFields.string(choice, "name", "tool_choice.name");
          if (name == null) {
            throw ApiError.badRequest("tool_choice.name", "tool_choice.name: missing");
          }
          if (functions.contains(name)) {
            b.toolChoice(ToolChoice.function(name));
          } else {
            contract.add("tool_choice"); // forces a tool only Anthropic defines
          }
        }
        default ->
            throw ApiError.badRequest(
                "tool_choice.type",
                "tool_choice.type: " + type + " (expected: auto, any, tool or none)");
      }
      if (Boolean.TRUE.equals(
          JsonFields.bool(
              choice, "disable_parallel_tool_use", "tool_choice.disable_parallel_tool_use"))) {
        b.parallelToolCalls(false);
      }
    }

    /**
     * {@code thinking}: an enabled budget becomes the nearest reasoning effort for other protocols;
     * adaptive thinking has no equivalent there and is dropped.
     */
    private void thinking(ChatRequest.Builder b, JsonNode thinking) {
      if (thinking == null || thinking.isNull()) {
        return;
      }
      String type = thinking.path("type").asText("");
      switch (type) {
        case "enabled" -> {
          Integer budget = JsonFields.integer(thinking, "budget_tokens", "thinking.budget_tokens");
          if (budget == null || budget < 1) {
            throw ApiError.badRequest(
                "thinking.budget_tokens",
                "thinking.budget_tokens: " + budget + " (expected: >= 1)");
          }
          b.reasoningEffort(effort(budget));
        }
        case "disabled" -> {}
        case "adaptive" -> dropped.add("thinking");
        default ->
            throw ApiError.badRequest(
                "thinking.type",
                "thinking.type: " + type + " (expected: enabled, disabled or adaptive)");
      }
    }

    /** The largest effort whose Anthropic budget fits {@code budget} (at least minimal). */
    static ReasoningEffort effort(int budget) {
      ReasoningEffort best = ReasoningEffort.MINIMAL;
      for (ReasoningEffort e : ReasoningEffort.values()) {
        if (e.anthropicBudgetTokens() > 0 && e.anthropicBudgetTokens() <= budget) {
          best = e;
        }
      }
      return best;
    }

    /** {@code output_config}: a JSON-schema format is structured output; the rest are hints. */
    /**
     * {@code output_config}, and {@code beta}: the structured-outputs beta's {@code output_format}
     * (the same format under its earlier name): a format changes the answer's contract, so it is
     * read, never dropped.
     */
    private void outputConfig(ChatRequest.Builder b, JsonNode config, JsonNode beta) {
      JsonNode format = null;
      if (config != null && !config.isNull()) {
        for (Map.Entry<String, JsonNode> e : config.properties()) {
          if (e.getKey().equals("format")) {
            format = format(e.getValue(), "output_config.format");
          } else {
            dropped.add("output_config." + e.getKey());
          }
        }
      }
      if (beta != null && !beta.isNull()) {
        if (format != null) {
          throw ApiError.badRequest(
              "output_format", "output_format: given with output_config.format (expected: one)");
        }
        format = format(beta, "output_format");
        formatAt = "output_format";
      }
      if (format != null) {
        b.responseFormat(
            ResponseFormat.jsonSchema("output", format.get("schema").toString(), true));
      }
    }

    private static JsonNode format(JsonNode format, String at) {
      if (!"json_schema".equals(format.path("type").asText())
          || !format.path("schema").isObject()) {
        throw ApiError.badRequest(
            at, at + ": expected {\"type\":\"json_schema\",\"schema\":{...}}");
      }
      return format;
    }

    /** Block fields other protocols cannot carry ({@code cache_control}, {@code citations}). */
    private void extras(JsonNode block, String at, Set<String> known) {
      for (Map.Entry<String, JsonNode> e : block.properties()) {
        if (!known.contains(e.getKey())) {
          dropped.add(at + "." + e.getKey());
        }
      }
    }

    private static void requireRole(boolean ok, String at, String block, String role) {
      if (!ok) {
        throw ApiError.badRequest(
            at, at + ": a " + block + " block (expected: in " + role + " turns)");
      }
    }

    private static String textOf(JsonNode block, String at) {
      return textOf(block, "text", at);
    }

    private static String textOf(JsonNode block, String field, String at) {
      JsonNode t = block.get(field);
      if (t == null || !t.isTextual()) {
        throw ApiError.badRequest(
            at + "." + field, at + "." + field + ": " + kind(t) + " (expected: a string)");
      }
      return t.asText();
    }

    private static String joinedText(JsonNode content, String at) {
      if (content == null || !content.isArray()) {
        throw ApiError.badRequest(
            at, at + ": " + kind(content) + " (expected: a string or blocks)");
      }
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < content.size(); i++) {
        sb.append(textOf(content.get(i), at + "[" + i + "]"));
      }
      return sb.toString();
    }

    private static String kind(JsonNode n) {
      return n == null || n.isMissingNode() ? "missing" : JsonFields.kind(n);
    }
  }

  /** The caller's protocol headers among {@code all}, by lower-case name. */
  static Map<String, String> protocolHeaders(java.util.function.Function<String, String> header) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String h : PROTOCOL_HEADERS) {
      String v = header.apply(h);
      if (v != null) {
        out.put(h, v);
      }
    }
    return out;
  }
}
