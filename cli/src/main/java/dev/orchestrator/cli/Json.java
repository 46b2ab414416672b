package dev.orchestrator.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Trace;
import java.io.IOException;
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

  /**
   * The line of the member or element at {@code path} ({@code policy.seed}, {@code
   * upstream.a/m[0].fault}) in the JSON {@code text}: of its key for a member; of the deepest part
   * of the path the text has when it stops short; 0 when the text does not parse.
   */
  static int lineOf(String text, String path) {
    int best = 0;
    try (JsonParser p = MAPPER.getFactory().createParser(text)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t.isStructEnd()) {
          continue; // a closing bracket is no place in the path: its line is past the problem
        }
        JsonStreamContext c = p.getParsingContext();
        String at = render(t.isStructStart() ? c.getParent() : c);
        if (at.equals(path)) {
          return p.currentTokenLocation().getLineNr();
        }
        if (!at.isEmpty()
            && path.length() > at.length()
            && path.startsWith(at)
            && (path.charAt(at.length()) == '.' || path.charAt(at.length()) == '[')) {
          best = p.currentTokenLocation().getLineNr(); // inside the path: the deepest so far
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return best;
  }

  // A parsing context as a path: members joined with '.', elements as [i].
  private static String render(JsonStreamContext c) {
    StringBuilder b = new StringBuilder();
    for (; c != null && !c.inRoot(); c = c.getParent()) {
      if (c.inObject() && c.getCurrentName() != null) {
        b.insert(0, "." + c.getCurrentName());
      } else if (c.inArray() && c.getCurrentIndex() >= 0) {
        b.insert(0, "[" + c.getCurrentIndex() + "]");
      }
    }
    return b.length() > 0 && b.charAt(0) == '.' ? b.substring(1) : b.toString();
  }

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
      if (a.localTimeout()) {
        // The attempt's own time limit fired while this process ran late: no evidence against the
        // route (ADR 0056). Written only when true, as an extra field beside the fixed ones.
        m.put("localTimeout", true);
      }
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
