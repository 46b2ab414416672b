package dev.orchestrator.engine.chat;

import java.util.List;
import java.util.Objects;

/**
 * A completed assistant answer from one route. Immutable and thread-safe.
 *
 * @param content the text (possibly empty when the answer is tool calls only)
 * @param toolCalls tool calls requested by the model
 * @param finishReason the provider's finish reason ({@code stop}, {@code length}, {@code
 *     tool_calls}…), or {@code null}
 * @param usage the serving route's usage, or {@link Usage#NONE}
 * @param servedModel the model name the provider reported, or the route's model
 * @param requestId the provider's request id, or {@code null}
 */
public record ChatResponse(
    String content,
    List<ToolCall> toolCalls,
    String finishReason,
    Usage usage,
    String servedModel,
    String requestId) {
  /** Validates and copies. */
  public ChatResponse {
    content = content == null ? "" : content;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    usage = usage == null ? Usage.NONE : usage;
    Objects.requireNonNull(servedModel, "servedModel");
  }

  /** Whether the answer carries usable output: text or at least one tool call. */
  public boolean usable() {
    return !content.isEmpty() || !toolCalls.isEmpty();
  }
}
