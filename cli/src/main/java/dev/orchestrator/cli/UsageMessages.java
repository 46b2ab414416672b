package dev.orchestrator.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Picocli's parse errors in the user's terms: {@code --max-price: 'abc' is not a number} rather
 * than {@code 'abc' is not a java.math.BigDecimal}, {@code --prompt-tokens: '99999999999' is out of
 * range (expected: -2147483648..2147483647)} rather than "not an int"; an unknown option with
 * Picocli's own close matches. Stateless; thread-safe.
 */
final class UsageMessages {
  private UsageMessages() {}

  // "Invalid value for option '--port': …", "Invalid value for positional parameter at index 0
  // (MODEL): …": the option or parameter, and what its converter said.
  private static final Pattern INVALID_VALUE =
      Pattern.compile(
          "Invalid value for (?:option '([^']+)'|positional parameter at index \\S+ \\(([^)]+)\\)):"
              + " (.*)",
          Pattern.DOTALL);

  // A built-in converter's words: "'x' is not an int", and for other types "cannot convert 'abc'
  // to BigDecimal (java.lang…)".
  private static final Pattern NOT_A_TYPE =
      Pattern.compile(
          "'(.*)' is not an? (\\S+)|cannot convert '(.*)' to ([\\w.]+).*", Pattern.DOTALL);

  /** One line for {@code ex}, naming the option, the value and what was expected. */
  static String of(CommandLine.ParameterException ex) {
    String m = ex.getMessage() == null ? "invalid command line" : ex.getMessage();
    Matcher v = INVALID_VALUE.matcher(m);
    if (v.matches()) {
      String name = v.group(1) != null ? v.group(1) : v.group(2);
      Matcher t = NOT_A_TYPE.matcher(v.group(3));
      if (!t.matches()) {
        return name + ": " + v.group(3); // the CLI's own converter's words (ModelName)
      }
      boolean first = t.group(1) != null;
      String value = first ? t.group(1) : t.group(3);
      String type = simple(first ? t.group(2) : t.group(4));
      String range = RANGES.get(type);
      if (range != null && WHOLE.matcher(value).matches()) {
        // a whole number all the same, too large or too small for the option's type
        return name + ": '" + value + "' is out of range (expected: " + range + ")";
      }
      return name + ": '" + value + "' is not " + expected(type);
    }
    if (ex instanceof CommandLine.UnmatchedArgumentException u) {
      List<String> suggestions = u.getSuggestions();
      if (!suggestions.isEmpty()) {
        return m + " (did you mean: " + String.join(", ", suggestions) + "?)";
      }
    }
    return m;
  }

  /**
   * A library's message about one of its settings ({@code maxBodyBytes: 10 (expected: …)}) in the
   * user's terms: the setting's name replaced by the option that set it ({@code --max-body-bytes:
   * 10 (expected: …)}). {@code names} pairs each setting with its option; a message naming none is
   * returned unchanged.
   */
  static String forOption(String message, String[][] names) {
    String m = message == null ? "invalid value" : message;
    for (String[] n : names) {
      if (m.startsWith(n[0] + ": ")) {
        return n[1] + m.substring(n[0].length());
      }
    }
    return m;
  }

  private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

  // What the integer types Picocli converts to can hold, by simple(type).
  private static final Map<String, String> RANGES =
      Map.of(
          "int", Integer.MIN_VALUE + ".." + Integer.MAX_VALUE,
          "integer", Integer.MIN_VALUE + ".." + Integer.MAX_VALUE,
          "long", Long.MIN_VALUE + ".." + Long.MAX_VALUE,
          "short", Short.MIN_VALUE + ".." + Short.MAX_VALUE,
          "byte", Byte.MIN_VALUE + ".." + Byte.MAX_VALUE);

  // "java.lang.Integer" -> "integer"
  private static String simple(String javaType) {
    return javaType.substring(javaType.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
  }

  private static String expected(String simple) {
    return switch (simple) {
      case "bigdecimal", "double", "float" -> "a number";
      case "int", "integer", "long", "short", "byte", "biginteger" -> "a whole number";
      case "boolean" -> "true or false";
      case "path", "file" -> "a file path";
      default -> "a valid " + simple;
    };
  }
}
