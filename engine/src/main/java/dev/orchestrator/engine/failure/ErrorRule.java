package dev.orchestrator.engine.failure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An operator's rule for classifying a provider failure, read from the {@code errors:} section of a
 * catalog configuration and evaluated before the built-in rules (docs/reference.md, "User error
 * rules"). Every condition given must hold; a list condition holds when any of its values does.
 * Immutable and thread-safe.
 *
 * @param origin where the rule is written ({@code path:line}); the rule reports as {@code
 *     user:<origin>}
 * @param name an optional label for people, or {@code null}
 * @param statuses HTTP statuses ({@code "429"}) or status classes ({@code "4xx"}), any of which
 *     matches; empty for any
 * @param provider the provider id that must have answered, or {@code null} for any
 * @param codes error types or codes (case-insensitive), any of which matches; empty for any
 * @param header a response header name that must be present, or {@code null}
 * @param headerValue text the header's value must contain (case-insensitive), or {@code null}
 * @param phrases message or body phrases (case-insensitive), any of which matches; empty for any
 * @param category the category the failure gets
 * @param retryable whether the same request may be sent again
 * @param cooldown how long the route rests after this failure, or {@code null} for the default
 */
public record ErrorRule(
    String origin,
    String name,
    List<String> statuses,
    String provider,
    List<String> codes,
    String header,
    String headerValue,
    List<String> phrases,
    FailureCategory category,
    boolean retryable,
    Duration cooldown) {

  private static final Pattern STATUS = Pattern.compile("[1-5](?:\\d\\d|xx)");

  /**
   * Validates and normalises (status classes, codes and phrases lower-cased).
   *
   * @throws IllegalArgumentException when no condition is given, a status is neither {@code
   *     100..599} nor a class like {@code 4xx}, a header value has no header name, or the cool-down
   *     is not positive
   */
  public ErrorRule {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(category, "category");
    statuses = lower(statuses);
    for (String s : statuses) {
      if (!STATUS.matcher(s).matches()) {
        throw new IllegalArgumentException(
            "'" + s + "' is not an HTTP status (expected: 100..599 or a class like 4xx)");
      }
    }
    codes = lower(codes);
    phrases = lower(phrases);
    headerValue = headerValue == null ? null : headerValue.toLowerCase(Locale.ROOT);
    if (headerValue != null && header == null) {
      throw new IllegalArgumentException("a header value needs a header name");
    }
    if (statuses.isEmpty()
        && provider == null
        && codes.isEmpty()
        && header == null
        && phrases.isEmpty()) {
      throw new IllegalArgumentException("a rule needs at least one condition");
    }
    if (cooldown != null && (cooldown.isNegative() || cooldown.isZero())) {
      throw new IllegalArgumentException("cooldown must be positive");
    }
  }

  /**
   * Whether {@code status} is a status condition as a rule writes it: {@code 100..599} or a class
   * {@code 1xx..5xx} (case-insensitive).
   */
  public static boolean isStatusCondition(String status) {
    return status != null && STATUS.matcher(status.toLowerCase(Locale.ROOT)).matches();
  }

  /** The id the rule reports as, in a classification's {@code rule}: {@code user:<origin>}. */
  public String id() {
    return "user:" + origin;
  }

  /** Whether {@code status} is one of this rule's statuses or in one of its classes. */
  public boolean matchesStatus(int status) {
    return matchesStatus(statuses, status);
  }

  /**
   * Whether {@code status} is one of {@code conditions} (each as {@link #isStatusCondition} accepts
   * it, lower-cased) or in one of their classes. Shared with the tool-failure rules.
   */
  public static boolean matchesStatus(List<String> conditions, int status) {
    String exact = Integer.toString(status);
    for (String s : conditions) {
      if (s.equals(exact) || (s.endsWith("xx") && s.charAt(0) == exact.charAt(0))) {
        return true;
      }
    }
    return false;
  }

  private static List<String> lower(List<String> values) {
    List<String> out = new ArrayList<>();
    if (values != null) {
      for (String v : values) {
        out.add(v.toLowerCase(Locale.ROOT));
      }
    }
    return List.copyOf(out);
  }
}
