package dev.orchestrator.serve.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ProviderPreferences;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The request's OpenRouter-style {@code provider} object (docs/reference.md §5): {@code order},
 * {@code only}, {@code ignore}, {@code allow_fallbacks}, {@code sort}, {@code max_price.prompt},
 * {@code max_price.completion} and {@code require_parameters}. A field the orchestrator cannot
 * honour ({@code zdr}, {@code quantizations}, {@code max_price.request}, …) is a {@code 400} naming
 * it, never silently ignored. Stateless and thread-safe.
 */
public final class ProviderField {
  private ProviderField() {}

  /** The fields that cannot be honoured, with why. */
  private static final Map<String, String> CANNOT =
      Map.of(
          "data_collection", "the catalog does not record providers' data policies",
          "zdr", "the catalog does not record zero-data-retention endpoints",
          "enforce_distillable_text", "the catalog does not record distillation terms",
          "quantizations", "the catalog does not record quantization levels",
          "preferred_min_throughput", "not supported; use sort: throughput",
          "preferred_max_latency", "not supported; use sort: latency");

  private static final String KNOWN =
      "order, only, ignore, allow_fallbacks, sort, max_price, require_parameters";

  /**
   * The preferences of {@code root}'s {@code provider}, {@link ProviderPreferences#NONE} when
   * absent.
   *
   * @throws ApiError {@code 400} naming the field that is malformed or cannot be honoured
   */
  public static ProviderPreferences parse(JsonNode root) {
    JsonNode p = JsonFields.object(root, "provider", "provider");
    if (p == null) {
      return ProviderPreferences.NONE;
    }
    for (Map.Entry<String, JsonNode> e : p.properties()) {
      String why = CANNOT.get(e.getKey());
      if (why != null && !e.getValue().isNull()) {
        String f = "provider." + e.getKey();
        throw ApiError.badRequest(f, f + ": cannot be honoured (" + why + ")");
      }
    }
    JsonFields.onlyKnown(withoutNulls(p), java.util.Set.of(KNOWN.split(", ")), "provider", KNOWN);
    Boolean fallbacks = JsonFields.bool(p, "allow_fallbacks", "provider.allow_fallbacks");
    Boolean require = JsonFields.bool(p, "require_parameters", "provider.require_parameters");
    BigDecimal prompt = null;
    BigDecimal completion = null;
    JsonNode max = JsonFields.object(p, "max_price", "provider.max_price");
    if (max != null) {
      for (Map.Entry<String, JsonNode> e : max.properties()) {
        String k = e.getKey();
        if ((k.equals("request") || k.equals("image")) && !e.getValue().isNull()) {
          String f = "provider.max_price." + k;
          throw ApiError.badRequest(
              f, f + ": cannot be honoured (the catalog has no per-" + k + " prices)");
        }
      }
      JsonFields.onlyKnown(
          withoutNulls(max),
          java.util.Set.of("prompt", "completion", "request", "image"),
          "provider.max_price",
          "prompt and completion, USD per million tokens");
      prompt = price(max, "prompt");
      completion = price(max, "completion");
    }
    try {
      return new ProviderPreferences(
          slugs(p, "order"),
          slugs(p, "only"),
          slugs(p, "ignore"),
          fallbacks == null || fallbacks,
          sort(JsonFields.get(p, "sort")),
          prompt,
          completion,
          Boolean.TRUE.equals(require));
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      throw ApiError.badRequest(m.substring(0, Math.max(0, m.indexOf(':'))), m);
    }
  }

  private static ProviderPreferences.Sort sort(JsonNode s) {
    if (s == null) {
      return null;
    }
    JsonNode by = s;
    if (s.isObject()) {
      JsonFields.onlyKnown(
          withoutNulls(s),
          java.util.Set.of("by"),
          "provider.sort",
          "by (partition cannot be honoured)");
      by = JsonFields.get(s, "by");
      if (by == null) {
        throw ApiError.badRequest(
            "provider.sort.by",
            "provider.sort.by: missing (expected: price, throughput or latency)");
      }
    }
    if (!by.isTextual()) {
      throw ApiError.badRequest(
          "provider.sort",
          "provider.sort: " + JsonFields.kind(by) + " (expected: price, throughput or latency)");
    }
    return ProviderPreferences.Sort.fromWireName(by.asText());
  }

  private static BigDecimal price(JsonNode max, String field) {
    JsonNode v = JsonFields.get(max, field);
    if (v == null) {
      return null;
    }
    String f = "provider.max_price." + field;
    if (v.isNumber()) {
      return v.decimalValue();
    }
    if (v.isTextual()) {
      try {
        return new BigDecimal(v.asText().trim());
      } catch (NumberFormatException e) {
        // falls through to the 400
      }
    }
    throw ApiError.badRequest(
        f, f + ": " + JsonFields.kind(v) + " (expected: USD per million tokens)");
  }

  private static List<String> slugs(JsonNode p, String field) {
    JsonNode v = JsonFields.get(p, field);
    if (v == null) {
      return List.of();
    }
    String f = "provider." + field;
    if (!v.isArray()) {
      throw ApiError.badRequest(
          f, f + ": " + JsonFields.kind(v) + " (expected: an array of provider ids)");
    }
    List<String> out = new ArrayList<>(v.size());
    for (int i = 0; i < v.size(); i++) {
      JsonNode s = v.get(i);
      if (!s.isTextual()) {
        throw ApiError.badRequest(
            f + "[" + i + "]",
            f + "[" + i + "]: " + JsonFields.kind(s) + " (expected: a provider id)");
      }
      out.add(s.asText());
    }
    return out;
  }

  private static JsonNode withoutNulls(JsonNode o) {
    com.fasterxml.jackson.databind.node.ObjectNode copy = o.deepCopy();
    copy.properties().removeIf(e -> e.getValue().isNull());
    return copy;
  }
}
