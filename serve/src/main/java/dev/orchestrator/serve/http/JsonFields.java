package dev.orchestrator.serve.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Typed reads of one field of a request object, each failing as a {@code 400} that names the field
 * and the expectation ({@code top_p: 'x' (expected: a number)}). Stateless and thread-safe.
 */
public final class JsonFields {
  private JsonFields() {}

  /** The node of {@code field}, or {@code null} when absent or JSON {@code null}. */
  public static JsonNode get(JsonNode o, String field) {
    JsonNode v = o.get(field);
    return v == null || v.isNull() ? null : v;
  }

  /**
   * {@code field} as a string, or {@code null} when absent; {@code param} names it in the error.
   */
  public static String string(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v == null) {
      return null;
    }
    if (!v.isTextual()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: a string)");
    }
    return v.asText();
  }

  /**
   * {@code field} as a string that must be there; {@code param} names it in the error.
   *
   * @throws ApiError {@code 400} when absent or not a string
   */
  public static String requiredString(JsonNode o, String field, String param) {
    String v = string(o, field, param);
    if (v == null) {
      throw ApiError.badRequest(param, param + ": missing (expected: a string)");
    }
    return v;
  }

  /**
   * {@code field} as a boolean, or {@code null} when absent; {@code param} names it in the error.
   */
  public static Boolean bool(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v == null) {
      return null;
    }
    if (!v.isBoolean()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: true or false)");
    }
    return v.asBoolean();
  }

  /**
   * {@code field} as a number, or {@code null} when absent; {@code param} names it in the error.
   */
  public static Double number(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v == null) {
      return null;
    }
    if (!v.isNumber()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: a number)");
    }
    return v.asDouble();
  }

  /**
   * {@code field} as a 32-bit integer, or {@code null} when absent; {@code param} names it in the
   * error, and the range when the value is an integer outside it.
   */
  public static Integer integer(JsonNode o, String field, String param) {
    JsonNode v = integral(o, field, param);
    if (v != null && !v.canConvertToInt()) {
      throw outOfRange(param, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
    return v == null ? null : v.asInt();
  }

  /**
   * {@code field} as a 64-bit integer, or {@code null} when absent; {@code param} names it in the
   * error, and the range when the value is an integer outside it.
   */
  public static Long longInteger(JsonNode o, String field, String param) {
    JsonNode v = integral(o, field, param);
    if (v != null && !v.canConvertToLong()) {
      throw outOfRange(param, v, Long.MIN_VALUE, Long.MAX_VALUE);
    }
    return v == null ? null : v.asLong();
  }

  /** {@code field} when it is an integer of any size, or {@code null} when absent. */
  private static JsonNode integral(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v != null && !v.isIntegralNumber()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: an integer)");
    }
    return v;
  }

  private static ApiError outOfRange(String param, JsonNode v, long min, long max) {
    return ApiError.badRequest(
        param,
        param
            + ": "
            + kind(v)
            + " is out of range (expected: an integer from "
            + min
            + " to "
            + max
            + ")");
  }

  /**
   * {@code field} as an object, or {@code null} when absent; {@code param} names it in the error.
   */
  public static JsonNode object(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v != null && !v.isObject()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: an object)");
    }
    return v;
  }

  /**
   * {@code field} as an object whose values are all strings, in the request's order; empty when
   * absent. {@code param} names it in the error, and a non-string value by its key.
   */
  public static Map<String, String> stringMap(JsonNode o, String field, String param) {
    JsonNode v = object(o, field, param);
    if (v == null) {
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      if (!e.getValue().isTextual()) {
        String p = param + "." + e.getKey();
        throw ApiError.badRequest(p, p + ": " + kind(e.getValue()) + " (expected: a string)");
      }
      out.put(e.getKey(), e.getValue().asText());
    }
    return out;
  }

  /**
   * The request's {@code model}, trimmed: a virtual model, group or route id.
   *
   * @throws ApiError {@code 400} when missing or blank
   */
  public static String model(JsonNode root) {
    String model = string(root, "model", "model");
    if (model == null || model.isBlank()) {
      throw ApiError.badRequest(
          "model",
          "model: "
              + (model == null ? "missing" : "blank")
              + " (expected: a model, group or route id)");
    }
    return model.trim();
  }

  /**
   * The request's {@code models}, the orchestrator's fallback list of route ids, trimmed; empty
   * when absent.
   *
   * @throws ApiError {@code 400} for anything but an array of non-blank strings
   */
  public static List<String> models(JsonNode root) {
    JsonNode models = get(root, "models");
    if (models == null) {
      return List.of();
    }
    if (!models.isArray()) {
      throw ApiError.badRequest(
          "models", "models: " + kind(models) + " (expected: an array of route ids)");
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      JsonNode m = models.get(i);
      if (!m.isTextual() || m.asText().isBlank()) {
        throw ApiError.badRequest(
            "models[" + i + "]", "models[" + i + "]: " + kind(m) + " (expected: a route id)");
      }
      String id = m.asText().trim();
      if (id.equals(RoutePlanner.FREE) || id.equals(RoutePlanner.AUTO)) {
        throw ApiError.badRequest(
            "models[" + i + "]",
            "models["
                + i
                + "]: '"
                + id
                + "' is a virtual model (expected: a route id or a pool; a virtual model is named"
                + " in model)");
      }
      ids.add(id);
    }
    return ids;
  }

  /** Fails naming the first field of {@code o} outside {@code known}. */
  public static void onlyKnown(JsonNode o, Set<String> known, String where, String expected) {
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!known.contains(f)) {
        String p = where.isEmpty() ? f : where + "." + f;
        throw ApiError.badRequest(p, p + ": unknown field (expected: " + expected + ")");
      }
    }
  }

  /** How deep a request body may nest; deeper is a {@code 400}, never a stack overflow. */
  public static final int MAX_NESTING_DEPTH = 128;

  private static final ObjectReader READER =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
                  .build())
          .build()
          .reader()
          .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  /**
   * A location the reader puts inside its own message (an unclosed container's start marker: {@code
   * [Source: REDACTED (`…` disabled); line: 1, column: 39]}), said as {@code line 1, column 39}.
   */
  private static final Pattern SOURCE_LOCATION =
      Pattern.compile("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]");

  /**
   * A request body as a JSON object, for every front.
   *
   * @throws ApiError {@code 400} for invalid JSON (with its line and column), nesting deeper than
   *     {@link #MAX_NESTING_DEPTH}, or a body that is not an object
   */
  public static JsonNode body(byte[] body) {
    JsonNode root;
    try {
      root = READER.readTree(body);
    } catch (StreamConstraintsException e) {
      String why = String.valueOf(e.getOriginalMessage());
      if (why.contains("nesting depth")) {
        throw ApiError.badRequest(
            null,
            "request body: nested deeper than "
                + MAX_NESTING_DEPTH
                + " levels (expected: at most "
                + MAX_NESTING_DEPTH
                + ")");
      }
      // A number or string past the reader's length limits: say which, never echo the value.
      StreamReadConstraints limits = READER.getFactory().streamReadConstraints();
      throw ApiError.badRequest(
          null,
          why.startsWith("Number")
              ? "request body: a number longer than "
                  + limits.getMaxNumberLength()
                  + " characters (expected: at most "
                  + limits.getMaxNumberLength()
                  + ")"
              : "request body: a value past the reader's limits (" + why.split(" \\(")[0] + ")");
    } catch (JsonProcessingException e) {
      String at =
          e.getLocation() == null
              ? ""
              : " at line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr();
      String why =
          SOURCE_LOCATION
              .matcher(String.valueOf(e.getOriginalMessage()))
              .replaceAll("line $1, column $2");
      throw ApiError.badRequest(null, "request body: invalid JSON" + at + ": " + why);
    } catch (IOException e) {
      throw ApiError.badRequest(null, "request body: unreadable: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw ApiError.badRequest(null, "request body: expected a JSON object");
    }
    return root;
  }

  /** How a value looks in an error message: strings quoted, containers described. */
  public static String kind(JsonNode n) {
    if (n.isArray()) {
      return n.isEmpty() ? "an empty array" : "an array";
    }
    if (n.isObject()) {
      return "an object";
    }
    String s = n.isTextual() ? "'" + n.asText() + "'" : n.toString().toLowerCase(Locale.ROOT);
    return s.length() <= 80 ? s : s.substring(0, 80) + "…";
  }
}
