package dev.orchestrator.providers.internal.transport;

import dev.orchestrator.engine.catalog.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

  /** {@code text} without any of the secrets, whole or masked ({@link Failures#scrub}). */
  String scrub(String text) {
    String out = text;
    for (String v : values) {
      out = Failures.scrub(out, v);
    }
    return out;
  }

  @Override
  public String toString() {
    return "Secrets[" + values.size() + "]";
  }
}
