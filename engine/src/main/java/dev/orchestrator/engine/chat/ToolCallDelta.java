package dev.orchestrator.engine.chat;

/**
 * A fragment of a streamed tool call in OpenAI's incremental shape: the first fragment of a call
 * carries its {@code id} and {@code name}, later ones argument text only. Immutable and
 * thread-safe.
 *
 * @param index the call's position in the answer (0-based), stable across its fragments
 * @param id the call id, in the first fragment only (else {@code null})
 * @param name the function name, in the first fragment only (else {@code null})
 * @param argumentsFragment the next piece of the arguments JSON text (possibly empty)
 * @param thoughtSignature Gemini's thought signature of the call, in the fragment where it first
 *     arrives (else {@code null}; {@link ToolCall#thoughtSignature()})
 */
public record ToolCallDelta(
    int index, String id, String name, String argumentsFragment, String thoughtSignature) {
  /** Validates. */
  public ToolCallDelta {
    if (index < 0) {
      throw new IllegalArgumentException("tool call index: " + index + " (expected: >= 0)");
    }
    argumentsFragment = argumentsFragment == null ? "" : argumentsFragment;
  }

  /** A fragment without a thought signature. */
  public ToolCallDelta(int index, String id, String name, String argumentsFragment) {
    this(index, id, name, argumentsFragment, null);
  }

  /** This fragment under another call id (the first fragment carries one). */
  public ToolCallDelta withId(String newId) {
    return new ToolCallDelta(index, newId, name, argumentsFragment, thoughtSignature);
  }
}
