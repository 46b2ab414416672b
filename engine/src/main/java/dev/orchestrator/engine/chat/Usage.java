package dev.orchestrator.engine.chat;

/**
 * Token usage reported by the route that served, in OpenAI's convention whatever the provider's:
 * the cache counts are parts of {@code promptTokens} and the reasoning count is part of {@code
 * completionTokens}, so the uncached input is {@code promptTokens − cachedTokens −
 * cacheCreationTokens}. Immutable and thread-safe. The detail counts are {@code null} when the
 * route did not report them (never a made-up {@code 0}).
 *
 * @param promptTokens input tokens, cache reads and writes included (for Anthropic, which reports
 *     its cache counts apart from {@code input_tokens}: input plus cache read plus cache creation,
 *     so that it means what OpenAI's {@code prompt_tokens} means)
 * @param completionTokens output tokens, reasoning included
 * @param totalTokens their sum as the provider reported it
 * @param cachedTokens prompt tokens read from the provider's prompt cache ({@code
 *     prompt_tokens_details.cached_tokens}; DeepSeek {@code prompt_cache_hit_tokens}; Anthropic
 *     {@code cache_read_input_tokens}), or {@code null}
 * @param reasoningTokens output tokens spent on reasoning ({@code
 *     completion_tokens_details.reasoning_tokens}), or {@code null}
 * @param cacheCreationTokens prompt tokens written to the prompt cache (Anthropic {@code
 *     cache_creation_input_tokens}; OpenRouter {@code prompt_tokens_details.cache_write_tokens}),
 *     or {@code null}
 */
public record Usage(
    int promptTokens,
    int completionTokens,
    int totalTokens,
    Integer cachedTokens,
    Integer reasoningTokens,
    Integer cacheCreationTokens) {
  /** No usage reported. */
  public static final Usage NONE = new Usage(0, 0, 0);

  /** Validates. */
  public Usage {
    check("prompt_tokens", promptTokens);
    check("completion_tokens", completionTokens);
    check("total_tokens", totalTokens);
    check("cached_tokens", cachedTokens);
    check("reasoning_tokens", reasoningTokens);
    check("cache_creation_tokens", cacheCreationTokens);
  }

  /**
   * Whether this is {@link #NONE}: {@code equals(NONE)} without the record's generic {@code
   * equals}, which showed in the in-process profile (the cost is worked out on every call).
   */
  public boolean isNone() {
    return promptTokens == 0
        && completionTokens == 0
        && totalTokens == 0
        && cachedTokens == null
        && reasoningTokens == null
        && cacheCreationTokens == null;
  }

  /** Usage without detail counts. */
  public Usage(int promptTokens, int completionTokens, int totalTokens) {
    this(promptTokens, completionTokens, totalTokens, null, null, null);
  }

  private static void check(String field, Integer v) {
    if (v != null && v < 0) {
      throw new IllegalArgumentException(field + ": " + v + " (expected: >= 0)");
    }
  }
}
