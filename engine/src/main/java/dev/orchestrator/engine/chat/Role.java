package dev.orchestrator.engine.chat;

import java.util.Locale;

/** The author of a chat message. */
public enum Role {
  /** System instructions. */
  SYSTEM,
  /** The user. */
  USER,
  /** The model. */
  ASSISTANT,
  /** A tool result. */
  TOOL;

  /** Lower case wire name. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a wire name ({@code developer} is read as {@link #SYSTEM}).
   *
   * @throws IllegalArgumentException naming the value
   */
  public static Role fromWireName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    switch (n) {
      case "system":
      case "developer":
        return SYSTEM;
      case "user":
        return USER;
      case "assistant":
        return ASSISTANT;
      case "tool":
        return TOOL;
      default:
        throw new IllegalArgumentException(
            "role: " + name + " (expected: system, user, assistant or tool)");
    }
  }
}
