package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OwnConfigReaderTest {
  private final Catalog catalog =
      CatalogLoader.parse("own-config.yaml", TestData.fixture("own-config.yaml"));

  private Route route(String id) {
    return catalog.route(id).orElseThrow(() -> new AssertionError("no route " + id));
  }

  @Test
  void readsProviders() {
    Provider acme = catalog.provider("acme").orElseThrow();
    assertThat(acme.name()).isEqualTo("Acme AI");
    assertThat(acme.baseUrl()).as("trailing slash trimmed").isEqualTo("https://api.acme.test/v1");
    assertThat(acme.apiKeyEnv()).containsExactly("ACME_API_KEY", "ACME_KEY");
    assertThat(acme.headers()).isEqualTo(Map.of("HTTP-Referer", "https://example.test"));
    assertThat(catalog.provider("claude").orElseThrow().protocol())
        .isEqualTo(Protocol.ANTHROPIC_MESSAGES);
    assertThat(catalog.provider("claude").orElseThrow().apiKeyEnv())
        .containsExactly("ANTHROPIC_API_KEY");
    assertThat(catalog.provider("local").orElseThrow().apiKeyEnv()).isEmpty();
  }

  @Test
  void readsEveryRouteField() {
    Route fast = route("acme/fast-1");
    assertThat(fast.name()).isEqualTo("Acme Fast");
    assertThat(fast.inputPerMtok()).hasToString("0.5");
    assertThat(fast.outputPerMtok()).hasToString("1.5");
    assertThat(fast.tier()).isEqualTo(Tier.PRICED);
    assertThat(fast.contextWindow()).isEqualTo(128000);
    assertThat(fast.maxOutputTokens()).isEqualTo(8192);
    assertThat(fast.capabilities()).containsExactlyInAnyOrder(Capability.TOOLS, Capability.JSON);
    assertThat(fast.quality()).isEqualTo(0.7);
    assertThat(fast.releaseDate()).isEqualTo(LocalDate.of(2026, 1, 15));
    assertThat(route("claude/claude-haiku-4-5").has(Capability.PREFILL)).isTrue();
    assertThat(route("acme/old").retired()).isTrue();
    assertThat(route("acme/old").expirationDate()).isEqualTo(LocalDate.of(2026, 1, 1));
    assertThat(route("acme/embed-1").chat()).isFalse();
  }

  @Test
  void explicitTierFreeIsPositiveEvidenceEvenWithoutPrices() {
    assertThat(route("acme/gift:free").tier()).isEqualTo(Tier.FREE);
    assertThat(route("acme/gift:free").inputPerMtok()).isNull();
    assertThat(route("local/Qwen/Qwen3-8B").tier()).isEqualTo(Tier.FREE);
    assertThat(route("local/Qwen/Qwen3-8B").model()).isEqualTo("Qwen/Qwen3-8B");
  }

  @Test
  void readsPoolsAndAllowDenyLists() {
    assertThat(catalog.pool("haiku").orElseThrow().kind()).isEqualTo(PoolKind.GROUP);
    assertThat(catalog.pool("cheap").orElseThrow().kind()).isEqualTo(PoolKind.VIRTUAL);
    assertThat(catalog.pool("cheap").orElseThrow().routes())
        .containsExactly("acme/gift:free", "local/Qwen/Qwen3-8B", "acme/fast-1");
    assertThat(catalog.filter().denies("acme/old")).isTrue();
    assertThat(catalog.filter().denies("acme/fast-1")).isFalse();
    assertThat(catalog.filter().denies("other/x")).isTrue();
  }

  @Test
  void jsonYamlAndTreeFormsReadTheSame() throws Exception {
    JsonNode tree = new YAMLMapper().readTree(TestData.fixture("own-config.yaml"));
    String json = new ObjectMapper().writeValueAsString(tree);
    Catalog fromJson = CatalogLoader.parse("own-config.json", json);
    Catalog fromTree = CatalogLoader.fromJsonTree("scenario", tree);
    assertThat(fromJson.routes()).containsExactlyElementsOf(catalog.routes());
    assertThat(fromTree.routes()).containsExactlyElementsOf(catalog.routes());
    assertThat(fromTree.providers()).isEqualTo(catalog.providers());
  }

  @Test
  void extendsDefaultLaysTheConfigOnTopOfTheEmbeddedCatalog() {
    Catalog c =
        CatalogLoader.parse(
            "mine.yaml",
            "extends: default\n"
                + "routes:\n"
                + "  \"local/my-model\": {tier: free, contextWindow: 32768}\n"
                + "  \"openai/gpt-5.4-mini\": {contextWindow: 100000}\n");
    Catalog d = CatalogLoader.loadDefault();
    assertThat(c.routes()).hasSize(d.routes().size() + 1);
    assertThat(c.route("local/my-model").orElseThrow().tier()).isEqualTo(Tier.FREE);
    Route mini = c.route("openai/gpt-5.4-mini").orElseThrow();
    assertThat(mini.contextWindow()).isEqualTo(100000);
    assertThat(mini.inputPerMtok())
        .isEqualByComparingTo(d.route("openai/gpt-5.4-mini").orElseThrow().inputPerMtok());
    assertThat(c.sources())
        .containsExactly("default-catalog.yaml (config, checked 2026-11-29)", "mine.yaml (config)");
  }

  @Test
  void aRouteMaySetItsOwnFirstTokenLimit() {
    Catalog c =
        CatalogLoader.parse(
            "mine.yaml",
            "providers:\n"
                + "  local: {baseUrl: 'http://127.0.0.1:1/v1'}\n"
                + "routes:\n"
                + "  \"local/slow-thinker\": {tier: free, firstTokenTimeoutMs: 90000}\n"
                + "  \"local/quick\": {tier: free}\n");
    assertThat(c.route("local/slow-thinker").orElseThrow().firstTokenTimeout())
        .isEqualTo(java.time.Duration.ofSeconds(90));
    assertThat(c.route("local/quick").orElseThrow().firstTokenTimeout()).isNull();
  }

  /**
   * A configuration states audio and video input as the others: by capability, or by input modality
   * as the catalogs name it; a route that says neither reads only what it says.
   */
  @Test
  void aConfigStatesAudioAndVideoByCapabilityOrByInputModality() {
    Catalog c =
        CatalogLoader.parse(
            "mine.yaml",
            "providers:\n"
                + "  local: {baseUrl: 'http://127.0.0.1:1/v1'}\n"
                + "routes:\n"
                + "  \"local/omni\": {tier: free, capabilities: [tools, audio, video]}\n"
                + "  \"local/ear\": {tier: free, inputModalities: [text, audio]}\n"
                + "  \"local/plain\": {tier: free, capabilities: [tools]}\n");
    assertThat(c.route("local/omni").orElseThrow().capabilities())
        .containsExactlyInAnyOrder(Capability.TOOLS, Capability.AUDIO, Capability.VIDEO);
    assertThat(c.route("local/ear").orElseThrow().capabilities()).containsExactly(Capability.AUDIO);
    assertThat(c.route("local/plain").orElseThrow().capabilities())
        .containsExactly(Capability.TOOLS);
  }

  @Test
  void aNonPositiveFirstTokenLimitIsRefusedNamingTheField() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                CatalogLoader.parse(
                    "mine.yaml",
                    "providers:\n"
                        + "  local: {baseUrl: 'http://127.0.0.1:1/v1'}\n"
                        + "routes:\n"
                        + "  \"local/x\": {tier: free, firstTokenTimeoutMs: 0}\n"))
        .hasMessageContaining("firstTokenTimeoutMs");
  }

  @Test
  void anOpenAiCompatibleProviderMayDeclareWhatItAcceptsOfAHistory() {
    Catalog c =
        CatalogLoader.parse(
            "mine.yaml",
            "providers:\n"
                + "  acme:\n"
                + "    baseUrl: 'http://127.0.0.1:1/v1'\n"
                + "    history:\n"
                + "      family: mistral\n"
                + "      toolCallIds: {alphabet: alnum, minLength: 9, maxLength: 9}\n"
                + "      reasoning: required-on-tool-calls\n"
                + "      systemFirstOnly: true\n"
                + "  plain: {baseUrl: 'http://127.0.0.1:1/v1'}\n"
                + "routes:\n"
                + "  \"acme/m\": {tier: free}\n"
                + "  \"plain/m\": {tier: free}\n");
    assertThat(c.provider("acme").orElseThrow().history())
        .isEqualTo(
            new HistoryConstraints("mistral", "alnum", 9, 9, "required-on-tool-calls", true));
    assertThat(c.provider("plain").orElseThrow().history()).isNull();
  }

  @Test
  void anUnknownHistoryRuleIsRefusedNamingIt() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                CatalogLoader.parse(
                    "mine.yaml",
                    "providers:\n"
                        + "  acme: {baseUrl: 'http://127.0.0.1:1/v1', history: {reasoning: maybe}}\n"
                        + "routes:\n"
                        + "  \"acme/m\": {tier: free}\n"))
        .hasMessageContaining("reasoning: maybe")
        .hasMessageContaining("required-on-tool-calls");
  }
}
