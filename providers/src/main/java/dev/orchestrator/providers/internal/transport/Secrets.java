package dev.orchestrator.providers.internal.transport;

import dev.orchestrator.engine.catalog.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one attempt sends that no failure text may show: the API key, and the values of the
 * provider's configured headers whose names read as credentials ({@code x-goog-api-key}, {@code
 * x-portkey-api-key}, {@code helicone-auth}, {@code x-auth-token}…) — with a scheme ({@code Bearer
 * …}) the credential after it too. Upstreams echo what they were sent, and only the key was
 * scrubbed. Immutable; its {@code toString()} names no value.
 */
final class Secrets {
  /** No secret: nothing is scrubbed. */
  static final Secrets NONE = new Secrets(List.of());

  // A header whose name holds one of these carries a credential.
  private static final List<String> CREDENTIAL_WORDS =
      List.of("key", "token", "secret", "auth", "passw", "cookie", "session", "signature");
  // Shorter texts are too common to be scrubbed wherever they occur ("1", "true").
  private static final int MIN_LENGTH = 4;
  private static final String REDACTED = "[redacted]";
  // A secret as an upstream masks it: characters of it, a run of mask characters (asterisks, an
  // ellipsis, bullets), characters of it — OpenAI's "Incorrect API key provided: sk-abc***xyz".
  // Tried only where a token starts, its runs possessive: linear in a 64 KiB body of one token.
  private static final Pattern MASKED =
      Pattern.compile(
          "(?<![A-Za-z0-9_\\-])([A-Za-z0-9_\\-]*+)(?:\\*{2,}+|\\.{3,}+|\u2026++|\u2022{2,}+)"
              + "([A-Za-z0-9_\\-]*+)");
  // The fewest characters of a masked secret's start or end that count as a piece of it.
  private static final int MASKED_END = 3;

  private final List<String> values;

  private Secrets(List<String> values) {
    this.values = values;
  }

  /** {@code key} (may be {@code null}) and {@code provider}'s credential-like header values. */
  static Secrets of(String key, Provider provider) {
    List<String> out = new ArrayList<>(2);
    add(out, key);
    if (provider != null) {
      for (Map.Entry<String, String> h : provider.headers().entrySet()) {
        String name = h.getKey().toLowerCase(Locale.ROOT);
        if (CREDENTIAL_WORDS.stream().anyMatch(name::contains) && h.getValue() != null) {
          String v = h.getValue().strip();
          add(out, v);
          int space = v.lastIndexOf(' ');
          if (space > 0) {
            add(out, v.substring(space + 1)); // "Bearer <credential>": the credential alone
          }
        }
      }
    }
    // The longest first: a value holding another is scrubbed whole before its part is.
    out.sort((a, b) -> Integer.compare(b.length(), a.length()));
    return out.isEmpty() ? NONE : new Secrets(List.copyOf(out));
  }

  private static void add(List<String> out, String value) {
    if (value != null && value.length() >= MIN_LENGTH && !out.contains(value)) {
      out.add(value);
    }
  }

  /** Whether there is nothing to scrub. */
  boolean isEmpty() {
    return values.isEmpty();
  }

  /**
   * {@code text} without any of the secrets, whole or as the upstream masked one: a masked token
   * whose visible start is a secret's start, or whose visible end is its end (at least {@value
   * #MASKED_END} characters), goes whole. Those ends are a piece of the operator's secret, and
   * whoever reads the failure (a {@code serve} client, a log, a trace) is not its holder. A masked
   * token of another key stays ({@link dev.orchestrator.providers.classify.Redactor} takes known
   * prefixes). One pass over the text for the masked tokens, whatever the number of secrets.
   */
  String scrub(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (String v : values) {
      out = out.replace(v, REDACTED);
    }
    if (out.indexOf('*') < 0
        && !out.contains("...")
        && out.indexOf('\u2026') < 0
        && out.indexOf('\u2022') < 0) {
      return out;
    }
    Matcher m = MASKED.matcher(out);
    StringBuilder b = new StringBuilder(out.length());
    while (m.find()) {
      String start = m.group(1);
      String end = m.group(2);
      boolean ours =
          values.stream()
              .anyMatch(
                  v ->
                      start.length() >= MASKED_END && v.startsWith(start)
                          || end.length() >= MASKED_END && v.endsWith(end));
      m.appendReplacement(b, Matcher.quoteReplacement(ours ? REDACTED : m.group()));
    }
    m.appendTail(b);
    return b.toString();
  }

  @Override
  public String toString() {
    return "Secrets[" + values.size() + "]";
  }
}
