package dev.orchestrator.benchmarks.routing;

import java.math.BigDecimal;

/**
 * One simulated route: its price, its speed, the limits its upstream enforces and its faults.
 *
 * @param provider the provider id (one route per provider, model {@code m})
 * @param inPerMtok USD per million prompt tokens ({@code 0} free)
 * @param outPerMtok USD per million completion tokens
 * @param cacheReadPerMtok USD per million cached prompt tokens, or {@code null}
 * @param window context window
 * @param ttftMs mean time to first token (log-normal, σ 0.35)
 * @param tokensPerSecond output throughput
 * @param rpm requests per minute the key may make (a bucket of {@code rpm} refilled continuously)
 * @param rpd requests per day the key may make
 * @param retryAfter whether a 429 carries {@code Retry-After} (as Groq sends it)
 * @param failRate share of requests answered 500 after a second
 * @param malformedRate share of tool calls whose arguments are broken
 */
record RouteSpec(
    String provider,
    String inPerMtok,
    String outPerMtok,
    String cacheReadPerMtok,
    int window,
    int ttftMs,
    int tokensPerSecond,
    int rpm,
    int rpd,
    boolean retryAfter,
    double failRate,
    double malformedRate) {

  String id() {
    return provider + "/m";
  }

  /** Whether the tier caps the day ({@code rpd} below the 100,000 that stands for no cap). */
  boolean capsTheDay() {
    return rpd < 100_000;
  }

  boolean free() {
    return new BigDecimal(inPerMtok).signum() == 0 && new BigDecimal(outPerMtok).signum() == 0;
  }
}
