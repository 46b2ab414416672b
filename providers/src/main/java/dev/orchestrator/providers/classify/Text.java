package dev.orchestrator.providers.classify;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
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
    int end = max;
    if (Character.isHighSurrogate(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(0, end);
  }

  /** The longest prefix whose UTF-8 encoding fits {@code maxBytes}, on a code point boundary. */
  static String headUtf8(String s, int maxBytes) {
    if (s == null) {
      return null;
    }
    int i = 0;
    int ascii = Math.min(s.length(), maxBytes);
    while (i < ascii && s.charAt(i) < 0x80) { // one byte per char: the usual case, no decoding
      i++;
    }
    int bytes = i;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes + n > maxBytes) {
        return s.substring(0, i);
      }
      bytes += n;
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
    if (s.indexOf('\u001B') >= 0) {
      s = ANSI.matcher(s).replaceAll("");
    }
    StringBuilder b = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (keepLines && (cp == '\n' || cp == '\t')) {
        b.append((char) cp);
      } else if (Character.isISOControl(cp)) {
        b.append(cp == '\n' || cp == '\r' || cp == '\t' ? " " : "");
      } else if (Character.getType(cp) == Character.SURROGATE
          || Character.getType(cp) == Character.FORMAT && cp != 0x200D) {
        // lone surrogates and bidi/format controls can disguise what a terminal shows
        continue;
      } else {
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
    s = head(s, MAX_READ_CHARS);
    int cut = plainHead(s, false, max + CUT_SLACK);
    String cleaned;
    if (cut >= 0) {
      cleaned = s.substring(0, cut); // what clean() would append, without the copies
    } else {
      StringBuilder b = new StringBuilder(Math.min(s.length(), max + CUT_SLACK) + 16);
      cut = clean(s, false, max + CUT_SLACK, b);
      if (cut < 0) {
        return truncated(Redactor.redact(cleanLineWhole(s)), max);
      }
      int n = b.length();
      if (cut == s.length() && n > 0 && b.charAt(n - 1) == ' ') {
        b.setLength(n - 1); // the trailing half of trim(); the leading half never appended
      }
      cleaned = b.toString();
    }
    if (cut == s.length()) {
      return truncated(Redactor.redact(cleaned), max);
    }
    // The whole cleaned line is cleaned + (a boundary char + more): its redaction starts with
    // cleaned's (Redactor.isBoundary), and cleaned's is long enough to fill the message.
    String head = Redactor.redact(cleaned);
    return head.length() >= max
        ? head(head, max - 1).trim() + "…"
        : truncated(Redactor.redact(cleanLineWhole(s)), max);
  }

  private static String truncated(String clean, int max) {
    return clean.length() > max ? head(clean, max - 1).trim() + "…" : clean;
  }

  // The reference definition of a cleaned line, for texts the one-pass cleaner hands back.
  private static String cleanLineWhole(String s) {
    return BLANKS.matcher(stripControls(s, false)).replaceAll(" ").trim();
  }

  /** A short identifier (type, code, request id), or {@code null} when blank. */
  static String token(String s) {
    String t = oneLine(s, MAX_TOKEN_CHARS);
    return t == null || t.isEmpty() ? null : t;
  }

  /** The body as kept on a failure: cleaned, redacted, then cut to 2 KiB; {@code null} if blank. */
  static String keptBody(String body) {
    return keptBody(body, plainBodyCut(body));
  }

  /**
   * {@code plainHead} of the body's first {@link #MAX_READ_CHARS} chars as {@link #keptBody} reads
   * it, or -1 for {@code null}: its length when the whole body is plain.
   */
  static int plainBodyCut(String body) {
    return body == null
        ? -1
        : plainHead(head(body, MAX_READ_CHARS), true, MAX_KEPT_BODY_BYTES + CUT_SLACK);
  }

  /** {@link #keptBody(String)} with {@code plainCut}, the body's {@link #plainBodyCut}. */
  static String keptBody(String body, int plainCut) {
    if (body == null || body.isBlank()) {
      return null;
    }
    body = head(body, MAX_READ_CHARS);
    int cut = plainCut;
    boolean ascii = cut >= 0; // a plain head is ASCII, and so is its redaction: a byte a char
    String cleaned = ascii ? body.substring(0, cut) : null;
    if (cleaned == null) {
      StringBuilder b =
          new StringBuilder(Math.min(body.length(), MAX_KEPT_BODY_BYTES + CUT_SLACK) + 16);
      cut = clean(body, true, MAX_KEPT_BODY_BYTES + CUT_SLACK, b);
      cleaned = b.toString();
    }
    if (cut >= 0) {
      String head = Redactor.redact(cleaned);
      // a cut body is b + (a boundary char + more), and its redaction starts with b's
      if (ascii && (cut == body.length() || head.length() >= MAX_KEPT_BODY_BYTES)) {
        return head.length() <= MAX_KEPT_BODY_BYTES ? head : head.substring(0, MAX_KEPT_BODY_BYTES);
      }
      if (!ascii
          && (cut == body.length()
              || utf8Length(head, MAX_KEPT_BODY_BYTES) >= MAX_KEPT_BODY_BYTES)) {
        return headUtf8(head, MAX_KEPT_BODY_BYTES);
      }
    }
    return headUtf8(Redactor.redact(stripControls(body, true)), MAX_KEPT_BODY_BYTES);
  }

  // How far past the kept length the cleaner reads before it looks for a boundary to cut at, so
  // that a redacted secret near the end rarely shrinks the head below what is kept.
  private static final int CUT_SLACK = 64;

  private static final Pattern BLANKS = Pattern.compile("\\s+");

  /**
   * {@link #stripControls} in one pass (and, unless {@code keepLines}, the collapse of blanks to
   * one space and the leading half of {@code trim()}), appended to {@code out}. Stops before the
   * first {@linkplain Redactor#isBoundary boundary} char once {@code out} holds {@code stopAfter}
   * chars and returns its index; returns {@code s.length()} when it cleaned everything, and -1
   * without finishing when {@code s} has a terminal escape (left to the whole-text path).
   */
  static int clean(String s, boolean keepLines, int stopAfter, StringBuilder out) {
    int i = 0;
    int n = s.length();
    while (i < n) {
      // a run of printable ASCII that stays as it is, copied at once
      int run = i;
      while (i < n) {
        char c = s.charAt(i);
        byte kind = c < 0x80 ? ASCII_KIND[c] : OTHER;
        if (kind == PLAIN) {
          i++;
          continue;
        }
        if (kind == OTHER) {
          break;
        }
        if (kind == BLANK && !keepLines && (i == run ? endsBlank(out) : s.charAt(i - 1) == ' ')) {
          break;
        }
        if (kind == BOUNDARY && out.length() + (i - run) >= stopAfter) {
          break;
        }
        i++;
      }
      out.append(s, run, i);
      if (i == n) {
        break;
      }
      char c = s.charAt(i);
      if (c == ' ') { // a blank after a blank, or leading: collapsed away
        i++;
        continue;
      }
      if (c >= 0x20 && c < 0x7F) {
        return i; // a boundary char, and enough is kept
      }
      if (c == '\u001B') {
        return -1;
      }
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (keepLines && (cp == '\n' || cp == '\t')) {
        out.append((char) cp);
      } else if (Character.isISOControl(cp)) {
        if (cp == '\n' || cp == '\r' || cp == '\t') {
          if (keepLines) {
            out.append(' ');
          } else {
            appendBlank(out);
          }
        }
      } else if (Character.getType(cp) == Character.SURROGATE
          || Character.getType(cp) == Character.FORMAT && cp != 0x200D) {
        continue;
      } else {
        out.appendCodePoint(cp);
      }
    }
    return n;
  }

  /**
   * Where {@link #clean} would stop on {@code s} if it left every char as it is, or -1 when it
   * would not: {@code clean(s, keepLines, stopAfter, out)} then appends exactly {@code
   * s.substring(0, result)} and returns {@code result}. Only printable ASCII (and, when {@code
   * keepLines}, line feeds and tabs; otherwise no leading, trailing or repeated blank) counts as
   * left as it is, so any other text is left to {@link #clean}. A compare per char (eight chars a
   * step for a body), no copy of the text: most error bodies need no cleaning at all.
   */
  static int plainHead(String s, boolean keepLines, int stopAfter) {
    int n = s.length();
    int m = Math.min(n, Math.max(stopAfter, 0));
    char prev = ' '; // as if a blank came before: clean() drops a leading blank
    // before stopAfter no char is a place to cut: a loop per kind of text, with nothing else in it
    if (keepLines) {
      if (!plainBody(s, m)) {
        return -1;
      }
      prev = m > 0 ? s.charAt(m - 1) : prev;
    }
    // read through a char[] a chunk at a time: String.charAt per char costs several times more
    char[] chunk = keepLines && m == n ? null : new char[Math.min(n, PLAIN_CHUNK)];
    for (int from = 0; !keepLines && from < m; from += chunk.length) {
      int len = Math.min(chunk.length, m - from);
      s.getChars(from, from + len, chunk, 0);
      if (!plainLine(chunk, len, prev)) {
        return -1;
      }
      prev = chunk[len - 1];
    }
    for (int from = m; from < n; from += chunk.length) {
      int len = Math.min(chunk.length, n - from);
      s.getChars(from, from + len, chunk, 0);
      for (int k = 0; k < len; k++) {
        char c = chunk[k];
        if (c <= ' ' || c >= 0x7F) {
          if (c == ' ' ? !keepLines && prev == ' ' : !keepLines || c != '\n' && c != '\t') {
            return -1;
          }
        } else if (Redactor.isBoundary(c)) {
          return from + k;
        }
        prev = c;
      }
    }
    // a trailing blank is trimmed off a line
    return !keepLines && n > 0 && prev == ' ' ? -1 : n;
  }

  /**
   * Whether the first {@code m} chars of a body are left as they are: printable ASCII, line feeds
   * and tabs. Eight chars a step over the head's UTF-8 bytes (for a Latin-1 string {@code getBytes}
   * is a vectorised check and a copy): there are as many as chars only when each char is ASCII or a
   * lone surrogate, which the encoder writes as {@code '?'}, so every {@code '?'} is compared with
   * its char. A long of eight ASCII bytes has none below 0x20, none equal to 0x7F and none equal to
   * {@code '?'} exactly when the three bit tricks below give 0 (Hacker's Delight "hasless" and
   * "haszero", exact for bytes below 0x80); a step where one does not is checked a byte at a time,
   * since line feeds, tabs and real question marks are fine.
   */
  static boolean plainBody(String s, int m) {
    byte[] b = (m == s.length() ? s : s.substring(0, m)).getBytes(StandardCharsets.UTF_8);
    if (b.length != m) {
      return false; // a char past ASCII
    }
    int k = 0;
    for (; k <= m - Long.BYTES; k += Long.BYTES) {
      long x = (long) LONGS.get(b, k);
      long below = (x - 0x2020202020202020L) & ~x;
      long y = x ^ 0x7F7F7F7F7F7F7F7FL;
      long del = (y - 0x0101010101010101L) & ~y;
      long z = x ^ 0x3F3F3F3F3F3F3F3FL;
      long question = (z - 0x0101010101010101L) & ~z;
      if (((below | del | question) & 0x8080808080808080L) != 0
          && !plainBytes(s, b, k, k + Long.BYTES)) {
        return false;
      }
    }
    return plainBytes(s, b, k, m);
  }

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  // plainBody's test a byte at a time (b: s's bytes, one a char, each below 0x80)
  private static boolean plainBytes(String s, byte[] b, int from, int to) {
    for (int k = from; k < to; k++) {
      byte c = b[k];
      if (c == 0x7F || c < ' ' && c != '\n' && c != '\t' || c == '?' && s.charAt(k) != '?') {
        return false;
      }
    }
    return true;
  }

  // Whether a line's chars are left as they are: printable ASCII, no blank after a blank (prev).
  private static boolean plainLine(char[] chunk, int len, char prev) {
    char p = prev;
    for (int k = 0; k < len; k++) {
      char c = chunk[k];
      if ((c <= ' ' || c >= 0x7F) && (c != ' ' || p == ' ')) {
        return false;
      }
      p = c;
    }
    return true;
  }

  private static final int PLAIN_CHUNK = 1024;

  // What the cleaner's copy loop needs to know of an ASCII char, in one lookup.
  private static final byte PLAIN = 0;
  private static final byte BLANK = 1;
  private static final byte BOUNDARY = 2;
  private static final byte OTHER = 3; // a control char, DEL or (outside the table) non-ASCII
  private static final byte[] ASCII_KIND = asciiKinds();

  private static byte[] asciiKinds() {
    byte[] kinds = new byte[0x80];
    for (char c = 0; c < 0x80; c++) {
      kinds[c] =
          c < 0x20 || c == 0x7F
              ? OTHER
              : c == ' ' ? BLANK : Redactor.isBoundary(c) ? BOUNDARY : PLAIN;
    }
    return kinds;
  }

  // after stripControls the only char "\\s+" and trim() see is ' ': one, and none at the start
  private static void appendBlank(StringBuilder out) {
    if (!endsBlank(out)) {
      out.append(' ');
    }
  }

  private static boolean endsBlank(StringBuilder out) {
    int n = out.length();
    return n == 0 || out.charAt(n - 1) == ' ';
  }

  /** The UTF-8 length of {@code s}, counted only as far as {@code atLeast}. */
  static int utf8Length(String s, int atLeast) {
    int i = 0;
    int ascii = Math.min(s.length(), atLeast);
    while (i < ascii && s.charAt(i) < 0x80) {
      i++;
    }
    int bytes = i;
    while (i < s.length() && bytes < atLeast) {
      int cp = s.codePointAt(i);
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      i += Character.charCount(cp);
    }
    return bytes;
  }

  static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }

  static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
