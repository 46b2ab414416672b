package dev.orchestrator.engine.plan;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.route;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.Headroom;
import dev.orchestrator.engine.observe.RouteFigures;
import dev.orchestrator.engine.testing.Catalogs;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ObservedRankingTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC);

  private static final Catalog CATALOG =
      Catalogs.of(
          free("fa", "m", 1000),
          free("fb", "m", 2000),
          route("pa", "m", "1", "1", 1000),
          route("pb", "m", "2", "2", 1000));

  private static RouteFigures seen(double ttftMs, double success, double tools) {
    return new RouteFigures(
        10,
        ttftMs,
        50.0,
        success,
        success < 1 ? Map.of(FailureCategory.RATE_LIMITED, 1 - success) : Map.of(),
        tools,
        null,
        0);
  }

  private static Plan plan(String model) {
    return RoutePlanner.create(CATALOG, CLOCK).plan(PlanRequest.of(model));
  }

  private static List<String> ids(Plan p) {
    return p.candidates().stream().map(c -> c.route().id()).collect(Collectors.toList());
  }

  @Test
  void withoutLearningTheCostOrderIsTheCatalogs() {
    Plan p = plan(RoutePlanner.AUTO);
    Plan r =
        new ObservedRanking(Strategy.COST, false, 0.5)
            .apply(p, ProviderPreferences.NONE, false, Map.of("fb/m", seen(10, 0.1, 1)), () -> 0.0);
    assertThat(r).isSameAs(p);
  }

  @Test
  void learningMovesAnUnusableRouteAfterTheUsableOnesAndSaysWhy() {
    Plan p = plan(RoutePlanner.AUTO);
    assertThat(ids(p)).containsExactly("fb/m", "fa/m", "pa/m", "pb/m");
    Plan r =
        new ObservedRanking(Strategy.COST, true, 0)
            .apply(
                p,
                ProviderPreferences.NONE,
                false,
                Map.of("fb/m", seen(10, 0.4, 1), "pa/m", seen(10, 1, 0.5)),
                () -> 0.0);
    // A failing free route goes after the other free one, never after a priced one (it costs a
    // retry, not money); pa/m answers, but half its tool calls are broken: its price per usable
    // answer doubles, to pb/m's, and the higher usable share breaks the tie.
    assertThat(ids(r)).containsExactly("fa/m", "fb/m", "pb/m", "pa/m");
    assertThat(r.candidates().get(1).why())
        .contains("observed", "success 0.40 (rate_limited 0.60)", "moved down from 1 to 2")
        .contains("usable share below 0.5");
    assertThat(r.candidates().get(1).rank()).isEqualTo(2);
  }

  @Test
  void costScalesTheRealPriceOfAMuchSlowerPricedRouteAndCreditsCacheReads() {
    Plan p = plan(RoutePlanner.AUTO);
    // pa/m lists $2 but answers three times slower than pb/m ($4): $6 against $4.
    Plan slow =
        new ObservedRanking(Strategy.COST, true, 0)
            .apply(
                p,
                ProviderPreferences.NONE,
                false,
                Map.of("pa/m", seen(900, 1, 1), "pb/m", seen(300, 1, 1)),
                () -> 0.0);
    assertThat(ids(slow)).containsExactly("fb/m", "fa/m", "pb/m", "pa/m");
    // The same speed, but pb/m's answers paid a quarter of its list price (cache reads): $1 < $2.
    RouteFigures cached = new RouteFigures(10, 300.0, 50.0, 1, Map.of(), 1, 0.25, 0);
    Plan warm =
        new ObservedRanking(Strategy.COST, true, 0)
            .apply(
                p,
                ProviderPreferences.NONE,
                false,
                Map.of("pa/m", seen(300, 1, 1), "pb/m", cached),
                () -> 0.0);
    assertThat(ids(warm)).containsExactly("fb/m", "fa/m", "pb/m", "pa/m");
  }

  /** {@code p} ranked by {@code s} without observations, each provider's keys as {@code room}. */
  private static Plan withHeadroom(
      Plan p, Strategy s, boolean learning, Function<Route, Headroom> room) {
    return new ObservedRanking(s, learning, 0)
        .apply(p, ProviderPreferences.NONE, false, Map.of(), room, () -> 0.0);
  }

  @Test
  void keysNearTheirLimitsGoAfterTheirPeersWithinTheirMoneyBandAndKeysOutGoLast() {
    Plan p = plan(RoutePlanner.AUTO);
    Map<String, Headroom> room = Map.of("fb", Headroom.LOW, "fa", Headroom.OUT);
    Function<Route, Headroom> rooms = route -> room.getOrDefault(route.provider(), Headroom.READY);
    Plan r = withHeadroom(p, Strategy.COST, true, rooms);
    // Ranking by cost, a free route whose keys are low or out still goes before a priced one: a
    // limit costs a wait or a skipped candidate, never money.
    assertThat(ids(r)).containsExactly("fb/m", "fa/m", "pa/m", "pb/m");
    assertThat(r.candidates().get(0).why()).contains("near their limits");
    assertThat(r.candidates().get(1).why()).contains("no key may be sent now");
    Plan latency = withHeadroom(p, Strategy.LATENCY, false, rooms);
    assertThat(ids(latency)).containsExactly("pa/m", "pb/m", "fb/m", "fa/m");
    assertThat(latency.candidates().get(3).why())
        .contains("no key may be sent now", "latency ranks it 4 (was 2)");
    Plan fixed =
        withHeadroom(
            p,
            Strategy.COST,
            false,
            route -> {
              throw new AssertionError("a static plan asks no key state");
            });
    assertThat(fixed).isSameAs(p);
  }

  @Test
  void latencyRanksByObservedTimeToFirstTokenAndTheMedianForUnobservedRoutes() {
    Plan r =
        new ObservedRanking(Strategy.LATENCY, false, 0)
            .apply(
                plan(RoutePlanner.AUTO),
                ProviderPreferences.NONE,
                false,
                Map.of("fb/m", seen(900, 1, 1), "pa/m", seen(100, 1, 1), "pb/m", seen(400, 1, 1)),
                () -> 0.0);
    assertThat(ids(r)).containsExactly("pa/m", "fa/m", "pb/m", "fb/m");
  }

  @Test
  void explorationPutsTheLeastMeasuredCandidateFirstOnItsShareOfRequests() {
    Map<String, RouteFigures> figures =
        Map.of("fb/m", seen(100, 1, 1), "fa/m", seen(100, 1, 1), "pb/m", seen(100, 1, 1));
    ObservedRanking ranking = new ObservedRanking(Strategy.RELIABILITY, false, 0.1);
    Plan kept =
        ranking.apply(plan(RoutePlanner.AUTO), ProviderPreferences.NONE, false, figures, () -> 0.1);
    assertThat(ids(kept).get(0)).isEqualTo("fb/m");
    Plan explored =
        ranking.apply(
            plan(RoutePlanner.AUTO), ProviderPreferences.NONE, false, figures, () -> 0.09);
    assertThat(ids(explored).get(0)).isEqualTo("pa/m");
    assertThat(explored.candidates().get(0).why()).contains("exploring");
    // Ranking by cost, exploring never goes past the first candidate's price: fa/m, never pa/m.
    Plan frugal =
        new ObservedRanking(Strategy.COST, true, 0.1)
            .apply(
                plan(RoutePlanner.AUTO),
                ProviderPreferences.NONE,
                false,
                Map.of("fb/m", seen(100, 1, 1), "pb/m", seen(100, 1, 1)),
                () -> 0.0);
    assertThat(ids(frugal).get(0)).isEqualTo("fa/m");
  }

  @Test
  void anExplicitFallbackListKeepsItsOrder() {
    Plan p = plan(RoutePlanner.AUTO);
    Plan r =
        new ObservedRanking(Strategy.RELIABILITY, true, 1)
            .apply(p, ProviderPreferences.NONE, true, Map.of("fb/m", seen(1, 0, 0)), () -> 0.0);
    assertThat(r).isSameAs(p);
  }

  @Test
  void providerPreferencesExcludeAndOrder() {
    ProviderPreferences pp =
        new ProviderPreferences(
            List.of("PB", "fa"),
            List.of(),
            List.of("fb"),
            true,
            null,
            new BigDecimal("1.5"),
            null,
            false);
    Plan p =
        RoutePlanner.create(CATALOG, CLOCK)
            .plan(PlanRequest.builder(RoutePlanner.AUTO).provider(pp).build());
    assertThat(p.excluded())
        .extracting(Exclusion::route, Exclusion::reason, Exclusion::detail)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(
                "fb/m", ExclusionReason.DENIED_BY_CONFIG, "provider.ignore names fb"),
            org.assertj.core.groups.Tuple.tuple(
                "pb/m",
                ExclusionReason.OVER_MAX_PRICE,
                "$2 in per Mtok, provider.max_price.prompt $1.5"));
    Plan withOrder =
        RoutePlanner.create(CATALOG, CLOCK)
            .plan(
                PlanRequest.builder(RoutePlanner.AUTO)
                    .provider(
                        new ProviderPreferences(
                            List.of("pb", "fa"),
                            List.of(),
                            List.of(),
                            false,
                            null,
                            null,
                            null,
                            false))
                    .build());
    Plan ordered =
        new ObservedRanking(Strategy.COST, false, 0)
            .apply(
                withOrder,
                new ProviderPreferences(
                    List.of("pb", "fa"), List.of(), List.of(), false, null, null, null, false),
                false,
                Map.of(),
                () -> 0.0);
    assertThat(ids(ordered)).containsExactly("pb/m", "fa/m");
    assertThat(withOrder.excluded())
        .extracting(Exclusion::reason)
        .containsOnly(ExclusionReason.DENIED_BY_CONFIG);
  }

  @Test
  void sortByPriceRanksAListedPoolCheapestFirst() {
    Catalog c =
        Catalogs.of(route("pb", "m", "2", "2", 1000), route("pa", "m", "1", "1", 1000)).toBuilder()
            .pool(
                new dev.orchestrator.engine.catalog.Pool(
                    "mix",
                    dev.orchestrator.engine.catalog.PoolKind.VIRTUAL,
                    List.of("pb/m", "pa/m")))
            .build();
    ProviderPreferences pp =
        new ProviderPreferences(
            List.of(),
            List.of(),
            List.of(),
            true,
            ProviderPreferences.Sort.PRICE,
            null,
            null,
            false);
    Plan p = RoutePlanner.create(c, CLOCK).plan(PlanRequest.of("mix"));
    Plan r = new ObservedRanking(Strategy.QUALITY, false, 0).apply(p, pp, false, Map.of(), () -> 0);
    assertThat(ids(r)).containsExactly("pa/m", "pb/m");
  }
}
