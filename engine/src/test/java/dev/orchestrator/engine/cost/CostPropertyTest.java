package dev.orchestrator.engine.cost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.Usage;
import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Invariants of the price arithmetic over generated prices and token counts. */
class CostPropertyTest {
  @Provide
  Arbitrary<BigDecimal> prices() {
    return Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("200")).ofScale(4);
  }

  /** A price or, one time in three, no price at all. */
  @Provide
  Arbitrary<BigDecimal> maybePrices() {
    return prices().injectNull(0.33);
  }

  /** A priced route (no cache price) and its prompt and completion token counts. */
  record Priced(Route route, int prompt, int completion) {
    /** The route's cost of {@code in} prompt and {@code out} completion tokens, none cached. */
    BigDecimal cost(long in, long out) {
      return CostCalculator.cost(route, in, 0, out);
    }
  }

  @Provide
  Arbitrary<Priced> priced() {
    Arbitrary<Integer> tokens = Arbitraries.integers().between(0, 1_000_000);
    return Combinators.combine(prices(), prices(), tokens, tokens)
        .as((in, out, prompt, completion) -> new Priced(route(in, out, null), prompt, completion));
  }

  /**
   * Usage as a provider reports it, every detail count a part of its whole (or not reported), each
   * part drawn as a share of what is left, so that every split of the prompt occurs.
   */
  @Provide
  Arbitrary<Usage> usages() {
    Arbitrary<Integer> tokens = Arbitraries.integers().between(0, 2_000_000);
    Arbitrary<Integer> percent = Arbitraries.integers().between(0, 100);
    Arbitrary<Boolean> reported = Arbitraries.of(true, true, false);
    return Combinators.combine(
            tokens, tokens, percent, percent, percent, reported, reported, reported)
        .as(
            (prompt, completion, readPct, writePct, reasoningPct, hasRead, hasWrite, hasReason) -> {
              int read = (int) ((long) prompt * readPct / 100);
              int write = (int) ((long) (prompt - read) * writePct / 100);
              int reasoning = (int) ((long) completion * reasoningPct / 100);
              return new Usage(
                  prompt,
                  completion,
                  prompt + completion,
                  hasRead ? read : null,
                  hasReason ? reasoning : null,
                  hasWrite ? write : null);
            });
  }

  /** A priced route with every detail price present or absent. */
  @Provide
  Arbitrary<Route> routes() {
    return Combinators.combine(prices(), prices(), maybePrices(), maybePrices(), maybePrices())
        .as(
            (in, out, read, write, reasoning) ->
                Route.builder("p", "m")
                    .prices(in, out)
                    .cacheReadPrice(read)
                    .cacheWritePrice(write)
                    .reasoningPrice(reasoning)
                    .build());
  }

  private static Route route(BigDecimal in, BigDecimal out, BigDecimal cacheRead) {
    return Route.builder("p", "m").prices(in, out).cacheReadPrice(cacheRead).build();
  }

  private static long count(Integer n) {
    return n == null ? 0 : n;
  }

  /**
   * The arithmetic before cache-write and reasoning prices were read: cached prompt tokens at the
   * cache-read price (else input), every other prompt token at input, every completion token at
   * output; a free route (both prices 0) at 0.
   */
  private static BigDecimal figureBefore(Route r, Usage u) {
    if (r.tier() == Tier.FREE) {
      return BigDecimal.ZERO;
    }
    BigDecimal in = r.inputPerMtok();
    BigDecimal read = r.cacheReadPerMtok() == null ? in : r.cacheReadPerMtok();
    long cached = Math.min(count(u.cachedTokens()), u.promptTokens());
    return in.multiply(BigDecimal.valueOf(u.promptTokens() - cached))
        .add(read.multiply(BigDecimal.valueOf(cached)))
        .add(r.outputPerMtok().multiply(BigDecimal.valueOf(u.completionTokens())))
        .movePointLeft(6);
  }

  @Property
  void aFreeRouteCostsZeroWhateverItsUsage(@ForAll("usages") Usage u) {
    Route free = Route.builder("p", "m").tier(Tier.FREE).cacheWritePrice(BigDecimal.TEN).build();
    assertThat(CostCalculator.cost(free, u)).isEqualByComparingTo("0");
  }

  @Property
  void costIsNeverNegative(@ForAll("routes") Route r, @ForAll("usages") Usage u) {
    BigDecimal cost = CostCalculator.cost(r, u);
    if (u.isNone()) {
      assertThat(cost).isNull();
    } else {
      assertThat(cost).isNotNull().isGreaterThanOrEqualTo(BigDecimal.ZERO);
    }
  }

  @Property
  void withoutCacheWriteOrReasoningTokensTheCostIsTheFigureBefore(
      @ForAll("routes") Route r, @ForAll("usages") Usage reported) {
    Usage u =
        new Usage(
            reported.promptTokens(),
            reported.completionTokens(),
            reported.totalTokens(),
            reported.cachedTokens(),
            null,
            null);
    if (u.isNone()) {
      return;
    }
    assertThat(CostCalculator.cost(r, u)).isEqualByComparingTo(figureBefore(r, u));
  }

  @Property
  void withoutCacheWriteOrReasoningPricesTheCostIsTheFigureBefore(
      @ForAll("prices") BigDecimal in,
      @ForAll("prices") BigDecimal out,
      @ForAll("maybePrices") BigDecimal read,
      @ForAll("usages") Usage u) {
    if (u.isNone()) {
      return;
    }
    Route r = route(in, out, read);
    assertThat(CostCalculator.cost(r, u)).isEqualByComparingTo(figureBefore(r, u));
  }

  /**
   * Every token is billed exactly once: priced at $1 per Mtok whatever its kind, an answer costs
   * its prompt plus its completion tokens — no cache count is counted twice or dropped, in the
   * convention {@link Usage} keeps (cache reads and writes inside the prompt count, reasoning
   * inside the completion count).
   */
  @Property
  void everyTokenFallsInExactlyOnePricedPart(@ForAll("usages") Usage u) {
    Route one =
        Route.builder("p", "m")
            .prices(BigDecimal.ONE, BigDecimal.ONE)
            .cacheReadPrice(BigDecimal.ONE)
            .cacheWritePrice(BigDecimal.ONE)
            .reasoningPrice(BigDecimal.ONE)
            .build();
    if (u.isNone()) {
      return;
    }
    assertThat(CostCalculator.cost(one, u).movePointRight(6))
        .isEqualByComparingTo(BigDecimal.valueOf((long) u.promptTokens() + u.completionTokens()));
  }

  /**
   * Priced at $1 per Mtok for one kind of token and $0 for every other, an answer costs the count
   * of that kind: the uncached prompt, the cache reads, the cache writes, the answer tokens, the
   * reasoning tokens.
   */
  @Property
  void eachPriceAppliesToItsOwnPartOnly(@ForAll("usages") Usage u) {
    if (u.isNone()) {
      return;
    }
    long read = count(u.cachedTokens());
    long write = count(u.cacheCreationTokens());
    long reasoning = count(u.reasoningTokens());
    BigDecimal z = BigDecimal.ZERO;
    BigDecimal o = BigDecimal.ONE;
    assertThat(part(u, o, z, z, z, z)).isEqualTo(u.promptTokens() - read - write);
    assertThat(part(u, z, o, z, z, z)).isEqualTo(read);
    assertThat(part(u, z, z, o, z, z)).isEqualTo(write);
    assertThat(part(u, z, z, z, o, z)).isEqualTo(u.completionTokens() - reasoning);
    assertThat(part(u, z, z, z, z, o)).isEqualTo(reasoning);
  }

  private static long part(
      Usage u,
      BigDecimal in,
      BigDecimal read,
      BigDecimal write,
      BigDecimal out,
      BigDecimal reasoning) {
    // A zero input or output price with a positive other one keeps the route priced.
    Route r =
        Route.builder("p", "m")
            .tier(Tier.PRICED)
            .prices(in, out)
            .cacheReadPrice(read)
            .cacheWritePrice(write)
            .reasoningPrice(reasoning)
            .build();
    return CostCalculator.cost(r, u).movePointRight(6).longValueExact();
  }

  @Property
  void costGrowsWithEveryToken(@ForAll("priced") Priced u) {
    BigDecimal base = u.cost(u.prompt(), u.completion());
    assertThat(u.cost(u.prompt() + 1L, u.completion())).isGreaterThanOrEqualTo(base);
    assertThat(u.cost(u.prompt(), u.completion() + 1L)).isGreaterThanOrEqualTo(base);
    assertThat(base).isGreaterThanOrEqualTo(BigDecimal.ZERO);
  }

  @Property
  void aCheaperCacheReadPriceNeverCostsMoreThanNoCachePrice(
      @ForAll("prices") BigDecimal in,
      @ForAll("prices") BigDecimal out,
      @ForAll @IntRange(min = 0, max = 100) int cachePercentOfInput,
      @ForAll @IntRange(min = 0, max = 1_000_000) int prompt,
      @ForAll @IntRange(min = 0, max = 100) int cachedPercent) {
    BigDecimal cacheRead = in.multiply(BigDecimal.valueOf(cachePercentOfInput)).movePointLeft(2);
    long cached = (long) prompt * cachedPercent / 100;
    BigDecimal withCache = CostCalculator.cost(route(in, out, cacheRead), prompt, cached, 0);
    BigDecimal without = CostCalculator.cost(route(in, out, null), prompt, cached, 0);
    assertThat(withCache).isLessThanOrEqualTo(without);
  }

  @Property
  void costIsExactlyLinearInTheTokenCounts(@ForAll("priced") Priced u) {
    BigDecimal whole = u.cost(u.prompt(), u.completion());
    BigDecimal parts = u.cost(u.prompt(), 0).add(u.cost(0, u.completion()));
    assertThat(whole).isEqualByComparingTo(parts);
  }
}
