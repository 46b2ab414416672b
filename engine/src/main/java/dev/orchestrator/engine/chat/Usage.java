package dev.orchestrator.engine.chat;

/**
 * Token usage reported by the route that served. Immutable and thread-safe.
 *
 * @param promptTokens input tokens
 * @param completionTokens output tokens
 * @param totalTokens their sum as the provider reported it
 */
public record Usage(int promptTokens, int completionTokens, int totalTokens) {
  /** No usage reported. */
  public static final Usage NONE = new Usage(0, 0, 0);
}
