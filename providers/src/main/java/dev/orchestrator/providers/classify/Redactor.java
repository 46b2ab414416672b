package dev.orchestrator.providers.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces anything that looks like a credential with {@value #REDACTED}. Used on every message,
 * body and {@code toString()} that leaves the provider boundary, so secrets never reach an output,
 * a trace, a log line or an exception (docs/design.md §4). Stateless and thread-safe.
 *
 * <p>What counts as a secret:
 *
 * <ul>
 *   <li>provider keys by prefix: {@code sk-…} (OpenAI, incl. {@code sk-proj-}), {@code sk-ant-…}
 *       (Anthropic), {@code sk-or-v1-…} (OpenRouter), {@code nvapi-…} (NVIDIA), {@code gsk_…}
 *       (Groq), {@code AIza…} (Google), {@code xai-…} (xAI), {@code hf_…} (Hugging Face), {@code
 *       pplx-…} (Perplexity), {@code r8_…} (Replicate), {@code AKIA…} (AWS), {@code ghp_…}/{@code
 *       github_pat_…} (GitHub), and JSON Web Tokens;
 *   <li>the token after {@code Bearer } (one with a digit, or at least 20 characters long);
 *   <li>the value of a {@code key}, {@code api_key}/{@code api-key}/{@code apikey}, {@code token},
 *       {@code access_token}, {@code secret} or {@code password} query parameter, and of an {@code
 *       x-api-key}/{@code api-key}/{@code authorization} header or JSON field.
 * </ul>
 *
 * <p>Redaction is deliberately greedy: a false positive costs a word of a message, a false negative
 * leaks a key.
 */
public final class Redactor {

  /** The replacement text. */
  public static final String REDACTED = "[REDACTED]";

  // Prefixed keys: the prefix, then a run of key characters. '*' is included so that a key the
  // provider already masked ("sk-abc****xyz") disappears whole.
  private static final Pattern PREFIXED_KEY =
      Pattern.compile(
          "(?<![A-Za-z0-9])(?:sk-|nvapi-|gsk_|xai-|hf_|pplx-|r8_|ghp_|gho_|github_pat_)"
              + "[A-Za-z0-9_\\-*.]{6,}"
              + "|(?<![A-Za-z0-9])AIza[A-Za-z0-9_\\-]{10,}"
              + "|(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{12,}"
              + "|(?<![A-Za-z0-9_\\-])eyJ[A-Za-z0-9_\\-]{5,}\\.[A-Za-z0-9_\\-]{5,}\\.[A-Za-z0-9_\\-]*");

  // "Bearer <token>": keep the scheme, drop the credential. A token has a digit or is long, so the
  // phrase "invalid bearer token" survives.
  private static final Pattern BEARER =
      Pattern.compile(
          "(?i)\\b(bearer)(\\s+)(?:(?=[A-Za-z0-9._~+/=\\-*:]*\\d)[A-Za-z0-9._~+/=\\-*:]{8,}"
              + "|[A-Za-z0-9._~+/=\\-*:]{20,})");

  // key=value in query strings, form bodies and headers/JSON ("x-api-key": "…", api_key=…).
  private static final Pattern NAMED_SECRET =
      Pattern.compile(
          "(?i)(\\b(?:x-api-key|x-goog-api-key|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token"
              + "|auth[_-]?token|token|secret|client[_-]?secret|password|passwd|authorization|key)"
              + "[\"']?\\s*[:=]\\s*[\"']?)(?!(?:bearer\\s+)?\\[REDACTED\\])(?:bearer\\s+)?"
              + "[^\\s\"'&,;{}<>\\[\\]]{4,}");

  // Necessary conditions, checked before each pattern runs: scanning for a few literals costs a
  // fraction of running a case-insensitive alternation at every position, and most error bodies
  // hold no credential at all. Each check is a superset of its pattern, so nothing is missed.
  private static final List<String> KEY_PREFIXES =
      List.of(
          "sk-",
          "nvapi-",
          "gsk_",
          "xai-",
          "hf_",
          "pplx-",
          "r8_",
          "ghp_",
          "gho_",
          "github_pat_",
          "AIza",
          "AKIA",
          "ASIA",
          "eyJ");

  // Every alternative of NAMED_SECRET ends with one of these (lower case).
  private static final List<String> SECRET_NAME_ENDINGS =
      List.of("key", "token", "secret", "password", "passwd", "authorization");

  // The last and the second-to-last chars of the names: letters, so (c | 0x20) is the lower case
  // of c when c is one; any other char may pass too (a superset, like every pre-check).
  private static final boolean[] NAME_LAST = new boolean[128];
  private static final boolean[] NAME_BEFORE_LAST = new boolean[128];

  static {
    for (String name : SECRET_NAME_ENDINGS) {
      NAME_LAST[name.charAt(name.length() - 1)] = true;
      NAME_BEFORE_LAST[name.charAt(name.length() - 2)] = true;
    }
  }

  private Redactor() {}

  /**
   * Returns {@code text} with every credential-looking substring replaced by {@value #REDACTED}.
   * {@code null} stays {@code null}. Never throws.
   */
  public static String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    if (text.length() <= SHORT_TEXT && !hasCue(text)) {
      return text; // no pre-check below can pass
    }
    String out = text;
    if (mayHavePrefixedKey(out)) {
      out = PREFIXED_KEY.matcher(out).replaceAll(REDACTED);
    }
    if (mayHaveBearer(out)) {
      out = BEARER.matcher(out).replaceAll("$1$2" + Matcher.quoteReplacement(REDACTED));
    }
    if (!mayHaveNamedSecret(out)) {
      return out;
    }
    Matcher m = NAMED_SECRET.matcher(out);
    StringBuilder b = new StringBuilder(out.length());
    while (m.find()) {
      m.appendReplacement(b, Matcher.quoteReplacement(m.group(1) + REDACTED));
    }
    m.appendTail(b);
    return b.toString();
  }

  /**
   * Whether {@code c} is a character no pattern can consume or look across: none of {@code , ; & {
   * } < >} is in any pattern's literals or character classes (the secret value class excludes
   * them), none is a word or blank character (for word boundaries and blanks), and no lookaround
   * can pass one. So every match lies wholly before or wholly after such a character, and {@code
   * redact(t.substring(0, i))} is a prefix of {@code redact(t)} when {@code t.charAt(i)} is one:
   * callers that keep only a head can redact just that much.
   */
  static boolean isBoundary(char c) {
    return c == ',' || c == ';' || c == '&' || c == '{' || c == '}' || c == '<' || c == '>';
  }

  // Every key prefix holds one of these rarer chars: a few vectorised indexOf calls for them, and
  // a look around each hit at the prefixes holding that char, cost less than an indexOf per
  // prefix over the whole text.
  private static final char[] ANCHORS = {'-', '_', 'A', 'J'};

  // PREFIXES_BY_ANCHOR[a]: the prefixes holding ANCHORS[a]; ANCHOR_AT[a]: where (each place)
  private static final String[][] PREFIXES_BY_ANCHOR = new String[ANCHORS.length][];
  private static final int[][] ANCHOR_AT = new int[ANCHORS.length][];

  static {
    boolean[] anchored = new boolean[KEY_PREFIXES.size()];
    for (int a = 0; a < ANCHORS.length; a++) {
      List<String> prefixes = new ArrayList<>();
      List<Integer> at = new ArrayList<>();
      for (int i = 0; i < KEY_PREFIXES.size(); i++) {
        String p = KEY_PREFIXES.get(i);
        for (int k = p.indexOf(ANCHORS[a]); k >= 0; k = p.indexOf(ANCHORS[a], k + 1)) {
          prefixes.add(p);
          at.add(k);
          anchored[i] = true;
        }
      }
      PREFIXES_BY_ANCHOR[a] = prefixes.toArray(new String[0]);
      ANCHOR_AT[a] = at.stream().mapToInt(Integer::intValue).toArray();
    }
    for (int i = 0; i < anchored.length; i++) {
      if (!anchored[i]) {
        throw new AssertionError("key prefix without an anchor char: " + KEY_PREFIXES.get(i));
      }
    }
  }

  private static boolean mayHavePrefixedKey(String text) {
    for (int a = 0; a < ANCHORS.length; a++) {
      String[] prefixes = PREFIXES_BY_ANCHOR[a];
      int[] offsets = ANCHOR_AT[a];
      for (int at = text.indexOf(ANCHORS[a]); at >= 0; at = text.indexOf(ANCHORS[a], at + 1)) {
        for (int j = 0; j < prefixes.length; j++) {
          int start = at - offsets[j];
          // the first char, compared inline, rules out most anchors before startsWith is called
          if (start >= 0
              && text.charAt(start) == prefixes[j].charAt(0)
              && text.startsWith(prefixes[j], start)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // Up to this length one loop over the chars costs less than the pre-checks' eight indexOf calls
  // (types, codes, request ids, short messages).
  private static final int SHORT_TEXT = 64;

  // CUE[c]: every pre-check needs one of these chars: an anchor of a key prefix, a 'b' of
  // "bearer", a ':' or '=' after a secret name.
  private static final boolean[] CUE = new boolean[128];

  static {
    for (char c : ANCHORS) {
      CUE[c] = true;
    }
    for (char c : new char[] {'b', 'B', ':', '='}) {
      CUE[c] = true;
    }
  }

  private static boolean hasCue(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < CUE.length && CUE[c]) {
        return true;
      }
    }
    return false;
  }

  // "bearer" in any case: BEARER is case-insensitive (ASCII only; regionMatches folds more).
  private static boolean mayHaveBearer(String text) {
    for (char b : new char[] {'b', 'B'}) {
      for (int i = text.indexOf(b); i >= 0; i = text.indexOf(b, i + 1)) {
        // only 'e' and 'E' match 'e' ignoring case: most b's fail here, before regionMatches
        if (i + 1 < text.length()
            && (text.charAt(i + 1) | 0x20) == 'e'
            && text.regionMatches(true, i, "bearer", 0, 6)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a secret name (in any case) is followed by an optional quote, blanks and ':' or '=':
   * found from each ':' and '=' backwards, since those are rarer than the names' letters.
   */
  private static boolean mayHaveNamedSecret(String text) {
    for (char sep : new char[] {':', '='}) {
      for (int i = text.indexOf(sep); i >= 0; i = text.indexOf(sep, i + 1)) {
        int end = i;
        while (end > 0 && isRegexSpace(text.charAt(end - 1))) {
          end--;
        }
        // a name ends with a letter, so a quote here is the optional one
        if (end > 0 && (text.charAt(end - 1) == '"' || text.charAt(end - 1) == '\'')) {
          end--;
        }
        // every name's last two chars (in any case) must be there: most separators (URLs, CSS
        // "md:", "id=") fail this before any regionMatches
        if (end < 2
            || !NAME_LAST[(text.charAt(end - 1) | 0x20) & 0x7F]
            || !NAME_BEFORE_LAST[(text.charAt(end - 2) | 0x20) & 0x7F]) {
          continue;
        }
        for (String name : SECRET_NAME_ENDINGS) {
          int start = end - name.length();
          if (start >= 0 && text.regionMatches(true, start, name, 0, name.length())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** {@code \\s} of java.util.regex without UNICODE_CHARACTER_CLASS. */
  private static boolean isRegexSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
  }
}
