package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code catalog pools}, {@code catalog show} for pools and virtual models, and close matches. */
class CatalogInspectionTest {
  @TempDir static Path dir;
  static String config;

  @BeforeAll
  static void writeConfig() throws Exception {
    Path p = dir.resolve("pools.yaml");
    CliRun.write(
        p,
        "extends: default",
        "pools:",
        "  my-group: {kind: group, routes: [groq/llama-3.3-70b-versatile, openrouter/openai/gpt-oss-120b:free]}",
        "  my-mix: {kind: virtual, routes: [openrouter/openai/gpt-oss-120b:free]}",
        "");
    config = p.toString();
  }

  @Test
  void poolsListsTheVirtualModelsAndEveryPoolWithHowItRanks() {
    CliRun r = CliRun.of("catalog", "pools", "--catalog", config);

    assertThat(r.code).isZero();
    assertThat(r.out.lines())
        .anySatisfy(
            l ->
                assertThat(l)
                    .matches("orchestrator/free  free +\\d+ +free chat routes only.*by quality.*"))
        .anySatisfy(
            l ->
                assertThat(l)
                    .matches("orchestrator/auto  auto +\\d+ +every chat route; cost-first.*"))
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith("my-group           group    2 ")
                    .contains("a settled 4xx stops"))
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith("my-mix             virtual  1 ")
                    .contains("a settled 4xx fails over"));
  }

  @Test
  void showOfAPoolListsItsMembersInOrder() throws Exception {
    JsonNode doc = CliRun.of("catalog", "show", "my-group", "--catalog", config, "--json").json();

    assertThat(doc.get("kind").asText()).isEqualTo("group");
    assertThat(doc.get("members"))
        .extracting(JsonNode::asText)
        .containsExactly("groq/llama-3.3-70b-versatile", "openrouter/openai/gpt-oss-120b:free");
  }

  @Test
  void showOfAVirtualModelListsItsFirstMembersThenHowManyMore() {
    CliRun r = CliRun.of("catalog", "show", "orchestrator/free");

    assertThat(r.code).isZero();
    assertThat(r.out)
        .startsWith("orchestrator/free  (free)\n")
        .contains("     1  ")
        .contains("    10  ")
        .containsPattern("  … and \\d+ more \\(--all\\)");
    assertThat(CliRun.of("catalog", "show", "orchestrator/free", "--all").out)
        .doesNotContain("more (--all)");
  }

  @Test
  void aMistypedProviderGetsCloseMatchesNotZeroRoutes() {
    CliRun r = CliRun.of("catalog", "list", "--provider", "nvida");

    assertThat(r.code).isEqualTo(2);
    assertThat(r.err)
        .isEqualTo("error: --provider: unknown provider 'nvida' (close matches: nvidia)\n");
  }

  @Test
  void listNamesTheCatalogAndItsSnapshotDate() {
    CliRun r = CliRun.of("catalog", "list");

    assertThat(r.out)
        .containsPattern(
            "\\d+ routes \\(\\d+ free chat\\) from default-catalog.yaml"
                + " \\(config, checked \\d{4}-\\d{2}-\\d{2}\\)\n$");
  }
}
