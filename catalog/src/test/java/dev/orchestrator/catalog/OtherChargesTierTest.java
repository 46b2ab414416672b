package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Money is fail-closed: a route whose token prices are zero but whose catalog bills something else
 * a chat request can incur — a fee per request (OpenRouter {@code pricing.request}, Models.dev
 * {@code cost.request}), per input image or audio, per web search, a price above a context size
 * (Models.dev {@code cost.tiers}) — or states such a price the reader cannot read, has no positive
 * evidence of being free: it is priced, and {@code route} says which charge made it so.
 */
class OtherChargesTierTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-08T00:00:00Z"), ZoneOffset.UTC);

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          OpenRouter per request  | {"data":[{"id":"a/m:free","pricing":{"prompt":"0","completion":"0","request":"0.005"}}]}           | openrouter/a/m:free | priced | pricing.request 0.005
          OpenRouter per image    | {"data":[{"id":"a/m:free","pricing":{"prompt":"0","completion":"0","image":"0.001"}}]}             | openrouter/a/m:free | priced | pricing.image 0.001
          OpenRouter web search   | {"data":[{"id":"a/m:free","pricing":{"prompt":"0","completion":"0","web_search":"0.004"}}]}        | openrouter/a/m:free | priced | pricing.web_search 0.004
          OpenRouter variable fee | {"data":[{"id":"a/m:free","pricing":{"prompt":"0","completion":"0","request":"-1"}}]}              | openrouter/a/m:free | priced | pricing.request -1
          OpenRouter garbage fee  | {"data":[{"id":"a/m:free","pricing":{"prompt":"0","completion":"0","audio":"n/a"}}]}               | openrouter/a/m:free | priced | pricing.audio n/a
          OpenRouter zero fees    | {"data":[{"id":"a/m:free","pricing":{"prompt":"0","completion":"0","request":"0","image":"0","web_search":"0","internal_reasoning":"0","input_cache_read":"0"}}]} | openrouter/a/m:free | free | -
          Models.dev per request  | {"p":{"env":[],"api":"https://p.test/v1","models":{"m":{"cost":{"input":0,"output":0,"request":0.01}}}}}               | p/m | priced | cost.request 0.01
          Models.dev audio input  | {"p":{"env":[],"api":"https://p.test/v1","models":{"m":{"cost":{"input":0,"output":0,"input_audio":2}}}}}              | p/m | priced | cost.input_audio 2
          Models.dev over 200k    | {"p":{"env":[],"api":"https://p.test/v1","models":{"m":{"cost":{"input":0,"output":0,"tiers":[{"tier":{"size":200000},"input":1,"output":2}]}}}}} | p/m | priced | cost.tiers[0].input 1, cost.tiers[0].output 2
          Models.dev reasoning    | {"p":{"env":[],"api":"https://p.test/v1","models":{"m":{"cost":{"input":0,"output":0,"reasoning":2}}}}} | p/m | priced | reasoningPerMtok 2
          Models.dev cache prices | {"p":{"env":[],"api":"https://p.test/v1","models":{"m":{"cost":{"input":0,"output":0,"cache_read":0.3,"cache_write":3.75}}}}} | p/m | priced | cacheReadPerMtok 0.3, cacheWritePerMtok 3.75
          OpenRouter reasoning    | {"data":[{"id":"a/m","pricing":{"prompt":"0","completion":"0","internal_reasoning":"0.000002"}}]} | openrouter/a/m | priced | reasoningPerMtok 2
          Models.dev zero extras  | {"p":{"env":[],"api":"https://p.test/v1","models":{"m":{"cost":{"input":0,"output":0,"request":0,"tiers":[{"tier":{"size":200000},"input":0,"output":0}]}}}}} | p/m | free | -
          """)
  void aChargeBesidesTheTokensIsEvidenceOfCost(
      String name, String text, String route, String tier, String charge) {
    Catalog c = CatalogLoader.parse("src.json", text);
    Route r = c.route(route).orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.fromWireName(tier));
    Plan plan =
        RoutePlanner.create(c, CLOCK).plan(PlanRequest.builder("orchestrator/free").build());
    if (r.tier() == Tier.FREE) {
      assertThat(plan.candidates()).extracting(cand -> cand.route().id()).containsExactly(route);
      return;
    }
    assertThat(plan.candidates()).isEmpty();
    assertThat(plan.excluded())
        .containsExactly(
            new Exclusion(
                route,
                ExclusionReason.PRICED_TIER_BOUNDARY,
                "$0 in / $0 out per Mtok, but the catalog also bills "
                    + charge
                    + " (treated as priced)"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          a later source drops the fee     | {"data":[{"id":"a/m","pricing":{"prompt":"0","completion":"0"}}]}                    | free
          a later source adds a fee        | {"data":[{"id":"a/m","pricing":{"prompt":"0","completion":"0","request":"0.02"}}]}   | priced
          a later source says nothing      | {"data":[{"id":"a/m","name":"M"}]}                                                   | priced
          """)
  void theChargesAreOneCostUnitWithThePrices(String name, String later, String tier) {
    String earlier =
        "{\"data\":[{\"id\":\"a/m\",\"pricing\":{\"prompt\":\"0\",\"completion\":\"0\","
            + "\"request\":\"0.01\"}}]}";
    Catalog merged =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text("a.json", earlier), new CatalogLoader.Text("b.json", later)),
            false);
    assertThat(merged.route("openrouter/a/m").orElseThrow().tier())
        .isEqualTo(Tier.fromWireName(tier));
  }

  @org.junit.jupiter.api.Test
  void tierFreeInTheConfigOverAFeeIsTheUsersWordAndIsWarnedOf() {
    String fee =
        "{\"data\":[{\"id\":\"a/m\",\"pricing\":{\"prompt\":\"0\",\"completion\":\"0\","
            + "\"request\":\"0.01\"}}]}";
    List<String> warnings = new ArrayList<>();
    Catalog merged =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text("or.json", fee),
                new CatalogLoader.Text("mine.yaml", "routes:\n  openrouter/a/m: {tier: free}\n")),
            false,
            warnings::add);
    Route r = merged.route("openrouter/a/m").orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.FREE);
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains("tier: free overrides the catalog price $0 in / $0 out per Mtok")
        .contains("pricing.request 0.01");
    Plan plan =
        RoutePlanner.create(merged, CLOCK).plan(PlanRequest.builder("orchestrator/free").build());
    assertThat(plan.candidates().get(0).why())
        .startsWith(
            "free: tier: free in the config overrides the catalog price $0 in / $0 out per Mtok,"
                + " but the catalog also bills pricing.request 0.01");
  }

  @Provide
  Arbitrary<String> fee() {
    return Arbitraries.oneOf(
        Arbitraries.of("0", "0.0", "-1", "abc", "", "1e-12"),
        Arbitraries.bigDecimals()
            .between(new java.math.BigDecimal("0.000000001"), new java.math.BigDecimal("10"))
            .ofScale(9)
            .map(java.math.BigDecimal::toPlainString),
        Arbitraries.just(null));
  }

  /**
   * Whatever two OpenRouter copies say about a zero-token-price route's other charges, merged in
   * either order, the route is free only when the copy that spoke last states none above zero.
   */
  @Property(tries = 300)
  void noMergeOfChargesMakesAChargedRouteFree(
      @ForAll("fee") String request1,
      @ForAll("fee") String image1,
      @ForAll("fee") String request2,
      @ForAll("fee") String webSearch2,
      @ForAll boolean secondStatesPricing) {
    String first = doc(true, request1, image1, null);
    String second = doc(secondStatesPricing, request2, null, webSearch2);
    Catalog merged =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text("a.json", first), new CatalogLoader.Text("b.json", second)),
            false);
    boolean lastCharges =
        secondStatesPricing
            ? charges(request2) || charges(webSearch2)
            : charges(request1) || charges(image1);
    Tier t = merged.route("openrouter/a/m:free").orElseThrow().tier();
    assertThat(t).isEqualTo(lastCharges ? Tier.PRICED : Tier.FREE);
  }

  private static boolean charges(String v) {
    if (v == null) {
      return false;
    }
    try {
      return new java.math.BigDecimal(v.trim()).signum() != 0;
    } catch (NumberFormatException e) {
      return true;
    }
  }

  private static String doc(boolean pricing, String request, String image, String webSearch) {
    StringBuilder sb = new StringBuilder("{\"data\":[{\"id\":\"a/m:free\"");
    if (pricing) {
      sb.append(",\"pricing\":{\"prompt\":\"0\",\"completion\":\"0\"");
      field(sb, "request", request);
      field(sb, "image", image);
      field(sb, "web_search", webSearch);
      sb.append('}');
    }
    return sb.append("}]}").toString();
  }

  private static void field(StringBuilder sb, String name, String v) {
    if (v != null) {
      sb.append(",\"").append(name).append("\":\"").append(v).append('"');
    }
  }
}
