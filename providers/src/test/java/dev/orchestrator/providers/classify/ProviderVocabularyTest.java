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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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
  @MethodSource("bedrock")
  void readsBedrockExceptionNamesAlsoInsideStreams(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("google")
  void readsGoogleRpcStatusesAndDoubleEncodedGeminiErrors(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("azure")
  void readsAzureContentFilterResults(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("openrouter")
  void readsTheProviderErrorOpenRouterWraps(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("litellm")
  void unwrapsTheUpstreamErrorInsideLiteLlmMessages(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hosted")
  void readsMistralCohereGroqTogetherFireworksAndXaiErrors(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("chinese")
  void readsDashScopeZhipuAndMoonshotCodesInBothLanguages(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("local")
  void readsLocalServersErrors(String id, JsonNode row) {
    ErrorExamples.check(row);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("blocked")
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

  static Stream<Arguments> bedrock() {
    return rows("bedrock");
  }

  static Stream<Arguments> google() {
    return rows("google");
  }

  static Stream<Arguments> azure() {
    return rows("azure");
  }

  static Stream<Arguments> openrouter() {
    return rows("openrouter");
  }

  static Stream<Arguments> litellm() {
    return rows("litellm");
  }

  static Stream<Arguments> hosted() {
    return rows("hosted");
  }

  static Stream<Arguments> chinese() {
    return rows("chinese");
  }

  static Stream<Arguments> local() {
    return rows("local");
  }

  static Stream<Arguments> blocked() {
    return rows("blocked");
  }

  /** Every vocabulary row, family by family in {@link #FAMILIES} order. */
  static List<JsonNode> all() {
    List<JsonNode> all = new ArrayList<>();
    for (String family : FAMILIES) {
      all.addAll(read(family));
    }
    return all;
  }

  private static Stream<Arguments> rows(String family) {
    return read(family).stream().map(r -> Arguments.of(r.path("id").asText(), r));
  }

  private static List<JsonNode> read(String family) {
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
