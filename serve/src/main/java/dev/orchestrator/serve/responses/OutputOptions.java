package dev.orchestrator.serve.responses;

import static dev.orchestrator.serve.http.JsonFields.get;
import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import java.util.List;
import java.util.Set;

/**
 * The output options of a Responses request (docs/reference.md §5): {@code text.format} to the
 * engine's response format, {@code reasoning} to its effort, {@code include} to whether the answer
 * seals signed thinking, and the hints {@code text.verbosity}, {@code truncation: auto} and the
 * {@code include} values no route produces, dropped and named. Stateless.
 */
final class OutputOptions {
  private static final Set<String> TEXT = Set.of("format", "verbosity");
  private static final Set<String> FORMAT =
      Set.of("type", "name", "schema", "strict", "description");
  private static final Set<String> REASONING = Set.of("effort", "summary", "generate_summary");
  private static final Set<String> SUMMARY = Set.of("auto", "concise", "detailed");

  /** The {@code include} value that asks for the reasoning items' {@code encrypted_content}. */
  static final String ENCRYPTED_REASONING = "reasoning.encrypted_content";

  /** How {@code include} is named when a route does not produce what it asks for. */
  static final String INCLUDE = "include";

  private OutputOptions() {}

  /** {@code reasoning.effort} to the engine; {@code summary} is honoured by the answer's shape. */
  static ObjectNode reasoning(JsonNode r, ChatRequest.Builder b) {
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
  static ObjectNode text(JsonNode t, ChatRequest.Builder b, List<String> dropped) {
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

  static String truncation(JsonNode root, List<String> dropped) {
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

  /**
   * {@code include}: whether it asks for {@value #ENCRYPTED_REASONING}, which an Anthropic route
   * produces (its signed thinking, sealed: {@link Conversation#sealed}); any other value is
   * produced by no route here, and {@code include} is then dropped and named.
   */
  static boolean include(JsonNode include, List<String> dropped) {
    if (include == null) {
      return false;
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
    boolean encrypted = false;
    boolean other = false;
    for (JsonNode value : include) {
      boolean e = value.asText().equals(ENCRYPTED_REASONING);
      encrypted |= e;
      other |= !e;
    }
    if (other) {
      dropped.add(INCLUDE);
    }
    return encrypted;
  }
}
