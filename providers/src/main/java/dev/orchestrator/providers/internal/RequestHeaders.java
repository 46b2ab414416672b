package dev.orchestrator.providers.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The headers of one request, in order, names compared case-insensitively ({@link #set} replaces).
 * Checks names and values as {@code java.net.http} does, so that both HTTP clients refuse the same
 * headers: a name must be an RFC 9110 token, a value must hold no CR, LF or other control character
 * but HTAB. The framing headers ({@link #RESTRICTED}) belong to the HTTP client and are refused.
 * Not thread-safe: one per request.
 */
public final class RequestHeaders {
  /** Headers the HTTP client owns (the set {@code java.net.http} refuses). */
  public static final Set<String> RESTRICTED =
      Set.of("connection", "content-length", "expect", "host", "upgrade", "transfer-encoding");

  private final List<String> names = new ArrayList<>(16);
  private final List<String> values = new ArrayList<>(16);

  /**
   * Sets {@code name} to {@code value}, replacing an earlier value.
   *
   * @throws IllegalArgumentException when the name is not a token, is restricted, or the value
   *     holds a control character; the message names the header, never the value
   */
  public void set(String name, String value) {
    check(name, value);
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).equalsIgnoreCase(name)) {
        values.set(i, value);
        return;
      }
    }
    names.add(name);
    values.add(value);
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
    for (int i = 0; i < names.size(); i++) {
      each.accept(names.get(i), values.get(i));
    }
  }

  /** The value of {@code name}, or {@code null}. */
  public String get(String name) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).equalsIgnoreCase(name)) {
        return values.get(i);
      }
    }
    return null;
  }

  // Plain loops: every request sets its headers, and a stream of chars per header showed in the
  // in-process profile (docs/benchmarks.md §6, fifth round).
  private static void check(String name, String value) {
    if (name == null || name.isEmpty() || !all(name, true)) {
      throw new IllegalArgumentException("header name: not a token (expected: RFC 9110 token)");
    }
    if (restricted(name)) {
      throw new IllegalArgumentException(
          "header " + name + ": restricted (expected: set by the HTTP client)");
    }
    if (value == null || !all(value, false)) {
      throw new IllegalArgumentException(
          "header " + name + ": value holds a control character (expected: none but tab)");
    }
  }

  private static boolean all(String s, boolean token) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (token ? !tokenChar(c) : !valueChar(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean restricted(String name) {
    for (String r : RESTRICTED) {
      if (r.equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean tokenChar(int c) {
    if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
      return true;
    }
    return "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
  }

  private static boolean valueChar(int c) {
    return c == '\t' || c >= 0x20 && c < 0x7f || c >= 0x80 && c <= 0xff;
  }
}
