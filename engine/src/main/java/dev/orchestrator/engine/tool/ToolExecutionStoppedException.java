package dev.orchestrator.engine.tool;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import java.util.Objects;

/**
 * The one terminal signal of a fail-closed tool decision: the call must not be replayed and the
 * work must not be handed to another agent. The orchestrator never fails it over; {@code serve}
 * answers it as HTTP 409 with {@code error.code} {@code tool_execution_stopped}.
 *
 * <p>Carries the tool's name and the {@link ToolDecision}, nothing else: no cause, no raw message,
 * no arguments, no tool output — so logging it, printing its stack trace or returning its message
 * to a client cannot leak what the tool saw. The message reads {@code tool 'shell' stopped:
 * tool_failure.ambiguous_outcome.fail_closed}. Immutable and thread-safe.
 */
public final class ToolExecutionStoppedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The error code clients see ({@code tool_execution_stopped}). */
  public static final String ERROR_CODE = FailureCategory.TOOL_EXECUTION_STOPPED.wireName();

  private final String toolName;
  private final ToolDecision decision;

  /**
   * A stop of the named tool.
   *
   * @param toolName the tool's name
   * @param decision a {@link ToolAction#FAIL_CLOSED} decision
   * @throws IllegalArgumentException when the name is invalid or the decision does not fail closed
   */
  public ToolExecutionStoppedException(String toolName, ToolDecision decision) {
    super(message(toolName, decision));
    this.toolName = toolName;
    this.decision = decision;
  }

  private static String message(String toolName, ToolDecision decision) {
    ToolSpec.checkName(toolName);
    Objects.requireNonNull(decision, "decision");
    if (decision.action() != ToolAction.FAIL_CLOSED) {
      throw new IllegalArgumentException(
          "decision: " + decision.reasonCode() + " (expected: a fail_closed decision)");
    }
    return "tool '" + toolName + "' stopped: " + decision.reasonCode();
  }

  /** The tool's name. */
  public String toolName() {
    return toolName;
  }

  /** The fail-closed decision. */
  public ToolDecision decision() {
    return decision;
  }

  /**
   * The stop in the failover loop's vocabulary: category {@code tool_execution_stopped}, not
   * retryable, so the loop ends the request instead of trying another candidate (docs/design.md
   * §5). The message is this exception's own, which holds no raw text.
   */
  public ProviderFailure toProviderFailure() {
    return ProviderFailure.of(
        FailureCategory.TOOL_EXECUTION_STOPPED, false, ReachedModel.UNKNOWN, null, getMessage());
  }
}
