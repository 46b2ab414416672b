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
 * @param thinking the reasoning blocks as the provider issued them, with their signatures
 *     (Anthropic thinking and redacted thinking); empty when the provider gave none or unsigned
 *     text only
 * @param stopSequence the caller's stop sequence that ended the answer, when the provider names it
 *     (finish reason {@code stop}), else {@code null}
 * @param nativeAnswer the content as the route's protocol wrote it, for a caller of the same
 *     protocol, or {@code null}; dropped when the content, tool calls or reasoning are changed
 *     through {@link #toBuilder()}
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
    String logprobsJson,
    List<Thinking> thinking,
    String stopSequence,
    NativeAnswer nativeAnswer) {
  /** Validates and copies. */
  public ChatResponse {
    content = content == null ? "" : content;
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    thinking = thinking == null ? List.of() : List.copyOf(thinking);
    usage = usage == null ? Usage.NONE : usage;
    Objects.requireNonNull(servedModel, "servedModel");
  }

  /** An answer without the content as the route's protocol wrote it (the shape of 0.x). */
  public ChatResponse(
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
      String logprobsJson,
      List<Thinking> thinking,
      String stopSequence) {
    this(
        content,
        toolCalls,
        finishReason,
        usage,
        servedModel,
        requestId,
        id,
        systemFingerprint,
        reasoningContent,
        refusal,
        logprobsJson,
        thinking,
        stopSequence,
        null);
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
        null,
        List.of(),
        null);
  }

  /** A builder for an answer served as {@code servedModel}. */
  public static Builder builder(String servedModel) {
    return new Builder(servedModel);
  }

  /** A builder initialised from this answer. */
  public Builder toBuilder() {
    Builder b = new Builder(servedModel);
    b.content = content;
    b.toolCalls = toolCalls;
    b.finishReason = finishReason;
    b.usage = usage;
    b.requestId = requestId;
    b.id = id;
    b.systemFingerprint = systemFingerprint;
    b.reasoningContent = reasoningContent;
    b.refusal = refusal;
    b.logprobsJson = logprobsJson;
    b.thinking = thinking;
    b.stopSequence = stopSequence;
    b.nativeAnswer = nativeAnswer;
    b.origin = this;
    return b;
  }

  /**
   * This answer with {@code prefix} put before its text: a continuation's answer joined to the
   * partial answer the caller already received.
   */
  public ChatResponse withContentPrefix(String prefix) {
    return toBuilder().content(prefix + content).build();
  }

  /**
   * Whether the answer's reading carries usable output: text, at least one tool call, or a refusal
   * (a refusal is the model's answer, not an empty one). Output the engine does not model is not
   * read here: a provider client also takes as an answer one whose only output is content its
   * protocol wrote and the reading leaves out (Anthropic server tool blocks, {@code pause_turn};
   * {@link #nativeAnswer()} or {@link StreamListener#onNativeBlock}), never a truly empty one.
   */
  public boolean usable() {
    return !content.isEmpty() || !toolCalls.isEmpty() || refusal != null && !refusal.isEmpty();
  }

  /**
   * What {@link #finishReason()} means, whatever the route's word for it ({@link Finish#of}): a
   * front says it in its own protocol's words.
   */
  public Finish finish() {
    return Finish.of(finishReason, !toolCalls.isEmpty());
  }

  /** Mutable builder; not thread-safe. Every setting is optional. */
  public static final class Builder {
    private final String servedModel;
    private String content;
    private List<ToolCall> toolCalls;
    private String finishReason;
    private Usage usage;
    private String requestId;
    private String id;
    private String systemFingerprint;
    private String reasoningContent;
    private String refusal;
    private String logprobsJson;
    private List<Thinking> thinking;
    private String stopSequence;
    private NativeAnswer nativeAnswer;
    private ChatResponse origin; // the answer toBuilder() started from, or null

    private Builder(String servedModel) {
      this.servedModel = Objects.requireNonNull(servedModel, "servedModel");
    }

    /** The text. */
    public Builder content(String v) {
      content = v;
      return this;
    }

    /** The tool calls. */
    public Builder toolCalls(List<ToolCall> v) {
      toolCalls = v;
      return this;
    }

    /** The finish reason in OpenAI's words. */
    public Builder finishReason(String v) {
      finishReason = v;
      return this;
    }

    /** The usage. */
    public Builder usage(Usage v) {
      usage = v;
      return this;
    }

    /** The provider's request id. */
    public Builder requestId(String v) {
      requestId = v;
      return this;
    }

    /** The answer's own id. */
    public Builder id(String v) {
      id = v;
      return this;
    }

    /** The upstream's {@code system_fingerprint}. */
    public Builder systemFingerprint(String v) {
      systemFingerprint = v;
      return this;
    }

    /** The reasoning text. */
    public Builder reasoningContent(String v) {
      reasoningContent = v;
      return this;
    }

    /** The refusal text. */
    public Builder refusal(String v) {
      refusal = v;
      return this;
    }

    /** The first choice's {@code logprobs} as JSON text. */
    public Builder logprobsJson(String v) {
      logprobsJson = v;
      return this;
    }

    /** The reasoning blocks as the provider issued them. */
    public Builder thinking(List<Thinking> v) {
      thinking = v;
      return this;
    }

    /** The stop sequence that ended the answer. */
    public Builder stopSequence(String v) {
      stopSequence = v;
      return this;
    }

    /** The content as the route's protocol wrote it. */
    public Builder nativeAnswer(NativeAnswer v) {
      nativeAnswer = v;
      return this;
    }

    /**
     * Builds the answer; the content as the route's protocol wrote it is kept only while the
     * content, tool calls and reasoning are those it was read as.
     */
    public ChatResponse build() {
      if (origin != null && !describedAsRead()) {
        nativeAnswer = null;
      }
      return new ChatResponse(
          content,
          toolCalls,
          finishReason,
          usage,
          servedModel,
          requestId,
          id,
          systemFingerprint,
          reasoningContent,
          refusal,
          logprobsJson,
          thinking,
          stopSequence,
          nativeAnswer);
    }

    private boolean describedAsRead() {
      return Objects.equals(content, origin.content)
          && Objects.equals(toolCalls, origin.toolCalls)
          && Objects.equals(reasoningContent, origin.reasoningContent)
          && Objects.equals(refusal, origin.refusal)
          && Objects.equals(thinking, origin.thinking);
    }
  }
}
