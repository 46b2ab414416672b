package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/design.md §3: free needs positive evidence; everything else is priced. */
class TierRuleTest {

  private static String jsonString(String v) {
    return v == null ? "null" : "\"" + v + "\"";
  }

  @ParameterizedTest(name = "OpenRouter {0}: prompt={1} completion={2} -> {3}")
  @CsvSource(
      nullValues = "MISSING",
      textBlock =
          """
          vendor/a,        0,          0,          free
          vendor/a:free,   0,          0,          free
          vendor/a,        0.000000,   0.000000,   free
          vendor/a,        0.0,        0,          free
          vendor/a,        MISSING,    0,          priced
          vendor/a,        0,          MISSING,    priced
          vendor/a,        MISSING,    MISSING,    priced
          openrouter/auto, -1,         -1,         priced
          vendor/a,        0,          -1,         priced
          vendor/a:free,   0.0000001,  0,          priced
          vendor/a:free,   0,          0.000002,   priced
          vendor/a,        free,       0,          priced
          vendor/a,        '',         0,          priced
          vendor/a,        NaN,        0,          priced
          vendor/a,        -0,         0,          free
          vendor/a,        0.00000015, 0.0000006,  priced
          """)
  void openRouterPriceStrings(String id, String prompt, String completion, String expected) {
    String json =
        "{\"data\":[{\"id\":\""
            + id
            + "\",\"pricing\":{\"prompt\":"
            + jsonString(prompt)
            + ",\"completion\":"
            + jsonString(completion)
            + "}}]}";
    Route r = CatalogLoader.parse("or.json", json).route("openrouter/" + id).orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.fromWireName(expected));
  }

  @ParameterizedTest(name = "Models.dev cost {0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"input": 0, "output": 0}          | free
          {"input": 0.0, "output": 0.000}    | free
          {"input": 0}                       | priced
          {"output": 0}                      | priced
          {}                                 | priced
          {"input": -1, "output": 0}         | priced
          {"input": 0, "output": 0.01}       | priced
          {"input": 0.15, "output": 0.6}     | priced
          {"input": null, "output": 0}       | priced
          """)
  void modelsDevCosts(String cost, String expected) {
    String json =
        "{\"p\":{\"name\":\"P\",\"env\":[],\"models\":{\"m:free\":{\"name\":\"M\",\"cost\":"
            + cost
            + "}}}}";
    Route r = CatalogLoader.parse("api.json", json).route("p/m:free").orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.fromWireName(expected));
  }

  @ParameterizedTest(name = "own config {0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {tier: free}                                       | free
          {tier: free, inputPerMtok: 0, outputPerMtok: 0}    | free
          {inputPerMtok: 0, outputPerMtok: 0}                | free
          {inputPerMtok: 0}                                  | priced
          {}                                                 | priced
          {tier: priced, inputPerMtok: 0, outputPerMtok: 0}  | priced
          {inputPerMtok: 0.1, outputPerMtok: 0}              | priced
          """)
  void ownConfig(String route, String expected) {
    String yaml = "providers:\n  p: {}\nroutes:\n  \"p/m:free\": " + route + "\n";
    Route r = CatalogLoader.parse("c.yaml", yaml).route("p/m:free").orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.fromWireName(expected));
  }
}
