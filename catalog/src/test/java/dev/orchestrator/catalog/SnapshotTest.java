package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.Strategy;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The readers on the real snapshots in {@code shared/data} (skipped when absent). */
class SnapshotTest {
  private static final LocalDate CHECKED = LocalDate.of(2026, 11, 29);

  static String counts(Catalog c) {
    long chat = c.routes().stream().filter(Route::chat).count();
    long freeChat = c.routes().stream().filter(r -> r.chat() && r.tier() == Tier.FREE).count();
    return c.routes().size() + " routes, " + chat + " chat, " + freeChat + " free chat";
  }

  /** The catalog read from the shared snapshot {@code name}; prints its counts. */
  private static Catalog snapshot(String name) {
    Catalog c = CatalogLoader.load(List.of(TestData.sharedData(name)));
    System.out.println(name + ": " + counts(c));
    return c;
  }

  @Test
  void readsTheModelsDevSnapshot() {
    Catalog c = snapshot("models-dev-api.json");
    assertThat(c.providers()).hasSize(147);
    assertThat(c.routes()).hasSize(5276);
    // The data README: 432 models with a zero input and output price.
    assertThat(c.routes().stream().filter(r -> r.tier() == Tier.FREE)).hasSize(432);
    // ... and 382 with no price at all.
    assertThat(c.routes().stream().filter(r -> r.inputPerMtok() == null)).hasSize(382);
    assertThat(c.route("nvidia/openai/gpt-oss-120b").orElseThrow().tier()).isEqualTo(Tier.FREE);
    assertThat(c.route("openai/text-embedding-3-large").orElseThrow().chat()).isFalse();
    assertThat(c.route("openai/gpt-image-1").orElseThrow().chat()).isFalse();
    assertThat(c.route("anthropic/claude-3-opus-20240229").orElseThrow().retired()).isTrue();
    assertThat(c.provider("anthropic").orElseThrow().protocol().wireName())
        .isEqualTo("anthropic-messages");
    assertThat(c.provider("minimax").orElseThrow().protocol().wireName())
        .isEqualTo("anthropic-messages");
  }

  @Test
  void readsTheOpenRouterSnapshot() {
    Catalog c = snapshot("openrouter-models.json");
    assertThat(c.routes()).hasSize(364);
    assertThat(c.routes().stream().filter(r -> r.tier() == Tier.FREE)).hasSize(29);
    assertThat(c.routes().stream().filter(r -> r.retiredOn(CHECKED))).hasSize(11);
    Route auto = c.route("openrouter/openrouter/auto").orElseThrow();
    assertThat(auto.tier()).isEqualTo(Tier.PRICED);
    assertThat(auto.inputPerMtok()).isNull();
    assertThat(c.routes().stream().filter(r -> r.model().endsWith(":free")))
        .allMatch(r -> r.tier() == Tier.FREE);
    assertThat(c.route("openrouter/google/lyria-3-pro-preview").orElseThrow().chat()).isFalse();
  }

