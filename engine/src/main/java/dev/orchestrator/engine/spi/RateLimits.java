package dev.orchestrator.engine.spi;

import java.time.Duration;

/**
 * What one answer's rate-limit headers said about the key it was sent with (docs/design.md §5): how
 * many requests and tokens remain in the provider's current window and when each window resets,
 * relative to the moment the answer arrived. Any field the answer did not carry is {@code null}.
 * Immutable.
 *
 * @param remainingRequests requests left in the current window
 * @param remainingTokens tokens left in the current window
 * @param limitRequests the window's request limit
 * @param limitTokens the window's token limit
 * @param resetRequests how long until the request window resets; with no request left, how long
 *     until the next one may be sent (for limits that replenish continuously, one request's share
 *     of the window)
 * @param resetTokens how long until the token window resets
 * @param tokensWholeRequest whether the token window counts a request's whole ask — its prompt and
 *     its output limit — when it arrives, so that one asking for more than remain is refused with a
 *     429 (OpenAI's and Groq's {@code x-ratelimit-*-tokens}); {@code false} when that is not known,
 *     as for Anthropic's headers, which give the most restrictive of its input and output limits
 */
public record RateLimits(
    Long remainingRequests,
    Long remainingTokens,
    Long limitRequests,
    Long limitTokens,
    Duration resetRequests,
    Duration resetTokens,
    boolean tokensWholeRequest) {
  /** An answer that carried no rate-limit header. */
  public static final RateLimits NONE = new RateLimits(null, null, null, null, null, null);

  /** Limits whose token window is not known to count a request's whole ask. */
  public RateLimits(
      Long remainingRequests,
      Long remainingTokens,
      Long limitRequests,
      Long limitTokens,
      Duration resetRequests,
      Duration resetTokens) {
    this(
        remainingRequests,
        remainingTokens,
        limitRequests,
        limitTokens,
        resetRequests,
        resetTokens,
        false);
  }

  /** Whether the answer carried any rate-limit header. */
  public boolean any() {
    return remainingRequests != null
        || remainingTokens != null
        || limitRequests != null
        || limitTokens != null
        || resetRequests != null
        || resetTokens != null;
  }

  /** These limits, their token window counting a request's whole ask ({@code true}) or not. */
  public RateLimits withTokensWholeRequest(boolean v) {
    return new RateLimits(
        remainingRequests,
        remainingTokens,
        limitRequests,
        limitTokens,
        resetRequests,
        resetTokens,
        v);
  }
}
