package dev.orchestrator.springai;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@code orchestrator.*} property the engine refuses, named as the application sets it ({@code
 * orchestrator.policy.same-route-retries: 9 (expected: 0..4)}) rather than by the engine's field
 * ({@code sameRouteRetries}); {@link OrchestratorFailureAnalyzer} reports it at start-up.
 * Immutable.
 */
final class InvalidPropertyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private static final Pattern FIELD =
      Pattern.compile("^([a-zA-Z][a-zA-Z0-9]*)(: .*)$", Pattern.DOTALL);

  private final String property;

  private InvalidPropertyException(String property, String message, Throwable cause) {
    super(message, cause);
    this.property = property;
  }

  /**
   * The engine's refusal {@code e} of a value set under {@code prefix} ({@code
   * orchestrator.policy.} or {@code orchestrator.}): its field, in the kebab case Boot documents,
   * becomes the property.
   */
  static InvalidPropertyException of(String prefix, IllegalArgumentException e) {
    String message = String.valueOf(e.getMessage());
    Matcher m = FIELD.matcher(message);
    if (!m.matches()) {
      String property = prefix.endsWith(".") ? prefix.substring(0, prefix.length() - 1) : prefix;
      return new InvalidPropertyException(property, property + ": " + message, e);
    }
    String property =
        prefix + m.group(1).replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    return new InvalidPropertyException(property, property + m.group(2), e);
  }

  /** The property, as the application sets it ({@code orchestrator.policy.deadline}). */
  String property() {
    return property;
  }
}
