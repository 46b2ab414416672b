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
