package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import org.junit.jupiter.api.Test;

class ToolExecutionStoppedExceptionTest {

  private static final ToolDecision AMBIGUOUS =
      ToolFailureClassifier.decide(ToolFailureKind.TIMEOUT, /* idempotent= */ false);

  @Test
  void namesTheToolAndTheReasonCodeOnly() {
    ToolExecutionStoppedException stop = new ToolExecutionStoppedException("shell", AMBIGUOUS);

    assertThat(stop)
        .hasMessage("tool 'shell' stopped: tool_failure.ambiguous_outcome.fail_closed")
        .hasNoCause();
    assertThat(stop.toolName()).isEqualTo("shell");
    assertThat(stop.decision()).isSameAs(AMBIGUOUS);
  }

  @Test
  void isTerminalForTheFailoverLoop() {
    ProviderFailure failure =
        new ToolExecutionStoppedException("shell", AMBIGUOUS).toProviderFailure();

    assertThat(failure.category()).isEqualTo(FailureCategory.TOOL_EXECUTION_STOPPED);
    assertThat(failure.retryable()).isFalse();
    assertThat(failure.message())
        .isEqualTo("tool 'shell' stopped: tool_failure.ambiguous_outcome.fail_closed");
    assertThat(ToolExecutionStoppedException.ERROR_CODE).isEqualTo("tool_execution_stopped");
  }

  @Test
  void rejectsADecisionThatDoesNotFailClosed() {
    ToolDecision failover = ToolFailureClassifier.decide(ToolFailureKind.TOOL_NOT_FOUND, false);

    assertThatThrownBy(() -> new ToolExecutionStoppedException("shell", failover))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "decision: tool_failure.tool_not_found.failover_agent (expected: a fail_closed decision)");
  }
}
