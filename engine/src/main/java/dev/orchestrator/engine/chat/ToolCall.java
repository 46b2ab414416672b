package dev.orchestrator.engine.chat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A tool call made by the model. Immutable and thread-safe.
 *
 * @param id the provider's call id
 * @param name the tool name
 * @param argumentsJson the arguments as a JSON text, as the model produced them
 * @param thoughtSignature the opaque thought signature Gemini issued with the call (on its
 *     OpenAI-compatible wire {@code extra_content.google.thought_signature}), or {@code null}; it
 *     goes back only to Gemini routes (docs/design.md §13)
 */
public record ToolCall(String id, String name, String argumentsJson, String thoughtSignature) {
  /** Validates. */
  public ToolCall {
    Objects.requireNonNull(name, "name");
    argumentsJson = argumentsJson == null || argumentsJson.isEmpty() ? "{}" : argumentsJson;
    thoughtSignature =
        thoughtSignature == null || thoughtSignature.isEmpty() ? null : thoughtSignature;
  }

  /** A call without a thought signature. */
  public ToolCall(String id, String name, String argumentsJson) {
    this(id, name, argumentsJson, null);
  }

  /** This call under another id, with everything else kept. */
  public ToolCall withId(String newId) {
    return new ToolCall(newId, name, argumentsJson, thoughtSignature);
  }

  /** This call with {@code signature} as its thought signature ({@code null} for none). */
  public ToolCall withThoughtSignature(String signature) {
    return new ToolCall(id, name, argumentsJson, signature);
  }

  /**
   * The thought signatures of {@code calls} by call id, for a framework message that keeps them
   * beside its own tool-call type (LangChain4j attributes, Spring AI properties); empty when none
   * is signed.
   */
  public static Map<String, String> thoughtSignatures(List<ToolCall> calls) {
    Map<String, String> out = new LinkedHashMap<>();
    for (ToolCall c : calls) {
      if (c.id() != null && c.thoughtSignature() != null) {
        out.put(c.id(), c.thoughtSignature());
      }
    }
    return out;
  }

  /**
   * {@code calls} with the signatures {@link #thoughtSignatures} wrote put back: {@code signatures}
   * is a map of call id to signature; anything else signs nothing.
   */
  public static List<ToolCall> withThoughtSignatures(List<ToolCall> calls, Object signatures) {
    if (!(signatures instanceof Map<?, ?> byId) || byId.isEmpty()) {
      return calls;
    }
    List<ToolCall> out = new ArrayList<>(calls.size());
    for (ToolCall c : calls) {
      Object s = c.id() == null ? null : byId.get(c.id());
      out.add(s instanceof String sig && !sig.isEmpty() ? c.withThoughtSignature(sig) : c);
    }
    return out;
  }
}
