package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Each major provider family's own error vocabulary, as real bodies from public issue trackers and
 * provider docs: one table per family in {@code errors/vocabulary/<family>.jsonl}, each row
 * (status, headers, body or SDK message → category, retryable, reachedModel, rule id) citing where
 * it was seen. A body rebuilt from a documented schema says so in its source.
 */
class ProviderVocabularyTest {

  static final List<String> FAMILIES =
      List.of(
          "bedrock",
          "google",
          "azure",
          "openrouter",
          "litellm",
          "hosted",
          "chinese",
          "local",
          "blocked");

  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("bedrock")
  void readsBedrockExceptionNamesAlsoInsideStreams(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("google")
  void readsGoogleRpcStatusesAndDoubleEncodedGeminiErrors(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("azure")
  void readsAzureContentFilterResults(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("openrouter")
  void readsTheProviderErrorOpenRouterWraps(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("litellm")
  void unwrapsTheUpstreamErrorInsideLiteLlmMessages(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("hosted")
  void readsMistralCohereGroqTogetherFireworksAndXaiErrors(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("chinese")
  void readsDashScopeZhipuAndMoonshotCodesInBothLanguages(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("local")
  void readsLocalServersErrors(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @VocabularyRows("blocked")
  void readsABlockReasonInA2xxAsContentFilteredNotEmpty(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @Test
  void everyRowCitesItsSourceAndPinsTheWholeVerdict() {
    List<JsonNode> all = all();
    assertThat(all.size()).as("vocabulary rows").isGreaterThanOrEqualTo(80);
    for (JsonNode row : all) {
      String id = row.path("id").asText();
      assertThat(row.path("source").asText()).as(id).containsPattern("https?://");
      JsonNode expect = row.path("expect");
      for (String field : new String[] {"category", "retryable", "reachedModel", "rule"}) {
        assertThat(expect.has(field)).as("%s: expect.%s", id, field).isTrue();
      }
    }
    assertThat(all.stream().map(r -> r.path("id").asText()).distinct().count())
        .as("ids are unique")
        .isEqualTo(all.size());
  }

  /** Every vocabulary row, family by family in {@link #FAMILIES} order. */
  static List<JsonNode> all() {
    List<JsonNode> all = new ArrayList<>();
    for (String family : FAMILIES) {
      all.addAll(read(family));
    }
    return all;
  }

  /** The rows of one family's table. */
  static List<JsonNode> read(String family) {
    String resource = "/errors/vocabulary/" + family + ".jsonl";
    try (InputStream in = ProviderVocabularyTest.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing");
      }
      List<JsonNode> rows = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          rows.add(JSON.readTree(line));
        }
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
