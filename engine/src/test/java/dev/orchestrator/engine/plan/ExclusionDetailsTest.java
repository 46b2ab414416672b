package dev.orchestrator.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.RouteFilter;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.Catalogs;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every exclusion says what exactly did not fit, in the user's terms. */
class ExclusionDetailsTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC);

  private static Route.Builder free(String id) {
    String[] pm = id.split("/", 2);
    return Route.builder(pm[0], pm[1]).prices(BigDecimal.ZERO, BigDecimal.ZERO);
  }

  private static final Catalog CATALOG = catalog();

  private static Catalog catalog() {
    List<Route> routes =
        List.of(
            free("w/small").contextWindow(1000).build(),
            free("w/out").contextWindow(100_000).maxOutputTokens(100).build(),
            free("t/plain").contextWindow(100_000).build(),
            free("t/vision")
                .contextWindow(100_000)
                .capabilities(Capability.TOOLS, Capability.VISION)
                .build(),
            Catalogs.priced("p", "cheap", 100_000, Capability.TOOLS, Capability.VISION),
            Catalogs.route("u", "unknown", null, null, 100_000),
            free("img/gen").modalities(Set.of("text"), Set.of("image")).chat(false).build(),
            free("old/m").contextWindow(100_000).expirationDate(LocalDate.of(2020, 1, 31)).build(),
            free("d/m").contextWindow(100_000).build(),
            free("nourl/m").contextWindow(100_000).build());
    Catalog.Builder b = Catalog.builder();
    for (Route r : routes) {
      b.provider(Catalogs.provider(r.provider()));
      b.route(r);
    }
    // A provider the catalog gives no base URL (as Models.dev gives none for 24 providers)
    b.provider(Provider.of("nourl", null, Protocol.OPENAI_CHAT, List.of("NOURL_KEY")));
    b.filter(new RouteFilter(List.of(), List.of("d/*")));
    return b.build();
  }

  @ParameterizedTest(name = "{0} {1} prompt={2} out={3} require={4} max={5}: {6}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          orchestrator/free | - | 2000 | 0   | -            | -   | w/small   | context_too_small    | 2000 tokens needed, window 1000
          orchestrator/free | - | 0    | 500 | -            | -   | w/out     | context_too_small    | 500 output tokens requested, limit 100
          orchestrator/free | - | 0    | 0   | tools,vision | -   | t/plain   | missing_capability   | lacks tools, vision
          orchestrator/free | - | 0    | 0   | -            | -   | p/cheap   | priced_tier_boundary | $1 in / $2 out per Mtok
          orchestrator/free | - | 0    | 0   | -            | -   | u/unknown | priced_tier_boundary | price unknown (treated as priced)
          orchestrator/free | - | 0    | 0   | -            | -   | img/gen   | not_chat             | outputs image
          orchestrator/free | - | 0    | 0   | -            | -   | old/m     | retired              | expired 2020-01-31
          orchestrator/free | - | 0    | 0   | -            | -   | d/m       | denied_by_config     | on the config's deny list
          orchestrator/auto | - | 0    | 0   | tools        | 1.5 | p/cheap   | over_max_price       | $3/Mtok in+out, max $1.5
          orchestrator/auto | - | 0    | 0   | -            | 1   | u/unknown | over_max_price       | price unknown, max $1
          orchestrator/free | k | 0    | 0   | -            | -   | t/plain   | no_credentials       | set T_KEY
          orchestrator/free | - | 0    | 0   | -            | -   | nourl/m   | no_credentials       | no base URL: set providers.nourl.baseUrl
          orchestrator/free | k | 0    | 0   | -            | -   | nourl/m   | no_credentials       | no base URL: set providers.nourl.baseUrl
          orchestrator/free | - | 200000 | 0 | -            | -   | nourl/m   | context_too_small    | 200000 tokens needed, window 100000
          orchestrator/free | - | 0    | 0   | tools        | -   | nourl/m   | missing_capability   | lacks tools
          """)
  void everyExclusionCarriesItsDetail(
      String model,
      String onlyConfigured,
      int prompt,
      int maxOut,
      String require,
      BigDecimal maxPrice,
      String route,
      String reason,
      String detail) {
    EnumSet<Capability> caps = EnumSet.noneOf(Capability.class);
    if (require != null) {
      for (String c : require.split(",")) {
        caps.add(Capability.fromWireName(c));
      }
    }
    PlanRequest req =
        PlanRequest.builder(model)
            .promptTokens(prompt)
            .maxOutputTokens(maxOut)
            .require(caps)
            .maxPricePerMtok(maxPrice)
            .onlyConfigured(onlyConfigured != null)
            .build();
    // Only W_KEY is set: every other keyed provider is missing its key.
    Credentials env = Credentials.of(Map.of("W_KEY", "k"));

    Plan plan = RoutePlanner.create(CATALOG, CLOCK).plan(req, () -> Map.of(), env::configured);

    assertThat(plan.excluded())
        .filteredOn(x -> x.route().equals(route))
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.reason().wireName()).isEqualTo(reason);
              assertThat(x.detail()).isEqualTo(detail);
            });
  }

  /**
   * What to set, as every command says it, names the base URL setting of a provider without one —
   * its key variable would not make its routes callable.
   */
  @Test
  void whatToSetNamesTheBaseUrlOfAProviderWithoutOne() {
    Plan plan =
        RoutePlanner.create(CATALOG, CLOCK)
            .plan(
                PlanRequest.builder(RoutePlanner.FREE).onlyConfigured(true).build(),
                () -> Map.of(),
                Credentials.of(Map.of())::configured);

    List<MissingCredentials.Missing> missing =
        MissingCredentials.excludedIn(CATALOG, plan.excluded());

    assertThat(missing)
        .filteredOn(m -> m.provider().equals("nourl"))
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.noBaseUrl()).isTrue();
              assertThat(m.setting()).isEqualTo("providers.nourl.baseUrl");
            });
    assertThat(MissingCredentials.hint(missing))
        .isEqualTo("set T_KEY (2 routes), W_KEY (2 routes), providers.nourl.baseUrl (1 route)");
    assertThat(MissingCredentials.lacking(missing)).isEqualTo("a key or a base URL");
    assertThat(MissingCredentials.among(CATALOG, List.of("nourl/m"), Credentials.constant("k")))
        .extracting(MissingCredentials.Missing::setting)
        .containsExactly("providers.nourl.baseUrl");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          5000 | 2000 | 2000 tokens needed, window 1000
          2000 | 2000 | 2000 tokens needed, window 1000
          2000 | 3000 | 3000 tokens needed, window 1000
          """)
  void aRequestDependentDetailFollowsTheRequestNotTheLastPlan(
      int before, int prompt, String detail) {
    RoutePlanner planner = RoutePlanner.create(CATALOG, CLOCK);
    // Plans in a row with different numbers: the per-route detail cache must never answer stale.
    planner.plan(PlanRequest.builder(RoutePlanner.FREE).promptTokens(before).build());
    Plan plan = planner.plan(PlanRequest.builder(RoutePlanner.FREE).promptTokens(prompt).build());

    assertThat(plan.excluded())
        .filteredOn(x -> x.route().equals("w/small"))
        .singleElement()
        .extracting(Exclusion::detail)
        .isEqualTo(detail);
  }
}
