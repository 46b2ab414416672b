package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.Strategy;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class DefaultCatalogTest {
  private final Catalog catalog = CatalogLoader.loadDefault();

  @Test
  void holdsTheCuratedProviders() {
    assertThat(catalog.providers())
        .containsKeys(
            "openrouter",
            "nvidia",
            "groq",
            "openai",
            "anthropic",
            "mistral",
            "deepseek",
            "togetherai",
            "cerebras",
            "local");
    assertThat(catalog.provider("nvidia").orElseThrow().baseUrl())
        .isEqualTo("https://integrate.api.nvidia.com/v1");
    assertThat(catalog.provider("nvidia").orElseThrow().apiKeyEnv())
        .containsExactly("NVIDIA_API_KEY");
    assertThat(catalog.provider("anthropic").orElseThrow().protocol())
        .isEqualTo(Protocol.ANTHROPIC_MESSAGES);
    assertThat(catalog.provider("anthropic").orElseThrow().baseUrl())
        .isEqualTo("https://api.anthropic.com/v1");
    assertThat(catalog.provider("local").orElseThrow().baseUrl())
        .isEqualTo("http://127.0.0.1:8000/v1");
    assertThat(catalog.provider("local").orElseThrow().apiKeyEnv()).isEmpty();
    assertThat(catalog.providers().values()).allMatch(p -> p.baseUrl() != null);
  }

  @Test
  void hasSeveralFreeChatRoutesEachWithZeroPriceEvidence() {
    List<Route> free =
        catalog.routes().stream().filter(r -> r.tier() == Tier.FREE && r.chat()).toList();
    System.out.println("default catalog: " + SnapshotTest.counts(catalog));
    assertThat(catalog.routes()).hasSizeBetween(40, 80);
    assertThat(free).hasSizeGreaterThanOrEqualTo(10);
    assertThat(free).extracting(Route::provider).contains("openrouter", "nvidia");
    assertThat(free)
        .allSatisfy(
            r -> {
              assertThat(r.inputPerMtok()).as(r.id()).isZero();
              assertThat(r.outputPerMtok()).as(r.id()).isZero();
            });
  }

  @Test
  void everyRouteStatesPricesOrIsPricedAndHasAContextWindow() {
    assertThat(catalog.routes())
        .allSatisfy(
            r -> {
              assertThat(r.contextWindow()).as(r.id()).isNotNull();
              if (r.tier() == Tier.PRICED && r.inputPerMtok() != null) {
                assertThat(r.blendedPricePerMtok()).as(r.id()).isPositive();
              }
            });
    assertThat(catalog.route("openrouter/openrouter/auto").orElseThrow().tier())
        .isEqualTo(Tier.PRICED);
  }

  @Test
  void pricesAndLimitsMatchTheSnapshotsTheyWereTakenFrom() {
    Catalog md = CatalogLoader.load(List.of(TestData.sharedData("models-dev-api.json")));
    Catalog or = CatalogLoader.load(List.of(TestData.sharedData("openrouter-models.json")));
    for (Route r : catalog.routes()) {
      Route src = (r.provider().equals("openrouter") ? or : md).route(r.id()).orElse(null);
      assertThat(src).as("%s is in its snapshot", r.id()).isNotNull();
      assertThat(Objects.requireNonNull(src).tier()).as(r.id()).isEqualTo(r.tier());
      if (src.inputPerMtok() != null) {
        assertThat(r.inputPerMtok()).as(r.id()).isEqualByComparingTo(src.inputPerMtok());
        assertThat(r.outputPerMtok()).as(r.id()).isEqualByComparingTo(src.outputPerMtok());
      }
      assertThat(r.contextWindow()).as(r.id()).isEqualTo(src.contextWindow());
      assertThat(r.capabilities()).as(r.id()).isEqualTo(src.capabilities());
    }
  }

  /** A PDF given inline, as the chat front hands it to the engine. */
  private static final ContentPart INLINE_PDF =
      new ContentPart.File(
          "{\"type\":\"file\",\"file\":{\"filename\":\"a.pdf\","
              + "\"file_data\":\"data:application/pdf;base64,JVBERi0=\"}}",
          new PdfPart.Inline("a.pdf", "JVBERi0="));

  private Plan planAuto(ContentPart filePart) {
    ChatRequest pdf =
        ChatRequest.builder(RoutePlanner.AUTO)
            .user(ContentPart.text("Summarise it."), filePart)
            .build();
    return RoutePlanner.create(catalog, Clock.systemUTC())
        .plan(PlanRequest.from(pdf, Strategy.COST, false));
  }

  /**
   * A PDF {@code file} part is planned only to routes that read one: every OpenAI route with vision
   * (OpenAI documents PDFs for all of them; Models.dev names {@code pdf} for a few), Anthropic's
   * (Models.dev names {@code pdf} for every Claude model; the part goes as a {@code document}
   * block) and the OpenRouter routes whose model reads files itself; never Mistral's or Groq's,
   * whose chat APIs take no such part, nor a route with no file input.
   */
  @Test
  void aPdfPartIsPlannedOnlyToRoutesThatReadOne() {
    assertThat(route("openai/gpt-5-mini").inputModalities()).doesNotContain("pdf");
    assertThat(route("openai/gpt-5-mini").capabilities()).contains(Capability.PDF);
    assertThat(route("openai/gpt-5.4").capabilities()).contains(Capability.PDF);
    assertThat(route("openrouter/google/gemini-3-flash-preview").capabilities())
        .contains(Capability.PDF);
    assertThat(catalog.routes())
        .filteredOn(r -> r.provider().equals("mistral") || r.provider().equals("groq"))
        .isNotEmpty()
        .noneMatch(r -> r.capabilities().contains(Capability.PDF));

    Plan p = planAuto(INLINE_PDF);

    assertThat(p.candidates())
        .extracting(c -> c.route().provider())
        .contains("openai", "openrouter", "anthropic")
        .doesNotContain("mistral", "groq");
    assertThat(p.excluded())
        .filteredOn(x -> x.route().startsWith("mistral/") || x.route().startsWith("groq/"))
        .isNotEmpty()
        .allSatisfy(
            x -> {
              assertThat(x.reason()).isEqualTo(ExclusionReason.MISSING_CAPABILITY);
              assertThat(x.detail()).as(x.route()).isEqualTo("lacks pdf");
            });
  }

  /**
   * An {@code input_audio} part is planned only to the routes whose model reads audio — on the
   * default catalog OpenRouter's Gemini routes among them — every other route, OpenAI's,
   * Anthropic's and Mistral's included, left out as {@code lacks audio}.
   */
  @Test
  void anAudioPartIsPlannedOnlyToRoutesThatReadAudio() {
    assertThat(route("openrouter/google/gemini-3-flash-preview").capabilities())
        .contains(Capability.AUDIO, Capability.VIDEO);
    assertThat(route("openrouter/qwen/qwen3.6-plus").capabilities())
        .contains(Capability.VIDEO)
        .doesNotContain(Capability.AUDIO);
    assertThat(route("openai/gpt-5-mini").capabilities())
        .doesNotContain(Capability.AUDIO, Capability.VIDEO);

    Plan p =
        planAuto(
            new ContentPart.Raw(
                "input_audio",
                "{\"type\":\"input_audio\",\"input_audio\":{\"data\":\"UklGRg==\","
                    + "\"format\":\"wav\"}}"));

    assertThat(p.candidates())
        .extracting(c -> c.route().id())
        .contains("openrouter/google/gemini-3-flash-preview");
    assertThat(p.candidates())
        .allSatisfy(c -> assertThat(c.route().inputModalities()).contains("audio"));
    assertThat(p.excluded())
        .filteredOn(
            x ->
                x.route().startsWith("openai/")
                    || x.route().startsWith("anthropic/")
                    || x.route().startsWith("mistral/"))
        .isNotEmpty()
        .allSatisfy(
            x -> {
              assertThat(x.reason()).isEqualTo(ExclusionReason.MISSING_CAPABILITY);
              assertThat(x.detail()).as(x.route()).isEqualTo("lacks audio");
            });
  }

  /**
   * Every Anthropic route of the default catalog reads PDFs (its Models.dev input names {@code
   * pdf}) and is planned for an inline PDF; a {@code file} part holding only an uploaded file's
   * {@code file_id}, which Anthropic cannot read, keeps each of them out naming the field, and goes
   * to the routes of the protocol it came from.
   */
  @Test
  void anthropicRoutesArePlannedForAnInlinePdfAndNotForAnUploadedFilesId() {
    List<String> anthropic =
        catalog.routes().stream()
            .filter(r -> r.provider().equals("anthropic"))
            .map(Route::id)
            .toList();
    assertThat(anthropic).isNotEmpty();
    assertThat(catalog.provider("anthropic").orElseThrow().protocol())
        .isEqualTo(Protocol.ANTHROPIC_MESSAGES);
    assertThat(anthropic)
        .allSatisfy(
            id -> {
              assertThat(route(id).inputModalities()).contains("pdf");
              assertThat(route(id).capabilities()).contains(Capability.PDF);
            });

    assertThat(planAuto(INLINE_PDF).candidates())
        .extracting(c -> c.route().id())
        .containsAll(anthropic);

    Plan byId =
        planAuto(
            new ContentPart.File(
                "{\"type\":\"file\",\"file\":{\"file_id\":\"file-abc\"}}",
                new PdfPart.Unusable(
                    "file.file_id", "an uploaded file's id, readable only where it was stored")));
    assertThat(byId.candidates())
        .extracting(c -> c.route().provider())
        .contains("openai")
        .doesNotContain("anthropic", "mistral", "groq");
    assertThat(byId.excluded())
        .filteredOn(x -> anthropic.contains(x.route()))
        .hasSize(anthropic.size())
        .allSatisfy(
            x -> {
              assertThat(x.reason()).isEqualTo(ExclusionReason.MISSING_CAPABILITY);
              assertThat(x.detail())
                  .isEqualTo(
                      "messages[0].content[1].file.file_id: an uploaded file's id, readable only"
                          + " where it was stored (anthropic-messages takes a file part only as a"
                          + " PDF in file.file_data, a data:application/pdf;base64 URL)");
            });
  }

  private Route route(String id) {
    return catalog.route(id).orElseThrow();
  }

  @Test
  void isParsedOnceAndShared() {
    assertThat(CatalogLoader.loadDefault()).isSameAs(catalog);
    assertThat(catalog.sources())
        .containsExactly("default-catalog.yaml (config, checked 2026-11-29)");
  }
}
