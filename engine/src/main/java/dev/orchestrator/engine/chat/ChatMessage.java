package dev.orchestrator.engine.chat;

import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation. Immutable and thread-safe.
 *
 * @param role author
 * @param content text content (may be empty for an assistant message that only calls tools)
 * @param toolCalls tool calls of an assistant message
 * @param toolCallId for a {@link Role#TOOL} message, the id of the call it answers
 */
public record ChatMessage(Role role, String content, List<ToolCall> toolCalls, String toolCallId) {
  /** Validates and copies. */
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    content = content == null ? "" : content;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
  }

  /** A system message. */
  public static ChatMessage system(String text) {
    return new ChatMessage(Role.SYSTEM, text, List.of(), null);
  }

  /** A user message. */
  public static ChatMessage user(String text) {
    return new ChatMessage(Role.USER, text, List.of(), null);
  }

  /** An assistant message. */
  public static ChatMessage assistant(String text) {
    return new ChatMessage(Role.ASSISTANT, text, List.of(), null);
  }

  /** A tool result answering {@code toolCallId}. */
  public static ChatMessage tool(String toolCallId, String text) {
    return new ChatMessage(Role.TOOL, text, List.of(), toolCallId);
  }
}
