package dev.orchestrator.engine.tool;

import java.util.Objects;

/**
 * What {@link ToolGuard#run} answers when it does not stop: the call succeeded (perhaps after safe
 * retries), or the work should move to another agent. A fail-closed decision is not an outcome but
 * a {@link ToolExecutionStoppedException}, so a caller that ignores failover still cannot miss a
 * stop. Immutable; thread-safe when the value is.
 *
 * @param <T> the tool's result type
 */
public sealed interface ToolOutcome<T> permits ToolOutcome.Succeeded, ToolOutcome.FailOver {

  /** Calls made, from 1. */
  int attempts();

  /**
   * The call returned.
   *
   * @param value what the tool returned (may be {@code null} if the tool returns null)
   * @param attempts calls made, from 1
   * @param <T> the tool's result type
   */
  record Succeeded<T>(T value, int attempts) implements ToolOutcome<T> {
    /** Validates. */
    public Succeeded {
      checkAttempts(attempts);
    }
  }

  /**
   * Hand the work to another agent that has this tool. Never a guessed alias: the caller picks an
   * agent that declares the same tool.
   *
   * @param toolName the tool's name
   * @param decision a {@link ToolAction#FAILOVER_AGENT} decision
   * @param attempts calls made on this agent, from 1
   * @param <T> the tool's result type
   */
  record FailOver<T>(String toolName, ToolDecision decision, int attempts)
      implements ToolOutcome<T> {
    /** Validates. */
    public FailOver {
      ToolSpec.checkName(toolName);
      Objects.requireNonNull(decision, "decision");
      if (decision.action() != ToolAction.FAILOVER_AGENT) {
        throw new IllegalArgumentException(
            "decision: " + decision.reasonCode() + " (expected: a failover_agent decision)");
      }
      checkAttempts(attempts);
    }
  }

  private static void checkAttempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts: " + attempts + " (expected: >= 1)");
    }
  }
}
