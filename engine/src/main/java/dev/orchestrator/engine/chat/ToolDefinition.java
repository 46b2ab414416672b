package dev.orchestrator.engine.chat;

import java.util.Objects;

/**
 * A function the model may call. Immutable and thread-safe. Built only with a schema a provider
 * takes: a JSON object whose {@code type}, when it names one, is {@code "object"}; anything else is
 * an {@link IllegalArgumentException} naming the tool ({@code tool 'weather' parameters: "type":
 * "string" (expected: "object", or no type)}).
 *
 * @param name function name
 * @param description what it does, or {@code null}
 * @param parametersJsonSchema the JSON Schema of its parameters as JSON text, or {@code null} (or
 *     blank) for a function without parameters
 * @param strict OpenAI's {@code function.strict} (enforce the schema exactly), or {@code null} when
 *     not said
 */
public record ToolDefinition(
    String name, String description, String parametersJsonSchema, Boolean strict) {
  /** Validates, the parameter schema included. */
  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("tool name: blank (expected: a function name)");
    }
    ParameterSchema.check(name, parametersJsonSchema);
  }

  /** A function without a {@code strict} flag. */
  public ToolDefinition(String name, String description, String parametersJsonSchema) {
    this(name, description, parametersJsonSchema, null);
  }
}
