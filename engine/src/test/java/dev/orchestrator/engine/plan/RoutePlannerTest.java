package dev.orchestrator.engine.plan;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.Catalogs.route;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.RouteFilter;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.testing.Catalogs;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RoutePlannerTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC);

  private static RoutePlanner planner(Catalog c) {
    return RoutePlanner.create(c, CLOCK);
  }

  private static List<String> ids(Plan p) {
    return p.candidates().stream().map(c -> c.route().id()).collect(Collectors.toList());
  }

  private static Map<String, ExclusionReason> reasons(Plan p) {
    return p.excluded().stream().collect(Collectors.toMap(Exclusion::route, Exclusion::reason));
  }

  private static PlanRequest req(String model, int prompt, int out, Set<Capability> caps) {
    return PlanRequest.builder(model)
        .promptTokens(prompt)
        .maxOutputTokens(out)
        .require(caps)
        .build();
  }

  @Test
  void freePoolHoldsOnlyFreeChatRoutesAndExcludesPricedAtTheBoundary() {
    Catalog c =
        Catalogs.of(
            free("a", "x", 1000), priced("b", "y", 1000), route("c", "z", null, null, 1000));
    Plan p = planner(c).plan(PlanRequest.of(RoutePlanner.FREE));
    assertThat(p.pool()).isEqualTo(PoolKind.FREE);
    assertThat(ids(p)).containsExactly("a/x");
    assertThat(reasons(p))
        .containsEntry("b/y", ExclusionReason.PRICED_TIER_BOUNDARY)
        .containsEntry("c/z", ExclusionReason.PRICED_TIER_BOUNDARY);
  }

  @Test
  void excludesNonChatAndRetiredAndExpiredRoutes() {
    Route embed = free("a", "embed", 1000).toBuilder().chat(false).build();
    Route retired = free("a", "old", 1000).toBuilder().retired(true).build();
    Route expired =
        free("a", "gone", 1000).toBuilder().expirationDate(LocalDate.of(2026, 1, 1)).build();
    Route later =
        free("a", "later", 1000).toBuilder().expirationDate(LocalDate.of(2027, 1, 1)).build();
    Plan p =
        planner(Catalogs.of(embed, retired, expired, later))
            .plan(PlanRequest.of(RoutePlanner.FREE));
    assertThat(ids(p)).containsExactly("a/later");
    assertThat(reasons(p))
        .containsEntry("a/embed", ExclusionReason.NOT_CHAT)
        .containsEntry("a/old", ExclusionReason.RETIRED)
        .containsEntry("a/gone", ExclusionReason.RETIRED);
  }

  /** A clock in {@code zone} whose time the test sets. */
  private static final class SettableClock extends Clock {
    private final ZoneId zone;
    private Instant now;

    SettableClock(Instant now, ZoneId zone) {
      this.now = now;
      this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId z) {
      return new SettableClock(now, z);
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @Test
  void aRouteExpiresAtMidnightInTheClocksZoneNotInUtc() {
    // Paris is UTC+1 in November: its 30 November begins at 23:00 UTC on the 29th.
    SettableClock clock =
        new SettableClock(Instant.parse("2026-11-29T22:59:59Z"), ZoneId.of("Europe/Paris"));
    Route lastDay =
        free("a", "last", 1000).toBuilder().expirationDate(LocalDate.of(2026, 11, 29)).build();
    RoutePlanner planner = RoutePlanner.create(Catalogs.of(lastDay), clock);
    assertThat(ids(planner.plan(PlanRequest.of(RoutePlanner.FREE)))).containsExactly("a/last");

    clock.now = Instant.parse("2026-11-29T23:00:00Z");
    Plan p = planner.plan(PlanRequest.of(RoutePlanner.FREE));
    assertThat(ids(p)).isEmpty();
    assertThat(reasons(p)).containsEntry("a/last", ExclusionReason.RETIRED);
  }

  @Test
  void excludesRoutesWhoseKnownWindowIsTooSmallAndRanksUnknownWindowsLast() {
    Catalog c =
        Catalogs.of(
            free("a", "small", 1000), free("a", "big", 100_000), route("a", "unk", "0", "0", null));
    Plan p = planner(c).plan(req(RoutePlanner.FREE, 5000, 1000, Set.of()));
    assertThat(ids(p)).containsExactly("a/big", "a/unk");
    assertThat(reasons(p)).containsEntry("a/small", ExclusionReason.CONTEXT_TOO_SMALL);
  }

  @Test
  void excludesRoutesMissingARequiredCapability() {
    Catalog c = Catalogs.of(free("a", "tools", 1000, Capability.TOOLS), free("a", "plain", 1000));
    Plan p = planner(c).plan(req(RoutePlanner.FREE, 0, 0, Set.of(Capability.TOOLS)));
    assertThat(ids(p)).containsExactly("a/tools");
    assertThat(reasons(p)).containsEntry("a/plain", ExclusionReason.MISSING_CAPABILITY);
  }

  @Test
  void autoCostStrategyRanksFreeThenCheapestAndHonoursMaxPrice() {
    Catalog c =
        Catalogs.of(
            route("a", "dear", "10", "30", 1000),
            route("a", "cheap", "0.1", "0.2", 1000),
            free("a", "free", 1000),
            route("a", "unknown", null, null, 1000));
    assertThat(ids(planner(c).plan(PlanRequest.of(RoutePlanner.AUTO))))
        .containsExactly("a/free", "a/cheap", "a/dear", "a/unknown");
    Plan capped =
        planner(c)
            .plan(
                PlanRequest.builder(RoutePlanner.AUTO)
                    .maxPricePerMtok(new BigDecimal("1"))
                    .build());
    assertThat(ids(capped)).containsExactly("a/free", "a/cheap");
    assertThat(reasons(capped))
        .containsEntry("a/dear", ExclusionReason.OVER_MAX_PRICE)
        .containsEntry("a/unknown", ExclusionReason.OVER_MAX_PRICE);
  }

  @Test
  void aZeroMaxPriceKeepsFreeTierRoutesEvenWithoutListedPrices() {
    Catalog c =
        Catalogs.of(
            Route.builder("a", "declared-free").tier(Tier.FREE).contextWindow(1000).build(),
            free("a", "zero", 1000),
            route("a", "cheap", "0.1", "0.2", 1000));
    Plan freeOnly =
        planner(c)
            .plan(PlanRequest.builder(RoutePlanner.AUTO).maxPricePerMtok(BigDecimal.ZERO).build());
    assertThat(ids(freeOnly)).containsExactlyInAnyOrder("a/declared-free", "a/zero");
    assertThat(reasons(freeOnly)).containsEntry("a/cheap", ExclusionReason.OVER_MAX_PRICE);
  }

  @Test
  void autoQualityStrategyPrefersExplicitQualityThenPrice() {
    Catalog c =
        Catalogs.of(
            route("a", "dear", "10", "30", 1000),
            route("a", "cheap", "0.1", "0.2", 1000),
            route("a", "scored", "0.1", "0.2", 1000).toBuilder().quality(0.9).build());
    Plan p =
        planner(c).plan(PlanRequest.builder(RoutePlanner.AUTO).strategy(Strategy.QUALITY).build());
    assertThat(ids(p)).containsExactly("a/scored", "a/dear", "a/cheap");
  }

  @Test
  void groupKeepsListedOrderAndSingleRouteResolvesToRoutePool() {
    Catalog c =
        Catalogs.of(priced("a", "m", 1000), priced("b", "m", 1000)).toBuilder()
            .pool(new Pool("g", PoolKind.GROUP, List.of("b/m", "a/m")))
            .build();
    Plan g = planner(c).plan(PlanRequest.of("g"));
    assertThat(g.pool()).isEqualTo(PoolKind.GROUP);
    assertThat(ids(g)).containsExactly("b/m", "a/m");
    Plan r = planner(c).plan(PlanRequest.of("a/m"));
    assertThat(r.pool()).isEqualTo(PoolKind.ROUTE);
    assertThat(ids(r)).containsExactly("a/m");
  }

  @Test
  void explicitFallbackListIsAVirtualPoolInListedOrder() {
    Catalog c = Catalogs.of(priced("a", "m", 1000), priced("b", "m", 1000));
    Plan p =
        planner(c)
            .plan(PlanRequest.builder("a/m").models(List.of("b/m", "a/m")).strategy(null).build());
    assertThat(p.pool()).isEqualTo(PoolKind.VIRTUAL);
    assertThat(ids(p)).containsExactly("a/m", "b/m");
  }

  @Test
  void aPoolNamedInTheFallbackListStandsForItsRoutes() {
    Catalog c =
        Catalogs.of(priced("a", "m", 1000), priced("b", "m", 1000), priced("c", "m", 1000))
            .toBuilder()
            .pool(new Pool("pair", PoolKind.GROUP, List.of("c/m", "b/m")))
            .build();
    Plan p =
        planner(c)
            .plan(PlanRequest.builder("a/m").models(List.of("pair", "a/m")).strategy(null).build());
    assertThat(p.pool()).isEqualTo(PoolKind.VIRTUAL);
    assertThat(ids(p)).containsExactly("a/m", "c/m", "b/m");
  }

  @Test
  void aVirtualModelInTheFallbackListIsRefusedNamingItsEntry() {
    Catalog c = Catalogs.of(free("a", "m", 1000), priced("b", "m", 1000));
    for (String virtual : List.of(RoutePlanner.FREE, RoutePlanner.AUTO)) {
      PlanRequest req =
          PlanRequest.builder("a/m").models(List.of("b/m", virtual)).strategy(null).build();
      assertThatThrownBy(() -> planner(c).plan(req))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("models[1]: '" + virtual + "' is a virtual model");
    }
  }

  @Test
  void freeRequestWithAFallbackListCannotSmugglePricedRoutesIn() {
    Catalog c = Catalogs.of(free("a", "m", 1000), priced("b", "m", 1000));
    Plan p =
        planner(c)
            .plan(
                PlanRequest.builder(RoutePlanner.FREE)
                    .models(List.of("b/m", "a/m"))
                    .strategy(null)
                    .build());
    assertThat(p.freeOnly()).isTrue();
    assertThat(ids(p)).containsExactly("a/m");
    assertThat(reasons(p)).containsEntry("b/m", ExclusionReason.PRICED_TIER_BOUNDARY);
  }

  @Test
  void deniedByConfig() {
    Catalog c =
        Catalogs.of(free("a", "m", 1000), free("b", "m", 1000)).toBuilder()
            .filter(new RouteFilter(List.of(), List.of("b/*")))
            .build();
    Plan p = planner(c).plan(PlanRequest.of(RoutePlanner.FREE));
    assertThat(ids(p)).containsExactly("a/m");
    assertThat(reasons(p)).containsEntry("b/m", ExclusionReason.DENIED_BY_CONFIG);
  }

  @Test
  void noCredentialsOnlyWhenAsked() {
    Catalog c = Catalogs.of(free("a", "m", 1000), free("b", "m", 1000));
    PlanRequest only =
        PlanRequest.builder(RoutePlanner.FREE).strategy(null).onlyConfigured(true).build();
    Plan p = planner(c).plan(only, Map::of, prov -> prov.id().equals("a"));
    assertThat(ids(p)).containsExactly("a/m");
    assertThat(reasons(p)).containsEntry("b/m", ExclusionReason.NO_CREDENTIALS);
    assertThat(ids(planner(c).plan(PlanRequest.of(RoutePlanner.FREE), Map::of, prov -> false)))
        .hasSize(2);
  }

  @Test
  void healthExcludesCoolingDownCircuitOpenAndRememberedRetirements() {
    Catalog c =
        Catalogs.of(
            free("a", "m", 1000), free("b", "m", 1000), free("c", "m", 1000), free("d", "m", 1000));
    Map<String, HealthMark> marks =
        Map.of(
            "a/m", new HealthMark(RouteCondition.COOLING_DOWN, 10, 1),
            "b/m", new HealthMark(RouteCondition.CIRCUIT_OPEN, 10, 1),
            "c/m", new HealthMark(RouteCondition.RETIRED, 10, 1));
    Plan p = planner(c).plan(PlanRequest.of(RoutePlanner.FREE), () -> marks, x -> true);
    assertThat(ids(p)).containsExactly("d/m");
    assertThat(reasons(p))
        .containsEntry("a/m", ExclusionReason.COOLING_DOWN)
        .containsEntry("b/m", ExclusionReason.CIRCUIT_OPEN)
        .containsEntry("c/m", ExclusionReason.RETIRED);
  }

  @Test
  void anAccountStateExcludesItsRouteEvenFromTheStandbyThatPanicModeTries() {
    Catalog c = Catalogs.of(free("a", "m", 1000), free("b", "m", 1000), free("d", "m", 1000));
    Map<String, HealthMark> marks =
        Map.of(
            "a/m", new HealthMark(RouteCondition.ACCOUNT_STATE, 10, 1),
            "b/m", new HealthMark(RouteCondition.COOLING_DOWN, 10, 1));
    Plan p = planner(c).plan(PlanRequest.of(RoutePlanner.FREE), () -> marks, x -> true);
    assertThat(ids(p)).containsExactly("d/m");
    assertThat(reasons(p))
        .containsEntry("a/m", ExclusionReason.ACCOUNT_STATE)
        .containsEntry("b/m", ExclusionReason.COOLING_DOWN);
    assertThat(p.standby()).extracting(x -> x.route().id()).containsExactly("b/m", "d/m");
    // on the wire, both are the reference's cooling_down; the detail tells them apart
    assertThat(p.excluded())
        .filteredOn(x -> x.route().equals("a/m"))
        .singleElement()
        .satisfies(x -> assertThat(x.reason().wireName()).isEqualTo("cooling_down"))
        .satisfies(x -> assertThat(x.detail()).contains("refused the account"));
  }

  @Test
  void probesTheLeastRecentlyFailedRouteWhenEveryBreakerIsOpen() {
    Catalog c = Catalogs.of(free("a", "m", 1000), free("b", "m", 1000));
    Map<String, HealthMark> marks =
        Map.of(
            "a/m", new HealthMark(RouteCondition.CIRCUIT_OPEN, 100, 50),
            "b/m", new HealthMark(RouteCondition.CIRCUIT_OPEN, 100, 20));
    Plan p = planner(c).plan(PlanRequest.of(RoutePlanner.FREE), () -> marks, x -> true);
    assertThat(ids(p)).containsExactly("b/m");
    assertThat(p.candidates().get(0).why()).contains("probe");
    assertThat(reasons(p)).containsOnlyKeys("a/m");
  }

  @Test
  void unknownModelListsCloseMatches() {
    Catalog c =
        Catalogs.of(free("openrouter", "gemma-3-27b:free", 1000), priced("openai", "gpt-4o", 1000));
    assertThatThrownBy(() -> planner(c).plan(PlanRequest.of("openai/gpt-4")))
        .isInstanceOf(UnknownModelException.class)
        .satisfies(
            e ->
                assertThat(((UnknownModelException) e).closeMatches()).startsWith("openai/gpt-4o"));
    assertThatThrownBy(() -> planner(c).plan(PlanRequest.of("orchestrator/fre")))
        .isInstanceOf(UnknownModelException.class)
        .hasMessageContaining("orchestrator/free");
  }

  @Test
  void samePlanForSameInputs() {
    Catalog c = Catalogs.of(free("a", "m", 1000), free("b", "m", 1000), priced("c", "m", 500));
    Plan p1 = planner(c).plan(PlanRequest.of(RoutePlanner.AUTO));
    Plan p2 = planner(c).plan(PlanRequest.of(RoutePlanner.AUTO));
    assertThat(p1.candidates()).isEqualTo(p2.candidates());
    assertThat(p1.excluded()).isEqualTo(p2.excluded());
  }

  @Test
  void dispatchGuardThrowsForPricedRouteOnFreePlan() {
    Catalog c = Catalogs.of(free("a", "m", 1000), priced("b", "m", 1000));
    Plan p = planner(c).plan(PlanRequest.of(RoutePlanner.FREE));
    assertThatThrownBy(() -> TierGuard.checkDispatch(p, c.route("b/m").orElseThrow()))
        .isInstanceOf(TierGuard.FreeTierViolation.class)
        .hasMessageContaining("b/m");
  }
}
