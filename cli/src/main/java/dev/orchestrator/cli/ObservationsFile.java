package dev.orchestrator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.observe.RouteFigures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The observations file of {@code route --observations} and {@code simulate} (docs/reference.md
 * §3): {@code {"routes": {ROUTE_ID: {"samples", "ttftMs", "tokensPerSecond", "successRate",
 * "failures": {CATEGORY: SHARE}, "toolCallValidity", "costRatio", "sinceLastMs"}}}} — the figures
 * {@code route --json} prints under {@code observed}, so a run's figures can be saved and replayed.
 * Stateless.
 */
final class ObservationsFile {
  private ObservationsFile() {}

  private static final Set<String> FIELDS =
      Set.of(
          "samples",
          "ttftMs",
          "tokensPerSecond",
          "successRate",
          "failures",
          "toolCallValidity",
          "costRatio",
          "sinceLastMs");

  /**
   * Reads {@code path}; a problem is an input error (exit 3) naming the file, and the line and the
   * field ({@code routes.a/m.successRate}) when it is one field's.
   */
  static Map<String, RouteFigures> load(Path path) {
    String text;
    JsonNode node;
    try {
      text = Files.readString(path);
    } catch (NoSuchFileException e) {
      throw CliException.input(
          path.toString(), 0, null, path + ": cannot read observations: no such file");
    } catch (IOException e) {
      throw CliException.input(
          path.toString(), 0, null, path + ": cannot read observations: " + e.getMessage());
    }
    try {
      node = Json.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw CliException.input(
          path.toString(),
          line,
          null,
          path + (line > 0 ? ":" + line : "") + ": invalid JSON: " + e.getOriginalMessage());
    }
    try {
      return read(node, "");
    } catch (Invalid e) {
      int line = e.field().isEmpty() ? 0 : Json.lineOf(text, e.field());
      throw CliException.input(
          path.toString(),
          line,
          e.field().isEmpty() ? null : e.field(),
          path + (line > 0 ? ":" + line : "") + ": " + e.getMessage());
    }
  }

  /**
   * A problem in an observations document, at {@link #field()}: the message starts with that path
   * ({@code routes.a/m.successRate: 2.0 (expected: 0..1)}). Immutable.
   */
  static final class Invalid extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String field;

    Invalid(String field, String problem) {
      super((field.isEmpty() ? "observations" : field) + ": " + problem);
      this.field = field;
    }

    /** The path of the field in the document ({@code ""}: the document as a whole). */
    String field() {
      return field;
    }
  }

  /**
   * The figures of an observations document found at {@code where} ({@code ""}: the document is the
   * file; {@code "observations"}: a scenario's member).
   *
   * @throws Invalid naming the field by its path ({@code where.routes.a/m.successRate: …})
   */
  static Map<String, RouteFigures> read(JsonNode node, String where) {
    String routes = path(where, "routes");
    if (node == null || !node.isObject() || !node.path("routes").isObject()) {
      throw new Invalid(where, "expected {\"routes\": {ROUTE_ID: {…}}}");
    }
    Map<String, RouteFigures> out = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : node.get("routes").properties()) {
      String at = routes + "." + e.getKey();
      JsonNode r = e.getValue();
      if (!r.isObject()) {
        throw new Invalid(at, "expected an object");
      }
      for (Map.Entry<String, JsonNode> f : r.properties()) {
        if (!FIELDS.contains(f.getKey())) {
          throw new Invalid(
              at + "." + f.getKey(),
              "unknown field (expected: "
                  + String.join(", ", FIELDS.stream().sorted().toList())
                  + ")");
        }
      }
      Map<FailureCategory, Double> failures = new EnumMap<>(FailureCategory.class);
      if (r.has("failures")) {
        JsonNode fs = r.get("failures");
        if (!fs.isObject()) {
          throw new Invalid(
              at + ".failures", fs + " (expected: an object of failure category to share)");
        }
        for (Map.Entry<String, JsonNode> f : fs.properties()) {
          String fat = at + ".failures." + f.getKey();
          FailureCategory c;
          try {
            c = FailureCategory.fromWireName(f.getKey());
          } catch (IllegalArgumentException x) {
            throw new Invalid(
                fat,
                "'"
                    + f.getKey()
                    + "' is not a failure category (expected one of: "
                    + FailureCategory.wireNames()
                    + ")");
          }
          failures.put(c, number(f.getValue(), fat));
        }
      }
      RouteFigures figures;
      try {
        figures =
            new RouteFigures(
                optional(r, "samples", at, 1.0),
                optional(r, "ttftMs", at, null),
                optional(r, "tokensPerSecond", at, null),
                optional(r, "successRate", at, 1.0),
                failures,
                optional(r, "toolCallValidity", at, 1.0),
                optional(r, "costRatio", at, null),
                r.has("sinceLastMs")
                    ? (long) number(r.get("sinceLastMs"), at + ".sinceLastMs")
                    : 0);
      } catch (Invalid x) {
        throw x;
      } catch (IllegalArgumentException x) {
        // RouteFigures says "successRate: 2.0 (expected: 0..1)": the field is its leading name
        String m = x.getMessage();
        int colon = m.indexOf(": ");
        throw colon > 0
            ? new Invalid(at + "." + m.substring(0, colon), m.substring(colon + 2))
            : new Invalid(at, m);
      }
      out.put(e.getKey(), figures);
    }
    return out;
  }

  private static String path(String where, String member) {
    return where.isEmpty() ? member : where + "." + member;
  }

  private static Double optional(JsonNode r, String field, String at, Double absent) {
    return r.has(field) ? Double.valueOf(number(r.get(field), at + "." + field)) : absent;
  }

  private static double number(JsonNode n, String at) {
    if (!n.isNumber()) {
      throw new Invalid(at, n + " (expected: a number)");
    }
    return n.asDouble();
  }

  /** One route's figures as the file and {@code route --json} write them. */
  static Map<String, Object> toJson(RouteFigures f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("samples", round(f.samples()));
    m.put("ttftMs", f.ttftMs() == null ? null : round(f.ttftMs()));
    m.put("tokensPerSecond", f.tokensPerSecond() == null ? null : round(f.tokensPerSecond()));
    m.put("successRate", round(f.successRate()));
    Map<String, Object> failures = new LinkedHashMap<>();
    f.failures().forEach((k, v) -> failures.put(k.wireName(), round(v)));
    m.put("failures", failures);
    m.put("toolCallValidity", round(f.toolCallValidity()));
    m.put("costRatio", f.costRatio() == null ? null : round(f.costRatio()));
    m.put("sinceLastMs", f.sinceLastMs());
    return m;
  }

  /** Three decimals: figures are estimates, and the output must be the same byte for byte. */
  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
