package dev.orchestrator.engine.chat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of JSON text (RFC 8259) into the values {@link JsonValues} copies: {@code null},
 * {@link Boolean}, {@link BigDecimal}, {@link String}, {@link List} and {@link Map} with insertion
 * order. The engine keeps what it does not model as JSON text (ADR 0002: no JSON library here);
 * this reads the little of it the engine must understand, such as a {@code file} part's PDF ({@link
 * PdfPart}). A duplicate key is an error: which of two values a reader keeps differs between
 * readers, so a part with one is never taken for what one of them says. Stateless, thread-safe.
 */
final class JsonText {
  /** Deeper nesting is refused rather than risking the stack. */
  static final int MAX_DEPTH = 64;

  private final String s;
  private int i;

  private JsonText(String s) {
    this.s = s;
  }

  /**
   * The value {@code text} holds.
   *
   * @throws IllegalArgumentException saying where and why when it is not one JSON value
   */
  static Object parse(String text) {
    JsonText r = new JsonText(text);
    r.space();
    Object v = r.value(0);
    r.space();
    if (r.i != text.length()) {
      throw r.error("text after the value");
    }
    return v;
  }

  private Object value(int depth) {
    if (depth > MAX_DEPTH) {
      throw error("nested deeper than " + MAX_DEPTH);
    }
    if (i >= s.length()) {
      throw error("the text ends where a value should be");
    }
    char c = s.charAt(i);
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        if (c == '-' || c >= '0' && c <= '9') {
          return number();
        }
        throw error("unexpected '" + c + "'");
    }
  }

  private Map<String, Object> object(int depth) {
    i++; // {
    Map<String, Object> out = new LinkedHashMap<>();
    space();
    if (peek('}')) {
      i++;
      return Collections.unmodifiableMap(out);
    }
    while (true) {
      space();
      if (!peek('"')) {
        throw error("a key must be a string");
      }
      String key = string();
      space();
      expect(':');
      space();
      Object v = value(depth + 1);
      if (out.containsKey(key)) {
        throw error("duplicate key '" + key + "'");
      }
      out.put(key, v);
      space();
      if (peek(',')) {
        i++;
        continue;
      }
      expect('}');
      return Collections.unmodifiableMap(out);
    }
  }

  private List<Object> array(int depth) {
    i++; // [
    List<Object> out = new ArrayList<>();
    space();
    if (peek(']')) {
      i++;
      return Collections.unmodifiableList(out);
    }
    while (true) {
      space();
      out.add(value(depth + 1));
      space();
      if (peek(',')) {
        i++;
        continue;
      }
      expect(']');
      return Collections.unmodifiableList(out);
    }
  }

  private String string() {
    i++; // "
    StringBuilder b = null;
    int run = i;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"') {
        String tail = s.substring(run, i);
        i++;
        return b == null ? tail : b.append(tail).toString();
      }
      if (c < 0x20) {
        throw error("a control character in a string");
      }
      if (c != '\\') {
        i++;
        continue;
      }
      if (b == null) {
        b = new StringBuilder();
      }
      b.append(s, run, i);
      i++; // backslash
      if (i >= s.length()) {
        break;
      }
      char e = s.charAt(i++);
      switch (e) {
        case '"', '\\', '/' -> b.append(e);
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'u' -> b.append(unicode());
        default -> throw error("unknown escape '\\" + e + "'");
      }
      run = i;
    }
    throw error("an unterminated string");
  }

  private char unicode() {
    if (i + 4 > s.length()) {
      throw error("a short \\u escape");
    }
    int v = 0;
    for (int k = 0; k < 4; k++) {
      int d = Character.digit(s.charAt(i + k), 16);
      if (d < 0) {
        throw error("a \\u escape that is not four hex digits");
      }
      v = v * 16 + d;
    }
    i += 4;
    return (char) v;
  }

  private BigDecimal number() {
    int start = i;
    if (peek('-')) {
      i++;
    }
    if (peek('0')) {
      i++;
    } else if (!digits()) {
      throw error("a number without digits");
    }
    if (peek('.')) {
      i++;
      if (!digits()) {
        throw error("a fraction without digits");
      }
    }
    if (peek('e') || peek('E')) {
      i++;
      if (peek('+') || peek('-')) {
        i++;
      }
      if (!digits()) {
        throw error("an exponent without digits");
      }
    }
    return new BigDecimal(s.substring(start, i));
  }

  private boolean digits() {
    int start = i;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i > start;
  }

  private Object literal(String word, Object v) {
    if (!s.startsWith(word, i)) {
      throw error("unexpected '" + s.charAt(i) + "'");
    }
    i += word.length();
    return v;
  }

  private void space() {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      i++;
    }
  }

  private boolean peek(char c) {
    return i < s.length() && s.charAt(i) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error(
          i < s.length()
              ? "expected '" + c + "', found '" + s.charAt(i) + "'"
              : "the text ends where '" + c + "' should be");
    }
    i++;
  }

  private IllegalArgumentException error(String why) {
    return new IllegalArgumentException("not JSON: " + why + " at character " + i);
  }
}
