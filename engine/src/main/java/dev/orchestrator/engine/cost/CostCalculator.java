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
 *   cost = ( (prompt − cacheRead − cacheWrite) × input
 *          + cacheRead × cacheReadPrice
 *          + cacheWrite × cacheWritePrice
 *          + (completion − reasoning) × output
 *          + reasoning × reasoningPrice ) / 1,000,000
 * </pre>
 *
 * The counts are in OpenAI's convention, which {@link Usage} keeps for every provider: cache reads
 * and cache writes are parts of the prompt count, reasoning is part of the completion count (the
 * Anthropic client adds Anthropic's cache counts, which Anthropic reports apart from {@code
 * input_tokens}, into the prompt count).
 *
 * <ul>
 *   <li>a {@link Tier#FREE free} route costs exactly {@code 0}, whatever the usage says;
 *   <li>{@code null} (unknown) when the input or output price is unknown, or when the route
 *       reported no usage at all;
 *   <li>cache reads are priced at the route's cache-read price when the catalog has one, otherwise
 *       at the full input price — an upper bound, so a budget is never under-counted;
 *   <li>cache writes are priced at the route's cache-write price when the catalog has one,
 *       otherwise at the input price — what providers that do not charge for writing the cache
 *       (OpenAI, DeepSeek, Gemini's implicit cache) bill; the catalogs state the surcharge of those
 *       that do (Anthropic: 1.25 × input for a five-minute entry);
 *   <li>reasoning tokens are priced at the route's reasoning price where the catalog prices them
 *       apart, otherwise as output.
 * </ul>
 *
 * With no cache-write or reasoning price, or no cache-write or reasoning tokens, the cost is {@code
 * ((prompt − cacheRead) × input + cacheRead × cacheReadPrice + completion × output) / 10⁶}, the
 * figure before cache-write and reasoning prices were read. Only the serving route is priced:
 * failed attempts cost nothing by this account. The arithmetic is exact ({@link BigDecimal});
 * results are stripped of trailing zeros. Stateless and thread-safe.
 */
public final class CostCalculator {
  private CostCalculator() {}

  /**
   * The cost of {@code usage} on {@code route}, or {@code null} when unknown. Detail counts a
   * provider got wrong (more cached than prompt tokens, more reasoning than completion tokens) are
   * capped rather than failing an answer that was already served.
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
    long prompt = usage.promptTokens();
    long completion = usage.completionTokens();
    // A route that reports no detail count had none of it.
    long read = Math.min(orZero(usage.cachedTokens()), prompt);
    long write = Math.min(orZero(usage.cacheCreationTokens()), prompt - read);
    long reasoning = Math.min(orZero(usage.reasoningTokens()), completion);
    return priced(route, prompt, read, write, completion, reasoning);
  }

  /**
   * The cost of the given token counts on {@code route}, none written to the cache and none spent
   * on reasoning, or {@code null} when a needed price is unknown.
   *
   * @param promptTokens input tokens, cached ones included
   * @param cachedPromptTokens the part of {@code promptTokens} read from the provider's prompt
   *     cache
   * @param completionTokens output tokens
   * @throws IllegalArgumentException when a count is negative or the cached part exceeds the prompt
   */
  public static BigDecimal cost(
      Route route, long promptTokens, long cachedPromptTokens, long completionTokens) {
    return cost(route, promptTokens, cachedPromptTokens, 0, completionTokens, 0);
  }

  /**
   * The cost of the given token counts on {@code route}, or {@code null} when a needed price is
   * unknown.
   *
   * @param promptTokens input tokens, cache reads and cache writes included
   * @param cachedPromptTokens the part of {@code promptTokens} read from the provider's prompt
   *     cache
   * @param cacheWriteTokens the part of {@code promptTokens} written to the provider's prompt cache
   * @param completionTokens output tokens, reasoning included
   * @param reasoningTokens the part of {@code completionTokens} spent on reasoning
   * @throws IllegalArgumentException when a count is negative or a part exceeds its whole
   */
  public static BigDecimal cost(
      Route route,
      long promptTokens,
      long cachedPromptTokens,
      long cacheWriteTokens,
      long completionTokens,
      long reasoningTokens) {
    Objects.requireNonNull(route, "route");
    if (promptTokens < 0 || completionTokens < 0) {
      throw new IllegalArgumentException(
          "token counts: prompt "
              + promptTokens
              + ", completion "
              + completionTokens
              + " (expected: >= 0)");
    }
    requirePart("cachedPromptTokens", cachedPromptTokens, promptTokens, "");
    requirePart(
        "cacheWriteTokens",
        cacheWriteTokens,
        promptTokens - cachedPromptTokens,
        ", the prompt tokens not read from the cache");
    requirePart("reasoningTokens", reasoningTokens, completionTokens, "");
    if (route.tier() == Tier.FREE) {
      return BigDecimal.ZERO;
    }
    return priced(
        route,
        promptTokens,
        cachedPromptTokens,
        cacheWriteTokens,
        completionTokens,
        reasoningTokens);
  }

  // Counts already checked: 0 <= read + write <= prompt, 0 <= reasoning <= completion.
  private static BigDecimal priced(
      Route route, long prompt, long read, long write, long completion, long reasoning) {
    BigDecimal in = route.inputPerMtok();
    BigDecimal out = route.outputPerMtok();
    if (in == null || out == null) {
      return null;
    }
    BigDecimal micro =
        in.multiply(BigDecimal.valueOf(prompt - read - write))
            .add(out.multiply(BigDecimal.valueOf(completion - reasoning)));
    // Each detail term only when there is such a token: the common answer pays for two products.
    if (read > 0) {
      micro =
          micro.add(
              Objects.requireNonNullElse(route.cacheReadPerMtok(), in)
                  .multiply(BigDecimal.valueOf(read)));
    }
    if (write > 0) {
      micro =
          micro.add(
              Objects.requireNonNullElse(route.cacheWritePerMtok(), in)
                  .multiply(BigDecimal.valueOf(write)));
    }
    if (reasoning > 0) {
      micro =
          micro.add(
              Objects.requireNonNullElse(route.reasoningPerMtok(), out)
                  .multiply(BigDecimal.valueOf(reasoning)));
    }
    // Exact: per million is a shift of the decimal point (a BigDecimal division was ~5 % of an
    // in-process call, docs/benchmarks.md §2).
    return normalize(micro.scaleByPowerOfTen(-6));
  }

  // A part of a whole count must be within 0..whole; else "name: part (expected: 0..whole<note>)".
  private static void requirePart(String name, long part, long whole, String note) {
    if (part < 0 || part > whole) {
      throw new IllegalArgumentException(
          name + ": " + part + " (expected: 0.." + whole + note + ")");
    }
  }

  private static long orZero(Integer count) {
    return count == null ? 0 : count;
  }

  private static BigDecimal normalize(BigDecimal d) {
    if (d.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }
}
