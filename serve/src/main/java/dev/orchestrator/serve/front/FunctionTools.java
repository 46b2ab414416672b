package dev.orchestrator.serve.front;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.serve.http.ApiError;

/**
 * A function tool of any front as the engine takes it: a schema no provider takes (a top-level
 * {@code type} other than {@code "object"}) is the front's {@code 400} naming the field that holds
 * it — the chat front's {@code tools[i].function.parameters}, the Responses front's {@code
 * tools[i].parameters}, the Messages front's {@code tools[i].input_schema} — with the engine's
 * reason ({@link ToolDefinition} checks the schema where it is built). Stateless.
 */
public final class FunctionTools {
  private FunctionTools() {}

  /**
   * The tool {@code name}.
   *
   * @param schema its parameter schema, an object the front has read, or {@code null}
   * @param field the field that holds the schema, for the {@code 400}
   * @throws ApiError {@code 400} naming {@code field} when no provider takes the schema
   */
  public static ToolDefinition define(
      String name, String description, JsonNode schema, Boolean strict, String field) {
    try {
      return new ToolDefinition(
          name, description, schema == null ? null : schema.toString(), strict);
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(field, field + ": " + e.getMessage());
    }
  }
}
