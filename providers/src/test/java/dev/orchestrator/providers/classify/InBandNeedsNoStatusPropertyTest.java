package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The evidence order (docs/design.md §4) reads a printed status before words: the rows that read a
 * message's words alone (every {@code in_band.*} row, the plain-words last-resort rows among them)
 * decide only a failure with no status of its own. Whatever the words of any written table say, an
 * HTTP error status is decided by a row that reads it.
 */
class InBandNeedsNoStatusPropertyTest {

  private static final List<String> PHRASES = phrases();

  private static List<String> phrases() {
    List<String> all = new ArrayList<>();
    for (String table :
        List.of(
            "/errors/app-message-phrases.jsonl",
            "/errors/meaning-phrases.jsonl",
            "/errors/sdk-and-provider-phrases.jsonl")) {
      for (JsonNode row : ErrorExamples.jsonLines(table, "meaning", "lang", "phrase")) {
        all.add(row.get("phrase").asText());
      }
    }
    return List.copyOf(all);
  }

  @Provide
  Arbitrary<String> phrase() {
    return Arbitraries.of(PHRASES);
  }

  @Provide
  Arbitrary<Integer> errorStatus() {
    return Arbitraries.integers().between(400, 599);
  }

  @Property(tries = 2000)
  void aPrintedErrorStatusIsNeverDecidedByWordsAlone(
      @ForAll("phrase") String phrase, @ForAll("errorStatus") int status) {
    Classification c =
        FailureClassifier.INSTANCE.explainStrict(FailureEvidence.http(status, Map.of(), phrase));
    assertThat(c.rule()).as("%d %s", status, phrase).doesNotStartWith("in_band.");
  }
}
