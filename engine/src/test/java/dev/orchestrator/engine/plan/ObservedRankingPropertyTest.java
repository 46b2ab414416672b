package dev.orchestrator.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.health.Headroom;
import dev.orchestrator.engine.observe.RouteFigures;
import dev.orchestrator.engine.testing.Catalogs;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Observations reorder a plan; they never change which routes it holds (docs/design.md §14). */
class ObservedRankingPropertyTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC);

  @Provide
  Arbitrary<List<Route>> routes() {
    Arbitrary<String> price = Arbitraries.of("0", "0.5", "3", null);
    return Combinators.combine(
            Arbitraries.of("p", "q", "r", "s"),
            Arbitraries.strings().withCharRange('a', 'd').ofMinLength(1).ofMaxLength(2),
            price,
            price)
        .as((p, m, in, out) -> Catalogs.route(p, m, in, out, 1000))
        .list()
        .ofMinSize(1)
        .ofMaxSize(12);
  }

  @Property(tries = 300)
  void observationsNeverMoveAPricedRouteIntoAFreePlanNorDropOrAddARoute(
      @ForAll("routes") List<Route> routes,
      @ForAll long seed,
      @ForAll boolean learning,
      @ForAll("strategies") Strategy strategy,
      @ForAll boolean free) {
    Catalog catalog = Catalogs.of(routes.toArray(new Route[0]));
    Random random = new Random(seed);
    Map<String, RouteFigures> figures = new HashMap<>();
    for (Route r : catalog.routes()) {
      if (random.nextBoolean()) {
        figures.put(
            r.id(),
            new RouteFigures(
                random.nextDouble() * 50,
                random.nextDouble() * 5000,
                random.nextDouble() * 200,
                random.nextDouble(),
                Map.of(),
                random.nextDouble(),
                random.nextBoolean() ? null : random.nextDouble(),
                0));
      }
    }
    Map<String, Headroom> room = new HashMap<>();
    Plan plan =
        RoutePlanner.create(catalog, CLOCK)
            .plan(PlanRequest.of(free ? RoutePlanner.FREE : RoutePlanner.AUTO));
    Plan ranked =
        new ObservedRanking(strategy, learning, 0.3)
            .apply(
                plan,
                ProviderPreferences.NONE,
                false,
                figures,
                r -> room.computeIfAbsent(r.provider(), k -> Headroom.values()[random.nextInt(3)]),
                random::nextDouble);
    assertThat(ids(ranked.candidates()))
        .containsExactlyInAnyOrderElementsOf(ids(plan.candidates()));
    assertThat(ids(ranked.standby())).containsExactlyInAnyOrderElementsOf(ids(plan.standby()));
    assertThat(ranked.excluded()).isEqualTo(plan.excluded());
    for (int i = 0; i < ranked.candidates().size(); i++) {
      assertThat(ranked.candidates().get(i).rank()).isEqualTo(i + 1);
    }
    if (free) {
      assertThat(ranked.candidates()).allMatch(c -> c.route().tier() == Tier.FREE);
    }
  }

  @Provide
  Arbitrary<Strategy> strategies() {
    return Arbitraries.of(Strategy.class);
  }

  private static List<String> ids(List<Candidate> cs) {
    return cs.stream().map(c -> c.route().id()).collect(Collectors.toList());
  }
}
