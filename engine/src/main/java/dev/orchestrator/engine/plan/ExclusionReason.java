package dev.orchestrator.engine.plan;

import java.util.Locale;

/**
 * Why a route is not a candidate of a plan (docs/reference.md §3). One reason per excluded route.
 */
public enum ExclusionReason {
  /** A priced (or unknown-price) route in a free pool. */
  PRICED_TIER_BOUNDARY,
  /** The estimated prompt plus max output does not fit the known context or output limit. */
  CONTEXT_TOO_SMALL,
  /** A required capability (tools, vision, json…) is missing. */
  MISSING_CAPABILITY,
  /** Not a chat model (embedding, reranker, image, audio output). */
  NOT_CHAT,
  /** Retired, expired, or remembered as {@code model_not_found}. */
  RETIRED,
  /** Over the request's max price, or its price is unknown while a max price is set. */
  OVER_MAX_PRICE,
  /** The route's circuit breaker is open. */
  CIRCUIT_OPEN,
  /**
   * The route is cooling down for a wait its provider gave (a rate limit, or a quota or account
   * failure with a reset time).
   */
  COOLING_DOWN,
  /**
   * The route's provider refused the account (auth, permission, or a quota with no reset time):
   * held out for the account cool-down, even in panic mode, and never waited for. Its wire name is
   * {@code cooling_down}, the reason the reference fixes for every cool-down; its detail says
   * which.
   */
  ACCOUNT_STATE,
  /**
   * What calling the route's provider needs is missing from the configuration: its base URL (always
   * checked: no environment supplies one), or its API key (checked only when asked to).
   */
  NO_CREDENTIALS,
  /** The configuration's allow/deny lists exclude the route. */
  DENIED_BY_CONFIG;

  /**
   * Lower snake case name used in JSON, from the fixed list of docs/reference.md §3 ({@link
   * #ACCOUNT_STATE} is {@code cooling_down}).
   */
  public String wireName() {
    return this == ACCOUNT_STATE ? "cooling_down" : name().toLowerCase(Locale.ROOT);
  }
}
