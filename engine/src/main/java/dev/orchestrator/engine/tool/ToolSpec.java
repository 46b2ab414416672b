package dev.orchestrator.engine.tool;

/**
 * What the guard knows about a tool before calling it: its name and whether a call may safely run
 * twice. Immutable and thread-safe.
 *
 * <p>Idempotence is the caller's promise, not a guess: declare a tool idempotent only when running
 * the same call twice has the effect of running it once (a search, a read, a PUT of the same
 * value). When in doubt use {@link #nonIdempotent(String)}: a non-idempotent timeout fails closed
 * instead of being replayed.
 *
 * @param name the tool's name as the agent knows it; not secret, appears in audit events and in the
 *     stop exception's message
 * @param idempotent whether running the same call twice is safe
 */
public record ToolSpec(String name, boolean idempotent) {

  /** Longest accepted tool name. */
  public static final int MAX_NAME_LENGTH = 200;

  /** Validates the name: non-blank, at most {@value #MAX_NAME_LENGTH} chars, no control chars. */
  public ToolSpec {
    name = checkName(name);
  }

  /** A tool whose calls may be replayed. */
  public static ToolSpec idempotent(String name) {
    return new ToolSpec(name, true);
  }

  /** A tool whose calls must not be replayed (the safe default). */
  public static ToolSpec nonIdempotent(String name) {
    return new ToolSpec(name, false);
  }

  /** Shared with {@link ToolFailureException}: names reach messages and audit events. */
  static String checkName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "tool name: " + (name == null ? "null" : "'" + name + "'") + " (expected: non-blank)");
    }
    if (name.length() > MAX_NAME_LENGTH) {
      throw new IllegalArgumentException(
          "tool name: " + name.length() + " chars (expected: at most " + MAX_NAME_LENGTH + ")");
    }
    if (name.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "tool name: contains a control character (expected: printable text)");
    }
    return name;
  }
}
