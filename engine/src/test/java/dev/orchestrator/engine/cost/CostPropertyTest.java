package dev.orchestrator.engine.cost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
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

  /** A priced route (no cache price) and its prompt and completion token counts. */
  record Usage(Route route, int prompt, int completion) {
    /** The route's cost of {@code in} prompt and {@code out} completion tokens, none cached. */
    BigDecimal cost(long in, long out) {
      return CostCalculator.cost(route, in, 0, out);
    }
  }

  @Provide
  Arbitrary<Usage> priced() {
    Arbitrary<Integer> tokens = Arbitraries.integers().between(0, 1_000_000);
    return Combinators.combine(prices(), prices(), tokens, tokens)
        .as((in, out, prompt, completion) -> new Usage(route(in, out, null), prompt, completion));
  }

  private static Route route(BigDecimal in, BigDecimal out, BigDecimal cacheRead) {
    return Route.builder("p", "m").prices(in, out).cacheReadPrice(cacheRead).build();
  }

  @Property
  void aFreeRouteCostsZeroWhateverItsUsage(
      @ForAll @IntRange(min = 0, max = 2_000_000) int prompt,
      @ForAll @IntRange(min = 0, max = 2_000_000) int completion) {
    Route free = Route.builder("p", "m").tier(Tier.FREE).build();
    assertThat(CostCalculator.cost(free, prompt, 0, completion)).isEqualByComparingTo("0");
  }

  @Property
  void costGrowsWithEveryToken(@ForAll("priced") Usage u) {
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
  void costIsExactlyLinearInTheTokenCounts(@ForAll("priced") Usage u) {
    BigDecimal whole = u.cost(u.prompt(), u.completion());
    BigDecimal parts = u.cost(u.prompt(), 0).add(u.cost(0, u.completion()));
    assertThat(whole).isEqualByComparingTo(parts);
  }
}
