package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Models.dev states an input limit below the context window for ~1,000 models ({@code limit:
 * {context: 400000, input: 272000, output: 128000}} for the GPT-5 family): a prompt larger than the
 * input limit is refused upstream however large the window.
 */
class InputLimitTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC);

  // As in the Models.dev snapshot (openai.models["gpt-5"]), trimmed.
  private static final String MODELS_DEV =
      """
      {"openai": {"id": "openai", "name": "OpenAI", "env": ["OPENAI_API_KEY"],
        "npm": "@ai-sdk/openai",
        "models": {"gpt-5": {"id": "gpt-5", "name": "GPT-5", "tool_call": true,
          "modalities": {"input": ["text", "image"], "output": ["text"]},
          "cost": {"input": 1.25, "output": 10, "cache_read": 0.125},
          "limit": {"context": 400000, "input": 272000, "output": 128000}}}}}
      """;

  private final Catalog catalog = CatalogLoader.parse("api.json", MODELS_DEV);

  private Plan plan(int promptTokens, int maxOutputTokens) {
    return RoutePlanner.create(catalog, CLOCK)
        .plan(
            PlanRequest.builder("openai/gpt-5")
                .promptTokens(promptTokens)
                .maxOutputTokens(maxOutputTokens)
                .build());
  }

  @Test
  void aPromptOverTheInputLimitIsExcludedThoughTheWindowFitsIt() {
    assertThat(catalog.route("openai/gpt-5").orElseThrow().maxInputTokens()).isEqualTo(272000);

    Plan over = plan(300_000, 0);
    assertThat(over.candidates()).isEmpty();
    assertThat(over.excluded())
        .containsExactly(
            new Exclusion(
                "openai/gpt-5",
                ExclusionReason.CONTEXT_TOO_SMALL,
                "300000 prompt tokens, input limit 272000"));

    // Within both limits, the one thing left is the base URL Models.dev gives no OpenAI entry:
    // the request's own limits are checked first, so the over-limit plan above says the limit.
    Plan fits = plan(272_000, 128_000);
    assertThat(fits.excluded())
        .containsExactly(
            new Exclusion(
                "openai/gpt-5",
                ExclusionReason.NO_CREDENTIALS,
                "no base URL: set providers.openai.baseUrl"));
  }

  @Test
  void anOwnConfigStatesAndOverridesTheInputLimitFieldByField() {
    Catalog merged =
        CatalogLoader.parseAll(
            java.util.List.of(
                new CatalogLoader.Text("api.json", MODELS_DEV),
                new CatalogLoader.Text(
                    "mine.yaml", "routes:\n  openai/gpt-5:\n    maxInputTokens: 100000\n")),
            false);
    assertThat(merged.route("openai/gpt-5").orElseThrow().maxInputTokens()).isEqualTo(100000);
    assertThat(merged.route("openai/gpt-5").orElseThrow().contextWindow()).isEqualTo(400000);
  }
}
