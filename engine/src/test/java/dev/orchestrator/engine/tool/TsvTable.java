package dev.orchestrator.engine.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The tool-failure tables' shape: tab-separated lines, {@code #} comments and blank lines skipped.
 */
final class TsvTable {
  private TsvTable() {}

  /** The fields of each data line of the class-path {@code resource}. */
  static List<String[]> read(String resource) {
    try (InputStream in = TsvTable.class.getResourceAsStream(resource)) {
      List<String[]> rows = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          rows.add(line.split("\t", -1));
        }
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
