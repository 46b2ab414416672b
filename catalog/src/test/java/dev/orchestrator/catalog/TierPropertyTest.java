package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Money is fail-closed: no route without exact-zero evidence for both prices becomes free. */
class TierPropertyTest {

  @Provide
  Arbitrary<String> priceStrings() {
    Arbitrary<String> zeros = Arbitraries.of("0", "0.0", "0.000000", "0E-10");
    Arbitrary<String> positives =
        Arbitraries.bigDecimals()
            .between(new BigDecimal("0.000000001"), new BigDecimal("1000"))
            .ofScale(9)
            .map(BigDecimal::toPlainString);
    Arbitrary<String> negatives =
        Arbitraries.bigDecimals()
            .between(new BigDecimal("-1000"), new BigDecimal("-0.000000001"))
            .ofScale(9)
            .map(BigDecimal::toPlainString);
    Arbitrary<String> garbage =
        Arbitraries.strings().ofMaxLength(8).alpha().numeric().withChars('-', '.', ' ');
    return Arbitraries.oneOf(
        zeros, positives, negatives, garbage, Arbitraries.just("-1"), Arbitraries.just(null));
  }

  @Property(tries = 300)
  void openRouterRouteIsFreeOnlyWhenBothPricesAreExactlyZero(
      @ForAll("priceStrings") String prompt,
      @ForAll("priceStrings") String completion,
      @ForAll boolean freeSuffix) {
    String id = "vendor/model" + (freeSuffix ? ":free" : "");
    String json =
        "{\"data\":[{\"id\":\""
            + id
            + "\",\"pricing\":{\"prompt\":"
            + quote(prompt)
            + ",\"completion\":"
            + quote(completion)
            + "}}]}";
    Route r = CatalogLoader.parse("or.json", json).route("openrouter/" + id).orElseThrow();
    boolean evidence = isExactZero(prompt) && isExactZero(completion);
    assertThat(r.tier()).isEqualTo(evidence ? Tier.FREE : Tier.PRICED);
  }

  @Property(tries = 200)
  void modelsDevRouteIsFreeOnlyWhenBothCostsAreExactlyZero(
      @ForAll("priceStrings") String input, @ForAll("priceStrings") String output) {
    String json =
        "{\"p\":{\"name\":\"P\",\"env\":[],\"models\":{\"m\":{\"cost\":{"
            + field("input", input)
            + ","
            + field("output", output)
            + ",\"x\":1}}}}}";
    Route r = CatalogLoader.parse("api.json", json).route("p/m").orElseThrow();
    assertThat(r.tier())
        .isEqualTo(
            isNumber(input) && isNumber(output) && isExactZero(input) && isExactZero(output)
                ? Tier.FREE
                : Tier.PRICED);
  }

  // Models.dev costs are numbers: garbage strings are written as JSON strings and must be rejected
  // or read as no evidence, never as zero. Only well-formed numbers are written raw.
  private static String field(String name, String v) {
    return "\"" + name + "\":" + (isNumber(v) ? v : "null");
  }

  private static boolean isNumber(String v) {
    if (v == null) {
      return false;
    }
    try {
      new BigDecimal(v);
      // A JSON number: no leading zeros ("01" is not JSON, it would be rejected as a file error).
      return v.matches("-?(0|[1-9]\\d*)(\\.\\d+)?");
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isExactZero(String v) {
    if (v == null) {
      return false;
    }
    try {
      return new BigDecimal(v.trim()).signum() == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String quote(String v) {
    return v == null ? "null" : "\"" + v + "\"";
  }
}
