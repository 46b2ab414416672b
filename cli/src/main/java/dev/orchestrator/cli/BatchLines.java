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

  /** Longest string value a bad-line message quotes. */
  static final int MAX_SHOWN_CHARS = 24;

  /**
   * A wrong value as a bad-line message shows it: a number, a boolean or a short string as it is;
   * an object, an array and a longer string by their JSON type only — a log's values (a tool's
   * result content, a provider's body) may hold secrets.
   */
  static String shown(JsonNode v) {
    if (v.isObject()) {
      return "an object";
    }
    if (v.isArray()) {
      return "an array";
    }
    if (v.isTextual() && v.textValue().length() > MAX_SHOWN_CHARS) {
      return "a string of " + v.textValue().length() + " characters";
    }
    return v.toString();
  }

  /** The string {@code field}; {@code null} when absent or null; a bad line when not a string. */
  static String string(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw new BadLine(field + ": " + shown(v) + " (expected: a string)");
    }
    return v.textValue();
  }

  /** The HTTP {@code status}; {@code null} when absent or null; else an integer 100..599. */
  static Integer status(JsonNode node) {
    JsonNode v = node.get("status");
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isInt() || v.intValue() < 100 || v.intValue() > 599) {
      throw new BadLine("status: " + shown(v) + " (expected: an integer 100..599)");
    }
    return v.intValue();
  }

  /** The boolean {@code field}; {@code false} when absent or null; else {@code true} or false. */
  static boolean bool(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return false;
    }
    if (!v.isBoolean()) {
      throw new BadLine(field + ": " + shown(v) + " (expected: true or false)");
    }
    return v.booleanValue();
  }
}
