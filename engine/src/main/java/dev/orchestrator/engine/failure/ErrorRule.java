package dev.orchestrator.engine.failure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An operator's rule for classifying a provider failure, read from the {@code errors:} section of a
 * catalog configuration and evaluated before the built-in rules (docs/reference.md, "User error
 * rules"). Every condition given must hold; a list condition holds when any of its values does.
 * Immutable and thread-safe.
 *
 * @param name the rule's name, unique in the configuration
 * @param origin where the rule is written ({@code file:line}), for explanations
 * @param statuses HTTP statuses, any of which matches; empty for any
 * @param provider the provider id that must have answered, or {@code null} for any
 * @param codes error types or codes (case-insensitive), any of which matches; empty for any
 * @param header a response header name that must be present, or {@code null}
 * @param headerContains text the header's value must contain (case-insensitive), or {@code null}
 * @param phrases message or body phrases (case-insensitive), any of which matches; empty for any
 * @param category the category the failure gets
 * @param retryable whether the same request may be sent again
 * @param cooldown how long the route rests after this failure, or {@code null} for the default
 */
public record ErrorRule(
    String name,
    String origin,
    List<Integer> statuses,
    String provider,
    List<String> codes,
    String header,
    String headerContains,
    List<String> phrases,
    FailureCategory category,
    boolean retryable,
    Duration cooldown) {

  /**
   * Validates and normalises (codes and phrases lower-cased).
   *
   * @throws IllegalArgumentException when no condition is given or the cool-down is not positive
   */
  public ErrorRule {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(category, "category");
    statuses = List.copyOf(statuses == null ? List.of() : statuses);
    codes = lower(codes);
    phrases = lower(phrases);
    headerContains = headerContains == null ? null : headerContains.toLowerCase(Locale.ROOT);
    if (headerContains != null && header == null) {
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
