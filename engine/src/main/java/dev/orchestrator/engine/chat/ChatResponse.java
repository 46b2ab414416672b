package dev.orchestrator.engine.chat;

import java.util.List;
import java.util.Objects;

/**
 * A completed assistant answer from one route, kept whole: everything the route said that has a
 * meaning for the caller. Immutable and thread-safe.
 *
 * @param content the text (possibly empty when the answer is tool calls only)
 * @param toolCalls tool calls requested by the model, with their ids
 * @param finishReason the finish reason in OpenAI's words ({@code stop}, {@code length}, {@code
 *     tool_calls}, {@code content_filter}…), or {@code null}
 * @param usage the serving route's usage, or {@link Usage#NONE}
 * @param servedModel the model name the provider reported, or the route's model
 * @param requestId the provider's request id (its request-id header, else the answer's id), or
 *     {@code null}
 * @param id the answer's own id as the upstream gave it ({@code chatcmpl-…}, {@code msg_…}), or
 *     {@code null}
 * @param systemFingerprint the upstream's {@code system_fingerprint}, or {@code null}
 * @param reasoningContent the model's reasoning ({@code reasoning_content} / {@code reasoning};
 *     Anthropic thinking), or {@code null} when there was none
 * @param refusal the model's refusal text, or {@code null}
 * @param logprobsJson the first choice's {@code logprobs} object as JSON text, or {@code null}
 */
public record ChatResponse(
    String content,
    List<ToolCall> toolCalls,
    String finishReason,
    Usage usage,
    String servedModel,
    String requestId,
    String id,
    String systemFingerprint,
    String reasoningContent,
    String refusal,
    String logprobsJson) {
  /** Validates and copies. */
  public ChatResponse {
    content = content == null ? "" : content;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    usage = usage == null ? Usage.NONE : usage;
    Objects.requireNonNull(servedModel, "servedModel");
  }

  /** An answer with text, tool calls and usage only (the shape of earlier versions). */
  public ChatResponse(
      String content,
      List<ToolCall> toolCalls,
      String finishReason,
      Usage usage,
      String servedModel,
      String requestId) {
    this(
        content,
        toolCalls,
        finishReason,
        usage,
        servedModel,
        requestId,
        null,
        null,
        null,
        null,
        null);
  }

  /**
   * Whether the answer carries usable output: text, at least one tool call, or a refusal (a refusal
   * is the model's answer, not an empty one).
   */
  public boolean usable() {
    return !content.isEmpty() || !toolCalls.isEmpty() || refusal != null && !refusal.isEmpty();
  }
}
