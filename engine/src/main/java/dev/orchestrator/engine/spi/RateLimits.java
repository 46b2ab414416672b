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
 */
public record RateLimits(
    Long remainingRequests,
    Long remainingTokens,
    Long limitRequests,
    Long limitTokens,
    Duration resetRequests,
    Duration resetTokens) {
  /** An answer that carried no rate-limit header. */
  public static final RateLimits NONE = new RateLimits(null, null, null, null, null, null);

  /** Whether the answer carried any rate-limit header. */
  public boolean any() {
    return this != NONE && !equals(NONE);
  }
}
