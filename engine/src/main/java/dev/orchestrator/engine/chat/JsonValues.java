package dev.orchestrator.engine.chat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep, validated, immutable copies of JSON-shaped values ({@code null}, {@link Boolean}, {@link
 * Number}, {@link String}, {@link List} and {@link Map} with {@code String} keys), as used by
 * {@link ChatRequest#extraBody()} and {@link ChatMessage#extra()}. Stateless, thread-safe.
 */
final class JsonValues {
  private JsonValues() {}

  /** An unmodifiable, insertion-ordered deep copy of {@code map}; {@code what} names it. */
  static Map<String, Object> copyObject(Map<String, ?> map, String what) {
    if (map == null || map.isEmpty()) {
      return Map.of();
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : map.entrySet()) {
      if (e.getKey() == null || e.getKey().isEmpty()) {
        throw new IllegalArgumentException(what + ": empty key (expected: a field name)");
      }
      out.put(e.getKey(), copy(e.getValue(), what + "." + e.getKey()));
    }
    return Collections.unmodifiableMap(out);
  }

  private static Object copy(Object v, String what) {
    if (v == null || v instanceof Boolean || v instanceof String) {
      return v;
    }
    if (v instanceof Integer
        || v instanceof Long
        || v instanceof Short
        || v instanceof Byte
        || v instanceof BigInteger
        || v instanceof BigDecimal) {
      return v;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new IllegalArgumentException(what + ": " + d + " (expected: a finite number)");
      }
      return v;
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        out.add(copy(list.get(i), what + "[" + i + "]"));
      }
      return Collections.unmodifiableList(out);
    }
    if (v instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!(e.getKey() instanceof String k) || k.isEmpty()) {
          throw new IllegalArgumentException(
              what + ": key " + e.getKey() + " (expected: a non-empty string key)");
        }
        out.put(k, copy(e.getValue(), what + "." + k));
      }
      return Collections.unmodifiableMap(out);
    }
    throw new IllegalArgumentException(
        what
            + ": a "
            + v.getClass().getSimpleName()
            + " (expected: null, boolean, number, string, list or map)");
  }
}
