package dev.orchestrator.cli;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Picocli's parse errors in the user's terms: {@code --max-price: 'abc' is not a number} rather
 * than {@code 'abc' is not a java.math.BigDecimal}; an unknown option with Picocli's own close
 * matches. Stateless; thread-safe.
 */
final class UsageMessages {
  private UsageMessages() {}

  // "Invalid value for option '--port': 'x' is not an int", and for other types
  // "Invalid value for option '--max-price': cannot convert 'abc' to BigDecimal (java.lang…)".
  private static final Pattern NOT_A_TYPE =
      Pattern.compile(
          "Invalid value for (?:option|positional parameter) '([^']+)': (?:'(.*)' is not an?"
              + " (\\S+)|cannot convert '(.*)' to ([\\w.]+).*)",
          Pattern.DOTALL);

  /** One line for {@code ex}, naming the option, the value and what was expected. */
  static String of(CommandLine.ParameterException ex) {
    String m = ex.getMessage() == null ? "invalid command line" : ex.getMessage();
    Matcher t = NOT_A_TYPE.matcher(m);
    if (t.matches()) {
      boolean first = t.group(2) != null;
      String value = first ? t.group(2) : t.group(4);
      String type = first ? t.group(3) : t.group(5);
      return t.group(1) + ": '" + value + "' is not " + expected(type);
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

  private static String expected(String javaType) {
    String simple = javaType.substring(javaType.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return switch (simple) {
      case "bigdecimal", "double", "float" -> "a number";
      case "int", "integer", "long", "short", "byte", "biginteger" -> "a whole number";
      case "boolean" -> "true or false";
      case "path", "file" -> "a file path";
      default -> "a valid " + simple;
    };
  }
}
