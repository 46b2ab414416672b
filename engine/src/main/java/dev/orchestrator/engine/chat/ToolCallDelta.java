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
 */
public record ToolCallDelta(int index, String id, String name, String argumentsFragment) {
  /** Validates. */
  public ToolCallDelta {
    if (index < 0) {
      throw new IllegalArgumentException("tool call index: " + index + " (expected: >= 0)");
    }
    argumentsFragment = argumentsFragment == null ? "" : argumentsFragment;
  }
}
