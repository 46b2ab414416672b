package dev.orchestrator.engine.cost;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.Usage;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * The serving route's cost in USD from its usage and the catalog's prices (docs/design.md §8):
 *
 * <pre>
 *   cost = ((prompt − cached) × input + cached × cacheRead + completion × output) / 1,000,000
 * </pre>
 *
 * <ul>
 *   <li>a {@link Tier#FREE free} route costs exactly {@code 0}, whatever the usage says;
 *   <li>{@code null} (unknown) when the input or output price is unknown, or when the route
 *       reported no usage at all;
 *   <li>cached prompt tokens (part of the prompt count, OpenAI's convention) are priced at the
 *       route's cache-read price when the catalog has one, otherwise at the full input price — an
 *       upper bound, so a budget is never under-counted;
 *   <li>reasoning tokens are part of the completion count and priced as output.
 * </ul>
 *
 * Only the serving route is priced: failed attempts cost nothing by this account. The arithmetic is
 * exact ({@link BigDecimal}); results are stripped of trailing zeros. Stateless and thread-safe.
 */
public final class CostCalculator {
  private CostCalculator() {}

  /**
   * The cost of {@code usage} on {@code route}, or {@code null} when unknown.
   *
   * @param usage the serving route's usage; {@link Usage#NONE} (or {@code null}) means not reported
   */
  public static BigDecimal cost(Route route, Usage usage) {
    Objects.requireNonNull(route, "route");
    if (route.tier() == Tier.FREE) {
      return BigDecimal.ZERO;
    }
    if (usage == null || usage.isNone()) {
      return null;
    }
    return cost(route, usage.promptTokens(), cachedPromptTokens(usage), usage.completionTokens());
  }

  /**
   * The cost of the given token counts on {@code route}, or {@code null} when a needed price is
   * unknown.
   *
   * @param promptTokens input tokens, cached ones included
   * @param cachedPromptTokens the part of {@code promptTokens} read from the provider's prompt
   *     cache
   * @param completionTokens output tokens, reasoning included
   * @throws IllegalArgumentException when a count is negative or the cached part exceeds the prompt
   */
  public static BigDecimal cost(
      Route route, long promptTokens, long cachedPromptTokens, long completionTokens) {
    Objects.requireNonNull(route, "route");
    if (promptTokens < 0 || completionTokens < 0) {
      throw new IllegalArgumentException(
          "token counts: prompt "
              + promptTokens
              + ", completion "
              + completionTokens
              + " (expected: >= 0)");
    }
    if (cachedPromptTokens < 0 || cachedPromptTokens > promptTokens) {
      throw new IllegalArgumentException(
          "cachedPromptTokens: " + cachedPromptTokens + " (expected: 0.." + promptTokens + ")");
    }
    if (route.tier() == Tier.FREE) {
      return BigDecimal.ZERO;
    }
    BigDecimal in = route.inputPerMtok();
    BigDecimal out = route.outputPerMtok();
    if (in == null || out == null) {
      return null;
    }
    BigDecimal cacheRead = route.cacheReadPerMtok() != null ? route.cacheReadPerMtok() : in;
    BigDecimal micro =
        in.multiply(BigDecimal.valueOf(promptTokens - cachedPromptTokens))
            .add(cacheRead.multiply(BigDecimal.valueOf(cachedPromptTokens)))
            .add(out.multiply(BigDecimal.valueOf(completionTokens)));
    // Exact: per million is a shift of the decimal point (a BigDecimal division was ~5 % of an
    // in-process call, docs/benchmarks.md §2).
    return normalize(micro.scaleByPowerOfTen(-6));
  }

  // A route that reports no cached count had no cache reads; a count beyond the prompt (a provider
  // bug) is capped rather than failing an answer that was already served.
  private static long cachedPromptTokens(Usage usage) {
    Integer cached = usage.cachedTokens();
    return cached == null ? 0 : Math.min(cached, usage.promptTokens());
  }

  private static BigDecimal normalize(BigDecimal d) {
    if (d.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }
}
