package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code orchestrator route}, as docs/reference.md §3 fixes it. */
class RouteCommandTest {
  private static final Set<String> REASONS =
      Set.of(
          "priced_tier_boundary",
          "context_too_small",
          "missing_capability",
          "not_chat",
          "retired",
          "over_max_price",
          "circuit_open",
          "cooling_down",
          "no_credentials",
          "denied_by_config");

  @Test
  void freePoolOnTheDefaultCatalogMatchesTheContract() {
    CliRun r = CliRun.of("route", "orchestrator/free", "--json");
    assertThat(r.code).isZero();
    JsonNode doc = r.json();
    assertThat(doc.get("model").asText()).isEqualTo("orchestrator/free");
    assertThat(doc.get("pool").asText()).isEqualTo("free");
    assertThat(doc.get("candidates")).isNotEmpty();
    int rank = 1;
    for (JsonNode c : doc.get("candidates")) {
      assertThat(c.get("rank").asInt()).isEqualTo(rank++);
      assertThat(c.get("route").asText())
          .isEqualTo(c.get("provider").asText() + "/" + c.get("model").asText());
      assertThat(c.get("tier").asText()).isEqualTo("free");
      assertThat(c.get("inputPerMtok").decimalValue()).isEqualByComparingTo(BigDecimal.ZERO);
      assertThat(c.get("outputPerMtok").decimalValue()).isEqualByComparingTo(BigDecimal.ZERO);
      assertThat(c.has("contextWindow")).isTrue();
      assertThat(c.get("why").asText()).isNotBlank();
    }
    for (JsonNode x : doc.get("excluded")) {
      assertThat(REASONS).contains(x.get("reason").asText());
    }
    assertThat(r.err).isEmpty();
  }

  @Test
  void sameInputsGiveByteIdenticalOutput() {
    CliRun a = CliRun.of("route", "orchestrator/auto", "--json", "--prompt-tokens", "1000");
    CliRun b = CliRun.of("route", "orchestrator/auto", "--json", "--prompt-tokens", "1000");
    assertThat(a.out).isEqualTo(b.out);
  }

  @ParameterizedTest
  @ValueSource(strings = {"data/models-dev-api.json", "data/openrouter-models.json"})
  void freePoolOnRealSnapshotsHoldsOnlyZeroPriceChatRoutes(String snapshot) {
    Path p = SharedData.file(snapshot);
    JsonNode doc =
        CliRun.of("route", "orchestrator/free", "--catalog", p.toString(), "--json").json();
    assertThat(doc.get("candidates").size()).isGreaterThan(10);
    for (JsonNode c : doc.get("candidates")) {
      assertThat(c.get("inputPerMtok").decimalValue().signum()).isZero();
      assertThat(c.get("outputPerMtok").decimalValue().signum()).isZero();
    }
    List<String> reasons = new ArrayList<>();
    doc.get("excluded").forEach(x -> reasons.add(x.get("reason").asText()));
    assertThat(reasons).contains("priced_tier_boundary", "not_chat");
  }

  @Test
  void openRouterVariablePriceRouterIsExcludedAtTheBoundary() {
    Path p = SharedData.file("data/openrouter-models.json");
    JsonNode doc =
        CliRun.of("route", "orchestrator/free", "--catalog", p.toString(), "--json").json();
    boolean found = false;
    for (JsonNode x : doc.get("excluded")) {
      if (x.get("route").asText().equals("openrouter/openrouter/auto")) {
        assertThat(x.get("reason").asText()).isEqualTo("priced_tier_boundary");
        found = true;
      }
    }
    assertThat(found).isTrue();
  }

  @Test
  void requirementsAndSizeFiltersExcludeWithTheirReason() {
    JsonNode doc =
        CliRun.of(
                "route",
                "orchestrator/auto",
                "--json",
                "--prompt-tokens",
                "150000",
                "--max-output-tokens",
                "1000",
                "--require",
                "tools",
                "--max-price",
                "5")
            .json();
    List<String> reasons = new ArrayList<>();
    doc.get("excluded").forEach(x -> reasons.add(x.get("reason").asText()));
    assertThat(reasons).contains("context_too_small", "over_max_price");
    for (JsonNode c : doc.get("candidates")) {
      assertThat(c.get("contextWindow").isNull() || c.get("contextWindow").asInt() >= 151000)
          .isTrue();
    }
  }

