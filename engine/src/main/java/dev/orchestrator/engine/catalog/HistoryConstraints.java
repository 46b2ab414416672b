package dev.orchestrator.engine.catalog;

import java.util.List;

/**
 * What an OpenAI-compatible provider accepts of a replayed history, as its catalog entry declares
 * it (docs/design.md §13): a known family whose table it follows, and any of that table's rules it
 * overrides. {@code null} components say nothing; the provider id's family (or the generic one)
 * fills them in. Immutable and thread-safe.
 *
 * @param family the known family whose table applies ({@link #FAMILIES}), or {@code null}
 * @param toolCallIdAlphabet the characters its tool-call ids may have: {@code alnum} (letters and
 *     digits), {@code word} (also {@code _} and {@code -}) or {@code any}; or {@code null}
 * @param toolCallIdMinLength the shortest id it accepts, or {@code null}
 * @param toolCallIdMaxLength the longest id it accepts, or {@code null}
 * @param reasoning what it does with a replayed {@code reasoning_content}: {@code kept}, {@code
 *     refused} (left out) or {@code required-on-tool-calls}; or {@code null}
 * @param systemFirstOnly whether system messages may only lead the conversation, or {@code null}
 */
public record HistoryConstraints(
    String family,
    String toolCallIdAlphabet,
    Integer toolCallIdMinLength,
    Integer toolCallIdMaxLength,
    String reasoning,
    Boolean systemFirstOnly) {
  /** The families whose tables the project knows. */
  public static final List<String> FAMILIES =
      List.of(
          "openai",
          "anthropic",
          "gemini",
          "mistral",
          "deepseek",
          "moonshot",
          "groq",
          "openai-compatible");

  /** The id alphabets. */
  public static final List<String> ALPHABETS = List.of("alnum", "word", "any");

  /** The ways of treating replayed reasoning. */
  public static final List<String> REASONING = List.of("kept", "refused", "required-on-tool-calls");

  /** Validates. */
  public HistoryConstraints {
    check("family", family, FAMILIES);
    check("toolCallIds.alphabet", toolCallIdAlphabet, ALPHABETS);
    check("reasoning", reasoning, REASONING);
    int min = toolCallIdMinLength == null ? 1 : toolCallIdMinLength;
    int max = toolCallIdMaxLength == null ? 64 : toolCallIdMaxLength;
    if (min < 1 || max < min || max > 256) {
      throw new IllegalArgumentException(
          "toolCallIds: length "
              + min
              + ".."
              + max
              + " (expected: 1 <= minLength <= maxLength <= 256)");
    }
  }

  private static void check(String field, String value, List<String> allowed) {
    if (value != null && !allowed.contains(value)) {
      throw new IllegalArgumentException(
          field + ": " + value + " (expected one of: " + String.join(", ", allowed) + ")");
    }
  }
}
