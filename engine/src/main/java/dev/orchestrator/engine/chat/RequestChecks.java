package dev.orchestrator.engine.chat;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The range and consistency checks of {@link ChatRequest}, each failing with an {@link
 * IllegalArgumentException} that names the OpenAI field, the value and the expectation. Stateless.
 */
final class RequestChecks {
  private RequestChecks() {}

  static void limits(
      Integer maxTokens, Integer maxCompletionTokens, Integer promptTokens, Integer n) {
    positive("max_tokens", maxTokens);
    positive("max_completion_tokens", maxCompletionTokens);
    if (promptTokens != null && promptTokens < 0) {
      throw new IllegalArgumentException("promptTokens: " + promptTokens + " (expected: >= 0)");
    }
    if (n != null && n != 1) {
      throw new IllegalArgumentException(
          "n: " + n + " (expected: 1; the orchestrator does not fan out several choices)");
    }
  }

  static void sampling(Double temperature, Double topP, Double presence, Double frequency) {
    range("temperature", temperature, 0, 2);
    range("top_p", topP, 0, 1);
    range("presence_penalty", presence, -2, 2);
    range("frequency_penalty", frequency, -2, 2);
  }

  static void stop(List<String> stop) {
    for (String s : stop) {
      if (s == null || s.isEmpty()) {
        throw new IllegalArgumentException(
            "stop: " + (s == null ? "null" : "an empty string") + " (expected: non-empty strings)");
      }
    }
  }

  static void logprobs(Boolean logprobs, Integer topLogprobs) {
    if (topLogprobs == null) {
      return;
    }
    if (topLogprobs < 0 || topLogprobs > 20) {
      throw new IllegalArgumentException("top_logprobs: " + topLogprobs + " (expected: 0..20)");
    }
    if (!Boolean.TRUE.equals(logprobs)) {
      throw new IllegalArgumentException(
          "top_logprobs: " + topLogprobs + " (expected: only with logprobs: true)");
    }
  }

  /**
   * The index of the first tool result in {@code messages} whose id is the id of no tool call of an
   * earlier assistant message, or {@code -1} when every result answers one.
   */
  static int orphanToolResult(List<ChatMessage> messages) {
    Set<String> calls = null; // made at the first call: most requests have none
    for (int i = 0; i < messages.size(); i++) {
      ChatMessage m = messages.get(i);
      if (m.role() == Role.ASSISTANT) {
        for (ToolCall c : m.toolCalls()) {
          if (c.id() != null) {
            calls = calls == null ? new HashSet<>() : calls;
            calls.add(c.id());
          }
        }
      } else if (m.role() == Role.TOOL && (calls == null || !calls.contains(m.toolCallId()))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Refuses a tool result that answers no earlier call: Anthropic ("unexpected `tool_use_id` found
   * in `tool_result` blocks") and OpenAI ("messages with role 'tool' must be a response to a
   * preceding message with 'tool_calls'") refuse it with a 400, whatever the route (ADR 0055).
   */
  static void toolResults(List<ChatMessage> messages) {
    int i = orphanToolResult(messages);
    if (i >= 0) {
      throw new IllegalArgumentException(
          "messages[" + i + "].tool_call_id: " + orphan(messages.get(i).toolCallId()));
    }
  }

  /**
   * Why a tool result whose id is {@code id} is refused: what follows its field's name in every
   * refusal of an orphan result, the library's and the fronts'.
   */
  static String orphan(String id) {
    return "'"
        + shown(id)
        + "' answers no tool call of an earlier assistant message (expected: the id of a call made"
        + " before it in the conversation; providers refuse a tool result without its call)";
  }

  static void toolChoice(ToolChoice choice, List<ToolDefinition> tools) {
    if (choice == null || choice.mode() != ToolChoice.Mode.FUNCTION) {
      return;
    }
    for (ToolDefinition t : tools) {
      if (t.name().equals(choice.functionName())) {
        return;
      }
    }
    throw new IllegalArgumentException(
        "tool_choice.function.name: "
            + shown(choice.functionName())
            + " (expected: one of the offered tools)");
  }

  /**
   * Request fields an upstream bills apart from the tokens, on a free model too: OpenRouter's
   * {@code plugins} (its web search costs $4 per 1,000 results "even with free models"; PDF OCR is
   * billed per page) and {@code web_search_options} (a search context billed per request).
   */
  static final List<String> BILLED_APART = List.of("plugins", "web_search_options");

  /**
   * {@code orchestrator/free} never spends money: a field an upstream bills apart from the tokens
   * ({@link #BILLED_APART}) is refused, not forwarded to a free route, whose prices say nothing of
   * it.
   */
  static void freeOfCharge(String model, Map<String, Object> extraBody) {
    if (!FREE.equals(model)) {
      return;
    }
    for (String field : BILLED_APART) {
      if (extraBody.containsKey(field)) {
        throw new IllegalArgumentException(
            field
                + ": not taken by "
                + FREE
                + " (expected: none; the upstream bills it apart from the tokens, on a free model"
                + " too, and "
                + FREE
                + " never spends money)");
      }
    }
  }

  // the free virtual model (RoutePlanner.FREE; the planner's package reads this one's)
  private static final String FREE = "orchestrator/free";

  /** A caller's name as a message shows it: up to 200 characters, else cut with its length. */
  private static String shown(String name) {
    return name.length() <= 200
        ? name
        : name.substring(0, 200) + "… (" + name.length() + " characters)";
  }

  /** A sorted, unmodifiable copy; string keys and values only. */
  static Map<String, String> metadata(Map<String, String> metadata) {
    if (metadata == null || metadata.isEmpty()) {
      return Map.of();
    }
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      if (e.getKey() == null || e.getValue() == null) {
        throw new IllegalArgumentException(
            "metadata." + e.getKey() + ": null (expected: string keys and values)");
      }
    }
    return Collections.unmodifiableMap(new TreeMap<>(metadata));
  }

  static void extraBody(Map<String, Object> extraBody) {
    for (String k : extraBody.keySet()) {
      if (ChatRequest.MODELLED_FIELDS.contains(k)) {
        throw new IllegalArgumentException(
            "extraBody."
                + k
                + ": a field the request models (expected: set it through its own builder method)");
      }
    }
  }

  private static void positive(String field, Integer v) {
    if (v != null && v < 1) {
      throw new IllegalArgumentException(field + ": " + v + " (expected: >= 1)");
    }
  }

  private static void range(String field, Double v, double lo, double hi) {
    if (v != null && !(v >= lo && v <= hi)) {
      throw new IllegalArgumentException(
          field + ": " + v + " (expected: " + fmt(lo) + ".." + fmt(hi) + ")");
    }
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
