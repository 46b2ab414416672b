package dev.orchestrator.engine.tool;

import java.util.List;
import java.util.Objects;

/**
 * A tool failure's decision with what decided it ({@link ToolFailureClassifier#explain}): the
 * operator's rule or the built-in step, why, the words a built-in wording row read, and every
 * operator rule considered in order. For a person deciding which phrase an operator's rule should
 * name: {@link #words()} are taken from the failure's message (a row's phrase, or what its pattern
 * matched there), so unlike a {@link ToolDecision} this is not for audit events or logs that must
 * hold no tool output. Immutable and thread-safe.
 *
 * @param decision the decision, as {@link ToolFailureClassifier#classify(ToolFailureEvidence)}
 *     gives it
 * @param rule {@code user:PATH:LINE} for an operator's rule, else the built-in step ({@code
 *     tool.stopped}, {@code tool.outcome_unknown}, {@code tool.declared_kind}, {@code
 *     tool.exception_type}, {@code tool.status}, {@code tool.wording}, {@code tool.printed_status},
 *     {@code tool.last_resort}, {@code tool.no_evidence}; docs/reference.md §2)
 * @param why why the rule or step decided
 * @param words what a wording step read in the message (empty for any other step)
 * @param considered the operator's rules, in order, up to the one that matched; empty when there
 *     are none or an earlier signal decided
 */
public record ToolClassification(
    ToolDecision decision, String rule, String why, List<String> words, List<Check> considered) {

  /** Validates and copies. */
  public ToolClassification {
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(why, "why");
    words = List.copyOf(words);
    considered = List.copyOf(considered);
  }

  /** Whether an operator's rule decided. */
  public boolean byOperatorRule() {
    return rule.startsWith("user:");
  }

  /**
   * One operator rule as considered.
   *
   * @param rule the rule's id, {@code user:PATH:LINE}
   * @param matched whether it matched
   * @param why every condition that held when it matched, else the first that did not
   */
  public record Check(String rule, boolean matched, String why) {}
}
