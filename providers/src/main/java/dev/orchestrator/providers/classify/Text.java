package dev.orchestrator.providers.classify;

import java.util.Locale;
import java.util.regex.Pattern;

/** Bounding and cleaning of untrusted text. Stateless; never throws on any input. */
final class Text {

  /** docs/design.md §4: error bodies are read to at most 64 KiB. */
  static final int MAX_READ_CHARS = 64 * 1024;

  /** docs/design.md §4: error bodies are kept to at most 2 KiB (UTF-8 bytes). */
  static final int MAX_KEPT_BODY_BYTES = 2 * 1024;

  /** A message is one line a person can read in a terminal. */
  static final int MAX_MESSAGE_CHARS = 500;

  /** Type, code and request id values are short identifiers. */
  static final int MAX_TOKEN_CHARS = 200;

  // Terminal escape sequences (CSI "ESC[1m", OSC "ESC]0;title BEL", two-byte "ESC c"): removed
  // whole, so no remnant like "[1m" is left glued to the text that follows.
  private static final Pattern ANSI =
      Pattern.compile(
          "\u001B(?:\\[[0-?]*[ -/]*[@-~]|\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)?|[@-Z\\\\-_])");

  private Text() {}

  /** The first {@code max} chars of {@code s}, never splitting a surrogate pair. */
  static String head(String s, int max) {
    if (s == null || s.length() <= max) {
      return s;
    }
    int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
    return s.substring(0, end);
  }

  /** The longest prefix whose UTF-8 encoding fits {@code maxBytes}, on a code point boundary. */
  static String headUtf8(String s, int maxBytes) {
    if (s == null) {
      return null;
    }
    int bytes = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes > maxBytes) {
        return s.substring(0, i);
      }
      i += Character.charCount(cp);
    }
    return s;
  }

  /**
   * Removes control characters (terminal escapes, NUL, DEL, C1) and lone surrogates; keeps line
   * breaks and tabs only when {@code keepLines}.
   */
  static String stripControls(String s, boolean keepLines) {
    if (s == null) {
      return null;
    }
    if (s.indexOf('\u001B') >= 0) { // every escape sequence starts with ESC
      s = ANSI.matcher(s).replaceAll("");
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (cp >= 0x20 && cp < 0x7F) { // printable ASCII, most of any body, is kept as it is
        b.append((char) cp);
      } else if (keepLines && (cp == '\n' || cp == '\t')) {
        b.append((char) cp);
      } else if (Character.isISOControl(cp)) {
        b.append(cp == '\n' || cp == '\r' || cp == '\t' ? " " : "");
      } else if (Character.getType(cp) != Character.SURROGATE
          && (Character.getType(cp) != Character.FORMAT || cp == 0x200D)) {
        // lone surrogates and bidi/format controls can disguise what a terminal shows
        b.appendCodePoint(cp);
      }
    }
    return b.toString();
  }

  /** One trimmed line with collapsed whitespace, redacted, at most {@code max} chars. */
  static String oneLine(String s, int max) {
    if (s == null) {
      return null;
    }
    String line = collapseSpaces(stripControls(head(s, MAX_READ_CHARS), false)).trim();
    String clean = Redactor.redact(line);
    return clean.length() > max ? head(clean, max - 1).trim() + "…" : clean;
  }

  // Runs of spaces collapsed to one. After stripControls(s, false) a space is the only whitespace
  // left (line breaks and tabs became spaces, the other controls are gone).
  private static String collapseSpaces(String s) {
    if (!s.contains("  ")) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != ' ' || i == 0 || s.charAt(i - 1) != ' ') {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** A short identifier (type, code, request id), or {@code null} when blank. */
  static String token(String s) {
    String t = oneLine(s, MAX_TOKEN_CHARS);
    return t == null || t.isEmpty() ? null : t;
  }

  /** The body as kept on a failure: cleaned, redacted, then cut to 2 KiB; {@code null} if blank. */
  static String keptBody(String body) {
    if (body == null || body.isBlank()) {
      return null;
    }
    String clean = Redactor.redact(stripControls(head(body, MAX_READ_CHARS), true));
    return headUtf8(clean, MAX_KEPT_BODY_BYTES);
  }

  static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }

  static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
