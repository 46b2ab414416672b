package dev.orchestrator.engine.chat;

import java.util.Objects;

/**
 * A tool call made by the model. Immutable and thread-safe.
 *
 * @param id the provider's call id
 * @param name the tool name
 * @param argumentsJson the arguments as a JSON text, as the model produced them
 */
public record ToolCall(String id, String name, String argumentsJson) {
  /** Validates. */
  public ToolCall {
    Objects.requireNonNull(name, "name");
    argumentsJson = argumentsJson == null || argumentsJson.isEmpty() ? "{}" : argumentsJson;
  }
}
