package dev.orchestrator.engine.observe;

import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a model's tool calls are usable: each names a tool of the request and its arguments parse
 * as a JSON object holding every {@code required} property, each declared property with the
 * schema's {@code type} (one level deep; enough to tell a model that calls tools well from one that
 * does not). A tool without a schema accepts any object. Stateless and thread-safe.
 */
public final class ToolCallCheck {
  private ToolCallCheck() {}

  /** Whether every call in {@code calls} is valid against {@code tools}. */
  public static boolean valid(List<ToolCall> calls, List<ToolDefinition> tools) {
    for (ToolCall c : calls) {
      if (!valid(c, tools)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code call} names a tool of {@code tools} and fits its schema. */
  public static boolean valid(ToolCall call, List<ToolDefinition> tools) {
    ToolDefinition tool = null;
    for (ToolDefinition t : tools) {
      if (t.name().equals(call.name())) {
        tool = t;
        break;
      }
    }
    if (tool == null) {
      return false;
    }
    Object args;
    try {
      args = new Reader(call.argumentsJson()).document();
    } catch (IllegalArgumentException e) {
      return false;
    }
    if (!(args instanceof Map<?, ?> given)) {
      return false;
    }
    if (tool.parametersJsonSchema() == null) {
      return true;
    }
    Object schema;
    try {
      schema = new Reader(tool.parametersJsonSchema()).document();
    } catch (IllegalArgumentException e) {
      return true; // the caller's schema, not the model's call, is broken: not held against it
    }
    return schema instanceof Map<?, ?> s ? fits(given, s) : true;
  }

  private static boolean fits(Map<?, ?> given, Map<?, ?> schema) {
    if (schema.get("required") instanceof List<?> required) {
      for (Object name : required) {
        if (!given.containsKey(name)) {
          return false;
        }
      }
    }
    if (schema.get("properties") instanceof Map<?, ?> props) {
      for (Map.Entry<?, ?> p : props.entrySet()) {
        Object v = given.get(p.getKey());
        if (v != null && p.getValue() instanceof Map<?, ?> ps && !typed(v, ps.get("type"))) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean typed(Object v, Object type) {
    if (type instanceof List<?> any) {
      for (Object t : any) {
        if (typed(v, t)) {
          return true;
        }
      }
      return false;
    }
    if (!(type instanceof String t)) {
      return true;
    }
    return switch (t) {
      case "string" -> v instanceof String;
      case "number" -> v instanceof BigDecimal;
      case "integer" -> v instanceof BigDecimal d && d.stripTrailingZeros().scale() <= 0;
      case "boolean" -> v instanceof Boolean;
      case "object" -> v instanceof Map;
      case "array" -> v instanceof List;
      case "null" -> v == Reader.NULL;
      default -> true;
    };
  }

  /**
   * A strict JSON reader (RFC 8259) to maps, lists, strings, {@link BigDecimal}s, booleans and
   * {@link #NULL}; any error is an {@link IllegalArgumentException}. Nesting is bounded.
   */
  static final class Reader {
    /** JSON {@code null} (a map may not hold Java {@code null} meaningfully). */
    static final Object NULL = new Object();

    private static final int MAX_DEPTH = 64;
    private final String s;
    private int i;
    private int depth;

    Reader(String s) {
      this.s = s;
    }

    Object document() {
      Object v = value();
      space();
      if (i != s.length()) {
        throw error();
      }
      return v;
    }

    private Object value() {
      space();
      if (i >= s.length()) {
        throw error();
      }
      char c = s.charAt(i);
      return switch (c) {
        case '{' -> object();
        case '[' -> array();
        case '"' -> string();
        case 't' -> word("true", Boolean.TRUE);
        case 'f' -> word("false", Boolean.FALSE);
        case 'n' -> word("null", NULL);
        default -> number();
      };
    }

    private Map<String, Object> object() {
      enter();
      Map<String, Object> m = new LinkedHashMap<>();
      i++;
      space();
      if (peek() == '}') {
        i++;
        depth--;
        return m;
      }
      while (true) {
        space();
        if (peek() != '"') {
          throw error();
        }
        String k = string();
        space();
        expect(':');
        m.put(k, value());
        space();
        char c = next();
        if (c == '}') {
          depth--;
          return m;
        }
        if (c != ',') {
          throw error();
        }
      }
    }

    private List<Object> array() {
      enter();
      List<Object> l = new ArrayList<>();
      i++;
      space();
      if (peek() == ']') {
        i++;
        depth--;
        return l;
      }
      while (true) {
        l.add(value());
        space();
        char c = next();
        if (c == ']') {
          depth--;
          return l;
        }
        if (c != ',') {
          throw error();
        }
      }
    }

    private String string() {
      i++;
      StringBuilder b = new StringBuilder();
      while (true) {
        char c = next();
        if (c == '"') {
          return b.toString();
        }
        if (c < 0x20) {
          throw error();
        }
        if (c != '\\') {
          b.append(c);
          continue;
        }
        char e = next();
        switch (e) {
          case '"', '\\', '/' -> b.append(e);
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'n' -> b.append('\n');
          case 'r' -> b.append('\r');
          case 't' -> b.append('\t');
          case 'u' -> {
            if (i + 4 > s.length()) {
              throw error();
            }
            try {
              b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            } catch (NumberFormatException x) {
              throw error();
            }
            i += 4;
          }
          default -> throw error();
        }
      }
    }

    private BigDecimal number() {
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
      String n = s.substring(start, i);
      if (n.isEmpty() || n.startsWith("+") || n.startsWith(".") || n.endsWith(".")) {
        throw error();
      }
      try {
        return new BigDecimal(n);
      } catch (NumberFormatException e) {
        throw error();
      }
    }

    private Object word(String w, Object v) {
      if (!s.startsWith(w, i)) {
        throw error();
      }
      i += w.length();
      return v;
    }

    private void enter() {
      if (++depth > MAX_DEPTH) {
        throw error();
      }
    }

    private void space() {
      while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
    }

    private char peek() {
      return i < s.length() ? s.charAt(i) : '\0';
    }

    private char next() {
      if (i >= s.length()) {
        throw error();
      }
      return s.charAt(i++);
    }

    private void expect(char c) {
      if (next() != c) {
        throw error();
      }
    }

    private IllegalArgumentException error() {
      return new IllegalArgumentException("invalid JSON at offset " + i);
    }
  }
}
