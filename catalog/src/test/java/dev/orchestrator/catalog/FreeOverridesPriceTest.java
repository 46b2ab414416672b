package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A later config's {@code tier: free} over a route an earlier source prices: allowed, the earlier
 * price kept for display, and a warning naming the file, the route and the price (ADR 0015).
 */
class FreeOverridesPriceTest {
  @TempDir Path dir;

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void tierFreeOverACatalogPriceIsAllowedKeptForDisplayAndWarned() throws Exception {
    Path catalog =
        write(
            "catalog.yaml",
            "providers:\n  a: {baseUrl: 'https://a.test/v1', apiKeyEnv: [A_KEY]}\n"
                + "routes:\n  a/m: {inputPerMtok: 0.1, outputPerMtok: 0.4}\n");
    Path mine = write("mine.yaml", "routes:\n  a/m: {tier: free}\n");
    List<String> warnings = new ArrayList<>();

    Route r = CatalogLoader.load(List.of(catalog, mine), warnings::add).route("a/m").orElseThrow();

    assertThat(r.tier()).isEqualTo(Tier.FREE);
    assertThat(r.inputPerMtok()).isEqualByComparingTo(new BigDecimal("0.1"));
    assertThat(r.outputPerMtok()).isEqualByComparingTo(new BigDecimal("0.4"));
    assertThat(warnings)
        .containsExactly(
            mine
                + ":2:3: routes[\"a/m\"]: tier: free overrides the catalog price $0.1 in / $0.4"
                + " out per Mtok of an earlier source; requests to this route are treated as free");
  }

  @Test
  void tierFreeOverAnUnknownOrZeroPriceIsNotAWarning() throws Exception {
    Path catalog =
        write(
            "catalog.yaml",
            "providers:\n  a: {baseUrl: 'https://a.test/v1'}\n"
                + "routes:\n  a/m: {contextWindow: 1000}\n  a/z: {inputPerMtok: 0, outputPerMtok: 0}\n");
    Path mine = write("mine.yaml", "routes:\n  a/m: {tier: free}\n  a/z: {tier: free}\n");
    List<String> warnings = new ArrayList<>();

    CatalogLoader.load(List.of(catalog, mine), warnings::add);

    assertThat(warnings).isEmpty();
  }

  @Test
  void aLaterPriceStillReplacesAnEarlierFreeTier() throws Exception {
    Path mine =
        write(
            "mine.yaml",
            "providers:\n  a: {baseUrl: 'https://a.test/v1'}\n" + "routes:\n  a/m: {tier: free}\n");
    Path later = write("later.yaml", "routes:\n  a/m: {inputPerMtok: 1, outputPerMtok: 2}\n");

    Route r = CatalogLoader.load(List.of(mine, later), w -> {}).route("a/m").orElseThrow();

    assertThat(r.tier()).isEqualTo(Tier.PRICED);
  }
}
