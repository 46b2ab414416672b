package dev.orchestrator.catalog.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.catalog.CatalogException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A value inside a catalog document together with where it sits, so that every typed read can fail
 * with a message naming the source, the position, the field path, the value and the expectation.
 * Immutable.
 *
 * @param source the source this value came from
 * @param path where this value sits
 * @param node the raw node; {@code null} when absent
 */
public record Value(SourceText source, FieldPath path, JsonNode node) {
  private static final int MAX_RENDER = 60;
  private static final BigInteger MAX_INT = BigInteger.valueOf(Integer.MAX_VALUE);

  /** The root value of a document. */
  public static Value root(SourceText source, JsonNode node) {
    return new Value(source, FieldPath.ROOT, node);
  }

  /** The member {@code key} of this object (absent when this is not an object). */
  public Value get(String key) {
    JsonNode child = node == null ? null : node.get(key);
    return new Value(source, path.key(key), child);
  }

  /** Whether the value is present and not JSON {@code null}. */
  public boolean present() {
    return node != null && !node.isNull() && !node.isMissingNode();
  }

  /** An error about this value. */
  public CatalogException fail(String problem) {
    return source.error(path, problem);
  }

  /** The value rendered compactly for a message, truncated. */
  public String render() {
    if (node == null || node.isMissingNode()) {
      return "<absent>";
    }
    String s = node.toString();
    return s.length() > MAX_RENDER ? s.substring(0, MAX_RENDER) + "…" : s;
  }

  /** Whether the value is an object. */
  public boolean isObject() {
    return node != null && node.isObject();
  }

  /** Whether the value is an array. */
  public boolean isArray() {
    return node != null && node.isArray();
  }

  /**
   * The members of this object in document order.
   *
   * @throws CatalogException when the value is present but not an object
   */
  public Map<String, Value> members(String expectation) {
    Map<String, Value> out = new LinkedHashMap<>();
    if (!present()) {
      return out;
    }
    if (!node.isObject()) {
      throw fail(render() + " is not an object (expected: " + expectation + ")");
    }
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      out.put(e.getKey(), new Value(source, path.key(e.getKey()), e.getValue()));
    }
    return out;
  }

  /**
   * The elements of this array.
   *
   * @throws CatalogException when the value is present but not an array
   */
  public List<Value> elements(String expectation) {
    List<Value> out = new ArrayList<>();
    if (!present()) {
      return out;
    }
    if (!node.isArray()) {
      throw fail(render() + " is not a list (expected: " + expectation + ")");
    }
    for (int i = 0; i < node.size(); i++) {
      out.add(new Value(source, path.index(i), node.get(i)));
    }
    return out;
  }

  /** A string, or {@code null} when absent. */
  public String text(String expectation) {
    if (!present()) {
      return null;
    }
    if (!node.isTextual()) {
      throw fail(render() + " is not a string (expected: " + expectation + ")");
    }
    return node.textValue();
  }

  /** A boolean, or {@code null} when absent. */
  public Boolean bool() {
    if (!present()) {
      return null;
    }
    if (!node.isBoolean()) {
      throw fail(render() + " is not a boolean (expected: true or false)");
    }
    return node.booleanValue();
  }

  /**
   * A positive integer, or {@code null} when absent. With {@code zeroIsUnknown}, a zero means "not
   * stated" (Models.dev writes {@code 0} for image models) and reads as {@code null}.
   */
  public Integer positiveInt(boolean zeroIsUnknown) {
    if (!present()) {
      return null;
    }
    String expected = " (expected: a positive integer)";
    if (!node.isNumber()) {
      throw fail(render() + " is not a number" + expected);
    }
    BigDecimal d = node.decimalValue();
    BigInteger i;
    try {
      i = d.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw fail(render() + " is not an integer" + expected);
    }
    if (i.signum() == 0 && zeroIsUnknown) {
      return null;
    }
    if (i.signum() <= 0 || i.compareTo(MAX_INT) > 0) {
      throw fail(render() + " is out of range" + expected.replace(")", " up to 2147483647)"));
    }
    return i.intValue();
  }

  /**
   * A decimal number as an exact {@link BigDecimal}, or {@code null} when absent.
   *
   * @throws CatalogException when present but not a number
   */
  public BigDecimal decimal(String expectation) {
    if (!present()) {
      return null;
    }
    if (!node.isNumber()) {
      throw fail(render() + " is not a number (expected: " + expectation + ")");
    }
    return Prices.normalize(node.decimalValue());
  }

  /**
   * A date, or {@code null} when absent. Accepts {@code YYYY-MM-DD}; with {@code partial} also
   * {@code YYYY-MM} and {@code YYYY} (the first day of that period).
   */
  public LocalDate date(boolean partial) {
    String s = text("a date YYYY-MM-DD");
    if (s == null) {
      return null;
    }
    String t = s.trim();
    try {
      if (partial && t.matches("\\d{4}-\\d{2}")) {
        return LocalDate.parse(t + "-01");
      }
      if (partial && t.matches("\\d{4}")) {
        return LocalDate.parse(t + "-01-01");
      }
      return LocalDate.parse(t);
    } catch (DateTimeParseException e) {
      throw fail(render() + " is not a date (expected: YYYY-MM-DD)");
    }
  }

  /**
   * A third-party date that is informational only (a release date): like {@link #date(boolean)}
   * with partial dates, but an unparsable value reads as unknown instead of failing the source.
   */
  public LocalDate informationalDate() {
    if (!present() || !node.isTextual()) {
      return null;
    }
    try {
      return date(true);
    } catch (CatalogException e) {
      return null;
    }
  }

  /** A list of strings (a single string counts as a list of one), or {@code null} when absent. */
  public List<String> strings(String expectation) {
    if (!present()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    if (node.isTextual()) {
      out.add(node.textValue());
      return out;
    }
    for (Value v : elements(expectation)) {
      String s = v.text(expectation);
      if (s == null) {
        throw v.fail("null is not a string (expected: " + expectation + ")");
      }
      out.add(s);
    }
    return out;
  }
}
