package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * A config may say {@code tier: priced} of a route priced at zero (the user knows their contract
 * bills it). {@code route} then explains the exclusion with the config's word, not with the zero
 * prices alone, which would read as a route left out for no reason.
 */
class TierPricedExplainedTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-08T00:00:00Z"), ZoneOffset.UTC);

  @Test
  void aZeroPricedRouteTheConfigCallsPricedSaysSo() {
    Catalog c =
        CatalogLoader.parse(
            "mine.yaml",
            """
            providers:
              p: {baseUrl: "https://p.test/v1"}
            routes:
              p/m: {tier: priced, inputPerMtok: 0, outputPerMtok: 0}
            """);
    Plan plan =
        RoutePlanner.create(c, CLOCK).plan(PlanRequest.builder("orchestrator/free").build());
    assertThat(plan.excluded())
        .containsExactly(
            new Exclusion(
                "p/m",
                ExclusionReason.PRICED_TIER_BOUNDARY,
                "$0 in / $0 out per Mtok, but tier: priced in the config"));
  }
}
