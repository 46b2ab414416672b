package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.failure.FailureCategory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How far the vocabulary reaches into apps' own sentences: {@code errors/harvested-strings.jsonl}
 * holds the error strings open-source chat apps, relays and coding agents show their users (from
 * their locale files and sources, each with its file), in up to 99 languages. Each is read as a
 * status-less message; the share read as its labelled meaning is printed and held to a regression
 * floor. Unlike the meaning table, it is a measure, not a specification: many of its languages are
 * not covered, and its labels are its harvester's.
 */
class HarvestedStringsTest {
  /** The share read right when the floor was set (72 %), rounded down. */
  static final double FLOOR = 0.70;

  @Test
  void readsAtLeastTheFloorOfTheHarvestedStrings() {
    List<JsonNode> rows = rows();
    int right = 0;
    for (JsonNode row : rows) {
      FailureCategory expected = FailureCategory.fromWireName(row.get("meaning").asText());
      Classification c =
          FailureClassifier.INSTANCE.explainStrict(
              new FailureEvidence(
                  null, Map.of(), null, null, row.get("phrase").asText(), false, false, null));
      if (c.failure().category() == expected) {
        right++;
      }
    }
    System.out.printf(
        "harvested strings read right: %d/%d (%.1f %%)%n",
        right, rows.size(), 100.0 * right / rows.size());
    assertThat(rows).hasSizeGreaterThanOrEqualTo(1000);
    assertThat((double) right / rows.size()).isGreaterThanOrEqualTo(FLOOR);
  }

  private static List<JsonNode> rows() {
    return ErrorExamples.jsonLines(
        "/errors/harvested-strings.jsonl", "meaning", "lang", "phrase", "source");
  }
}
