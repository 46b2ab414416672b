package dev.orchestrator.engine.tool;

import java.io.Serializable;
import java.util.Objects;

/**
 * The verdict on one tool failure. Holds no raw text: it is safe to log, audit and return to a
 * client. Immutable and thread-safe. The constructor enforces the invariants of ADR 0001, so an
 * inconsistent decision cannot be built.
 *
 * @param kind what to act on; differs from {@code observedKind} only when the failure was rewritten
 *     to {@link ToolFailureKind#AMBIGUOUS_OUTCOME}
 * @param observedKind what the evidence showed before any rewrite
 * @param action what to do
 * @param reasonCode {@code tool_failure.<kind>.<action>}, e.g. {@code
 *     tool_failure.ambiguous_outcome.fail_closed}
 * @param retrySafe whether running the call again (on this agent or another) cannot duplicate a
 *     side effect; always {@code false} when failing closed
 * @param countsAgainstHealth whether the failure says something about the agent's health (a timeout
 *     does; a refused permission does not)
 */
public record ToolDecision(
    ToolFailureKind kind,
    ToolFailureKind observedKind,
    ToolAction action,
    String reasonCode,
    boolean retrySafe,
    boolean countsAgainstHealth)
    implements Serializable {

  /** Validates the invariants. */
  public ToolDecision {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(observedKind, "observedKind");
    Objects.requireNonNull(action, "action");
    String expected = reasonCode(kind, action);
    if (!expected.equals(reasonCode)) {
      throw new IllegalArgumentException(
          "reasonCode: " + reasonCode + " (expected: " + expected + ")");
    }
    if (kind != observedKind && kind != ToolFailureKind.AMBIGUOUS_OUTCOME) {
      throw new IllegalArgumentException(
          "kind: "
              + kind.wireName()
              + " differs from observedKind "
              + observedKind.wireName()
              + " (expected: only a rewrite to ambiguous_outcome)");
    }
    if (action == ToolAction.FAIL_CLOSED && retrySafe) {
      throw new IllegalArgumentException("retrySafe: true (expected: false when failing closed)");
    }
    if (action == ToolAction.RETRY_SAME_AGENT && !retrySafe) {
      throw new IllegalArgumentException("retrySafe: false (expected: true when retrying)");
    }
  }

  /** A decision with its reason code derived from {@code kind} and {@code action}. */
  public static ToolDecision of(
      ToolFailureKind kind,
      ToolFailureKind observedKind,
      ToolAction action,
      boolean retrySafe,
      boolean countsAgainstHealth) {
    return new ToolDecision(
        kind, observedKind, action, reasonCode(kind, action), retrySafe, countsAgainstHealth);
  }

  /** {@code tool_failure.<kind>.<action>}. */
  public static String reasonCode(ToolFailureKind kind, ToolAction action) {
    return "tool_failure." + kind.wireName() + "." + action.wireName();
  }

  /** Whether the observed kind was rewritten (a non-idempotent timeout became ambiguous). */
  public boolean rewritten() {
    return kind != observedKind;
  }

  /**
   * The decision once the same-agent retries are used up: a retry becomes a failover to another
   * agent (docs/design.md §6: "retry the same agent (bounded) and then fail over"); any other
   * decision is returned unchanged.
   */
  public ToolDecision retriesExhausted() {
    if (action != ToolAction.RETRY_SAME_AGENT) {
      return this;
    }
    return of(kind, observedKind, ToolAction.FAILOVER_AGENT, retrySafe, countsAgainstHealth);
  }
}