  /**
   * {@code audio} and {@code video} are capabilities like the others: {@code catalog show} lists
   * them for a route whose model reads them, {@code route --require} takes them, and every route
   * without one is excluded naming it.
   */
  @Test
  void audioAndVideoAreCapabilitiesTheCatalogShowsAndRouteRequires() {
    JsonNode gemini =
        CliRun.of("catalog", "show", "openrouter/google/gemini-3-flash-preview", "--json").json();
    assertThat(gemini.get("capabilities"))
        .extracting(JsonNode::asText)
        .contains("pdf", "audio", "video");
    JsonNode gpt = CliRun.of("catalog", "show", "openai/gpt-5-mini", "--json").json();
    assertThat(gpt.get("capabilities"))
        .extracting(JsonNode::asText)
        .contains("vision")
        .doesNotContain("audio", "video");

    CliRun r = CliRun.of("route", "orchestrator/auto", "--require", "audio", "--json");
    assertThat(r.code).as(r.err).isZero();
    JsonNode doc = r.json();
    assertThat(doc.get("candidates"))
        .extracting(c -> c.get("route").asText())
        .contains("openrouter/google/gemini-3-flash-preview")
        .doesNotContain("openai/gpt-5-mini");
    assertThat(doc.get("excluded"))
        .filteredOn(x -> x.get("route").asText().equals("openai/gpt-5-mini"))
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.get("reason").asText()).isEqualTo("missing_capability");
              assertThat(x.get("detail").asText()).isEqualTo("lacks audio");
            });

    JsonNode video = CliRun.of("route", "orchestrator/auto", "--require", "video", "--json").json();
    assertThat(video.get("candidates"))
        .extracting(c -> c.get("route").asText())
        .contains("openrouter/qwen/qwen3.6-plus")
        .doesNotContain("openai/gpt-5-mini");
  }

  @Test
  void unknownModelExitsTwoWithCloseMatches() {
    CliRun r = CliRun.of("route", "orchestrator/fre", "--json");
    assertThat(r.code).isEqualTo(2);
    assertThat(r.err).contains("unknown model").contains("orchestrator/free");
    JsonNode error = r.json().get("error");
    assertThat(error.get("type").asText()).isEqualTo("unknown_model");
    assertThat(error.get("model").asText()).isEqualTo("orchestrator/fre");
    assertThat(error.get("closeMatches").get(0).asText()).isEqualTo("orchestrator/free");
  }

  @Test
  void brokenCatalogExitsThreeNamingTheFile(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("broken.json");
    Files.writeString(bad, "{\"providers\": {\"x\": {\"baseUrl\": 3,,}}}");
    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", bad.toString(), "--json");
    assertThat(r.code).isEqualTo(3);
    assertThat(r.err).contains("broken.json");
  }

  @Test
  void groupFromOwnConfigKeepsItsOrder(@TempDir Path dir) throws Exception {
    Path cfg = dir.resolve("pools.yaml");
    CliRun.write(
        cfg,
        "extends: default",
        "pools:",
        "  my-group:",
        "    kind: group",
        "    routes: [groq/llama-3.3-70b-versatile, openrouter/openai/gpt-oss-120b:free]",
        "");
    CliRun r = CliRun.of("route", "my-group", "--catalog", cfg.toString(), "--json");
    assertThat(r.code).as(r.err).isZero();
    JsonNode doc = r.json();
    assertThat(doc.get("pool").asText()).isEqualTo("group");
    assertThat(doc.get("candidates").get(0).get("route").asText())
        .isEqualTo("groq/llama-3.3-70b-versatile");
  }

  @Test
  void aVirtualPoolFromOwnConfigIsReportedAsAGroupPool(@TempDir Path dir) throws Exception {
    Path cfg = dir.resolve("pools.yaml");
    CliRun.write(
        cfg,
        "extends: default",
        "pools:",
        "  my-mix:",
        "    kind: virtual",
        "    routes: [groq/llama-3.3-70b-versatile, openrouter/openai/gpt-oss-120b:free]",
        "");

    CliRun json = CliRun.of("route", "my-mix", "--catalog", cfg.toString(), "--json");
    CliRun table = CliRun.of("route", "my-mix", "--catalog", cfg.toString());

    assertThat(json.code).as(json.err).isZero();
    // a pool of the config is a group for route, whichever kind (catalog pools keeps the kind)
    assertThat(json.json().get("pool").asText()).isEqualTo("group");
    assertThat(table.out).startsWith("my-mix → group pool: ");
  }

  @Test
  void aMistypedDenyEntryIsAWarningWithTheRouteItMeant(@TempDir Path dir) throws Exception {
    Path config =
        Files.writeString(
            dir.resolve("deny.yaml"),
            "extends: default\ndeny: [\"groq/llama-3.3-70b-versatil\"]\n");

    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", config.toString(), "--json");

    assertThat(r.code).isZero();
    assertThat(r.err)
        .isEqualTo(
            "warning: "
                + config
                + ":2:8: deny[0]: 'groq/llama-3.3-70b-versatil' matches no route of this catalog"
                + " (did you mean 'groq/llama-3.3-70b-versatile'?); it denies nothing until a"
                + " route it matches is added\n");
  }

  @Test
  void tableOutputIsForPeople() {
    CliRun r = CliRun.of("route", "orchestrator/free");
    assertThat(r.code).isZero();
    assertThat(r.out)
        .contains("free pool")
        .contains("RANK  ROUTE")
        .contains("EXCLUDED              COUNT  FOR EXAMPLE")
        .contains("priced_tier_boundary");
  }

  @Test
  void aNegativeTokenCountNamesItsOptionAndValue() {
    CliRun r = CliRun.of("route", "orchestrator/free", "--max-output-tokens", "-1", "--json");
    assertThat(r.code).isEqualTo(2);
    assertThat(r.json().at("/error/message").asText())
        .isEqualTo("--max-output-tokens: -1 (expected: >= 0)");

    CliRun req = CliRun.of("route", "orchestrator/free", "--require", "tool", "--json");
    assertThat(req.code).isEqualTo(2);
    assertThat(req.json().at("/error/message").asText())
        .startsWith("--require: tool (expected")
        .endsWith("pdf, audio, video)");
  }
}
