package dev.orchestrator.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import org.junit.jupiter.api.Test;

/** The benchmarks' own copy of the Models.dev snapshot loads without {@code ../shared}. */
class SnapshotsTest {

  @Test
  void embeddedModelsDevSnapshotIsTheWholePublicCatalog() {
    Catalog c = Snapshots.modelsDev();

    assertThat(c.providers()).hasSize(147);
    assertThat(c.routes()).hasSize(5276);
    assertThat(c.routes().stream().filter(Route::chat).filter(r -> r.tier() == Tier.FREE))
        .isNotEmpty();
    assertThat(c.sources())
        .containsExactly("models-dev-api.json (f3fc692, 2026-07-02) (models.dev)");
  }
}
