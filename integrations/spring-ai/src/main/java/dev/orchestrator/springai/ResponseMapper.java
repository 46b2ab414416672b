package dev.orchestrator.springai;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.Finish;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;

/** The engine's answer → Spring AI's response (ADR 0020, mapping table). Stateless. */
final class ResponseMapper {
  /** {@link ChatResponseMetadata} key of the serving route (also the metadata's model). */
  static final String ROUTE = "orchestrator.route";

  /** {@link ChatResponseMetadata} key of the request's {@link dev.orchestrator.engine.Trace}. */
  static final String TRACE = "orchestrator.trace";

  /** {@link AssistantMessage} property holding the model's reasoning text. */
  static final String REASONING = "reasoningContent";

  /**
   * {@link AssistantMessage} property holding the signature of the answer's one signed thinking
   * block (an Anthropic route's), so that replaying the message sends the block back signed.
   */
  static final String THINKING_SIGNATURE = "thinkingSignature";

  /** {@link AssistantMessage} property holding the data of redacted thinking blocks (a list). */
  static final String REDACTED_THINKING = "redactedThinking";

  /**
   * {@link AssistantMessage} property holding Gemini's thought signatures of the tool calls (a map
   * of call id to signature), replayed to Gemini routes only (docs/design.md §13).
   */
  static final String THOUGHT_SIGNATURES = "thoughtSignatures";

  private ResponseMapper() {}

  /** The signed and redacted thinking, for {@link PromptMapper} to replay. */
  private static void thinking(List<Thinking> thinking, Map<String, Object> out) {
    String signature = Thinking.soleSignature(thinking);
    if (signature != null) {
      out.put(THINKING_SIGNATURE, signature);
    }
    List<String> redacted = Thinking.redactedData(thinking);
    if (!redacted.isEmpty()) {
      out.put(REDACTED_THINKING, redacted);
    }
  }

  static ChatResponse toSpringAi(ChatResult result) {
    dev.orchestrator.engine.chat.ChatResponse r = result.response();
    Map<String, Object> properties = new HashMap<>();
    if (r.reasoningContent() != null) {
      properties.put(REASONING, r.reasoningContent());
    }
    thinking(r.thinking(), properties);
    Map<String, String> signatures = ToolCall.thoughtSignatures(r.toolCalls());
    if (!signatures.isEmpty()) {
      properties.put(THOUGHT_SIGNATURES, signatures);
    }
    if (r.refusal() != null) {
      properties.put("refusal", r.refusal());
    }
    AssistantMessage message =
        AssistantMessage.builder()
            .content(r.content())
            .toolCalls(toolCalls(r.toolCalls()))
            .properties(properties)
            .build();
    ChatGenerationMetadata generation =
        ChatGenerationMetadata.builder()
            .finishReason(finishReason(r.finishReason(), !r.toolCalls().isEmpty()))
            .build();
    ChatResponseMetadata.Builder metadata =
        ChatResponseMetadata.builder()
            .model(result.route())
            .usage(usage(r.usage()))
            .keyValue(ROUTE, result.route())
            .keyValue(TRACE, result.trace());
    String id = r.id() != null ? r.id() : r.requestId();
    if (id != null) {
      metadata.id(id);
    }
    if (r.systemFingerprint() != null) {
      metadata.keyValue("system-fingerprint", r.systemFingerprint());
    }
    return new ChatResponse(List.of(new Generation(message, generation)), metadata.build());
  }

  /** One streamed piece: text and/or tool calls, no metadata yet. */
  static ChatResponse chunk(String text, List<ToolCall> calls) {
    AssistantMessage message =
        AssistantMessage.builder().content(text).toolCalls(toolCalls(calls)).build();
    return new ChatResponse(List.of(new Generation(message)));
  }

  /**
   * The stream's last piece: what only the end knows (finish reason, usage, route, trace) and the
   * answer's message properties (reasoning, signed and redacted thinking, thought signatures,
   * refusal), which Spring AI's stream aggregation merges into the message it keeps, so that a
   * streamed tool loop or chat memory replays them; its text and tool calls were already sent piece
   * by piece.
   */
  static ChatResponse lastChunk(ChatResponse whole) {
    AssistantMessage empty =
        AssistantMessage.builder()
            .content("")
            .properties(whole.getResult().getOutput().getMetadata())
            .build();
    return new ChatResponse(
        List.of(new Generation(empty, whole.getResult().getMetadata())), whole.getMetadata());
  }

  static List<AssistantMessage.ToolCall> toolCalls(List<ToolCall> calls) {
    List<AssistantMessage.ToolCall> out = new ArrayList<>();
    for (ToolCall c : calls) {
      out.add(new AssistantMessage.ToolCall(c.id(), "function", c.name(), c.argumentsJson()));
    }
    return out;
  }

  /** Usage with Spring AI's cache counts; the engine's record as the native usage. */
  static org.springframework.ai.chat.metadata.Usage usage(Usage u) {
    return new DefaultUsage(
        u.promptTokens(),
        u.completionTokens(),
        u.totalTokens(),
        u,
        u.cachedTokens() == null ? null : u.cachedTokens().longValue(),
        u.cacheCreationTokens() == null ? null : u.cacheCreationTokens().longValue());
  }

  /**
   * The route's finish reason as Spring AI's OpenAI model spells it, read by meaning ({@link
   * Finish}): {@code STOP} ({@code eos}, {@code end_turn}…), {@code LENGTH} ({@code max_tokens},
   * {@code model_length}…), {@code TOOL_CALLS} (also {@code stop} or none on an answer that calls
   * tools), {@code CONTENT_FILTER} (Gemini's {@code SAFETY}…); a word with no such meaning is the
   * route's own, upper-cased; none on an answer without tool calls is {@code null}.
   */
  static String finishReason(String reason, boolean toolCalls) {
    if ((reason == null || reason.isBlank()) && !toolCalls) {
      return null;
    }
    return switch (Finish.of(reason, toolCalls)) {
      case STOP -> "STOP";
      case LENGTH, CONTEXT_WINDOW -> "LENGTH";
      case TOOL_CALLS -> "TOOL_CALLS";
      case CONTENT_FILTER -> "CONTENT_FILTER";
      case PAUSE_TURN, OTHER -> reason.strip().toUpperCase(Locale.ROOT);
    };
  }
}
