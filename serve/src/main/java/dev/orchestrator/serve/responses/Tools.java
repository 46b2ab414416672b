package dev.orchestrator.serve.responses;

import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.serve.front.FunctionTools;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.JsonFields;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code tools} and {@code tool_choice} of a Responses request (docs/reference.md §5): function
 * tools to the engine's definitions, hosted tools dropped and named, and a choice that forces a
 * tool no route here has refused naming {@code tool_choice}. Stateless.
 */
final class Tools {
  private static final Set<String> FUNCTION_TOOL =
      Set.of("type", "name", "description", "parameters", "strict");

  private Tools() {}

  /**
   * The function tools; a hosted tool ({@code web_search}, {@code file_search}, {@code mcp}, …) is
   * dropped and named with its type, and a function tool's {@code namespace} with its path.
   */
  static List<ToolDefinition> tools(JsonNode tools, List<String> dropped, ArrayNode echo) {
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
      out.add(
          FunctionTools.define(
              name,
              JsonFields.string(t, "description", where + ".description"),
              JsonFields.object(t, "parameters", where + ".parameters"),
              JsonFields.bool(t, "strict", where + ".strict"),
              where + ".parameters"));
      echo.add(copy);
    }
    return out;
  }

  /** {@code allowed_tools}: only the named function tools are offered. */
  static List<ToolDefinition> allowedTools(JsonNode c, List<ToolDefinition> tools) {
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
  static ToolChoice toolChoice(JsonNode c, List<ToolDefinition> tools) {
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
}
