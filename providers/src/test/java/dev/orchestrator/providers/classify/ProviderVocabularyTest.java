package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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

  /** The provider families, one table each, in the order {@link #all()} reads them. */
  enum Family {
    /** Bedrock exception names, also inside streams. */
    BEDROCK,
    /** Google RPC statuses and double-encoded Gemini errors. */
    GOOGLE,
    /** Azure content filter results. */
    AZURE,
    /** The provider error OpenRouter wraps. */
    OPENROUTER,
    /** The upstream error inside LiteLLM messages. */
    LITELLM,
    /** Mistral, Cohere, Groq, Together, Fireworks and xAI errors. */
    HOSTED,
    /** DashScope, Zhipu and Moonshot codes in both languages. */
    CHINESE,
    /** Local servers' errors. */
    LOCAL,
    /** A block reason in a 2xx, read as content filtered rather than empty. */
    BLOCKED;

    /** The family's table, {@code errors/vocabulary/<family>.jsonl}. */
    String resource() {
      return "/errors/vocabulary/" + name().toLowerCase(Locale.ROOT) + ".jsonl";
    }
  }

  static Stream<Arguments> rows() {
    return Arrays.stream(Family.values())
        .flatMap(f -> read(f).stream().map(r -> Arguments.of(f, r.path("id").asText(), r)));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("rows")
  void readsEachFamilysOwnErrorVocabulary(Family family, String id, JsonNode row) {
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

  /** Every vocabulary row, family by family in {@link Family} order. */
  static List<JsonNode> all() {
    List<JsonNode> all = new ArrayList<>();
    for (Family family : Family.values()) {
      all.addAll(read(family));
    }
    return all;
  }

  /** The rows of one family's table. */
  static List<JsonNode> read(Family family) {
    return ErrorExamples.jsonLines(family.resource());
  }
}
