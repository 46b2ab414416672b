package dev.orchestrator.providers.classify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads the JSON an error body usually is — plain ASCII, objects, arrays, strings, small integers,
 * {@code true}/{@code false}/{@code null} — into Jackson's own tree without Jackson's tokenizer, or
 * answers {@code null} ("not sure"), and the caller parses with Jackson as before. Whenever it
 * answers a tree, Jackson's {@code readTree} (with {@link UpstreamError}'s constraints) answers an
 * equal one, fields in the same order ({@code PlainJsonTest}, a differential property); anything
 * outside the subset is left to Jackson: a number with a fraction, an exponent or ten digits,
 * {@code -0}, a duplicate key, a name over 1,024 chars, nesting past 32, a non-ASCII or control
 * char, a BOM, trailing content, and every syntax error.
 *
 * <p>Strings are found with {@code String.indexOf} (vectorised) for their closing quote, their
 * escapes and the two control chars a plain text may hold (line feed and tab: unescaped in a
 * string, Jackson rejects them), not char by char; a string without escapes is a substring.
 *
 * <p>Thread-safe: each call reads with an instance of its own.
 */
final class PlainJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  // inside UpstreamError's StreamReadConstraints (depth 64, names 1,024, strings 64 Ki)
  private static final int MAX_DEPTH = 32;
  private static final int MAX_NAME_CHARS = 1024;
  private static final int MAX_TEXT_CHARS = Text.MAX_READ_CHARS;
  // -?[1-9]\d{0,8}: always an int, as Jackson reads it (IntNode)
  private static final int MAX_DIGITS = 9;

  private final String t;
  private final int n;
  private int pos;
  // the next backslash, line feed and tab at or after the cursor that needed them (n: none)
  private int backslash = -1;
  private int lineFeed = -1;
  private int tab = -1;

  private PlainJson(String t) {
    this.t = t;
    this.n = t.length();
  }

  /**
   * The tree Jackson would read from {@code text}, or {@code null} when not sure.
   *
   * @param plain whether every char of {@code text} is printable ASCII, a line feed or a tab (the
   *     caller knows it from {@link Text#plainHead}); {@code false} answers {@code null} at once
   */
  static JsonNode read(String text, boolean plain) {
    if (!plain || text.length() > MAX_TEXT_CHARS) {
      return null;
    }
    PlainJson r = new PlainJson(text);
    JsonNode root = r.value(0);
    if (root == null) {
      return null;
    }
    r.skipBlanks();
    return r.pos == r.n ? root : null;
  }

  private JsonNode value(int depth) {
    skipBlanks();
    if (pos >= n) {
      return null;
    }
    char c = t.charAt(pos);
    switch (c) {
      case '{':
        return object(depth + 1);
      case '[':
        return array(depth + 1);
      case '"':
        String s = string();
        return s == null ? null : NODES.textNode(s);
      case 't':
        return literal("true") ? NODES.booleanNode(true) : null;
      case 'f':
        return literal("false") ? NODES.booleanNode(false) : null;
      case 'n':
        return literal("null") ? NODES.nullNode() : null;
      default:
        return c == '-' || c >= '0' && c <= '9' ? integer() : null;
    }
  }

  private ObjectNode object(int depth) {
    if (depth > MAX_DEPTH) {
      return null;
    }
    pos++; // '{'
    ObjectNode o = NODES.objectNode();
    skipBlanks();
    if (pos < n && t.charAt(pos) == '}') {
      pos++;
      return o;
    }
    while (true) {
      if (pos >= n || t.charAt(pos) != '"') {
        return null;
      }
      String name = string();
      if (name == null || name.length() > MAX_NAME_CHARS) {
        return null;
      }
      skipBlanks();
      if (pos >= n || t.charAt(pos) != ':') {
        return null;
      }
      pos++;
      JsonNode v = value(depth);
      if (v == null || o.replace(name, v) != null) {
        return null; // a duplicate key: left to Jackson
      }
      skipBlanks();
      if (pos >= n) {
        return null;
      }
      char c = t.charAt(pos++);
      if (c == '}') {
        return o;
      }
      if (c != ',') {
        return null;
      }
      skipBlanks();
    }
  }

  private ArrayNode array(int depth) {
    if (depth > MAX_DEPTH) {
      return null;
    }
    pos++; // '['
    ArrayNode a = NODES.arrayNode();
    skipBlanks();
    if (pos < n && t.charAt(pos) == ']') {
      pos++;
      return a;
    }
    while (true) {
      JsonNode v = value(depth);
      if (v == null) {
        return null;
      }
      a.add(v);
      skipBlanks();
      if (pos >= n) {
        return null;
      }
      char c = t.charAt(pos++);
      if (c == ']') {
        return a;
      }
      if (c != ',') {
        return null;
      }
    }
  }

  // At a '"': the decoded string, the cursor past its closing quote; null if not sure.
  private String string() {
    int from = pos + 1;
    int quote = t.indexOf('"', from);
    if (quote < 0) {
      return null;
    }
    if (backslash < from) {
      backslash = next('\\', from);
    }
    if (backslash > quote) {
      if (!noControls(from, quote)) {
        return null;
      }
      pos = quote + 1;
      return t.substring(from, quote);
    }
    StringBuilder b = new StringBuilder(quote - from + 16);
    while (backslash < quote) {
      int at = backslash;
      if (!noControls(from, at) || at + 1 >= n) {
        return null;
      }
      b.append(t, from, at);
      char e = t.charAt(at + 1);
      from = at + 2;
      switch (e) {
        case '"', '\\', '/' -> b.append(e);
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'u' -> {
          int u = hex4(from);
          if (u < 0) {
            return null;
          }
          b.append((char) u);
          from += 4;
        }
        default -> {
          return null;
        }
      }
      backslash = next('\\', from);
      if (quote < from) { // the quote was escaped: the string goes on
        quote = t.indexOf('"', from);
        if (quote < 0) {
          return null;
        }
      }
    }
    if (!noControls(from, quote)) {
      return null;
    }
    pos = quote + 1;
    return b.append(t, from, quote).toString();
  }

  // Four hex digits at i as a char, or -1.
  private int hex4(int i) {
    if (i + 4 > n) {
      return -1;
    }
    int v = 0;
    for (int k = i; k < i + 4; k++) {
      int d = Character.digit(t.charAt(k), 16); // the text is ASCII: only 0-9, a-f, A-F
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    return v;
  }

  // No line feed or tab in [from, to): in a plain text the only control chars.
  private boolean noControls(int from, int to) {
    if (lineFeed < from) {
      lineFeed = next('\n', from);
    }
    if (tab < from) {
      tab = next('\t', from);
    }
    return lineFeed >= to && tab >= to;
  }

  private int next(char c, int from) {
    int i = t.indexOf(c, from);
    return i < 0 ? n : i;
  }

  private boolean literal(String word) {
    if (!t.startsWith(word, pos)) {
      return false;
    }
    pos += word.length();
    return true;
  }

  // -?(0|[1-9][0-9]{0,8}); what follows is checked by the caller (a delimiter or the end)
  private JsonNode integer() {
    boolean negative = t.charAt(pos) == '-';
    int i = negative ? pos + 1 : pos;
    int start = i;
    int v = 0;
    while (i < n && i - start <= MAX_DIGITS) {
      char c = t.charAt(i);
      if (c < '0' || c > '9') {
        break;
      }
      v = v * 10 + (c - '0');
      i++;
    }
    int digits = i - start;
    if (digits == 0 || digits > MAX_DIGITS || digits > 1 && t.charAt(start) == '0') {
      return null;
    }
    if (i < n && (t.charAt(i) == '.' || t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
      return null; // a fraction or an exponent: Jackson's DoubleNode
    }
    if (negative && v == 0) {
      return null; // -0
    }
    pos = i;
    return NODES.numberNode(negative ? -v : v);
  }

  // JSON's four blanks; any other char (a BOM, a non-breaking space) is not a blank to Jackson.
  private void skipBlanks() {
    while (pos < n) {
      char c = t.charAt(pos);
      if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
        return;
      }
      pos++;
    }
  }
}
