package dev.orchestrator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Trace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CLI's JSON: deterministic output (insertion-ordered maps, no timestamps, plain decimals),
 * written by serve's mapper so that the CLI and the server print JSON alike.
 */
public final class Json {
  /** Shared, thread-safe mapper: serve's. */
  public static final ObjectMapper MAPPER = dev.orchestrator.serve.http.Json.MAPPER;

  private Json() {}

  /** A trace's attempts as the commands print them: one object per attempt, in order. */
  static List<Map<String, Object>> attempts(Trace t) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (AttemptRecord a : t.attempts()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("route", a.route());
      m.put("attempt", a.attempt());
      m.put("status", a.status());
      m.put("category", a.category() == null ? null : a.category().wireName());
      m.put("retryable", a.retryable());
      m.put("decision", a.decision().wireName());
      m.put("delayMs", a.delay().toMillis());
      m.put("latencyMs", a.latency().toMillis());
      if (a.key() != null) {
        m.put("key", a.key()); // the key's name, never its value (docs/design.md §5)
      }
      list.add(m);
    }
    return list;
  }

  /** Writes {@code value} as one compact JSON document. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + value.getClass().getName(), e);
    }
  }

  /** Writes {@code value} as pretty-printed JSON. */
  public static String writePretty(Object value) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + value.getClass().getName(), e);
    }
  }
}
