package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.observe.RouteFigures;
import java.io.IOException;
import java.nio.file.Files;
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

  /** Reads {@code path}; a problem is a usage error naming the file and the field. */
  static Map<String, RouteFigures> load(Path path) {
    JsonNode node;
    try {
      node = Json.MAPPER.readTree(Files.readString(path));
    } catch (IOException e) {
      throw CliException.input(
          path.toString(), 0, null, path + ": cannot read observations: " + e.getMessage());
    }
    try {
      return read(node, "observations");
    } catch (IllegalArgumentException e) {
      throw CliException.input(path.toString(), 0, null, path + ": " + e.getMessage());
    }
  }

  /**
   * The figures of an observations document.
   *
   * @throws IllegalArgumentException naming the field ({@code where.routes.a/m.successRate: …})
   */
  static Map<String, RouteFigures> read(JsonNode node, String where) {
    if (node == null || !node.isObject() || !node.path("routes").isObject()) {
      throw new IllegalArgumentException(where + ": expected {\"routes\": {ROUTE_ID: {…}}}");
    }
    Map<String, RouteFigures> out = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : node.get("routes").properties()) {
      String at = where + ".routes." + e.getKey();
      JsonNode r = e.getValue();
      if (!r.isObject()) {
        throw new IllegalArgumentException(at + ": expected an object");
      }
      for (Map.Entry<String, JsonNode> f : r.properties()) {
        if (!FIELDS.contains(f.getKey())) {
          throw new IllegalArgumentException(
              at
                  + "."
                  + f.getKey()
                  + ": unknown field (expected: "
                  + String.join(", ", FIELDS.stream().sorted().toList())
                  + ")");
        }
      }
      Map<FailureCategory, Double> failures = new EnumMap<>(FailureCategory.class);
      JsonNode fs = r.path("failures");
      if (fs.isObject()) {
        for (Map.Entry<String, JsonNode> f : fs.properties()) {
          failures.put(FailureCategory.fromWireName(f.getKey()), number(f.getValue(), at));
        }
      }
      try {
        out.put(
            e.getKey(),
            new RouteFigures(
                r.has("samples") ? number(r.get("samples"), at) : 1,
                r.has("ttftMs") ? number(r.get("ttftMs"), at) : null,
                r.has("tokensPerSecond") ? number(r.get("tokensPerSecond"), at) : null,
                r.has("successRate") ? number(r.get("successRate"), at) : 1,
                failures,
                r.has("toolCallValidity") ? number(r.get("toolCallValidity"), at) : 1,
                r.has("costRatio") ? number(r.get("costRatio"), at) : null,
                r.has("sinceLastMs") ? (long) number(r.get("sinceLastMs"), at) : 0));
      } catch (IllegalArgumentException x) {
        throw new IllegalArgumentException(at + "." + x.getMessage(), x);
      }
    }
    return out;
  }

  private static double number(JsonNode n, String at) {
    if (!n.isNumber()) {
      throw new IllegalArgumentException(at + ": " + n + " (expected: a number)");
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
