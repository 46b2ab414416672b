package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Route;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each reader takes the cache-read price where its source states one; it never sets the tier. */
class CacheReadPriceTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          Models.dev with cache_read | {"acme":{"models":{"m":{"cost":{"input":2,"output":8,"cache_read":0.5}}}}}                                   | acme/m       | 0.5
          Models.dev without         | {"acme":{"models":{"m":{"cost":{"input":2,"output":8}}}}}                                                  | acme/m       | -
          OpenRouter per token       | {"data":[{"id":"a/m","pricing":{"prompt":"0.000002","completion":"0.000008","input_cache_read":"0.0000005"}}]} | openrouter/a/m | 0.5
          OpenRouter without         | {"data":[{"id":"a/m","pricing":{"prompt":"0.000002","completion":"0.000008"}}]}                             | openrouter/a/m | -
          own config                 | {"providers":{"p":{}},"routes":{"p/m":{"inputPerMtok":2,"outputPerMtok":8,"cacheReadPerMtok":0.5}}}         | p/m          | 0.5
          """)
  void readsTheCacheReadPrice(String name, String text, String route, String expected) {
    Route r = CatalogLoader.parse(name, text).route(route).orElseThrow();
    if (expected == null) {
      assertThat(r.cacheReadPerMtok()).isNull();
    } else {
      assertThat(r.cacheReadPerMtok()).isEqualByComparingTo(expected);
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"providers":{"p":{}},"routes":{"p/m":{"cacheReadPerMtok":-1}}} | src:1:40: routes["p/m"].cacheReadPerMtok: -1 is negative (expected: a non-negative number in USD per million tokens)
          """)
  void aNegativeCacheReadPriceInOwnConfigIsAnError(String text, String message) {
    assertThatThrownBy(() -> CatalogLoader.parse("src", text))
        .isInstanceOf(CatalogException.class)
        .hasMessage(message);
  }
}
