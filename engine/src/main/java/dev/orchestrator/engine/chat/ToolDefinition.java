package dev.orchestrator.engine.chat;

import java.util.Objects;

/**
 * A function the model may call. Immutable and thread-safe.
 *
 * @param name function name
 * @param description what it does, or {@code null}
 * @param parametersJsonSchema the JSON Schema of its parameters as JSON text, or {@code null}
 * @param strict OpenAI's {@code function.strict} (enforce the schema exactly), or {@code null} when
 *     not said
 */
public record ToolDefinition(
    String name, String description, String parametersJsonSchema, Boolean strict) {
  /** Validates. */
  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("tool name: blank (expected: a function name)");
    }
  }

  /** A function without a {@code strict} flag. */
  public ToolDefinition(String name, String description, String parametersJsonSchema) {
    this(name, description, parametersJsonSchema, null);
  }
}
