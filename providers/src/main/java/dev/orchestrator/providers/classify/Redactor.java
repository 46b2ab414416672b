package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.internal.Regexes;
import java.util.List;
import java.util.Locale;
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
      Regexes.compile(
          "(?<![A-Za-z0-9])(?:sk-|nvapi-|gsk_|xai-|hf_|pplx-|r8_|ghp_|gho_|github_pat_)"
              + "[A-Za-z0-9_\\-*.]{6,}"
              + "|(?<![A-Za-z0-9])AIza[A-Za-z0-9_\\-]{10,}"
              + "|(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{12,}"
              + "|(?<![A-Za-z0-9_\\-])eyJ[A-Za-z0-9_\\-]{5,}\\.[A-Za-z0-9_\\-]{5,}\\.[A-Za-z0-9_\\-]*");

  // Every match of PREFIXED_KEY starts with one of these; a text with none skips the pattern, whose
  // lookbehinds at every position cost more than these searches.
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

  // "Bearer <token>": keep the scheme, drop the credential. A token has a digit or is long, so the
  // phrase "invalid bearer token" survives.
  private static final Pattern BEARER =
      Regexes.compile(
          "(?i)\\b(bearer)(\\s+)(?:(?=[A-Za-z0-9._~+/=\\-*:]*\\d)[A-Za-z0-9._~+/=\\-*:]{8,}"
              + "|[A-Za-z0-9._~+/=\\-*:]{20,})");

  // key=value in query strings, form bodies and headers/JSON ("x-api-key": "…", api_key=…).
  private static final Pattern NAMED_SECRET =
      Regexes.compile(
          "(?i)(\\b(?:x-api-key|x-goog-api-key|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token"
              + "|auth[_-]?token|token|secret|client[_-]?secret|password|passwd|authorization|key)"
              + "[\"']?\\s*[:=]\\s*[\"']?)(?!(?:bearer\\s+)?\\[REDACTED\\])(?:bearer\\s+)?"
              + "[^\\s\"'&,;{}<>\\[\\]]{4,}");

  // Every match of NAMED_SECRET names one of these (lower-cased); "[REDACTED]" holds none of them.
  private static final List<String> SECRET_NAMES =
      List.of("key", "token", "secret", "passw", "authorization");

  private Redactor() {}

  /**
   * Returns {@code text} with every credential-looking substring replaced by {@value #REDACTED}.
   * {@code null} stays {@code null}. Never throws.
   */
  public static String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out =
        KEY_PREFIXES.stream().anyMatch(text::contains)
            ? PREFIXED_KEY.matcher(text).replaceAll(REDACTED)
            : text;
    // BEARER and NAMED_SECRET ignore case: a text whose lower-cased copy names neither a bearer
    // token nor a secret is not scanned. The replacements above only put REDACTED in, so the copy
    // of the text as given answers for the text as it is now.
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.contains("bearer")) {
      out = BEARER.matcher(out).replaceAll("$1$2" + REDACTED);
    }
    if (SECRET_NAMES.stream().anyMatch(lower::contains)) {
      out = NAMED_SECRET.matcher(out).replaceAll("$1" + REDACTED);
    }
    return out;
  }
}
