package dev.orchestrator.engine.tool;

import dev.orchestrator.engine.failure.ErrorRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An operator's rule for reading a tool failure, from the {@code toolErrors:} section of a catalog
 * configuration (docs/reference.md, "User tool-failure rules"). It names the failure's kind; what
 * to do with that kind stays the decision table's ({@link ToolFailureClassifier#decide}), so a rule
 * can correct what a failure is but cannot make a permission or policy failure fall through to
 * another agent, nor replay a non-idempotent call that timed out. Every condition given must hold;
 * a list condition holds when any of its values does. Immutable and thread-safe.
 *
 * <p>Rules are read after the signals a tool or its framework states about the call itself (a stop
 * already decided, an outcome that cannot be known, a {@link ToolFailureException}'s kind) and
 * before every built-in reading (the exception type, the HTTP status, the wording), first match
 * wins (ADR 0047).
 *
 * @param origin where the rule is written ({@code path:line}); the rule reports as {@code
 *     user:<origin>}
 * @param name an optional label for people, or {@code null}
 * @param tools tool names (case-insensitive), any of which must be the failed call's; empty for any
 *     tool
 * @param statuses HTTP statuses ({@code "404"}) or classes ({@code "4xx"}), any of which matches
 *     the tool's status, or with none the status its message prints; empty for any
 * @param phrases phrases (case-insensitive), any of which the message must contain; empty for any
 * @param kind the kind the failure gets
 */
public record ToolErrorRule(
    String origin,
    String name,
    List<String> tools,
    List<String> statuses,
    List<String> phrases,
    ToolFailureKind kind) {

  /**
   * Validates and normalises (tools, statuses and phrases lower-cased).
   *
   * @throws IllegalArgumentException when no condition is given, a value is blank, or a status is
   *     neither {@code 100..599} nor a class like {@code 4xx}
   */
  public ToolErrorRule {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(kind, "kind");
    tools = lower(tools, "tools", true);
    statuses = lower(statuses, "statuses", true);
    for (String s : statuses) {
      if (!ErrorRule.isStatusCondition(s)) {
        throw new IllegalArgumentException(
            "'" + s + "' is not an HTTP status (expected: 100..599 or a class like 4xx)");
      }
    }
    phrases = lower(phrases, "phrases", false);
    if (tools.isEmpty() && statuses.isEmpty() && phrases.isEmpty()) {
      throw new IllegalArgumentException("a rule needs at least one condition");
    }
  }

  /** The id the rule reports as: {@code user:<origin>}. */
  public String id() {
    return "user:" + origin;
  }

  // a phrase keeps its spaces: " failed" is not "failed"
  private static List<String> lower(List<String> values, String what, boolean trim) {
    List<String> out = new ArrayList<>();
    if (values != null) {
      for (String v : values) {
        if (v == null || v.isBlank()) {
          throw new IllegalArgumentException(what + ": a blank value");
        }
        out.add((trim ? v.trim() : v).toLowerCase(Locale.ROOT));
      }
    }
    return List.copyOf(out);
  }
}
