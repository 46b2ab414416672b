package dev.orchestrator.providers.internal.http1;

import java.io.IOException;
import java.net.ProtocolException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A response's status line and headers, parsed strictly (RFC 9112 sections 4 and 5): a status line
 * that is not {@code HTTP/1.x NNN reason}, a header line without a colon, a name that is not a
 * token, a folded line, or a head longer than its bound is a {@link ProtocolException} naming the
 * fault. Header names are kept lower-case. Immutable once parsed.
 *
 * @param minor the HTTP/1 minor version (0 or 1)
 * @param status the status code
 * @param headers every header, names lower-case, values in arrival order
 */
public record ResponseHead(int minor, int status, Map<String, List<String>> headers) {

  /** Copies the headers. */
  public ResponseHead {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** The first value of {@code name} (lower-case), or {@code null}. */
  public String first(String name) {
    List<String> v = headers.get(name);
    return v == null || v.isEmpty() ? null : v.get(0);
  }

  /**
   * Reads one head from {@code in}, skipping interim (1xx) responses.
   *
   * @param maxBytes the most bytes the head (all its lines) may take
   */
  static ResponseHead read(WireInput in, int maxBytes) throws IOException {
    while (true) {
      ResponseHead h = readOne(in, maxBytes);
      if (h.status >= 200 || h.status == 101) {
        return h;
      }
    }
  }

  private static ResponseHead readOne(WireInput in, int maxBytes) throws IOException {
    String statusLine = in.readLine(maxBytes, "status line");
    int budget = maxBytes - statusLine.length();
    if (!statusLine.startsWith("HTTP/1.")
        || statusLine.length() < 12
        || (statusLine.charAt(7) != '0' && statusLine.charAt(7) != '1')
        || statusLine.charAt(8) != ' '
        || !digits(statusLine, 9, 12)
        || statusLine.length() > 12 && statusLine.charAt(12) != ' ') {
      throw new ProtocolException("invalid status line: '" + printable(statusLine) + "'");
    }
    int minor = statusLine.charAt(7) - '0';
    int status = Integer.parseInt(statusLine, 9, 12, 10);
    if (status < 100) {
      throw new ProtocolException("invalid status code: " + status + " (expected: 100..999)");
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    while (true) {
      if (budget <= 0) {
        throw new ProtocolException("response head: larger than " + maxBytes + " bytes");
      }
      String line;
      try {
        line = in.readLine(budget, "response head");
      } catch (ProtocolException tooLong) {
        throw new ProtocolException("response head: larger than " + maxBytes + " bytes");
      }
      budget -= line.length() + 2;
      if (line.isEmpty()) {
        return new ResponseHead(minor, status, headers);
      }
      if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
        throw new ProtocolException("folded header line (obsolete; expected: name: value)");
      }
      int colon = line.indexOf(':');
      if (colon <= 0 || !token(line, colon)) {
        throw new ProtocolException("invalid header line: '" + printable(line) + "'");
      }
      String name = line.substring(0, colon).toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).strip();
      headers.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
    }
  }

  private static boolean digits(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static boolean token(String s, int end) {
    for (int i = 0; i < end; i++) {
      char c = s.charAt(i);
      boolean ok =
          c >= 'a' && c <= 'z'
              || c >= 'A' && c <= 'Z'
              || c >= '0' && c <= '9'
              || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** At most 80 characters of {@code s}, control characters as {@code ?}. */
  static String printable(String s) {
    StringBuilder b = new StringBuilder(Math.min(s.length(), 80));
    for (int i = 0; i < s.length() && i < 80; i++) {
      char c = s.charAt(i);
      b.append(c < ' ' || c > '~' ? '?' : c);
    }
    return b.toString();
  }
}