  /**
   * The cache-read, cache-write and reasoning prices of the real snapshots: every one the data
   * states (Models.dev: 2,180 {@code cache_read}, 753 {@code cache_write}, 71 {@code reasoning};
   * OpenRouter: 159 {@code input_cache_read}, 43 {@code input_cache_write}, 18 {@code
   * internal_reasoning}), none made up where it states none, and the free-tier counts unchanged.
   */
  @Test
  void readsCacheAndReasoningPricesFromTheSnapshots() {
    Catalog dev = snapshot("models-dev-api.json");
    assertThat(dev.routes().stream().filter(r -> r.cacheReadPerMtok() != null)).hasSize(2180);
    assertThat(dev.routes().stream().filter(r -> r.cacheWritePerMtok() != null)).hasSize(753);
    assertThat(dev.routes().stream().filter(r -> r.reasoningPerMtok() != null)).hasSize(71);
    assertThat(dev.routes().stream().filter(r -> r.tier() == Tier.FREE)).hasSize(432);
    Route sonnet = dev.route("anthropic/claude-sonnet-4-5").orElseThrow();
    assertThat(List.of(sonnet.inputPerMtok(), sonnet.cacheReadPerMtok()))
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(new BigDecimal("3"), new BigDecimal("0.3"));
    assertThat(sonnet.cacheWritePerMtok()).isEqualByComparingTo("3.75");
    assertThat(sonnet.reasoningPerMtok()).isNull();
    // GPT-5: cache reads at a tenth of input, no write surcharge and no reasoning price stated.
    Route gpt5 = dev.route("openai/gpt-5").orElseThrow();
    assertThat(gpt5.cacheReadPerMtok()).isEqualByComparingTo("0.125");
    assertThat(gpt5.cacheWritePerMtok()).isNull();
    assertThat(gpt5.reasoningPerMtok()).isNull();
    Route qwen = dev.route("alibaba/qwen-plus").orElseThrow();
    assertThat(qwen.outputPerMtok()).isEqualByComparingTo("1.2");
    assertThat(qwen.reasoningPerMtok()).isEqualByComparingTo("4");

    Catalog or = snapshot("openrouter-models.json");
    assertThat(or.routes().stream().filter(r -> r.cacheReadPerMtok() != null)).hasSize(159);
    assertThat(or.routes().stream().filter(r -> r.cacheWritePerMtok() != null)).hasSize(43);
    assertThat(or.routes().stream().filter(r -> r.reasoningPerMtok() != null)).hasSize(18);
    assertThat(or.routes().stream().filter(r -> r.tier() == Tier.FREE)).hasSize(29);
    Route claude = or.route("openrouter/anthropic/claude-sonnet-4.5").orElseThrow();
    assertThat(claude.cacheReadPerMtok()).isEqualByComparingTo("0.3");
    assertThat(claude.cacheWritePerMtok()).isEqualByComparingTo("3.75");
    Route deep = or.route("openrouter/perplexity/sonar-deep-research").orElseThrow();
    assertThat(deep.outputPerMtok()).isEqualByComparingTo("8");
    assertThat(deep.reasoningPerMtok()).isEqualByComparingTo("3");
    // Exactly the per-token string, moved six places: no rounding.
    assertThat(or.route("openrouter/google/gemini-2.5-flash").orElseThrow().cacheWritePerMtok())
        .isEqualByComparingTo("0.08333333333333334");
  }

  /**
   * On the real snapshots, a route reads a PDF {@code file} part where its data says so (Models.dev
   * {@code pdf}, OpenRouter {@code file}) or it is an OpenAI model with vision; no Mistral or Groq
   * model says so, and every Gemini and every Anthropic model Models.dev lists with PDF input does.
   */
  @Test
  void pdfInputFollowsTheSnapshotsAndOpenAisVision() {
    Catalog dev = snapshot("models-dev-api.json");
    assertThat(pdfRoutes(dev, "mistral")).isEmpty();
    assertThat(pdfRoutes(dev, "groq")).isEmpty();
    assertThat(pdfRoutes(dev, "google")).hasSize(15).contains("google/gemini-2.5-flash");
    assertThat(dev.routes())
        .filteredOn(r -> r.provider().equals("openai"))
        .allSatisfy(
            r ->
                assertThat(r.capabilities().contains(Capability.PDF))
                    .as(r.id())
                    .isEqualTo(r.capabilities().contains(Capability.VISION)));
    assertThat(dev.route("openai/gpt-5").orElseThrow().capabilities()).contains(Capability.PDF);
    // Models.dev names pdf for every Claude model: each is planned for a PDF (sent as a document).
    assertThat(pdfRoutes(dev, "anthropic"))
        .hasSize(24)
        .containsExactlyInAnyOrderElementsOf(
            dev.routes().stream()
                .filter(r -> r.provider().equals("anthropic"))
                .map(Route::id)
                .toList());

    Catalog or = snapshot("openrouter-models.json");
    assertThat(or.routes())
        .allSatisfy(
            r ->
                assertThat(r.capabilities().contains(Capability.PDF))
                    .as(r.id())
                    .isEqualTo(r.inputModalities().contains("file")));
    assertThat(pdfRoutes(or, "openrouter")).isNotEmpty();
  }

  private static List<String> pdfRoutes(Catalog c, String provider) {
    return routesWith(c, provider, Capability.PDF);
  }

