package dev.orchestrator.engine.chat;

import java.util.Objects;

/**
 * A function the model may call. Immutable and thread-safe.
 *
 * @param name function name
 * @param description what it does, or {@code null}
 * @param parametersJsonSchema the JSON Schema of its parameters as JSON text, or {@code null}
 */
public record ToolDefinition(String name, String description, String parametersJsonSchema) {
  /** Validates. */
  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("tool name: blank (expected: a function name)");
    }
  }
}
