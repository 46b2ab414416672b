package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergeTest {
  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static final String BASE =
      "providers:\n"
          + "  p: {baseUrl: https://p.test/v1, apiKeyEnv: [P_KEY], headers: {X-A: a}}\n"
          + "routes:\n"
          + "  p/m:\n"
          + "    name: Base\n"
          + "    inputPerMtok: 0\n"
          + "    outputPerMtok: 0\n"
          + "    contextWindow: 8192\n"
          + "    capabilities: [tools]\n";

  @Test
  void emptyListLoadsTheDefaultCatalog() {
    assertThat(CatalogLoader.load(List.of())).isSameAs(CatalogLoader.loadDefault());
  }

  @Test
  void aSourceThatExtendsTheDefaultLaidOnTheDefaultReadsItOnce() {
    // What serve --source and catalog list --source do without --catalog: the default below, and
    // a source that says extends: default on top. The default is one source, not two.
    Catalog c =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text(
                    "my.yaml",
                    "extends: default\nroutes:\n  groq/llama-3.3-70b-versatile: {quality: 90}\n")),
            true);
    assertThat(c.sources()).hasSize(2).endsWith("my.yaml (config)");
    assertThat(c.sources().get(0)).startsWith("default-catalog.yaml");
    assertThat(c.errorRules()).hasSameSizeAs(CatalogLoader.loadDefault().errorRules());
  }

  @Test
  void laterSourceOverridesFieldByFieldAndKeepsWhatItDoesNotState() throws IOException {
    Path a = write("a.yaml", BASE);
    Path b =
        write(
            "b.yaml",
            "providers:\n  p: {name: P, headers: {X-B: b}}\nroutes:\n  p/m: {contextWindow: 32768}\n");
    Catalog c = CatalogLoader.load(List.of(a, b));
    Route r = c.route("p/m").orElseThrow();
    assertThat(r.contextWindow()).isEqualTo(32768);
    assertThat(r.name()).isEqualTo("Base");
    assertThat(r.tier()).isEqualTo(Tier.FREE);
    assertThat(r.capabilities()).containsExactly(Capability.TOOLS);
    assertThat(c.provider("p").orElseThrow().name()).isEqualTo("P");
    assertThat(c.provider("p").orElseThrow().baseUrl()).isEqualTo("https://p.test/v1");
    assertThat(c.provider("p").orElseThrow().headers()).containsOnlyKeys("X-A", "X-B");
    assertThat(c.sources()).containsExactly(a + " (config)", b + " (config)");
  }

  @Test
  void laterCostEvidenceReplacesEarlierCostEvidenceAsAUnit() throws IOException {
    Path a = write("a.yaml", BASE);
    Path b = write("b.yaml", "routes:\n  p/m: {outputPerMtok: 0}\n");
    Route r = CatalogLoader.load(List.of(a, b)).route("p/m").orElseThrow();
    assertThat(r.inputPerMtok()).as("input price no longer stated").isNull();
    assertThat(r.tier()).isEqualTo(Tier.PRICED);
  }

  @Test
  void variablePriceFromALaterOpenRouterListRemovesEarlierFreeEvidence() throws IOException {
    Path a =
        write(
            "a.yaml",
            "providers:\n  openrouter: {baseUrl: https://openrouter.ai/api/v1}\n"
                + "routes:\n  openrouter/x/y:free: {inputPerMtok: 0, outputPerMtok: 0}\n");
    Path b =
        write(
            "b.json",
            "{\"data\":[{\"id\":\"x/y:free\",\"pricing\":{\"prompt\":\"-1\",\"completion\":\"-1\"}}]}");
    Route r = CatalogLoader.load(List.of(a, b)).route("openrouter/x/y:free").orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.PRICED);
  }

  @Test
  void explicitTierFromALaterSourceWins() throws IOException {
    Path a = write("a.yaml", BASE);
    Path b = write("b.yaml", "routes:\n  p/m: {tier: priced}\n");
    assertThat(CatalogLoader.load(List.of(a, b)).route("p/m").orElseThrow().tier())
        .isEqualTo(Tier.PRICED);
    Path c = write("c.yaml", "routes:\n  p/m: {tier: free}\n");
    assertThat(CatalogLoader.load(List.of(a, b, c)).route("p/m").orElseThrow().tier())
        .isEqualTo(Tier.FREE);
  }

  @Test
  void laterSourceWithoutCostKeepsEarlierPrices() throws IOException {
    Path md =
        write(
            "md.json",
            "{\"p\":{\"name\":\"P\",\"env\":[],\"npm\":\"x\",\"models\":{\"m\":{\"name\":\"M\","
                + "\"limit\":{\"context\":4096,\"output\":1024}}}}}");
    Route r = CatalogLoader.load(List.of(write("a.yaml", BASE), md)).route("p/m").orElseThrow();
    assertThat(r.tier()).isEqualTo(Tier.FREE);
    assertThat(r.name()).isEqualTo("M");
    assertThat(r.contextWindow()).isEqualTo(4096);
  }

  @Test
  void modelsDevFileAndOwnConfigMergeAcrossShapes() throws IOException {
    Path md = write("md.json", TestData.fixture("models-dev-small.json"));
    Path own =
        write(
            "own.yaml",
            "providers:\n  anthropic: {baseUrl: https://api.anthropic.com/v1}\n"
                + "routes:\n  anthropic/claude-haiku-4-5: {prefill: true}\n"
                + "pools:\n  g: {kind: group, routes: [nvidia/openai/gpt-oss-120b]}\n");
    Catalog c = CatalogLoader.load(List.of(md, own));
    assertThat(c.provider("anthropic").orElseThrow().baseUrl())
        .isEqualTo("https://api.anthropic.com/v1");
    Route haiku = c.route("anthropic/claude-haiku-4-5").orElseThrow();
    assertThat(haiku.capabilities()).contains(Capability.PREFILL, Capability.TOOLS);
    assertThat(haiku.inputPerMtok()).isEqualByComparingTo("1");
    assertThat(c.pool("g")).isPresent();
  }

  @Test
  void denyListsAccumulateAndAStatedAllowListReplaces() throws IOException {
    Path a = write("a.yaml", BASE + "allow: [\"p/*\"]\ndeny: [p/x]\n");
    Path b = write("b.yaml", "allow: [\"q/*\"]\ndeny: [p/y]\n");
    Catalog c = CatalogLoader.load(List.of(a, b));
    assertThat(c.filter().allow()).containsExactly("q/*");
    assertThat(c.filter().deny()).containsExactly("p/x", "p/y");
  }

  // A typo in a deny list denied nothing, silently. It is a warning, not an error: a route another
  // file or a later refresh of a source brings may match the entry.
  @Test
  void aDenyEntryMatchingNoRouteIsAWarningAtItsLineWithTheClosestRoute() throws IOException {
    Path a = write("a.yaml", BASE + "  p/mini: {contextWindow: 8192}\n");
    Path b = write("b.yaml", "deny:\n  - \"p/*\"\n  - p/mimi\n  - q/*\n");
    List<String> warnings = new java.util.ArrayList<>();

    Catalog c = CatalogLoader.load(List.of(a, b), warnings::add);

    assertThat(c.filter().deny()).containsExactly("p/*", "p/mimi", "q/*");
    assertThat(warnings)
        .containsExactly(
            b
                + ":3:5: deny[1]: 'p/mimi' matches no route of this catalog (did you mean"
                + " 'p/mini'?); it denies nothing until a route it matches is added",
            b
                + ":4:5: deny[2]: 'q/*' matches no route of this catalog; it denies nothing until"
                + " a route it matches is added");
  }

  @Test
  void extendsDefaultPutsTheDefaultAtTheBottomOfTheStack() throws IOException {
    Path a = write("a.yaml", BASE);
    Path b = write("b.yaml", "extends: default\nroutes:\n  p/m: {contextWindow: 16384}\n");
    Catalog c = CatalogLoader.load(List.of(a, b));
    assertThat(c.sources().get(0)).isEqualTo("default-catalog.yaml (config, checked 2026-11-29)");
    assertThat(c.route("p/m").orElseThrow().contextWindow()).isEqualTo(16384);
    assertThat(c.route("openai/gpt-5.4-mini")).isPresent();
  }
}