  private static List<String> routesWith(Catalog c, String provider, Capability cap) {
    return c.routes().stream()
        .filter(r -> r.provider().equals(provider) && r.capabilities().contains(cap))
        .map(Route::id)
        .toList();
  }

  /**
   * On the real snapshots, a route reads an {@code input_audio} part exactly when its input
   * modalities name {@code audio}, and a {@code video_url} part exactly when they name {@code
   * video}: Models.dev's Gemini models do, OpenRouter's Gemini and GPT audio models do, text-only
   * models such as {@code gpt-5} and DeepSeek's do not.
   */
  @Test
  void audioAndVideoInputFollowTheSnapshotsModalities() {
    Catalog dev = snapshot("models-dev-api.json");
    Catalog or = snapshot("openrouter-models.json");
    for (Catalog c : List.of(dev, or)) {
      assertThat(c.routes())
          .allSatisfy(
              r -> {
                assertThat(r.capabilities().contains(Capability.AUDIO))
                    .as("%s audio", r.id())
                    .isEqualTo(r.inputModalities().contains("audio"));
                assertThat(r.capabilities().contains(Capability.VIDEO))
                    .as("%s video", r.id())
                    .isEqualTo(r.inputModalities().contains("video"));
              });
    }
    assertThat(dev.route("google/gemini-2.5-flash").orElseThrow().capabilities())
        .contains(Capability.AUDIO, Capability.VIDEO);
    assertThat(routesWith(dev, "google", Capability.AUDIO)).hasSize(14);
    assertThat(dev.route("openai/gpt-5").orElseThrow().capabilities())
        .contains(Capability.VISION)
        .doesNotContain(Capability.AUDIO, Capability.VIDEO);
    assertThat(dev.route("deepseek/deepseek-chat").orElseThrow().capabilities())
        .doesNotContain(Capability.AUDIO, Capability.VIDEO);
    assertThat(routesWith(dev, "anthropic", Capability.AUDIO)).isEmpty();

    assertThat(or.route("openrouter/google/gemini-2.5-flash").orElseThrow().capabilities())
        .contains(Capability.AUDIO, Capability.VIDEO);
    assertThat(or.route("openrouter/openai/gpt-audio").orElseThrow().capabilities())
        .contains(Capability.AUDIO)
        .doesNotContain(Capability.VIDEO);
    assertThat(or.route("openrouter/deepseek/deepseek-chat").orElseThrow().capabilities())
        .doesNotContain(Capability.AUDIO, Capability.VIDEO);
  }

  /**
   * MiniMax-M3 reads video (Models.dev) but its provider speaks anthropic-messages, which has no
   * video part: the route has the capability, and a video request leaves it out for the protocol,
   * naming the part.
   */
  @Test
  void aVideoReaderOfAProtocolWithNoVideoPartIsNotPlannedForOne() {
    Catalog dev = snapshot("models-dev-api.json");
    assertThat(dev.route("minimax/MiniMax-M3").orElseThrow().capabilities())
        .contains(Capability.VIDEO);
    ChatRequest video =
        ChatRequest.builder("minimax/MiniMax-M3")
            .user(
                ContentPart.text("What happens?"),
                new ContentPart.Raw(
                    "video_url",
                    "{\"type\":\"video_url\",\"video_url\":{\"url\":\"https://v.test/a.mp4\"}}"))
            .build();

    Plan p =
        RoutePlanner.create(dev, Clock.systemUTC())
            .plan(PlanRequest.from(video, Strategy.COST, false));

    assertThat(p.candidates()).isEmpty();
    assertThat(p.excluded())
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.reason()).isEqualTo(ExclusionReason.MISSING_CAPABILITY);
              assertThat(x.detail())
                  .isEqualTo(
                      "messages[0].content[1]: part type video_url has no anthropic-messages"
                          + " equivalent");
            });
  }

  @Test
  void snapshotsMergeWithEachOtherAndTheDefault() {
    Catalog c =
        CatalogLoader.load(
            List.of(
                TestData.sharedData("models-dev-api.json"),
                TestData.sharedData("openrouter-models.json")));
    assertThat(c.sources()).hasSize(2);
    assertThat(c.route("openrouter/openrouter/auto")).isPresent();
  }
}
