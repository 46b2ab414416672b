package dev.orchestrator.engine.chat;

import java.util.Objects;

/**
 * Whether and which tool the model must call ({@code tool_choice}). Immutable and thread-safe.
 *
 * @param mode auto, none, required, or one named function
 * @param functionName for {@link Mode#FUNCTION}, the function's name; otherwise {@code null}
 */
public record ToolChoice(Mode mode, String functionName) {
  /** The model decides. */
  public static final ToolChoice AUTO = new ToolChoice(Mode.AUTO, null);

  /** The model must not call a tool. */
  public static final ToolChoice NONE = new ToolChoice(Mode.NONE, null);

  /** The model must call at least one tool. */
  public static final ToolChoice REQUIRED = new ToolChoice(Mode.REQUIRED, null);

  /** The kinds of tool choice. */
  public enum Mode {
    /** {@code "auto"}. */
    AUTO,
    /** {@code "none"}. */
    NONE,
    /** {@code "required"} (Anthropic: {@code any}). */
    REQUIRED,
    /** {@code {"type":"function","function":{"name":…}}} (Anthropic: {@code tool}). */
    FUNCTION
  }

  /** Validates: a function name exactly for {@link Mode#FUNCTION}. */
  public ToolChoice {
    Objects.requireNonNull(mode, "mode");
    if (mode == Mode.FUNCTION) {
      if (functionName == null || functionName.isBlank()) {
        throw new IllegalArgumentException(
            "tool_choice.function.name: " + functionName + " (expected: a function name)");
      }
    } else if (functionName != null) {
      throw new IllegalArgumentException(
          "tool_choice: "
              + mode.name().toLowerCase(java.util.Locale.ROOT)
              + " with function "
              + functionName
              + " (expected: a function name only with a named function choice)");
    }
  }

  /** The model must call {@code name}. */
  public static ToolChoice function(String name) {
    return new ToolChoice(Mode.FUNCTION, name);
  }

  /**
   * Parses OpenAI's string forms {@code auto}, {@code none} and {@code required}.
   *
   * @throws IllegalArgumentException naming the value
   */
  public static ToolChoice fromWireName(String name) {
    if (name != null) {
      switch (name) {
        case "auto":
          return AUTO;
        case "none":
          return NONE;
        case "required":
          return REQUIRED;
        default:
          break;
      }
    }
    throw new IllegalArgumentException(
        "tool_choice: "
            + name
            + " (expected: auto, none, required or {\"type\":\"function\",\"function\":{\"name\":…}})");
  }

  /** Whether the choice lets or makes the model call a tool (anything but {@code none}). */
  public boolean allowsCalls() {
    return mode != Mode.NONE;
  }
}
