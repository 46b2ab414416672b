package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class OpenRouterReaderTest {
  private final Catalog catalog =
      CatalogLoader.parse("openrouter-small.json", TestData.fixture("openrouter-small.json"));

  private Route route(String model) {
    return catalog
        .route("openrouter/" + model)
        .orElseThrow(() -> new AssertionError("no route " + model));
  }

  @Test
  void everyModelBecomesARouteOfProviderOpenrouter() {
    Provider p = catalog.provider("openrouter").orElseThrow();
    assertThat(p.baseUrl()).isEqualTo("https://openrouter.ai/api/v1");
    assertThat(p.apiKeyEnv()).containsExactly("OPENROUTER_API_KEY");
    assertThat(catalog.routes()).hasSize(8).allMatch(r -> r.provider().equals("openrouter"));
    assertThat(route("openrouter/auto").id()).isEqualTo("openrouter/openrouter/auto");
  }

  @Test
  void perTokenPricesBecomeExactPricesPerMtok() {
    Route haiku = route("anthropic/claude-haiku-4.5");
    assertThat(haiku.inputPerMtok()).hasToString("1");
    assertThat(haiku.outputPerMtok()).hasToString("5");
    assertThat(route("vendor/sneaky:free").inputPerMtok()).hasToString("0.1");
  }

  @Test
  void zeroPriceStringsAreFree() {
    assertThat(route("google/gemma-4-31b-it:free").tier()).isEqualTo(Tier.FREE);
    assertThat(route("vendor/string-zeros").tier()).isEqualTo(Tier.FREE);
  }

  @Test
  void variableUnparsableAndNonZeroPricesArePricedWhateverTheSuffix() {
    Route auto = route("openrouter/auto");
    assertThat(auto.tier()).isEqualTo(Tier.PRICED);
    assertThat(auto.inputPerMtok()).isNull();
    assertThat(route("vendor/sneaky:free").tier()).isEqualTo(Tier.PRICED);
    assertThat(route("vendor/garbage-price").tier()).isEqualTo(Tier.PRICED);
    assertThat(route("vendor/garbage-price").inputPerMtok()).isNull();
  }

  @Test
  void readsLimitsCapabilitiesAndModalities() {
    Route gemma = route("google/gemma-4-31b-it:free");
    assertThat(gemma.contextWindow()).isEqualTo(262144);
    assertThat(gemma.maxOutputTokens()).isEqualTo(32768);
    assertThat(gemma.capabilities())
        .containsExactlyInAnyOrder(
            Capability.TOOLS, Capability.JSON, Capability.REASONING, Capability.VISION);
    assertThat(route("anthropic/claude-haiku-4.5").has(Capability.JSON))
        .as("structured_outputs means json")
        .isTrue();
    assertThat(route("openrouter/auto").maxOutputTokens()).isNull();
  }

  @Test
  void expirationDateIsRead() {
    Route grok = route("x-ai/grok-3");
    assertThat(grok.expirationDate()).isEqualTo(LocalDate.of(2026, 5, 15));
    assertThat(grok.retiredOn(LocalDate.of(2026, 11, 29))).isTrue();
    assertThat(grok.retiredOn(LocalDate.of(2026, 5, 1))).isFalse();
  }

  @Test
  void audioOutputIsNotChatButImageAndTextOutputIs() {
    assertThat(route("google/lyria-3-pro-preview").chat()).isFalse();
    assertThat(route("openrouter/auto").chat()).isTrue();
  }
}
