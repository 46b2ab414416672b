package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refreshed copy of a source that suddenly prices many routes at zero which its last good copy
 * priced (an upstream bug, a hostile mirror: "everything is free") is no evidence for those routes:
 * they stay priced as they were, and a warning says why, while the rest of the copy is taken — a
 * route it newly prices above all, since holding the whole copy back would keep such a route free.
 * A few routes turning free, or routes whose price was unknown gaining a zero price, are ordinary
 * catalog changes.
 */
class FreeWideningGuardTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-08T00:00:00Z"), ZoneOffset.UTC);

  @TempDir Path dir;

  // An OpenRouter list of `n` models; the first `free` of them at zero, the rest priced, and
  // `unknown` more without any price.
  private static String openRouter(int n, int free, int unknown) {
    StringJoiner j = new StringJoiner(",", "{\"data\":[", "]}");
    for (int i = 0; i < n; i++) {
      String p = i < free ? "0" : "0.000001";
      j.add(
          "{\"id\":\"v/m"
              + i
              + "\",\"pricing\":{\"prompt\":\""
              + p
              + "\",\"completion\":\""
              + p
              + "\"}}");
    }
    for (int i = 0; i < unknown; i++) {
      j.add("{\"id\":\"v/u" + i + "\"}");
    }
    return j.toString();
  }

  private static String withUnknownNowFree(int n, int unknown) {
    StringJoiner j = new StringJoiner(",", "{\"data\":[", "]}");
    for (int i = 0; i < n; i++) {
      j.add("{\"id\":\"v/m" + i + "\",\"pricing\":{\"prompt\":\"0.000001\",\"completion\":\"1\"}}");
    }
    for (int i = 0; i < unknown; i++) {
      j.add("{\"id\":\"v/u" + i + "\",\"pricing\":{\"prompt\":\"0\",\"completion\":\"0\"}}");
    }
    return j.toString();
  }

  private CatalogRefresher refresher(Path file) {
    return CatalogRefresher.builder(file.toString())
        .cache(SourceCache.at(dir.resolve("cache"), CLOCK))
        .build();
  }

  private static long free(Catalog c) {
    return c.routes().stream().filter(r -> r.tier() == Tier.FREE).count();
  }

  // An OpenRouter list of `n` models: the one at `priced` priced, every other at zero.
  private static String allFreeBut(int n, int priced) {
    StringJoiner j = new StringJoiner(",", "{\"data\":[", "]}");
    for (int i = 0; i < n; i++) {
      String p = i == priced ? "0.000001" : "0";
      j.add(
          "{\"id\":\"v/m" + i + "\",\"pricing\":{\"prompt\":\"" + p + "\",\"completion\":\"0\"}}");
    }
    return j.toString();
  }

  @Test
  void routesACopySuddenlyMakesFreeStayPricedAndTheRestOfTheCopyIsTaken() throws Exception {
    Path file = dir.resolve("or.json");
    Files.writeString(file, openRouter(40, 2, 0)); // m0 and m1 free
    List<String> warned = new ArrayList<>();
    CatalogRefresher r =
        CatalogRefresher.builder(file.toString())
            .cache(SourceCache.at(dir.resolve("cache"), CLOCK))
            .warnings(warned::add)
            .build();
    assertThat(r.refreshNow().loaded()).isTrue();

    // Everything at zero, except m0, which was free and is now priced.
    Files.writeString(file, allFreeBut(40, 0));
    CatalogRefresher.Outcome o = r.refreshNow();

    assertThat(o.loaded()).isTrue();
    assertThat(o.catalog().route("openrouter/v/m0").orElseThrow().tier()).isEqualTo(Tier.PRICED);
    assertThat(o.catalog().route("openrouter/v/m1").orElseThrow().tier()).isEqualTo(Tier.FREE);
    assertThat(free(o.catalog())).isEqualTo(1);
    assertThat(free(r.current())).isEqualTo(1);
    assertThat(warned)
        .anySatisfy(
            w ->
                assertThat(w)
                    .contains("38 routes free that the last good copy priced")
                    .contains("(openrouter/v/m10, openrouter/v/m11, openrouter/v/m12, …)")
                    .contains("stay priced"));
    // the cache still holds the last copy taken whole: the next copy is compared with it
    assertThat(SourceCache.at(dir.resolve("cache"), CLOCK).load(file.toString()))
        .hasValueSatisfying(e -> assertThat(e.text()).isEqualTo(openRouter(40, 2, 0)));

    // The source says it again; a new process (catalog refresh, a restarted serve) too.
    assertThat(free(r.refreshNow().catalog())).isEqualTo(1);
    CatalogRefresher.Outcome again = refresher(file).refreshNow();
    assertThat(again.loaded()).isTrue();
    assertThat(free(again.catalog())).isEqualTo(1);
  }

  @Test
  void aFewRoutesTurningFreeAreAnOrdinaryChange() throws Exception {
    Path file = dir.resolve("or.json");
    Files.writeString(file, openRouter(40, 2, 0));
    CatalogRefresher r = refresher(file);
    assertThat(r.refreshNow().loaded()).isTrue();

    Files.writeString(file, openRouter(40, 7, 0));
    CatalogRefresher.Outcome o = r.refreshNow();

    assertThat(o.loaded()).isTrue();
    assertThat(free(o.catalog())).isEqualTo(7);
  }

  @Test
  void routesWhosePriceWasUnknownGainingZeroPricesAreNewEvidenceNotAWidening() throws Exception {
    Path file = dir.resolve("or.json");
    Files.writeString(file, openRouter(3, 0, 30));
    CatalogRefresher r = refresher(file);
    assertThat(r.refreshNow().loaded()).isTrue();

    Files.writeString(file, withUnknownNowFree(3, 30));
    CatalogRefresher.Outcome o = r.refreshNow();

    assertThat(o.loaded()).isTrue();
    assertThat(free(o.catalog())).isEqualTo(30);
  }

  /**
   * In {@code serve} a source is read over the layers before it (the files, the earlier sources'
   * copies). Routes a lower layer turned free are that layer's change, not this copy's: its
   * unchanged copy is not held back for them.
   */
  @Test
  void routesALowerLayerTurnedFreeAreNotCountedAgainstThisCopy() throws Exception {
    Path file = dir.resolve("or.json");
    Files.writeString(file, "{\"data\":[{\"id\":\"a/own\"}]}");
    List<CatalogLoader.Text> below = new ArrayList<>();
    below.add(new CatalogLoader.Text("earlier.json", openRouter(40, 2, 0)));
    CatalogRefresher r =
        CatalogRefresher.builder(file.toString())
            .cache(SourceCache.at(dir.resolve("cache"), CLOCK))
            .over(() -> List.copyOf(below), false)
            .build();
    assertThat(r.refreshNow().loaded()).isTrue();

    below.set(0, new CatalogLoader.Text("earlier.json", openRouter(40, 40, 0)));
    CatalogRefresher.Outcome o = r.refreshNow();

    assertThat(o.loaded()).isTrue();
    assertThat(free(o.catalog())).isEqualTo(40);
  }

  @Test
  void withoutAnEarlierCopyThereIsNothingToCompareWith() throws Exception {
    Path file = dir.resolve("or.json");
    Files.writeString(file, openRouter(40, 40, 0));
    CatalogRefresher.Outcome o = refresher(file).refreshNow();
    assertThat(o.loaded()).isTrue();
    Route any = o.catalog().route("openrouter/v/m39").orElseThrow();
    assertThat(any.tier()).isEqualTo(Tier.FREE);
  }
}
