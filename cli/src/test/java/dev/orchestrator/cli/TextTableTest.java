package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

  @Test
  void columnsFitTheWidestCellAndTrailingBlanksAreDropped() {
    String t =
        TextTable.render(
            List.of(
                new String[] {"ROUTE", "TIER", "WHY"},
                new String[] {"a/m", "free", ""},
                new String[] {"openrouter/a-very-long/model:free", "priced", "window 10"}),
            "  ");

    assertThat(t.lines().toList())
        .containsExactly(
            "  ROUTE                              TIER    WHY",
            "  a/m                                free",
            "  openrouter/a-very-long/model:free  priced  window 10");
  }
}
