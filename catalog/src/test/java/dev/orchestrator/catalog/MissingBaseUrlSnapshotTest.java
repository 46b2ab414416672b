package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * On the real Models.dev snapshot (skipped when {@code shared/data} is absent): the providers it
 * gives no {@code api} have no base URL, so none of their routes is ever a candidate — each is
 * excluded as {@code no_credentials} naming {@code providers.<id>.baseUrl} — and a base URL set in
 * the project's own configuration, laid on the snapshot, makes a provider's routes candidates again
 * (ADR 0009: a later source overrides what it states; Models.dev states no base URL).
 */
class MissingBaseUrlSnapshotTest {
  private static final LocalDate CHECKED = LocalDate.of(2026, 11, 29);
  private static final Clock CLOCK =
      Clock.fixed(CHECKED.atStartOfDay(ZoneOffset.UTC).toInstant(), ZoneOffset.UTC);

  private static final String SNAPSHOT = "models-dev-api.json";

  private static CatalogLoader.Text snapshot() {
    return CatalogLoader.readText(TestData.sharedData(SNAPSHOT));
  }

  private static Set<String> withoutBaseUrl(Catalog c) {
    return c.providers().values().stream()
        .filter(p -> !p.hasBaseUrl())
        .map(Provider::id)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** {@code orchestrator/auto} as a dry run plans it: every chat route, credentials unchecked. */
  private static Plan auto(Catalog c) {
    return RoutePlanner.create(c, CLOCK).plan(PlanRequest.builder(RoutePlanner.AUTO).build());
  }

  @Test
  void noRouteOfAProviderWithoutABaseUrlIsACandidate() {
    Catalog c = CatalogLoader.parseAll(List.of(snapshot()), false);
    Set<String> bare = withoutBaseUrl(c);
    List<Route> bareRoutes = c.routes().stream().filter(r -> bare.contains(r.provider())).toList();

    // 24 of the snapshot's 147 providers give no `api`, with 1,228 of its 5,276 models.
    assertThat(bare)
        .hasSize(24)
        .contains("openai", "anthropic", "groq", "mistral", "amazon-bedrock", "vercel");
    assertThat(bareRoutes).hasSize(1228);

    Plan plan = auto(c);

    assertThat(plan.candidates())
        .extracting(Candidate::route)
        .extracting(Route::provider)
        .doesNotContainAnyElementsOf(bare);
    // Each is excluded: for not being chat or being retired (catalog facts, decided first), or
    // else as no_credentials naming the setting that would let it be called.
    Map<String, Exclusion> excluded =
        plan.excluded().stream().collect(Collectors.toMap(Exclusion::route, x -> x));
    List<Exclusion> noUrl =
        bareRoutes.stream()
            .filter(
                r -> r.chat() && !r.retiredOn(CLOCK.instant().atZone(ZoneOffset.UTC).toLocalDate()))
            .map(r -> excluded.get(r.id()))
            .toList();
    // 1,057 of them are chat routes and not retired, the other 171 not chat or deprecated (counted
    // from the file by a script applying the reader's chat rules)
    assertThat(noUrl)
        .hasSize(1057)
        .allSatisfy(
            x -> {
              assertThat(x.reason()).isEqualTo(ExclusionReason.NO_CREDENTIALS);
              String provider = x.route().substring(0, x.route().indexOf('/'));
              assertThat(x.detail())
                  .isEqualTo("no base URL: set providers." + provider + ".baseUrl");
            });
    // Nothing else is excluded for it: a provider with a base URL is never no_credentials here.
    assertThat(plan.excluded())
        .filteredOn(x -> x.reason() == ExclusionReason.NO_CREDENTIALS)
        .hasSameSizeAs(noUrl);
  }

  @Test
  void aBaseUrlInTheOwnConfigMakesTheRoutesCandidatesAgain() {
    CatalogLoader.Text config =
        new CatalogLoader.Text(
            "base-url.yaml", "providers:\n  aihubmix: {baseUrl: 'https://aihubmix.com/v1'}\n");

    for (List<CatalogLoader.Text> order :
        List.of(List.of(snapshot(), config), List.of(config, snapshot()))) {
      Catalog c = CatalogLoader.parseAll(order, false);
      assertThat(withoutBaseUrl(c)).hasSize(23).doesNotContain("aihubmix");

      Plan plan = auto(c);

      assertThat(plan.candidates())
          .extracting(Candidate::route)
          .filteredOn(r -> r.provider().equals("aihubmix"))
          .hasSize(53);
      assertThat(plan.excluded()).noneMatch(x -> x.route().startsWith("aihubmix/"));
    }
  }

  /**
   * Laid on the embedded default catalog, the six providers its table gives a base URL (openai,
   * anthropic, groq, mistral, togetherai, cerebras) are called there; the other 18 still are not.
   */
  @Test
  void onTheDefaultCatalogOnlyProvidersItsTableDoesNotKnowLackABaseUrl() {
    Catalog c = CatalogLoader.parseAll(List.of(snapshot()), true);

    assertThat(withoutBaseUrl(c))
        .hasSize(18)
        .doesNotContain("openai", "anthropic", "groq", "mistral", "togetherai", "cerebras");
    assertThat(auto(c).candidates())
        .extracting(Candidate::route)
        .extracting(Route::provider)
        .contains("openai", "anthropic")
        .doesNotContainAnyElementsOf(withoutBaseUrl(c));
  }
}
