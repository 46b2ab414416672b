package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An operator's tool-failure rules ({@link ToolErrorRule}, a catalog's {@code toolErrors:}): where
 * they stand in the evidence order, what each condition matches, that a rule names a kind and the
 * decision table decides from it, and what {@link ToolFailureClassifier#explain} says decided.
 */
class ToolErrorRulesTest {

  private static final ToolFailureClassifier WITH_RULES =
      ToolFailureClassifier.INSTANCE.withRules(
          List.of(
              rule(
                  "t.yaml:2",
                  List.of("desktop_type"),
                  List.of(),
                  List.of("ydotool socket"),
                  ToolFailureKind.TOOL_UNAVAILABLE),
              rule(
                  "t.yaml:6",
                  List.of(),
                  List.of("4xx"),
                  List.of("credits"),
                  ToolFailureKind.RATE_LIMITED),
              rule(
                  "t.yaml:10",
                  List.of(),
                  List.of(),
                  List.of("socket"),
                  ToolFailureKind.EXECUTION_FAILED),
              rule(
                  "t.yaml:13",
                  List.of(),
                  List.of(),
                  List.of("took too long"),
                  ToolFailureKind.TIMEOUT)));

  private static final Set<ToolFailureKind> GUARDED =
      EnumSet.of(
          ToolFailureKind.PERMISSION_DENIED,
          ToolFailureKind.POLICY_BLOCKED,
          ToolFailureKind.AMBIGUOUS_OUTCOME);

  private static ToolErrorRule rule(
      String origin,
      List<String> tools,
      List<String> statuses,
      List<String> phrases,
      ToolFailureKind kind) {
    return new ToolErrorRule(origin, null, tools, statuses, phrases, kind);
  }

  private static ToolFailureEvidence evidence(
      boolean idempotent,
      boolean outcomeUnknown,
      String declared,
      String exception,
      Integer status,
      String tool,
      String message) {
    return ToolFailureEvidence.of(idempotent)
        .withOutcomeUnknown(outcomeUnknown)
        .withDeclaredKind(declared == null ? null : ToolFailureKind.fromWireName(declared))
        .withExceptionType(
            exception == null ? ToolExceptionType.OTHER : ToolExceptionType.fromWireName(exception))
        .withStatus(status)
        .withTool(tool)
        .withMessage(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          a rule before the wording           | false | false | -                 | -                  | -   | desktop_type | no connectable ydotool socket: permission denied | user:t.yaml:2      | tool_unavailable  | failover_agent
          the tool named in any case          | false | false | -                 | -                  | -   | Desktop_Type | No connectable ydotool socket                    | user:t.yaml:2      | tool_unavailable  | failover_agent
          another tool: the next rule         | false | false | -                 | -                  | -   | desktop_click| no connectable ydotool socket                    | user:t.yaml:10     | execution_failed  | fail_closed
          no tool named: the next rule        | false | false | -                 | -                  | -   | -            | no connectable ydotool socket                    | user:t.yaml:10     | execution_failed  | fail_closed
          a rule before the status            | false | false | -                 | -                  | 400 | -            | out of credits                                   | user:t.yaml:6      | rate_limited      | failover_agent
          a printed status                    | false | false | -                 | -                  | -   | -            | Request failed with status code 400: no credits  | user:t.yaml:6      | rate_limited      | failover_agent
          a status outside the class          | false | false | -                 | -                  | 500 | -            | out of credits                                   | tool.status        | execution_failed  | fail_closed
          a rule before the exception type    | false | false | -                 | not_found          | -   | desktop_type | ydotool socket gone                              | user:t.yaml:2      | tool_unavailable  | failover_agent
          a rule before an idempotent timeout | true  | false | -                 | timeout            | -   | desktop_type | ydotool socket gone                              | user:t.yaml:2      | tool_unavailable  | failover_agent
          a timeout that may have run: typed  | false | false | -                 | timeout            | -   | desktop_type | ydotool socket gone                              | tool.exception_type | ambiguous_outcome | fail_closed
          a reset that may have run: typed    | false | false | -                 | connection_reset   | -   | desktop_type | ydotool socket gone                              | tool.exception_type | ambiguous_outcome | fail_closed
          a refusal's exception: typed        | true  | false | -                 | permission         | -   | desktop_type | ydotool socket gone                              | tool.exception_type | permission_denied | fail_closed
          a refusal's status: typed           | true  | false | -                 | -                  | 403 | desktop_type | ydotool socket gone                              | tool.status        | permission_denied | fail_closed
          a policy's status: typed            | true  | false | -                 | -                  | 451 | desktop_type | ydotool socket gone                              | tool.status        | policy_blocked    | fail_closed
          a 504 that may have run: typed      | false | false | -                 | -                  | 504 | desktop_type | ydotool socket gone                              | tool.status        | ambiguous_outcome | fail_closed
          a rule before a settled status      | false | false | -                 | -                  | 400 | desktop_type | ydotool socket gone                              | user:t.yaml:2      | tool_unavailable  | failover_agent
          the table decides a rule's timeout  | false | false | -                 | -                  | -   | -            | the export took too long                         | user:t.yaml:13     | ambiguous_outcome | fail_closed
          the same timeout, idempotent        | true  | false | -                 | -                  | -   | -            | the export took too long                         | user:t.yaml:13     | timeout           | retry_same_agent
          outcome unknown wins over a rule    | false | true  | -                 | -                  | -   | desktop_type | no connectable ydotool socket                    | tool.outcome_unknown | ambiguous_outcome | fail_closed
          a declared kind wins over a rule    | false | false | invalid_arguments | -                  | -   | desktop_type | no connectable ydotool socket                    | tool.declared_kind | invalid_arguments | fail_closed
          no rule matches: built in           | false | false | -                 | -                  | -   | desktop_type | Permission denied                                | tool.wording       | permission_denied | fail_closed
          """)
  void rulesStandAfterTheGuardedEvidenceAndBeforeEveryOtherReading(
      String what,
      boolean idempotent,
      boolean outcomeUnknown,
      String declared,
      String exception,
      Integer status,
      String tool,
      String message,
      String rule,
      String kind,
      String action) {
    ToolFailureEvidence e =
        evidence(idempotent, outcomeUnknown, declared, exception, status, tool, message);
    ToolClassification c = WITH_RULES.explain(e);

    assertThat(c.rule()).as(what).isEqualTo(rule);
    assertThat(c.decision().kind().wireName()).as(what).isEqualTo(kind);
    assertThat(c.decision().action().wireName()).as(what).isEqualTo(action);
    assertThat(c.byOperatorRule()).as(what).isEqualTo(rule.startsWith("user:"));
    assertThat(WITH_RULES.classify(e)).isEqualTo(c.decision());
  }

  @Test
  void explainListsTheRulesConsideredUpToTheOneThatMatched() {
    ToolClassification c =
        WITH_RULES.explain(
            evidence(
                false,
                false,
                null,
                null,
                null,
                "desktop_click",
                "Request failed (400): no" + " socket"));

    assertThat(c.considered())
        .containsExactly(
            new ToolClassification.Check(
                "user:t.yaml:2", false, "tool desktop_click is not desktop_type"),
            new ToolClassification.Check(
                "user:t.yaml:6", false, "the message contains none of 'credits'"),
            new ToolClassification.Check("user:t.yaml:10", true, "message contains 'socket'"));
    assertThat(c.why()).isEqualTo("message contains 'socket'");
    assertThat(c.words()).isEmpty();

    ToolClassification noStatus =
        WITH_RULES.explain(evidence(false, false, null, null, null, null, "no credits"));
    assertThat(noStatus.considered().get(1))
        .isEqualTo(
            new ToolClassification.Check(
                "user:t.yaml:6", false, "no status (the rule is for 4xx)"));
    assertThat(noStatus.considered().get(0))
        .isEqualTo(
            new ToolClassification.Check(
                "user:t.yaml:2", false, "no tool named (the rule is for desktop_type)"));

    ToolClassification declared =
        WITH_RULES.explain(evidence(false, false, "timeout", null, null, "desktop_type", "x"));
    assertThat(declared.considered()).as("decided before the rules").isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          outcome unknown      | true  | -       | -          | -   | x                                   | tool.outcome_unknown | the call's outcome was declared unknown                              | -
          declared kind        | false | timeout | -          | -   | x                                   | tool.declared_kind   | the tool's framework declared timeout                                | -
          exception type       | false | -       | permission | -   | x                                   | tool.exception_type  | the exception's type is evidence of permission_denied                | -
          status               | false | -       | -          | 404 | -                                   | tool.status          | status 404 is tool_not_found                                         | -
          wording              | false | -       | -          | -   | Error: Permission denied            | tool.wording         | the words name permission_denied                                     | permission denied
          wording tightens     | false | -       | -          | 404 | Permission denied                   | tool.wording         | the words name permission_denied, which fails closed over status 404's tool_not_found | permission denied
          printed status       | false | -       | -          | -   | Request failed with status code 401 | tool.printed_status  | the message prints status 401, which is permission_denied            | -
          last resort          | false | -       | -          | -   | Failed to create invoice            | tool.last_resort     | the most general words name execution_failed                         | failed to create
          no words             | false | -       | -          | -   | Request failed.                     | tool.no_evidence     | no words name a cause                                                | -
          no message           | false | -       | -          | -   | -                                   | tool.no_evidence     | no message and no typed evidence                                     | -
          """)
  void eachBuiltInStepIsNamedWithWhatItRead(
      String what,
      boolean outcomeUnknown,
      String declared,
      String exception,
      Integer status,
      String message,
      String step,
      String why,
      String words) {
    ToolClassification c =
        ToolFailureClassifier.INSTANCE.explain(
            evidence(false, outcomeUnknown, declared, exception, status, null, message));

    assertThat(c.rule()).as(what).isEqualTo(step);
    assertThat(c.why()).as(what).isEqualTo(why);
    assertThat(c.words()).as(what).isEqualTo(words == null ? List.of() : List.of(words));
    assertThat(c.considered()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          no condition    | ;;                  | a rule needs at least one condition
          a blank tool    | _;;                 | tools: a blank value
          a blank phrase  | ;;_                 | phrases: a blank value
          status 600      | ;600;               | '600' is not an HTTP status
          status class 6xx| ;6xx;               | '6xx' is not an HTTP status
          """)
  void aRuleIsValidatedWhenBuilt(String what, String conditions, String message) {
    String[] parts = conditions.split(";", -1);
    assertThatThrownBy(
            () ->
                new ToolErrorRule(
                    "t.yaml:2",
                    null,
                    list(parts[0]),
                    list(parts[1]),
                    list(parts[2]),
                    ToolFailureKind.TIMEOUT))
        .as(what)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message);
  }

  private static List<String> list(String part) {
    // "_" stands for a blank value
    return part.isEmpty() ? List.of() : List.of(part.replace("_", " "));
  }

  @Test
  void aGuardWithRulesReadsTheCallsToolAndHandsTheWorkOn() {
    List<ToolAuditEvent> events = new ArrayList<>();
    Exception failure =
        new IllegalStateException("sandbox is not ready: permission denied while attaching");
    ToolSpec spec = ToolSpec.nonIdempotent("sandbox_exec");

    assertThatThrownBy(
            () ->
                ToolGuard.builder()
                    .build()
                    .run(
                        spec,
                        () -> {
                          throw failure;
                        }))
        .as("without the rule the words read a permission failure, and the guard stops")
        .isInstanceOf(ToolExecutionStoppedException.class);

    ToolGuard guard =
        ToolGuard.builder()
            .sleeper(d -> {})
            .backoff(Duration.ZERO, Duration.ZERO)
            .onDecision(events::add)
            .rules(
                List.of(
                    rule(
                        "t.yaml:2",
                        List.of("sandbox_exec"),
                        List.of(),
                        List.of("sandbox is not ready"),
                        ToolFailureKind.TOOL_UNAVAILABLE)))
            .build();
    ToolOutcome<String> outcome =
        guard.run(
            spec,
            () -> {
              throw failure;
            });

    assertThat(outcome).isInstanceOf(ToolOutcome.FailOver.class);
    ToolDecision decision = ((ToolOutcome.FailOver<String>) outcome).decision();
    assertThat(decision.kind()).isEqualTo(ToolFailureKind.TOOL_UNAVAILABLE);
    assertThat(decision.retrySafe()).isTrue();
    assertThat(events)
        .extracting(ToolAuditEvent::kind, ToolAuditEvent::rule)
        .containsExactly(tuple(ToolFailureKind.TOOL_UNAVAILABLE, "user:t.yaml:2"));

    ToolOutcome<String> otherTool =
        guard.run(ToolSpec.nonIdempotent("sandbox_copy"), () -> "copied");
    assertThat(otherTool).isEqualTo(new ToolOutcome.Succeeded<>("copied", 1));
    assertThatThrownBy(
            () ->
                guard.run(
                    ToolSpec.nonIdempotent("sandbox_copy"),
                    () -> {
                      throw failure;
                    }))
        .as("the rule is for sandbox_exec only")
        .isInstanceOf(ToolExecutionStoppedException.class);
  }

  @Test
  void aStopAlreadyDecidedInTheChainIsNamedAsSuch() {
    ToolDecision stop = ToolFailureClassifier.decide(ToolFailureKind.POLICY_BLOCKED, true);
    ToolClassification c =
        WITH_RULES.explain(
            new RuntimeException(
                "wrapped: no connectable ydotool socket",
                new ToolExecutionStoppedException("desktop_type", stop)),
            ToolSpec.idempotent("desktop_type"));

    assertThat(c.rule()).isEqualTo("tool.stopped");
    assertThat(c.decision()).isEqualTo(stop);
    assertThat(c.considered()).isEmpty();
  }

  @Test
  void theGuardsAuditEventNamesTheBuiltInStepWhenNoRuleMatched() {
    List<ToolAuditEvent> events = new ArrayList<>();
    ToolGuard guard = ToolGuard.builder().onDecision(events::add).build();

    assertThatThrownBy(
            () ->
                guard.run(
                    ToolSpec.nonIdempotent("shell"),
                    () -> {
                      throw new IllegalStateException("Permission denied: /etc/shadow");
                    }))
        .isInstanceOf(ToolExecutionStoppedException.class);
    assertThat(events).extracting(ToolAuditEvent::rule).containsExactly("tool.wording");
  }

  @Property(tries = 1000)
  void aRuleForAnotherToolChangesNothing(
      @ForAll("evidence") ToolFailureEvidence evidence,
      @ForAll("phrases") List<String> phrases,
      @ForAll ToolFailureKind kind) {
    ToolFailureClassifier other =
        ToolFailureClassifier.INSTANCE.withRules(
            List.of(rule("t.yaml:2", List.of("another_tool"), List.of(), phrases, kind)));

    assertThat(other.classify(evidence))
        .isEqualTo(ToolFailureClassifier.INSTANCE.classify(evidence));
  }

  @Property(tries = 1000)
  void aMatchingRuleNamesTheKindAndTheDecisionTableDecides(
      @ForAll("evidence") ToolFailureEvidence evidence, @ForAll ToolFailureKind kind) {
    ToolFailureClassifier named =
        ToolFailureClassifier.INSTANCE.withRules(
            List.of(rule("t.yaml:2", List.of("search"), List.of(), List.of(), kind)));
    ToolFailureEvidence signalsAside = evidence.withOutcomeUnknown(false).withDeclaredKind(null);
    // what the exception type and status alone decide
    ToolDecision typed = ToolFailureClassifier.INSTANCE.classify(signalsAside.withMessage(null));

    ToolDecision d = named.classify(signalsAside);

    if (GUARDED.contains(typed.kind())) {
      // typed evidence of a refusal, a policy or a call that may have run: the rule is not read
      assertThat(d).isEqualTo(ToolFailureClassifier.INSTANCE.classify(signalsAside));
      assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
      return;
    }
    assertThat(d).isEqualTo(ToolFailureClassifier.decide(kind, evidence.idempotent()));
    if (ToolFailureInvariantsTest.NEVER_HANDED_ON.contains(kind)) {
      assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
    }
    if (!evidence.idempotent()) {
      assertThat(d.action()).isNotEqualTo(ToolAction.RETRY_SAME_AGENT);
    }
  }

  // The invariants test's evidence (its wording: plain phrasings and every reported and
  // tool-written message), for the tool "search".
  @Provide
  Arbitrary<ToolFailureEvidence> evidence() {
    return ToolFailureInvariantsTest.anyEvidence().map(e -> e.withTool("search"));
  }

  @Provide
  Arbitrary<List<String>> phrases() {
    return Arbitraries.of("denied", "socket", "404", "failed", "reset").list().ofMaxSize(2);
  }
}
