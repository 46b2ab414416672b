package dev.orchestrator.engine.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.Usage;
import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CostCalculatorTest {
  private static BigDecimal price(String s) {
    return s == null ? null : new BigDecimal(s);
  }

  private static Route route(String tier, String in, String out, String cacheRead) {
    return Route.builder("p", "m")
        .tier(tier == null ? null : Tier.fromWireName(tier))
        .prices(price(in), price(out))
        .cacheReadPrice(price(cacheRead))
        .build();
  }

  /** USD per Mtok; the expected cost is in USD, empty when unknown. */
  @ParameterizedTest(name = "[{index}] {0} in={2} out={3} cache={4} p={5} c={6} k={7} → {8}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          # case                               tier    in    out   cache prompt cached completion expected
          priced prompt and completion,        -,      1,    2,    -,    1000,  0,     500,       0.002
          priced one million each way,         -,      3,    15,   -,    1000000, 0,   1000000,   18
          cached tokens at the cache price,    -,      1,    2,    0.1,  1000,  800,   0,         0.00028
          cached tokens without a cache price, -,      1,    2,    -,    1000,  800,   0,         0.001
          cache price but nothing cached,      -,      1,    2,    0.1,  1000,  0,     0,         0.001
          zero tokens on a priced route,       -,      1,    2,    -,    0,     0,     0,         0
          free route by prices,                -,      0,    0,    -,    5000,  0,     900,       0
          free route by explicit tier,         free,   -,    -,    -,    5000,  100,   900,       0
          unknown input price,                 -,      -,    2,    -,    1000,  0,     500,       -
          unknown output price,                -,      1,    -,    -,    1000,  0,     500,       -
          unknown both,                        priced, -,    -,    -,    1000,  0,     500,       -
          fractional prices,                   -,      0.15, 0.6,  0.075, 12345, 2345, 678,       0.002082675
          """,
      delimiter = ',')
  void pricesUsageByTheCatalogTable(
      String name,
      String tier,
      String in,
      String out,
      String cacheRead,
      long prompt,
      long cached,
      long completion,
      String expected) {
    BigDecimal cost =
        CostCalculator.cost(route(tier, in, out, cacheRead), prompt, cached, completion);
    if (expected == null) {
      assertThat(cost).as(name).isNull();
    } else {
      assertThat(cost).as(name).isEqualByComparingTo(expected);
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          # case                          in, out, cache, prompt, cached, completion, expected
          priced route with usage,         1,  2,   -,     1000,   -,      500,        0.002
          cached tokens reported,          1,  2,   0.1,   1000,   800,    0,          0.00028
          cached tokens without cache price, 1,  2,   -,     1000,   800,    0,          0.001
          zero cached tokens reported,     1,  2,   0.1,   1000,   0,      0,          0.001
          more cached than prompt is capped, 1, 2,   0.1,   1000,   5000,   0,          0.0001
          priced route without usage,      1,  2,   -,     0,      -,      0,          -
          free route without usage,        0,  0,   -,     0,      -,      0,          0
          unknown price with usage,        -,  2,   -,     1000,   -,      500,        -
          """)
  void readsTheReportedUsage(
      String name,
      String in,
      String out,
      String cacheRead,
      int prompt,
      Integer cached,
      int completion,
      String expected) {
    Usage usage = new Usage(prompt, completion, prompt + completion, cached, null, null);
    BigDecimal cost = CostCalculator.cost(route(null, in, out, cacheRead), usage);
    if (expected == null) {
      assertThat(cost).as(name).isNull();
    } else {
      assertThat(cost).as(name).isEqualByComparingTo(expected);
    }
  }

  private static Route route(String in, String out, String read, String write, String reasoning) {
    return Route.builder("p", "m")
        .prices(price(in), price(out))
        .cacheReadPrice(price(read))
        .cacheWritePrice(price(write))
        .reasoningPrice(price(reasoning))
        .build();
  }

  /**
   * Cache writes and reasoning at their own prices, in USD per Mtok; counts in OpenAI's convention
   * (reads and writes inside the prompt, reasoning inside the completion). The first rows are one
   * Anthropic turn on claude-sonnet-4-5 at its Models.dev prices (input 50, cache write 2000, cache
   * read 30000, output 400): $0.02265, of which the cache write premium is $0.0015.
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          # case                                 in,   out, read, write, rsn, prompt, cached, written, completion, reasoning, expected
          Anthropic turn at every price,          3,    15,  0.3,  3.75,  -,   32050,  30000,  2000,    400,        0,         0.02265
          no cache-write price: writes as input,  3,    15,  0.3,  -,     -,   32050,  30000,  2000,    400,        0,         0.02115
          no cache prices: all input,             3,    15,  -,    -,     -,   32050,  30000,  2000,    400,        0,         0.10215
          a zero cache-write price is a price,    1.4,  4.4, 0.26, 0,     -,   1000,   0,      1000,    0,          0,         0
          reasoning at its own price,             0.4,  1.2, -,    -,     4,   1000,   0,      0,       1000,       600,       0.00328
          reasoning without its price: output,    0.4,  1.2, -,    -,     -,   1000,   0,      0,       1000,       600,       0.0016
          reasoning cheaper than output,          2,    8,   -,    -,     3,   0,      0,      0,       1000,       1000,      0.003
          unknown input price,                    -,    15,  0.3,  3.75,  -,   32050,  30000,  2000,    400,        0,         -
          """)
  void pricesCacheWritesAndReasoningAtTheirOwnPrices(
      String name,
      String in,
      String out,
      String read,
      String write,
      String reasoningPrice,
      long prompt,
      long cached,
      long written,
      long completion,
      long reasoning,
      String expected) {
    BigDecimal cost =
        CostCalculator.cost(
            route(in, out, read, write, reasoningPrice),
            prompt,
            cached,
            written,
            completion,
            reasoning);
    if (expected == null) {
      assertThat(cost).as(name).isNull();
    } else {
      assertThat(cost).as(name).isEqualByComparingTo(expected);
    }
  }

  /** The detail counts a provider reported, capped where they exceed their whole. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
          # case                              prompt, cached, written, completion, reasoning, expected
          Anthropic turn as the usage holds it, 32050, 30000,  2000,    400,        -,         0.02265
          writes not reported,                 32050,  30000,  -,       400,        -,         0.02115
          more written than uncached is capped, 1000,  900,    5000,    0,          -,         0.000645
          more reasoning than output is capped, 0,     -,      -,       100,        900,       0.0004
          a free tier is 0 whatever,           -1,     -,      -,       -,          -,         0
          """)
  void readsCacheWritesAndReasoningFromTheUsage(
      String name,
      int prompt,
      Integer cached,
      Integer written,
      Integer completion,
      Integer reasoning,
      String expected) {
    Route r =
        prompt < 0
            ? Route.builder("p", "m").tier(Tier.FREE).cacheWritePrice(BigDecimal.TEN).build()
            : route("3", "15", "0.3", "3.75", "4");
    int p = Math.max(prompt, 0);
    int c = completion == null ? 0 : completion;
    Usage usage = new Usage(p, c, p + c, cached, reasoning, written);
    assertThat(CostCalculator.cost(r, usage)).as(name).isEqualByComparingTo(expected);
  }

  @ParameterizedTest
  @CsvSource(
      textBlock =
          """
          10, 4, 7, 5, 0, 'cacheWriteTokens: 7 (expected: 0..6, the prompt tokens not read from the cache)'
          10, 0, -1, 5, 0, 'cacheWriteTokens: -1 (expected: 0..10, the prompt tokens not read from the cache)'
          10, 0, 0, 5, 6, 'reasoningTokens: 6 (expected: 0..5)'
          10, 0, 0, 5, -1, 'reasoningTokens: -1 (expected: 0..5)'
          """)
  void rejectsParts(
      long prompt, long cached, long written, long completion, long reasoning, String msg) {
    assertThatThrownBy(
            () ->
                CostCalculator.cost(
                    route(null, "1", "2", null), prompt, cached, written, completion, reasoning))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(msg);
  }

  @ParameterizedTest
  @CsvSource(
      textBlock =
          """
          -1,   0,    0,  'token counts: prompt -1, completion 0 (expected: >= 0)'
          10,   0,   -5,  'token counts: prompt 10, completion -5 (expected: >= 0)'
          10,   11,   0,  'cachedPromptTokens: 11 (expected: 0..10)'
          """)
  void rejectsImpossibleCountsNamingThem(long prompt, long cached, long completion, String msg) {
    assertThatThrownBy(
            () -> CostCalculator.cost(route(null, "1", "2", null), prompt, cached, completion))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(msg);
  }
}
