package dev.orchestrator.engine.chat;

/**
 * One block of a model's visible reasoning as the provider issued it: its text and the opaque
 * signature that lets the provider verify it when an agent replays it, or — for reasoning the
 * provider withheld — only its encrypted data. Anthropic requires a replayed thinking block to
 * carry the signature it issued; no other provider accepts one, so a signed block goes back only to
 * the protocol that signed it (docs/design.md §12–13). Immutable and thread-safe.
 *
 * @param text the reasoning text; {@code ""} for a redacted block
 * @param signature the provider's signature of {@code text}, or {@code null} when unsigned
 * @param redactedData the encrypted reasoning of a redacted block, or {@code null}
 */
public record Thinking(String text, String signature, String redactedData) {
  /** Validates and normalises. */
  public Thinking {
    text = text == null ? "" : text;
    if (redactedData != null && (!text.isEmpty() || signature != null)) {
      throw new IllegalArgumentException(
          "thinking: a redacted block with text or a signature (expected: only its data)");
    }
  }

  /** A reasoning block with its signature ({@code null} when unsigned). */
  public static Thinking of(String text, String signature) {
    return new Thinking(text, signature, null);
  }

  /** A reasoning block the provider withheld, with only its encrypted data. */
  public static Thinking redacted(String data) {
    return new Thinking("", null, java.util.Objects.requireNonNull(data, "data"));
  }

  /** Whether this is a redacted block. */
  public boolean isRedacted() {
    return redactedData != null;
  }
}
