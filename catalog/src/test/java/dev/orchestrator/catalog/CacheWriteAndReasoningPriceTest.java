package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each reader takes the cache-write price and a reasoning price apart from output where its source
 * states them (Models.dev {@code cost.cache_write} and {@code cost.reasoning} per Mtok, OpenRouter
 * {@code pricing.input_cache_write} and {@code pricing.internal_reasoning} per token, own config
 * {@code cacheWritePerMtok} and {@code reasoningPerMtok}); absent stays absent, and one above zero
 * makes a route priced whatever its input and output prices.
 */
class CacheWriteAndReasoningPriceTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          Models.dev with both     | {"acme":{"models":{"m":{"cost":{"input":3,"output":15,"cache_read":0.3,"cache_write":3.75,"reasoning":20}}}}} | acme/m         | 3.75 | 20
          Models.dev without       | {"acme":{"models":{"m":{"cost":{"input":3,"output":15,"cache_read":0.3}}}}}                                   | acme/m         | -    | -
          Models.dev zero write    | {"acme":{"models":{"m":{"cost":{"input":1.4,"output":4.4,"cache_write":0}}}}}                                 | acme/m         | 0    | -
          Models.dev negative      | {"acme":{"models":{"m":{"cost":{"input":1,"output":2,"cache_write":-1,"reasoning":-1}}}}}                     | acme/m         | -    | -
          OpenRouter per token     | {"data":[{"id":"a/m","pricing":{"prompt":"0.000003","completion":"0.000015","input_cache_write":"0.00000375","internal_reasoning":"0.000003"}}]} | openrouter/a/m | 3.75 | 3
          OpenRouter without       | {"data":[{"id":"a/m","pricing":{"prompt":"0.000003","completion":"0.000015"}}]}                               | openrouter/a/m | -    | -
          OpenRouter variable      | {"data":[{"id":"a/m","pricing":{"prompt":"0.000003","completion":"0.000015","input_cache_write":"-1"}}]}      | openrouter/a/m | -    | -
          own config               | {"providers":{"p":{}},"routes":{"p/m":{"inputPerMtok":3,"outputPerMtok":15,"cacheWritePerMtok":3.75,"reasoningPerMtok":20}}} | p/m | 3.75 | 20
          own config without       | {"providers":{"p":{}},"routes":{"p/m":{"inputPerMtok":3,"outputPerMtok":15}}}                                 | p/m            | -    | -
          """)
  void readsTheCacheWriteAndReasoningPrices(
      String name, String text, String route, String write, String reasoning) {
    Route r = CatalogLoader.parse(name, text).route(route).orElseThrow();
    assertPrice(r.cacheWritePerMtok(), write);
    assertPrice(r.reasoningPerMtok(), reasoning);
  }

  private static void assertPrice(BigDecimal actual, String expected) {
    if (expected == null) {
      assertThat(actual).isNull();
    } else {
      assertThat(actual).isEqualByComparingTo(expected);
    }
  }

  /**
   * A cache-read, cache-write or reasoning price above zero makes a zero-priced route priced: a
   * free request may read or write a cache and may reason, and money is fail-closed (ADR 0017,
   * addendum; it was free before). An unknown or zero one changes nothing: it makes no route free.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          zero prices, write unknown   | {"acme":{"models":{"m":{"cost":{"input":0,"output":0}}}}}                                       | acme/m         | free
          zero prices, write priced    | {"acme":{"models":{"m":{"cost":{"input":0,"output":0,"cache_write":1.25,"reasoning":2}}}}}     | acme/m         | priced
          zero prices, reasoning only  | {"acme":{"models":{"m":{"cost":{"input":0,"output":0,"reasoning":2}}}}}                        | acme/m         | priced
          zero prices, cache read      | {"acme":{"models":{"m":{"cost":{"input":0,"output":0,"cache_read":0.3}}}}}                     | acme/m         | priced
          zero prices, zero extras     | {"acme":{"models":{"m":{"cost":{"input":0,"output":0,"cache_read":0,"cache_write":0,"reasoning":0}}}}} | acme/m | free
          OpenRouter zero, reasoning   | {"data":[{"id":"a/m","pricing":{"prompt":"0","completion":"0","internal_reasoning":"0.000002"}}]} | openrouter/a/m | priced
          own config zero, reasoning   | {"providers":{"p":{}},"routes":{"p/m":{"inputPerMtok":0,"outputPerMtok":0,"reasoningPerMtok":1}}} | p/m          | priced
          zero input, output unknown   | {"acme":{"models":{"m":{"cost":{"input":0,"cache_write":0,"reasoning":0}}}}}                   | acme/m         | priced
          no prices, zero write        | {"data":[{"id":"a/m","pricing":{"input_cache_write":"0","internal_reasoning":"0"}}]}            | openrouter/a/m | priced
          zero prices, zero write      | {"data":[{"id":"a/m","pricing":{"prompt":"0","completion":"0","input_cache_write":"0"}}]}       | openrouter/a/m | free
          own config, only a write     | {"providers":{"p":{}},"routes":{"p/m":{"cacheWritePerMtok":0,"reasoningPerMtok":0}}}            | p/m            | priced
          own config free, write given | {"providers":{"p":{}},"routes":{"p/m":{"tier":"free","cacheWritePerMtok":1}}}                   | p/m            | free
          """)
  void makesAZeroPricedRoutePricedWhenAboveZero(
      String name, String text, String route, String tier) {
    Route r = CatalogLoader.parse(name, text).route(route).orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.fromWireName(tier));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"providers":{"p":{}},"routes":{"p/m":{"cacheWritePerMtok":-1}}} | src:1:40: routes["p/m"].cacheWritePerMtok: -1 is negative (expected: a non-negative number in USD per million tokens)
          {"providers":{"p":{}},"routes":{"p/m":{"reasoningPerMtok":"x"}}} | src:1:40: routes["p/m"].reasoningPerMtok: "x" is not a number (expected: a non-negative number in USD per million tokens)
          """)
  void aBadPriceInOwnConfigIsAnErrorNamingIt(String text, String message) {
    assertThatThrownBy(() -> CatalogLoader.parse("src", text))
        .isInstanceOf(CatalogException.class)
        .hasMessage(message);
  }

  /**
   * Cost evidence is one unit (ADR 0009): a later source that says anything about cost replaces the
   * earlier cache-write and reasoning prices too, so an earlier price never survives a later source
   * that does not state one.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          later prices without write  | {"providers":{"p":{}},"routes":{"p/m":{"inputPerMtok":2,"outputPerMtok":8}}}                         | -    | -
          later write only            | {"providers":{"p":{}},"routes":{"p/m":{"cacheWritePerMtok":2.5}}}                                   | 2.5  | -
          later says nothing of cost  | {"providers":{"p":{}},"routes":{"p/m":{"contextWindow":8192}}}                                     | 3.75 | 20
          """)
  void aLaterSourceReplacesThePricesAsAUnit(
      String name, String later, String write, String reasoning) {
    String earlier =
        "{\"providers\":{\"p\":{}},\"routes\":{\"p/m\":{\"inputPerMtok\":3,\"outputPerMtok\":15,"
            + "\"cacheWritePerMtok\":3.75,\"reasoningPerMtok\":20}}}";
    Route r =
        CatalogLoader.parseAll(
                List.of(
                    new CatalogLoader.Text("a.json", earlier),
                    new CatalogLoader.Text("b.json", later)),
                false)
            .route("p/m")
            .orElseThrow();
    assertPrice(r.cacheWritePerMtok(), write);
    assertPrice(r.reasoningPerMtok(), reasoning);
  }
}
