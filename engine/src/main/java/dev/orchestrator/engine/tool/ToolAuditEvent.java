package dev.orchestrator.engine.tool;

import java.time.Duration;
import java.util.Objects;

/**
 * One tool-failure decision, as published to {@link ToolAuditListener}s: which tool, which attempt,
 * what was decided, by which rule, and how long the guard waits before the next attempt. Holds no
 * raw messages, arguments, prompts, tokens or tool output — only the tool's name and closed enums —
 * so it is safe to persist and ship. Immutable and thread-safe.
 *
 * @param toolName the tool's name
 * @param idempotent whether the call was declared idempotent
 * @param attempt which call failed, from 1
 * @param decision what was decided
 * @param delay the backoff before the next attempt; zero unless the decision is a retry
 * @param rule what decided: an operator's rule ({@code user:PATH:LINE}, a catalog's {@code
 *     toolErrors:}) or the built-in step ({@code tool.wording}, {@code tool.status}, …;
 *     docs/reference.md §2), so a process shows which rule its tool failures are read by
 */
public record ToolAuditEvent(
    String toolName,
    boolean idempotent,
    int attempt,
    ToolDecision decision,
    Duration delay,
    String rule) {

  /** Validates. */
  public ToolAuditEvent {
    ToolSpec.checkName(toolName);
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(delay, "delay");
    Objects.requireNonNull(rule, "rule");
    if (attempt < 1) {
      throw new IllegalArgumentException("attempt: " + attempt + " (expected: >= 1)");
    }
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay: " + delay + " (expected: >= 0)");
    }
  }

  /** The decided kind. */
  public ToolFailureKind kind() {
    return decision.kind();
  }

  /** The kind the evidence showed before any rewrite. */
  public ToolFailureKind observedKind() {
    return decision.observedKind();
  }

  /** The decided action. */
  public ToolAction action() {
    return decision.action();
  }

  /** {@code tool_failure.<kind>.<action>}. */
  public String reasonCode() {
    return decision.reasonCode();
  }
}
