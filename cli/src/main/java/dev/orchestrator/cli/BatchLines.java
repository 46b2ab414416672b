package dev.orchestrator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.plan.CloseMatches;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code --batch PATH|-} loop of {@code classify} and {@code classify-tool}: JSON Lines in, one
 * JSON object per non-blank line out, in order, each with its input {@code line} number first and
 * written before the next line is read. A bad line (not JSON, not an object, an unknown field, a
 * value out of range) yields {@code {"line": N, "error": {"type": "invalid_input", "message": …}}}
 * and the batch goes on; only an unreadable input stops it (exit 3). Not thread-safe (one per
 * invocation).
 */
final class BatchLines {
  private BatchLines() {}

  /** A line that cannot be classified; its message names the field and the expectation. */
  static final class BadLine extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadLine(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Reads {@code batch} ({@code -} for stdin) and writes one output object per line: {@code line},
   * then the fields {@code classify} gives.
   *
   * @param classify turns a line's parsed JSON object into the output fields; throws {@link
   *     BadLine} (or {@link IllegalArgumentException}) for a bad line
   */
  static void run(String batch, PrintWriter out, Function<JsonNode, Map<String, Object>> classify) {
    boolean stdin = "-".equals(batch);
    String name = stdin ? "stdin" : batch;
    try (BufferedReader in = open(batch, stdin)) {
      int number = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("line", number);
        try {
          result.putAll(classify.apply(object(line)));
        } catch (BadLine | IllegalArgumentException e) {
          Map<String, Object> error = new LinkedHashMap<>();
          error.put("type", CliException.INVALID_INPUT);
          error.put("message", e.getMessage());
          result.put("error", error);
        }
        out.println(Json.write(result));
        out.flush();
      }
    } catch (IOException e) {
      throw CliException.input(name, 0, "cannot read batch file " + name + ": " + problem(e));
    }
  }

  private static BufferedReader open(String batch, boolean stdin) throws IOException {
    if (stdin) {
      return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    }
    return Files.newBufferedReader(Path.of(batch), StandardCharsets.UTF_8);
  }

  private static String problem(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  // The position only: the parser's own message quotes the input, which may hold secrets.
  private static JsonNode object(String line) {
    JsonNode node;
    try {
      node = Json.MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw new BadLine(
          "invalid JSON at column "
              + e.getLocation().getColumnNr()
              + " (expected: one JSON object per line)");
    }
    if (node == null || !node.isObject()) {
      throw new BadLine(
          "expected a JSON object, got "
              + (node == null
                  ? "nothing"
                  : node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
    }
    return node;
  }

  /** Rejects a field outside {@code known}, naming the closest known one. */
  static void onlyFields(JsonNode node, List<String> known) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!known.contains(f)) {
        List<String> close = CloseMatches.find(f, known, 1);
        throw new BadLine(
            "unknown field '"
                + f
                + "'"
                + (close.isEmpty() ? "" : " (did you mean: " + close.get(0) + "?)")
                + " (expected: "
                + String.join(", ", known)
                + ")");
      }
    }
  }
}
