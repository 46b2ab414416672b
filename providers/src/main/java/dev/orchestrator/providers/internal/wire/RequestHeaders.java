package dev.orchestrator.providers.internal.wire;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The headers of one request, in order, names compared case-insensitively ({@link #set} replaces
 * the value and keeps the name as first set). Checks names and values as {@code java.net.http}
 * does, so a bad header is refused with a message naming it before any client sees it: a name must
 * be an RFC 9110 token, a value must hold no CR, LF or other control character but HTAB. The
 * framing headers ({@link #RESTRICTED}) belong to the HTTP client and are refused. Not thread-safe:
 * one per request.
 */
public final class RequestHeaders {
  /** Headers the HTTP client owns (the set {@code java.net.http} refuses). */
  public static final Set<String> RESTRICTED =
      Set.of("connection", "content-length", "expect", "host", "upgrade", "transfer-encoding");

  /** The characters of an RFC 9110 token besides letters and digits. */
  private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

  /** Lower-case name to {name as first set, value}. */
  private final Map<String, String[]> headers = new LinkedHashMap<>();

  /**
   * Sets {@code name} to {@code value}, replacing an earlier value.
   *
   * @throws IllegalArgumentException when the name is not a token, is restricted, or the value
   *     holds a control character; the message names the header, never the value
   */
  public void set(String name, String value) {
    if (name == null || !isToken(name)) {
      throw new IllegalArgumentException("header name: not a token (expected: RFC 9110 token)");
    }
    String key = name.toLowerCase(Locale.ROOT);
    if (RESTRICTED.contains(key)) {
      throw new IllegalArgumentException(
          "header " + name + ": restricted (expected: set by the HTTP client)");
    }
    if (value == null || !isValue(value)) {
      throw new IllegalArgumentException(
          "header " + name + ": value holds a control character (expected: none but tab)");
    }
    headers.computeIfAbsent(key, k -> new String[] {name, null})[1] = value;
  }

  /** Whether {@code name} is an RFC 9110 token: one or more of its characters. */
  static boolean isToken(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean alnum = c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
      if (!alnum && TOKEN_SYMBOLS.indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code value} holds no control character but HTAB, and only Latin-1 characters. */
  static boolean isValue(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c != '\t' && (c < 0x20 || c == 0x7f || c > 0xff)) {
        return false;
      }
    }
    return true;
  }

  /** Sets {@code name} when {@link #set} would accept it; returns whether it did. */
  public boolean trySet(String name, String value) {
    try {
      set(name, value);
      return true;
    } catch (IllegalArgumentException refused) {
      return false;
    }
  }

  /** Calls {@code each} with every name and value, in order. */
  public void forEach(BiConsumer<String, String> each) {
    for (String[] h : headers.values()) {
      each.accept(h[0], h[1]);
    }
  }

  /** The value of {@code name}, or {@code null}. */
  public String get(String name) {
    String[] h = headers.get(name.toLowerCase(Locale.ROOT));
    return h == null ? null : h[1];
  }
}
