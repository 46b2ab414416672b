package dev.orchestrator.engine.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
    return new Thinking("", null, Objects.requireNonNull(data, "data"));
  }

  /** Whether this is a redacted block. */
  public boolean isRedacted() {
    return redactedData != null;
  }

  /**
   * The signature of the one signed block among {@code blocks}, or {@code null} when there is none
   * or several: a framework message keeps one reasoning text and one signature, and several
   * signatures would not match the joined text.
   */
  public static String soleSignature(List<Thinking> blocks) {
    String found = null;
    for (Thinking t : blocks) {
      if (t.signature() != null) {
        if (found != null) {
          return null;
        }
        found = t.signature();
      }
    }
    return found;
  }

  /** The data of the redacted blocks among {@code blocks}, in order. */
  public static List<String> redactedData(List<Thinking> blocks) {
    List<String> out = new ArrayList<>();
    for (Thinking t : blocks) {
      if (t.isRedacted()) {
        out.add(t.redactedData());
      }
    }
    return out;
  }

  /**
   * The blocks a framework message stands for, as {@link #soleSignature} and {@link #redactedData}
   * wrote them: {@code text} signed by {@code signature} when both are non-empty strings, then one
   * redacted block per non-empty string in {@code redacted} (a list); anything else is no block.
   */
  public static List<Thinking> fromMessage(Object text, Object signature, Object redacted) {
    List<Thinking> out = new ArrayList<>();
    if (text instanceof String t && signature instanceof String s && !s.isEmpty()) {
      out.add(of(t, s));
    }
    if (redacted instanceof List<?> data) {
      for (Object d : data) {
        if (d instanceof String s && !s.isEmpty()) {
          out.add(redacted(s));
        }
      }
    }
    return out;
  }
}
