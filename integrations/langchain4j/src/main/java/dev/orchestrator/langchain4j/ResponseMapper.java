package dev.orchestrator.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.Finish;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The engine's answer → LangChain4j's response (ADR 0019, mapping table). Stateless. */
final class ResponseMapper {
  /** The {@link AiMessage#attributes()} key of a refusal (LangChain4j has no field for it). */
  static final String REFUSAL_ATTRIBUTE = "refusal";

  /**
   * The attribute holding the signature of an answer's one signed thinking block — the key
   * LangChain4j's own Anthropic module uses, so a history moves between the two unchanged.
   */
  static final String THINKING_SIGNATURE_ATTRIBUTE = "thinking_signature";

  /** The attribute holding the data of redacted thinking blocks (LangChain4j's key, a list). */
  static final String REDACTED_THINKING_ATTRIBUTE = "redacted_thinking";

  /**
   * The attribute holding Gemini's thought signatures of the tool calls, a map of call id to
   * signature: replayed to Gemini routes only (docs/design.md §13).
   */
  static final String THOUGHT_SIGNATURES_ATTRIBUTE = "thought_signatures";

  private ResponseMapper() {}

  static ChatResponse toLangChain4j(ChatResult result) {
    dev.orchestrator.engine.chat.ChatResponse r = result.response();
    List<ToolExecutionRequest> calls = new ArrayList<>();
    for (ToolCall c : r.toolCalls()) {
      calls.add(toolExecutionRequest(c));
    }
    AiMessage.Builder message =
        AiMessage.builder()
            .text(r.content().isEmpty() ? null : r.content())
            .thinking(r.reasoningContent())
            .toolExecutionRequests(calls);
    Map<String, Object> attributes = new LinkedHashMap<>();
    if (r.refusal() != null) {
      attributes.put(REFUSAL_ATTRIBUTE, r.refusal());
    }
    thinkingAttributes(r.thinking(), attributes);
    Map<String, String> signatures = ToolCall.thoughtSignatures(r.toolCalls());
    if (!signatures.isEmpty()) {
      attributes.put(THOUGHT_SIGNATURES_ATTRIBUTE, signatures);
    }
    if (!attributes.isEmpty()) {
      message.attributes(attributes);
    }
    return ChatResponse.builder()
        .aiMessage(message.build())
        .metadata(
            OrchestratorChatResponseMetadata.builder()
                .route(result.route())
                .trace(result.trace())
                .id(r.id() != null ? r.id() : r.requestId())
                .modelName(result.route())
                .tokenUsage(tokenUsage(r.usage()))
                .finishReason(finishReason(r.finishReason(), !calls.isEmpty()))
                .build())
        .build();
  }

  /** The signed and redacted thinking as LangChain4j's own Anthropic module keeps them. */
  private static void thinkingAttributes(List<Thinking> thinking, Map<String, Object> out) {
    String signature = Thinking.soleSignature(thinking);
    if (signature != null) {
      out.put(THINKING_SIGNATURE_ATTRIBUTE, signature);
    }
    List<String> redacted = Thinking.redactedData(thinking);
    if (!redacted.isEmpty()) {
      out.put(REDACTED_THINKING_ATTRIBUTE, redacted);
    }
  }

  static ToolExecutionRequest toolExecutionRequest(ToolCall c) {
    return ToolExecutionRequest.builder()
        .id(c.id())
        .name(c.name())
        .arguments(c.argumentsJson())
        .build();
  }

  static TokenUsage tokenUsage(Usage u) {
    if (u == null || u.equals(Usage.NONE)) {
      return null;
    }
    return new TokenUsage(u.promptTokens(), u.completionTokens(), u.totalTokens());
  }

  /**
   * The provider's finish reason in LangChain4j's words, read by meaning as the fronts read it
   * ({@link Finish}: {@code eos} is {@code STOP}, {@code model_length} {@code LENGTH}, Gemini's
   * {@code SAFETY} {@code CONTENT_FILTER}, {@code stop} on an answer that calls tools {@code
   * TOOL_EXECUTION}); a missing one is {@code TOOL_EXECUTION} when the answer calls tools, else
   * unknown ({@code null}).
   */
  static FinishReason finishReason(String reason, boolean toolCalls) {
    if ((reason == null || reason.isBlank()) && !toolCalls) {
      return null;
    }
    return switch (Finish.of(reason, toolCalls)) {
      case STOP -> FinishReason.STOP;
      case LENGTH, CONTEXT_WINDOW -> FinishReason.LENGTH;
      case TOOL_CALLS -> FinishReason.TOOL_EXECUTION;
      case CONTENT_FILTER -> FinishReason.CONTENT_FILTER;
      case PAUSE_TURN, OTHER -> FinishReason.OTHER;
    };
  }
}
