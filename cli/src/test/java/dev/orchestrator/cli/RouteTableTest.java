package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code route}'s table reads without scrolling past what matters: what every row shares once, the
 * first candidates and how many more, exclusions by reason or one row each with its detail, and
 * where each free route's freedom comes from.
 */
class RouteTableTest {
  @TempDir static Path dir;
  static String catalog;
  static String override;

  @BeforeAll
  static void writeCatalogs() throws Exception {
    StringBuilder routes = new StringBuilder();
    for (int i = 1; i <= 12; i++) {
      routes.append(
          "  loc/model-with-a-rather-long-identifier-number-"
              + i
              + ": {inputPerMtok: 0, outputPerMtok: 0, contextWindow: "
              + (1000 * i)
              + "}\n");
    }
    Path c = dir.resolve("twelve.yaml");
    Files.writeString(
        c,
        "checked: 2026-11-30\nproviders:\n  loc: {baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: []}\n"
            + "  paid: {baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: []}\n"
            + "routes:\n"
            + routes
            + "  paid/m: {inputPerMtok: 0.1, outputPerMtok: 0.4, contextWindow: 9000}\n");
    catalog = c.toString();
    Path o = dir.resolve("mine.yaml");
    Files.writeString(o, "routes:\n  paid/m: {tier: free}\n");
    override = o.toString();
  }

  @Test
  void aRouteDeclaredFreeWithoutPricesShowsZeroFromItsTierNotAQuestionMark() throws Exception {
    Path c = dir.resolve("declared.yaml");
    Files.writeString(
        c,
        "providers:\n  loc: {baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: []}\n"
            + "routes:\n  loc/a: {tier: free, contextWindow: 8000}\n");

    assertThat(CliRun.of("route", "loc/a", "--catalog", c.toString()).out)
        .contains("0/0 (tier: free)")
        .doesNotContain(" ? ");
    assertThat(CliRun.of("catalog", "show", "loc/a", "--catalog", c.toString()).out)
        .contains("0 (tier: free)");
    // route --json: the plan's prices for a free route are 0, as for a route priced at 0.
    var candidate =
        Json.MAPPER
            .readTree(CliRun.of("route", "loc/a", "--catalog", c.toString(), "--json").out)
            .at("/candidates/0");
    assertThat(candidate.get("tier").asText()).isEqualTo("free");
    assertThat(candidate.get("inputPerMtok").isNumber()).isTrue();
    assertThat(candidate.get("inputPerMtok").decimalValue()).isZero();
    assertThat(candidate.get("outputPerMtok").decimalValue()).isZero();
  }

  @Test
  void showsTheFirstTenThenHowManyMore() {
    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", catalog);

    assertThat(r.out)
        .startsWith(
            "orchestrator/free → free pool: 12 candidate(s), 1 excluded  (catalog: "
                + catalog
                + " (config, checked 2026-11-30))")
        .contains("  … and 2 more (--all)")
        .doesNotContain("number-1 ");
    assertThat(CliRun.of("route", "orchestrator/free", "--catalog", catalog, "--all").out)
        .contains("loc/model-with-a-rather-long-identifier-number-1 ")
        .doesNotContain("more (--all)");
  }

  @Test
  void statesTheSharedReasonOnceAndEachRowsOwn() {
    List<String> lines =
        CliRun.of("route", "orchestrator/free", "--catalog", catalog).out.lines().toList();

    assertThat(lines)
        .contains(
            "Every candidate: free: the catalog prices it at 0 in and 0 out; ranked by quality,"
                + " then window, then release date");
    assertThat(lines)
        .filteredOn(l -> l.contains("number-12 "))
        .singleElement()
        .satisfies(l -> assertThat(l).endsWith("  window 12000").doesNotContain("catalog prices"));
  }

  @Test
  void columnsAlignForLongRouteIdsAndNothingIsCut() {
    List<String> rows =
        CliRun.of("route", "orchestrator/free", "--catalog", catalog, "--all")
            .out
            .lines()
            .filter(l -> l.contains("loc/model-with"))
            .toList();

    assertThat(rows).hasSize(12);
    int tierColumn = rows.get(0).indexOf(" free ");
    assertThat(rows).allSatisfy(l -> assertThat(l.indexOf(" free ")).isEqualTo(tierColumn));
    assertThat(rows).noneMatch(l -> l.contains("…"));
  }

  @Test
  void allExcludedIsATableWithEachDetail() {
    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", catalog, "--all-excluded");

    assertThat(r.out)
        .contains("  EXCLUDED ROUTE  REASON                DETAIL\n")
        .contains("  paid/m          priced_tier_boundary  $0.1 in / $0.4 out per Mtok\n");
  }

  @Test
  void excludedSummaryCountsPerReasonWithExamples() {
    CliRun r = CliRun.of("route", "orchestrator/auto", "--catalog", catalog, "--max-price", "0");

    assertThat(r.out)
        .contains("  EXCLUDED        COUNT  FOR EXAMPLE\n")
        .contains("  over_max_price  1      paid/m\n");
  }

  @Test
  void tierFreeOverACatalogPriceIsWarnedAndExplained() {
    CliRun r = CliRun.of("route", "paid/m", "--catalog", catalog, "--catalog", override, "--json");

    assertThat(r.code).isZero();
    assertThat(r.err)
        .isEqualTo(
            "warning: "
                + override
                + ":2:3: routes[\"paid/m\"]: tier: free overrides the catalog price $0.1 in /"
                + " $0.4 out per Mtok of an earlier source; requests to this route are treated as"
                + " free\n");
    assertThat(r.json().get("candidates").get(0).get("why").asText())
        .startsWith(
            "route, position 1; free: tier: free in the config overrides the catalog price $0.1"
                + " in / $0.4 out per Mtok");
  }
}
