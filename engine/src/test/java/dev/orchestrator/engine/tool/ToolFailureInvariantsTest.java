package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The invariants of ADR 0001 hold for any mix of evidence, not just the table's rows, with the
 * words users reported and tools' own messages as well as plain ones.
 */
class ToolFailureInvariantsTest {

  /** The kinds no decision ever hands to another agent. */
  static final Set<ToolFailureKind> NEVER_HANDED_ON =
      EnumSet.of(
          ToolFailureKind.PERMISSION_DENIED,
          ToolFailureKind.POLICY_BLOCKED,
          ToolFailureKind.INVALID_ARGUMENTS);

  @Property(tries = 2000)
  void invariantsHoldForAnyEvidence(@ForAll("evidence") ToolFailureEvidence evidence) {
    ToolDecision d = ToolFailureClassifier.INSTANCE.classify(evidence);

    if (evidence.outcomeUnknown()) {
      assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
      assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
    }
    if (NEVER_HANDED_ON.contains(d.observedKind())) {
      assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
    }
    if (!evidence.idempotent()) {
      assertThat(d.action()).isNotEqualTo(ToolAction.RETRY_SAME_AGENT);
      assertThat(d.kind()).isNotIn(ToolFailureKind.TIMEOUT, ToolFailureKind.TRANSPORT_ERROR);
    }
    if (d.action() == ToolAction.FAIL_CLOSED) {
      assertThat(d.retrySafe()).isFalse();
    }
    assertThat(d.reasonCode())
        .isEqualTo("tool_failure." + d.kind().wireName() + "." + d.action().wireName());
  }

  @Property(tries = 2000)
  void wordingNeverLoosensAFailClosedDecision(
      @ForAll("evidence") ToolFailureEvidence evidence, @ForAll("wording") String wording) {
    ToolDecision without = ToolFailureClassifier.INSTANCE.classify(evidence.withMessage(null));
    ToolDecision with = ToolFailureClassifier.INSTANCE.classify(evidence.withMessage(wording));

    if (without.action() == ToolAction.FAIL_CLOSED) {
      assertThat(with).isEqualTo(without);
    }
  }

  @Provide
  Arbitrary<ToolFailureEvidence> evidence() {
    return anyEvidence();
  }

  /** Any mix of evidence: each signal present or not, the wording of {@link #anyWording()}. */
  static Arbitrary<ToolFailureEvidence> anyEvidence() {
    Arbitrary<ToolFailureKind> kinds = Arbitraries.of(ToolFailureKind.class).injectNull(0.4);
    Arbitrary<ToolExceptionType> types = Arbitraries.of(ToolExceptionType.class);
    Arbitrary<Integer> statuses = Arbitraries.integers().between(100, 599).injectNull(0.3);
    return Combinators.combine(
            Arbitraries.of(true, false),
            Arbitraries.of(true, false),
            kinds,
            types,
            statuses,
            anyWording().injectNull(0.3))
        .as(
            (idem, unknown, declared, type, status, message) ->
                ToolFailureEvidence.of(idem)
                    .withOutcomeUnknown(unknown)
                    .withDeclaredKind(declared)
                    .withExceptionType(type)
                    .withStatus(status)
                    .withMessage(message));
  }

  @Provide
  Arbitrary<String> wording() {
    return anyWording();
  }

  /**
   * A few plain phrasings, every message users reported (tool-failures/reported.tsv) and every
   * message tools' code writes (tool-failures/server-strings.tsv).
   */
  static Arbitrary<String> anyWording() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "permission denied",
            "unknown tool 'x'",
            "read timed out",
            "connection reset by peer",
            "connection refused",
            "rate limit exceeded",
            "blocked by policy",
            "invalid argument: path",
            "process exited with code 2",
            "outcome unknown",
            "something odd happened",
            "failed to create refund",
            "not found"),
        Arbitraries.of(REAL));
  }

  private static final List<String> REAL =
      Stream.of("/tool-failures/reported.tsv", "/tool-failures/server-strings.tsv")
          .flatMap(table -> ToolTable.rows(table).stream())
          .map(ToolTable.Row::message)
          .toList();
}
