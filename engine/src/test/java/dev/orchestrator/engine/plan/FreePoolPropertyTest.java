package dev.orchestrator.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.testing.Catalogs;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class FreePoolPropertyTest {

  @Provide
  Arbitrary<List<Route>> routes() {
    return route().list().ofMaxSize(30);
  }

  private Arbitrary<Route> route() {
    Arbitrary<String> price =
        Arbitraries.of("0", "0.0", "0.000", "-1", "0.5", "3", null, "0.000001");
    Arbitrary<Integer> window = Arbitraries.of(null, 100, 4096, 128_000);
    Arbitrary<String> model =
        Arbitraries.strings().withCharRange('a', 'e').ofMinLength(1).ofMaxLength(3);
    Arbitrary<String> provider = Arbitraries.of("p", "q", "r");
    return Combinators.combine(provider, model, price, price, window, Arbitraries.of(true, false))
        .as(
            (p, m, in, out, w, tools) ->
                Catalogs.route(
                    p,
                    m,
                    in,
                    out,
                    w,
                    tools ? new Capability[] {Capability.TOOLS} : new Capability[0]));
  }

  @Property(tries = 300)
  void freePoolNeverHoldsAPricedOrUnknownPriceRoute(
      @ForAll("routes") List<Route> routes,
      @ForAll @IntRange(min = 0, max = 200_000) int promptTokens,
      @ForAll boolean withFallbackList) {
    Catalog catalog = Catalogs.of(routes.toArray(new Route[0]));
    List<String> list = new ArrayList<>();
    if (withFallbackList) {
      catalog.routes().forEach(r -> list.add(r.id()));
    }
    Plan plan =
        RoutePlanner.create(catalog, Clock.systemUTC())
            .plan(
                PlanRequest.builder(RoutePlanner.FREE)
                    .models(list)
                    .promptTokens(promptTokens)
                    .strategy(null)
                    .build());
    for (Candidate c : plan.candidates()) {
      Route r = c.route();
      assertThat(r.tier()).isEqualTo(Tier.FREE);
      assertThat(r.inputPerMtok()).isNotNull();
      assertThat(r.inputPerMtok().compareTo(BigDecimal.ZERO)).isZero();
      assertThat(r.outputPerMtok().compareTo(BigDecimal.ZERO)).isZero();
    }
    assertThat(plan.candidates().size() + plan.excluded().size())
        .isEqualTo(catalog.routes().size());
  }
}
