package dev.orchestrator.providers.internal.wire;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

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

  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
  private static final Pattern VALUE = Pattern.compile("[\\t\\x20-\\x7e\\x80-\\xff]*");

  /** Lower-case name to {name as first set, value}. */
  private final Map<String, String[]> headers = new LinkedHashMap<>();

  /**
   * Sets {@code name} to {@code value}, replacing an earlier value.
   *
   * @throws IllegalArgumentException when the name is not a token, is restricted, or the value
   *     holds a control character; the message names the header, never the value
   */
  public void set(String name, String value) {
    if (name == null || !TOKEN.matcher(name).matches()) {
      throw new IllegalArgumentException("header name: not a token (expected: RFC 9110 token)");
    }
    String key = name.toLowerCase(Locale.ROOT);
    if (RESTRICTED.contains(key)) {
      throw new IllegalArgumentException(
          "header " + name + ": restricted (expected: set by the HTTP client)");
    }
    if (value == null || !VALUE.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "header " + name + ": value holds a control character (expected: none but tab)");
    }
    headers.computeIfAbsent(key, k -> new String[] {name, null})[1] = value;
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
