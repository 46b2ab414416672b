package dev.orchestrator.engine.chat;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What an answer's finish reason means, whatever the route's word for it: the one reading of the
 * words routes send — OpenAI's, Anthropic's, and the synonyms OpenAI-compatible servers use — from
 * which each front says the reason in its protocol's closed list (docs/reference.md §5; ADR 0055).
 * {@link ChatResponse#finishReason()} keeps the route's own word, for the trace and for a caller of
 * the route's own protocol.
 */
public enum Finish {
  /**
   * The model ended its turn: {@code stop}, Anthropic's {@code end_turn} and {@code stop_sequence},
   * TGI's {@code eos_token}, {@code eos}, Cohere's {@code COMPLETE}.
   */
  STOP,
  /**
   * Cut at the output limit: {@code length}, {@code max_tokens}, Mistral's {@code model_length}
   * (the model's own length limit).
   */
  LENGTH,
  /** Cut where the context window ran out: {@code model_context_window_exceeded}. */
  CONTEXT_WINDOW,
  /**
   * The answer calls tools: {@code tool_calls}, {@code function_call}, {@code tool_use}, Cohere's
   * {@code TOOL_CALL}; also a {@link #STOP} word, or none, on an answer that calls tools.
   */
  TOOL_CALLS,
  /**
   * Withheld or cut by a filter or a refusal: {@code content_filter}, {@code refusal}, Gemini's
   * {@code SAFETY}, {@code RECITATION}, {@code BLOCKLIST}, {@code PROHIBITED_CONTENT}, {@code
   * SPII}, {@code IMAGE_SAFETY}, Zhipu's {@code sensitive}, Bedrock's {@code guardrail_intervened}
   * and {@code content_filtered}.
   */
  CONTENT_FILTER,
  /** Anthropic's {@code pause_turn}: a long turn of server tools paused, to be continued. */
  PAUSE_TURN,
  /**
   * A word none of the others reads (Gemini's {@code MALFORMED_FUNCTION_CALL} and {@code OTHER}…):
   * each front says what it becomes. (A word that says the generation failed — {@code error},
   * DeepSeek's {@code insufficient_system_resource}, a server's {@code abort} — never gets here
   * from an OpenAI-protocol route: its answer is an in-band error.)
   */
  OTHER;

  /**
   * The words that say the generation failed, not that it ended: OpenRouter's {@code error} when
   * the routed provider dies mid-answer, {@code network_error} as some gateways pass the upstream's
   * own reason on, DeepSeek's {@code insufficient_system_resource} (interrupted for want of
   * capacity) and a server's {@code abort} (vLLM's and SGLang's for a generation stopped under it).
   */
  private static final Set<String> FAILED =
      Set.of("error", "network_error", "insufficient_system_resource", "abort");

  /** Each word, in lower case, and what it means. */
  private static final Map<String, Finish> WORDS =
      Map.ofEntries(
          Map.entry("stop", STOP),
          Map.entry("end_turn", STOP),
          Map.entry("stop_sequence", STOP),
          Map.entry("eos", STOP),
          Map.entry("eos_token", STOP),
          Map.entry("complete", STOP),
          Map.entry("length", LENGTH),
          Map.entry("max_tokens", LENGTH),
          Map.entry("model_length", LENGTH),
          Map.entry("model_context_window_exceeded", CONTEXT_WINDOW),
          Map.entry("tool_calls", TOOL_CALLS),
          Map.entry("function_call", TOOL_CALLS),
          Map.entry("tool_use", TOOL_CALLS),
          Map.entry("tool_call", TOOL_CALLS),
          Map.entry("content_filter", CONTENT_FILTER),
          Map.entry("refusal", CONTENT_FILTER),
          Map.entry("safety", CONTENT_FILTER),
          Map.entry("recitation", CONTENT_FILTER),
          Map.entry("blocklist", CONTENT_FILTER),
          Map.entry("prohibited_content", CONTENT_FILTER),
          Map.entry("spii", CONTENT_FILTER),
          Map.entry("image_safety", CONTENT_FILTER),
          Map.entry("sensitive", CONTENT_FILTER),
          Map.entry("guardrail_intervened", CONTENT_FILTER),
          Map.entry("content_filtered", CONTENT_FILTER),
          Map.entry("pause_turn", PAUSE_TURN));

  /**
   * What {@code reason} means on an answer that calls tools or not ({@code toolCalls}): the word's
   * meaning, in any case; {@link #TOOL_CALLS} for an answer that calls tools with no word or a
   * {@link #STOP} word (Anthropic's list says {@code tool_use} there); {@link #STOP} for one that
   * calls none with no word; {@link #OTHER} for a word not read here.
   */
  public static Finish of(String reason, boolean toolCalls) {
    Finish f =
        reason == null || reason.isBlank()
            ? STOP
            : WORDS.getOrDefault(reason.strip().toLowerCase(Locale.ROOT), OTHER);
    return f == STOP && toolCalls ? TOOL_CALLS : f;
  }

  /**
   * Whether {@code reason}, as the route sent it, says the generation failed rather than ended
   * ({@code error}, {@code network_error}, {@code insufficient_system_resource}, {@code abort}): an
   * OpenAI-protocol answer that ends so is an in-band error, read by the provider clients and their
   * classifier alike.
   */
  public static boolean failed(String reason) {
    return reason != null && FAILED.contains(reason);
  }
}
