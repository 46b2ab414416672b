package dev.orchestrator.engine.chat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One message of a conversation. Immutable and thread-safe; build a rich one with {@link
 * #builder(Role)}.
 *
 * <p>A message given as a plain string is one {@link ContentPart.Text} part; on the OpenAI wire a
 * message whose content is exactly one text part is written as a JSON string (the two forms mean
 * the same).
 *
 * @param role author
 * @param parts the content parts in order (text, images, raw parts); empty for an assistant message
 *     that only calls tools
 * @param toolCalls tool calls of an assistant message
 * @param toolCallId for a {@link Role#TOOL} message, the id of the call it answers
 * @param name the participant name (OpenAI's {@code name}), or {@code null}
 * @param reasoningContent an assistant message's reasoning as the agent replays it ({@code
 *     reasoning_content}), or {@code null}
 * @param refusal an assistant message's refusal text, or {@code null}
 * @param extra message fields the engine does not model, forwarded unchanged to OpenAI-protocol
 *     routes (JSON-shaped values, see {@link ChatRequest#extraBody()}); empty when none
 * @param thinking an assistant message's reasoning blocks as the provider issued them, with their
 *     signatures ({@link Thinking}); replayed only to the protocol that signs them; empty when none
 * @param toolError whether a {@link Role#TOOL} message reports a failed tool call (Anthropic's
 *     {@code is_error}); {@code false} otherwise
 * @param family the provider family that produced an assistant message ({@code anthropic}, {@code
 *     gemini}, {@code deepseek}…), when the caller or an in-process adapter knows it, else {@code
 *     null}; opaque fields (signatures) go back only to the family that issued them (docs/design.md
 *     §13)
 */
public record ChatMessage(
    Role role,
    List<ContentPart> parts,
    List<ToolCall> toolCalls,
    String toolCallId,
    String name,
    String reasoningContent,
    String refusal,
    Map<String, Object> extra,
    List<Thinking> thinking,
    boolean toolError,
    String family) {

  /** Validates and copies. */
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    parts = parts == null ? List.of() : List.copyOf(parts);
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    extra = JsonValues.copyObject(extra, "message extra");
    thinking = thinking == null ? List.of() : List.copyOf(thinking);
    if (role != Role.ASSISTANT && !thinking.isEmpty()) {
      throw new IllegalArgumentException(
          "thinking: on a " + role.wireName() + " message (expected: only on assistant)");
    }
    if (family != null && role != Role.ASSISTANT) {
      throw new IllegalArgumentException(
          "family: on a " + role.wireName() + " message (expected: only on assistant)");
    }
    if (toolError && role != Role.TOOL) {
      throw new IllegalArgumentException(
          "is_error: on a " + role.wireName() + " message (expected: only on tool results)");
    }
    if (role != Role.ASSISTANT) {
      if (!toolCalls.isEmpty()) {
        throw new IllegalArgumentException(
            "tool_calls: on a " + role.wireName() + " message (expected: only on assistant)");
      }
      if (reasoningContent != null || refusal != null) {
        throw new IllegalArgumentException(
            (refusal != null ? "refusal" : "reasoning_content")
                + ": on a "
                + role.wireName()
                + " message (expected: only on assistant)");
      }
    }
    if (role == Role.TOOL && (toolCallId == null || toolCallId.isBlank())) {
      throw new IllegalArgumentException(
          "tool_call_id: " + toolCallId + " (expected: the id of the call a tool message answers)");
    }
    if (role != Role.TOOL && role != Role.USER && hasImage(parts)) {
      throw new IllegalArgumentException(
          "image: in a " + role.wireName() + " message (expected: images in user messages only)");
    }
  }

  /** A message whose producing family is unknown (the shape of earlier versions). */
  public ChatMessage(
      Role role,
      List<ContentPart> parts,
      List<ToolCall> toolCalls,
      String toolCallId,
      String name,
      String reasoningContent,
      String refusal,
      Map<String, Object> extra,
      List<Thinking> thinking,
      boolean toolError) {
    this(
        role,
        parts,
        toolCalls,
        toolCallId,
        name,
        reasoningContent,
        refusal,
        extra,
        thinking,
        toolError,
        null);
  }

  /** A text message (the shape of earlier versions). */
  public ChatMessage(Role role, String content, List<ToolCall> toolCalls, String toolCallId) {
    this(
        role,
        textParts(content),
        toolCalls,
        toolCallId,
        null,
        null,
        null,
        Map.of(),
        List.of(),
        false);
  }

  private static List<ContentPart> textParts(String content) {
    return content == null || content.isEmpty() ? List.of() : List.of(ContentPart.text(content));
  }

  private static boolean hasImage(List<ContentPart> parts) {
    for (ContentPart p : parts) {
      if (p instanceof ContentPart.Image) {
        return true;
      }
    }
    return false;
  }

  /** The text of the message: its text parts concatenated (empty when there are none). */
  public String content() {
    if (parts.size() == 1 && parts.get(0) instanceof ContentPart.Text t) {
      return t.text();
    }
    StringBuilder sb = new StringBuilder();
    for (ContentPart p : parts) {
      if (p instanceof ContentPart.Text t) {
        sb.append(t.text());
      }
    }
    return sb.toString();
  }

  /** Whether any part is an image. */
  public boolean hasImage() {
    return hasImage(parts);
  }

  /** Whether the content is exactly text (no image or raw part). */
  public boolean textOnly() {
    for (ContentPart p : parts) {
      if (!(p instanceof ContentPart.Text)) {
        return false;
      }
    }
    return true;
  }

  /** A system message. */
  public static ChatMessage system(String text) {
    return new ChatMessage(Role.SYSTEM, text, List.of(), null);
  }

  /** A user message. */
  public static ChatMessage user(String text) {
    return new ChatMessage(Role.USER, text, List.of(), null);
  }

  /** A user message of several parts (text and images). */
  public static ChatMessage user(ContentPart... parts) {
    return builder(Role.USER).parts(List.of(parts)).build();
  }

  /** An assistant message. */
  public static ChatMessage assistant(String text) {
    return new ChatMessage(Role.ASSISTANT, text, List.of(), null);
  }

  /** An assistant message that calls tools. */
  public static ChatMessage assistant(String text, List<ToolCall> calls) {
    return new ChatMessage(Role.ASSISTANT, text, calls, null);
  }

  /** A tool result answering {@code toolCallId}. */
  public static ChatMessage tool(String toolCallId, String text) {
    return new ChatMessage(Role.TOOL, text, List.of(), toolCallId);
  }

  /** A builder for a message by {@code role}. */
  public static Builder builder(Role role) {
    return new Builder(role);
  }

  /** A builder initialised from this message. */
  public Builder toBuilder() {
    Builder b = new Builder(role);
    b.parts.addAll(parts);
    b.toolCalls.addAll(toolCalls);
    b.toolCallId = toolCallId;
    b.name = name;
    b.reasoningContent = reasoningContent;
    b.refusal = refusal;
    b.extra.putAll(extra);
    b.thinking.addAll(thinking);
    b.toolError = toolError;
    b.family = family;
    return b;
  }

  /** Mutable builder; not thread-safe. */
  public static final class Builder {
    private final Role role;
    private final List<ContentPart> parts = new ArrayList<>();
    private final List<ToolCall> toolCalls = new ArrayList<>();
    private String toolCallId;
    private String name;
    private String reasoningContent;
    private String refusal;
    private final Map<String, Object> extra = new LinkedHashMap<>();
    private final List<Thinking> thinking = new ArrayList<>();
    private boolean toolError;
    private String family;

    private Builder(Role role) {
      this.role = role;
    }

    /** Appends a text part. */
    public Builder text(String text) {
      parts.add(ContentPart.text(text));
      return this;
    }

    /** Appends a part. */
    public Builder part(ContentPart p) {
      parts.add(Objects.requireNonNull(p, "part"));
      return this;
    }

    /** Replaces the parts. */
    public Builder parts(List<ContentPart> ps) {
      parts.clear();
      parts.addAll(ps);
      return this;
    }

    /** Appends a tool call (assistant only). */
    public Builder toolCall(ToolCall c) {
      toolCalls.add(Objects.requireNonNull(c, "toolCall"));
      return this;
    }

    /** Replaces the tool calls (assistant only). */
    public Builder toolCalls(List<ToolCall> cs) {
      toolCalls.clear();
      cs.forEach(this::toolCall);
      return this;
    }

    /** Sets the id of the call a tool message answers. */
    public Builder toolCallId(String v) {
      toolCallId = v;
      return this;
    }

    /** Sets the participant name. */
    public Builder name(String v) {
      name = v;
      return this;
    }

    /** Sets the replayed reasoning (assistant only). */
    public Builder reasoningContent(String v) {
      reasoningContent = v;
      return this;
    }

    /** Sets the refusal (assistant only). */
    public Builder refusal(String v) {
      refusal = v;
      return this;
    }

    /** Adds a message field the engine does not model (forwarded to OpenAI-protocol routes). */
    public Builder extra(String field, Object value) {
      extra.put(field, value);
      return this;
    }

    /** Appends a reasoning block as the provider issued it (assistant only). */
    public Builder thinking(Thinking t) {
      thinking.add(Objects.requireNonNull(t, "thinking"));
      return this;
    }

    /** Marks a tool result as reporting a failed call. */
    public Builder toolError(boolean v) {
      toolError = v;
      return this;
    }

    /** Sets the provider family that produced the message (assistant only). */
    public Builder family(String v) {
      family = v;
      return this;
    }

    /** Removes every message field the engine does not model. */
    public Builder clearExtra() {
      extra.clear();
      return this;
    }

    /** Removes one message field the engine does not model. */
    public Builder removeExtra(String field) {
      extra.remove(field);
      return this;
    }

    /** Replaces the reasoning blocks (assistant only). */
    public Builder thinking(List<Thinking> ts) {
      thinking.clear();
      ts.forEach(this::thinking);
      return this;
    }

    /** Builds the message. */
    public ChatMessage build() {
      return new ChatMessage(
          role,
          parts,
          toolCalls,
          toolCallId,
          name,
          reasoningContent,
          refusal,
          extra,
          thinking,
          toolError,
          family);
    }
  }
}
