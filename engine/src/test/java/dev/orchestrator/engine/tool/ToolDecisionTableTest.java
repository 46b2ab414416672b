package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The decision table of ADR 0001, row for row. */
class ToolDecisionTableTest {

  @ParameterizedTest(name = "{0} idempotent={1} -> {2}/{3} {4}")
  @CsvSource(
      textBlock =
          """
          # evidence          idempotent  kind               observedKind       action            retrySafe  countsAgainstHealth
          ambiguous_outcome,  true,       ambiguous_outcome, ambiguous_outcome, fail_closed,      false,     true
          ambiguous_outcome,  false,      ambiguous_outcome, ambiguous_outcome, fail_closed,      false,     true
          tool_not_found,     true,       tool_not_found,    tool_not_found,    failover_agent,   true,      false
          tool_not_found,     false,      tool_not_found,    tool_not_found,    failover_agent,   true,      false
          tool_unavailable,   true,       tool_unavailable,  tool_unavailable,  failover_agent,   true,      true
          tool_unavailable,   false,      tool_unavailable,  tool_unavailable,  failover_agent,   true,      true
          invalid_arguments,  true,       invalid_arguments, invalid_arguments, fail_closed,      false,     false
          invalid_arguments,  false,      invalid_arguments, invalid_arguments, fail_closed,      false,     false
          permission_denied,  true,       permission_denied, permission_denied, fail_closed,      false,     false
          permission_denied,  false,      permission_denied, permission_denied, fail_closed,      false,     false
          policy_blocked,     true,       policy_blocked,    policy_blocked,    fail_closed,      false,     false
          policy_blocked,     false,      policy_blocked,    policy_blocked,    fail_closed,      false,     false
          timeout,            true,       timeout,           timeout,           retry_same_agent, true,      true
          timeout,            false,      ambiguous_outcome, timeout,           fail_closed,      false,     true
          transport_error,    true,       transport_error,   transport_error,   retry_same_agent, true,      true
          transport_error,    false,      ambiguous_outcome, transport_error,   fail_closed,      false,     true
          rate_limited,       true,       rate_limited,      rate_limited,      retry_same_agent, true,      true
          rate_limited,       false,      rate_limited,      rate_limited,      failover_agent,   true,      true
          execution_failed,   true,       execution_failed,  execution_failed,  failover_agent,   true,      true
          execution_failed,   false,      execution_failed,  execution_failed,  fail_closed,      false,     true
          unknown,            true,       unknown,           unknown,           failover_agent,   true,      true
          unknown,            false,      unknown,           unknown,           failover_agent,   false,     true
          """)
  void decidesEachKindAsTheAdrTableSays(
      String evidence,
      boolean idempotent,
      String kind,
      String observedKind,
      String action,
      boolean retrySafe,
      boolean countsAgainstHealth) {
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            ToolFailureEvidence.of(idempotent)
                .withDeclaredKind(ToolFailureKind.fromWireName(evidence)));

    assertThat(d.kind().wireName()).isEqualTo(kind);
    assertThat(d.observedKind().wireName()).isEqualTo(observedKind);
    assertThat(d.action().wireName()).isEqualTo(action);
    assertThat(d.reasonCode()).isEqualTo("tool_failure." + kind + "." + action);
    assertThat(d.retrySafe()).isEqualTo(retrySafe);
    assertThat(d.countsAgainstHealth()).isEqualTo(countsAgainstHealth);
  }

  @ParameterizedTest(name = "{0} with outcome unknown -> ambiguous_outcome")
  @CsvSource({
    "tool_not_found",
    "tool_unavailable",
    "timeout",
    "rate_limited",
    "transport_error",
    "invalid_arguments",
    "permission_denied",
    "policy_blocked",
    "execution_failed",
    "ambiguous_outcome",
    "unknown"
  })
  void outcomeUnknownSignalWinsOverEveryKind(String evidence) {
    ToolFailureKind observed = ToolFailureKind.fromWireName(evidence);
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            ToolFailureEvidence.of(true).withDeclaredKind(observed).withOutcomeUnknown(true));

    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
    assertThat(d.observedKind())
        .isEqualTo(
            observed == ToolFailureKind.UNKNOWN ? ToolFailureKind.AMBIGUOUS_OUTCOME : observed);
  }

  @Test
  void retryBecomesFailoverOnceRetriesAreExhausted() {
    ToolDecision retry =
        ToolFailureClassifier.decide(ToolFailureKind.TIMEOUT, /* idempotent= */ true);

    ToolDecision exhausted = retry.retriesExhausted();

    assertThat(exhausted.action()).isEqualTo(ToolAction.FAILOVER_AGENT);
    assertThat(exhausted.reasonCode()).isEqualTo("tool_failure.timeout.failover_agent");
    assertThat(exhausted.retrySafe()).isTrue();
  }

  @Test
  void retriesExhaustedLeavesOtherDecisionsAlone() {
    ToolDecision closed = ToolFailureClassifier.decide(ToolFailureKind.POLICY_BLOCKED, true);

    assertThat(closed.retriesExhausted()).isSameAs(closed);
  }

  @Test
  void rejectsAReasonCodeThatDisagreesWithKindAndAction() {
    assertThatThrownBy(
            () ->
                new ToolDecision(
                    ToolFailureKind.TIMEOUT,
                    ToolFailureKind.TIMEOUT,
                    ToolAction.FAIL_CLOSED,
                    "tool_failure.timeout.failover_agent",
                    false,
                    true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "reasonCode: tool_failure.timeout.failover_agent"
                + " (expected: tool_failure.timeout.fail_closed)");
  }

  @Test
  void rejectsARewriteToAnythingButAmbiguousOutcome() {
    assertThatThrownBy(
            () ->
                ToolDecision.of(
                    ToolFailureKind.EXECUTION_FAILED,
                    ToolFailureKind.TIMEOUT,
                    ToolAction.FAIL_CLOSED,
                    false,
                    true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("kind: execution_failed differs from observedKind timeout");
  }

  @Test
  void rejectsAFailClosedDecisionThatClaimsRetryIsSafe() {
    assertThatThrownBy(
            () ->
                ToolDecision.of(
                    ToolFailureKind.POLICY_BLOCKED,
                    ToolFailureKind.POLICY_BLOCKED,
                    ToolAction.FAIL_CLOSED,
                    true,
                    false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retrySafe: true (expected: false when failing closed)");
  }

  @Test
  void parsesWireNamesAndNamesTheValidOnesOnError() {
    assertThat(ToolFailureKind.fromWireName("policy_blocked"))
        .isEqualTo(ToolFailureKind.POLICY_BLOCKED);
    assertThatThrownBy(() -> ToolFailureKind.fromWireName("POLICY"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("tool failure kind: POLICY (expected one of: tool_not_found, ");
  }
}
