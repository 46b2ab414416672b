package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.internal.Regexes;
import dev.orchestrator.engine.tool.ToolFailureWording.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The wording rows hold no phrase that can never decide: the wording is lower-cased before it is
 * read, and the first row that matches wins, so a phrase with a capital, one that holds another
 * phrase of its row or of an earlier row, or one its row's own pattern already reads is dead.
 */
class ToolFailureWordingTest {

  /**
   * Every row's pattern has the JDK 19 meaning of {@code \b} on every JDK ({@link Regexes}, ADR
   * 0046): compiling it again through {@link Regexes#compile} changes nothing (on JDK 17, a pattern
   * compiled without it would still hold a {@code \b}).
   */
  @Test
  void everyPatternReadsWordEdgesAlikeOnEveryJdk() {
    List<Row> rows = new ArrayList<>(ToolFailureWording.ROWS);
    rows.addAll(ToolFailureWording.LAST_RESORT);
    List<String> raw = new ArrayList<>();
    int patterns = 0;
    for (Row row : rows) {
      if (row.pattern() != null) {
        patterns++;
        String source = row.pattern().pattern();
        if (!Regexes.compile(source).pattern().equals(source)) {
          raw.add(row.kind() + ": " + source.substring(0, Math.min(80, source.length())));
        }
      }
    }
    assertThat(patterns).as("patterns found").isGreaterThan(10);
    assertThat(raw).isEmpty();
  }

  @Test
  void everyPhraseCanDecide() {
    List<String> dead = new ArrayList<>();
    List<Row> rows = new ArrayList<>(ToolFailureWording.ROWS);
    rows.addAll(ToolFailureWording.LAST_RESORT);
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      for (String phrase : row.phrases()) {
        if (phrase.isBlank() || !phrase.equals(phrase.toLowerCase(Locale.ROOT))) {
          dead.add(phrase + ": blank or not lower-case");
        }
        for (String other : row.phrases()) {
          if (!other.equals(phrase) && phrase.contains(other)) {
            dead.add(phrase + ": holds '" + other + "' of the same row");
          }
        }
        if (row.pattern() != null && row.pattern().matcher(phrase).find()) {
          dead.add(phrase + ": read by its own row's pattern");
        }
        for (int j = 0; j < i; j++) {
          if (rows.get(j).found(phrase) != null) {
            dead.add(phrase + ": read first by the " + rows.get(j).kind() + " row " + j);
          }
        }
      }
    }
    assertThat(dead).isEmpty();
  }
}
