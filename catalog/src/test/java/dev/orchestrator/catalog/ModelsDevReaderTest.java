package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class ModelsDevReaderTest {
  private final Catalog catalog =
      CatalogLoader.parse("models-dev-small.json", TestData.fixture("models-dev-small.json"));

  private Route route(String id) {
    return catalog.route(id).orElseThrow(() -> new AssertionError("no route " + id));
  }

  @Test
  void readsProvidersWithBaseUrlKeysAndProtocol() {
    assertThat(catalog.provider("nvidia").orElseThrow().baseUrl())
        .isEqualTo("https://integrate.api.nvidia.com/v1");
    assertThat(catalog.provider("nvidia").orElseThrow().apiKeyEnv())
        .containsExactly("NVIDIA_API_KEY");
    assertThat(catalog.provider("nvidia").orElseThrow().protocol()).isEqualTo(Protocol.OPENAI_CHAT);
    assertThat(catalog.provider("anthropic").orElseThrow().protocol())
        .isEqualTo(Protocol.ANTHROPIC_MESSAGES);
    assertThat(catalog.provider("anthropic").orElseThrow().baseUrl()).isNull();
    assertThat(catalog.sources()).containsExactly("models-dev-small.json (models.dev)");
  }

  @Test
  void readsPricesLimitsAndCapabilities() {
    Route haiku = route("anthropic/claude-haiku-4-5");
    assertThat(haiku.inputPerMtok()).isEqualByComparingTo("1");
    assertThat(haiku.outputPerMtok()).isEqualByComparingTo("5");
    assertThat(haiku.tier()).isEqualTo(Tier.PRICED);
    assertThat(haiku.contextWindow()).isEqualTo(200000);
    assertThat(haiku.maxOutputTokens()).isEqualTo(64000);
    // pdf among the input modalities: it reads a PDF file part
    assertThat(haiku.capabilities())
        .containsExactlyInAnyOrder(
            Capability.TOOLS, Capability.VISION, Capability.REASONING, Capability.PDF);
    assertThat(haiku.inputModalities()).containsExactly("image", "pdf", "text");
    assertThat(haiku.releaseDate()).isEqualTo(LocalDate.of(2025, 10, 15));
    assertThat(haiku.chat()).isTrue();
    assertThat(route("nvidia/openai/gpt-oss-120b").capabilities())
        .containsExactlyInAnyOrder(Capability.TOOLS, Capability.JSON, Capability.REASONING);
  }

  @Test
  void visionComesFromImageInputNotFromAttachmentsOfATextOnlyModel() {
    // As in the snapshot: 154 models say attachment: true with text-only input modalities
    // (deepseek-chat among them); attachments are files, and a text-only model cannot see.
    Catalog c =
        CatalogLoader.parse(
            "api.json",
            """
            {"deepseek": {"id": "deepseek", "name": "DeepSeek", "env": ["DEEPSEEK_API_KEY"],
              "npm": "@ai-sdk/openai-compatible", "api": "https://api.deepseek.com",
              "models": {
                "deepseek-chat": {"id": "deepseek-chat", "attachment": true, "tool_call": true,
                  "modalities": {"input": ["text"], "output": ["text"]}},
                "deepseek-vl": {"id": "deepseek-vl", "attachment": false,
                  "modalities": {"input": ["text", "image"], "output": ["text"]}},
                "older": {"id": "older", "attachment": true}}}}
            """);
    assertThat(c.route("deepseek/deepseek-chat").orElseThrow().capabilities())
        .containsExactly(Capability.TOOLS);
    assertThat(c.route("deepseek/deepseek-vl").orElseThrow().has(Capability.VISION)).isTrue();
    // without modalities, attachment is the only evidence there is
    assertThat(c.route("deepseek/older").orElseThrow().has(Capability.VISION)).isTrue();
  }

  @Test
  void zeroPricesAreFreeAndNonZeroPricesArePriced() {
    assertThat(route("nvidia/openai/gpt-oss-120b").tier()).isEqualTo(Tier.FREE);
    assertThat(route("nvidia/openai/gpt-oss-120b").inputPerMtok()).isEqualTo(BigDecimal.ZERO);
    assertThat(route("nvidia/deepseek-ai/deepseek-v4-flash").tier()).isEqualTo(Tier.PRICED);
    assertThat(route("nvidia/deepseek-ai/deepseek-v4-flash").inputPerMtok()).hasToString("0.14");
  }

  @Test
  void missingCostIsPriced() {
    Route r = route("nvidia/meta/llama-3.2-11b-vision-instruct");
    assertThat(r.inputPerMtok()).isNull();
    assertThat(r.tier()).isEqualTo(Tier.PRICED);
    assertThat(r.has(Capability.VISION)).as("image input modality means vision").isTrue();
  }

  @Test
  void embeddingsRerankersImageAndSpeechModelsAreNotChat() {
    assertThat(route("nvidia/nvidia/nv-embed-v1").chat()).isFalse();
    assertThat(route("nvidia/nvidia/rerank-qa-mistral-4b").chat()).isFalse();
    assertThat(route("nvidia/black-forest-labs/flux_1-schnell").chat()).isFalse();
    assertThat(route("nvidia/openai/whisper-large-v3").chat()).isFalse();
    assertThat(route("nvidia/openai/gpt-oss-120b").chat()).isTrue();
  }

  @Test
  void audioAmongTheInputModalitiesIsTheAudioCapability() {
    assertThat(route("nvidia/openai/whisper-large-v3").capabilities())
        .containsExactly(Capability.AUDIO);
    assertThat(route("nvidia/openai/gpt-oss-120b").capabilities())
        .doesNotContain(Capability.AUDIO, Capability.VIDEO);
  }

  @Test
  void zeroLimitsMeanUnknown() {
    assertThat(route("nvidia/openai/whisper-large-v3").contextWindow()).isNull();
    assertThat(route("nvidia/black-forest-labs/flux_1-schnell").maxOutputTokens()).isNull();
  }

  @Test
  void deprecatedStatusIsRetiredAndPartialReleaseDatesRead() {
    Route old = route("anthropic/claude-3-haiku-20240307");
    assertThat(old.retired()).isTrue();
    assertThat(old.releaseDate()).isEqualTo(LocalDate.of(2024, 3, 1));
    assertThat(route("anthropic/claude-haiku-4-5").retired()).isFalse();
  }
}
