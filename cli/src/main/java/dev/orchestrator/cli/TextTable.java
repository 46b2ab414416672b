package dev.orchestrator.cli;

import java.util.List;

/**
 * Left-aligned text columns sized to their widest cell, so long route ids never push a row out of
 * line and are never cut. The first row is the header. Stateless; thread-safe.
 */
final class TextTable {
  private TextTable() {}

  /**
   * The rows, each line indented by {@code indent} and ended by a newline, without trailing blanks.
   */
  static String render(List<String[]> rows, String indent) {
    int cols = 0;
    for (String[] row : rows) {
      cols = Math.max(cols, row.length);
    }
    int[] w = new int[cols];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        w[i] = Math.max(w[i], row[i].codePointCount(0, row[i].length()));
      }
    }
    StringBuilder b = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < row.length; i++) {
        line.append(row[i]);
        if (i < row.length - 1) {
          line.append(" ".repeat(w[i] - row[i].codePointCount(0, row[i].length()) + 2));
        }
      }
      b.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
    return b.toString();
  }
}
