package dev.orchestrator.serve.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

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
   * error.
   */
  public static Integer integer(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v == null) {
      return null;
    }
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: an integer)");
    }
    return v.asInt();
  }

  /**
   * {@code field} as a 64-bit integer, or {@code null} when absent; {@code param} names it in the
   * error.
   */
  public static Long longInteger(JsonNode o, String field, String param) {
    JsonNode v = get(o, field);
    if (v == null) {
      return null;
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw ApiError.badRequest(param, param + ": " + kind(v) + " (expected: a 64-bit integer)");
    }
    return v.asLong();
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
