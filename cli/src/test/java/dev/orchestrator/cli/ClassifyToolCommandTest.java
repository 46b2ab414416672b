package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code orchestrator classify-tool}, driven in-process as docs/reference.md §2 fixes it. */
class ClassifyToolCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return OrchestratorCli.run(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void printsExactlyTheContractDocumentForANonIdempotentTimeout() {
    int code =
        run("classify-tool", "--message", "read timed out", "--exception", "timeout", "--json");

    assertThat(code).isZero();
    assertThat(out.toString().strip())
        .isEqualTo(
            "{\"kind\":\"ambiguous_outcome\",\"observedKind\":\"timeout\","
                + "\"action\":\"fail_closed\","
                + "\"reasonCode\":\"tool_failure.ambiguous_outcome.fail_closed\","
                + "\"retrySafe\":false,\"countsAgainstHealth\":true}");
    assertThat(err.toString()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          --message x --exception timeout --idempotent                 | timeout           | timeout           | retry_same_agent
          --message x --exception connection_reset                     | ambiguous_outcome | transport_error   | fail_closed
          --message x --exception connection_refused                   | tool_unavailable  | tool_unavailable  | failover_agent
          --message x --exception permission --idempotent              | permission_denied | permission_denied | fail_closed
          --message x --exception not_found                            | tool_not_found    | tool_not_found    | failover_agent
          --message x --exception other                                | unknown           | unknown           | failover_agent
          --message x --status 429                                     | rate_limited      | rate_limited      | failover_agent
          --message x --status 451 --idempotent                        | policy_blocked    | policy_blocked    | fail_closed
          --message x --status 500 --idempotent                        | execution_failed  | execution_failed  | failover_agent
          --message x --status 500                                     | execution_failed  | execution_failed  | fail_closed
          --message x --exception not_found --outcome-unknown          | ambiguous_outcome | tool_not_found    | fail_closed
          --message 'Permission denied' --status 500 --idempotent      | permission_denied | permission_denied | fail_closed
          --message 'Unknown tool: grep'                               | tool_not_found    | tool_not_found    | failover_agent
          """)
  void classifiesFromEachKindOfEvidence(
      String args, String kind, String observedKind, String action) {
    String[] parsed = ("classify-tool --json " + args).split(" (?=(?:[^']*'[^']*')*[^']*$)");
    for (int i = 0; i < parsed.length; i++) {
      parsed[i] = parsed[i].replace("'", "");
    }

    assertThat(run(parsed)).isZero();
    assertThat(out.toString())
        .contains("\"kind\":\"" + kind + "\"")
        .contains("\"observedKind\":\"" + observedKind + "\"")
        .contains("\"action\":\"" + action + "\"")
        .contains("\"reasonCode\":\"tool_failure." + kind + "." + action + "\"");
  }

  @Test
  void printsAReadableLineWithoutJson() {
    int code = run("classify-tool", "--message", "read timed out", "--exception", "timeout");

    assertThat(code).isZero();
    assertThat(out.toString().strip())
        .isEqualTo(
            "ambiguous_outcome (observed: timeout) -> fail_closed"
                + "  [tool_failure.ambiguous_outcome.fail_closed]"
                + "  retry safe: no, counts against health: yes");
  }

  @Test
  void rejectsAnUnknownExceptionKindListingTheValidOnes() {
    int code = run("classify-tool", "--message", "x", "--exception", "reset", "--json");

    assertThat(code).isEqualTo(2);
    assertThat(out.toString()).startsWith("{\"error\":{\"type\":\"usage\"");
    assertThat(err.toString())
        .contains(
            "--exception: reset (expected one of: timeout, connection_reset,"
                + " connection_refused, permission, not_found, other)");
  }

  @Test
  void rejectsAStatusOutsideHttpRange() {
    assertThat(run("classify-tool", "--message", "x", "--status", "42")).isEqualTo(2);
    assertThat(err.toString()).contains("--status: 42 (expected: 100..599)");
  }

  @Test
  void requiresAMessageOrABatch() {
    assertThat(run("classify-tool", "--json")).isEqualTo(2);
    assertThat(err.toString()).contains("--message is required");
  }

  @Test
  void classifiesABatchFileLineByLineInOrder(@TempDir Path dir) throws Exception {
    Path batch = dir.resolve("tools.jsonl");
    Files.writeString(
        batch,
        """
        {"message": "read timed out", "exception": "timeout"}
        {"message": "read timed out", "exception": "timeout", "idempotent": true}

        {"status": 403, "idempotent": true}
        {"outcomeUnknown": true}
        {}
        """);

    int code = run("classify-tool", "--batch", batch.toString(), "--json");

    assertThat(code).isZero();
    // each result starts with its input line number, as classify's do (blank line 3 skipped)
    assertThat(out.toString().lines())
        .hasSize(5)
        .satisfiesExactly(
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"line\":1,\"kind\":\"ambiguous_outcome\",\"observedKind\":\"timeout\""),
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"line\":2,\"kind\":\"timeout\",\"observedKind\":\"timeout\",\"action\":\"retry_same_agent\""),
            l -> assertThat(l).startsWith("{\"line\":4,\"kind\":\"permission_denied\""),
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"line\":5,\"kind\":\"ambiguous_outcome\",\"observedKind\":\"ambiguous_outcome\""),
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"line\":6,\"kind\":\"unknown\",\"observedKind\":\"unknown\",\"action\":\"failover_agent\""));
  }

  @Test
  void readsABatchFromStdin() {
    InputStream saved = System.in;
    System.setIn(
        new ByteArrayInputStream(
            "{\"exception\":\"connection_refused\"}\n".getBytes(StandardCharsets.UTF_8)));
    try {
      assertThat(run("classify-tool", "--batch", "-")).isZero();
    } finally {
      System.setIn(saved);
    }
    assertThat(out.toString().strip()).startsWith("{\"line\":1,\"kind\":\"tool_unavailable\"");
  }

  @Test
  void namesAnUnreadableBatchFile(@TempDir Path dir) {
    Path missing = dir.resolve("missing.jsonl");

    assertThat(run("classify-tool", "--batch", missing.toString())).isEqualTo(3);
    assertThat(err.toString()).contains("cannot read batch file " + missing + ": no such file");
  }

  @Test
  void reportsABadBatchLineWithoutQuotingItAndGoesOn(@TempDir Path dir) throws Exception {
    Path batch = dir.resolve("bad.jsonl");
    Files.writeString(
        batch, "{\"status\": 500}\n{\"message\": sk-live-secret123}\n{\"message\": \"x\"}\n");

    assertThat(run("classify-tool", "--batch", batch.toString())).isZero();
    List<String> lines = out.toString().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1))
        .isEqualTo(
            "{\"line\":2,\"error\":{\"type\":\"invalid_input\",\"message\":\"invalid JSON at"
                + " column 13 (expected: one JSON object per line)\"}}")
        .doesNotContain("sk-live");
    assertThat(lines.get(2)).startsWith("{\"line\":3,\"kind\":");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"exception": "reset"}    | exception: reset (expected one of: timeout,
          {"status": 42}            | status: 42 (expected: an integer 100..599)
          {"status": "500"}         | status: "500" (expected: an integer 100..599)
          {"idempotent": "yes"}     | idempotent: "yes" (expected: true or false)
          {"outcomeUnknown": 1}     | outcomeUnknown: 1 (expected: true or false)
          {"status": 4294967796}    | status: 4294967796 (expected: an integer 100..599)
          {"message": 7}            | message: 7 (expected: a string)
          [1, 2]                    | expected a JSON object, got array
          {"mesage": "x"}           | unknown field 'mesage' (did you mean: message?)
          """)
  void reportsAnInvalidBatchFieldAsAnErrorObject(String line, String problem, @TempDir Path dir)
      throws Exception {
    Path batch = dir.resolve("bad.jsonl");
    Files.writeString(batch, line + "\n");

    assertThat(run("classify-tool", "--batch", batch.toString(), "--json")).isZero();
    JsonNode error = Json.MAPPER.readTree(out.toString()).get("error");
    assertThat(error.get("type").asText()).isEqualTo("invalid_input");
    assertThat(error.get("message").asText()).startsWith(problem);
  }

  // A log line whose message is the tool's result content blocks, not a string: the error names
  // the field and the JSON type, never the value, which is tool output and may hold secrets.
  @Test
  void aBatchFieldOfTheWrongTypeIsNamedWithoutQuotingItsValue(@TempDir Path dir) throws Exception {
    Path batch = dir.resolve("bad.jsonl");
    Files.writeString(
        batch,
        "{\"message\": [{\"type\": \"text\", \"text\": \"curl -H 'Authorization: Bearer"
            + " sk-live-4f9a8b7c6d5e' failed\"}]}\n"
            + "{\"exception\": {\"token\": \"sk-live-4f9a8b7c6d5e\"}}\n"
            + "{\"idempotent\": \"token=sk-live-4f9a8b7c6d5e4f9a8b7c6d5e\"}\n");

    assertThat(run("classify-tool", "--batch", batch.toString(), "--json")).isZero();
    List<String> lines = out.toString().lines().toList();
    assertThat(lines).hasSize(3).noneMatch(l -> l.contains("sk-live"));
    assertThat(Json.MAPPER.readTree(lines.get(0)).at("/error/message").asText())
        .isEqualTo("message: an array (expected: a string)");
    assertThat(Json.MAPPER.readTree(lines.get(1)).at("/error/message").asText())
        .isEqualTo("exception: an object (expected: a string)");
    assertThat(Json.MAPPER.readTree(lines.get(2)).at("/error/message").asText())
        .isEqualTo("idempotent: a string of 38 characters (expected: true or false)");
  }

  @Test
  void refusesToMixBatchWithSingleFailureOptions() {
    assertThat(run("classify-tool", "--batch", "-", "--message", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("--batch cannot be combined with --message");
  }

  private static final String RULES =
      """
      toolErrors:
        - name: the desktop daemon is not running
          match:
            tool: desktop_type
            messageContains: no connectable ydotool socket
          kind: tool_unavailable
        - match:
            status: 4xx
            messageContains: [quota, credits]
          kind: rate_limited
      """;

  @Test
  void anOperatorsRuleDecidesAndExplainSaysWhy(@TempDir Path dir) throws Exception {
    Path rules = dir.resolve("tools.yaml");
    Files.writeString(rules, RULES);

    int code =
        run(
            "classify-tool",
            "--message",
            "no connectable ydotool socket",
            "--tool",
            "desktop_type",
            "--config",
            rules.toString(),
            "--explain");

    assertThat(code).isZero();
    assertThat(out.toString().lines())
        .containsExactly(
            "tool_unavailable -> failover_agent  [tool_failure.tool_unavailable.failover_agent]"
                + "  retry safe: yes, counts against health: yes",
            "  Why: operator rule user:"
                + rules
                + ":2: tool desktop_type, message contains"
                + " 'no connectable ydotool socket'",
            "  Rules considered:",
            "    user:"
                + rules
                + ":2 — matched: tool desktop_type, message contains"
                + " 'no connectable ydotool socket'");
  }

  @Test
  void withoutTheToolTheBuiltInReadingDecidesAndEveryRuleConsideredIsListed(@TempDir Path dir)
      throws Exception {
    Path rules = dir.resolve("tools.yaml");
    Files.writeString(rules, RULES);

    assertThat(
            run(
                "classify-tool",
                "--message",
                "no connectable ydotool socket: permission denied",
                "--catalog",
                rules.toString(),
                "--explain",
                "--json"))
        .isZero();
    JsonNode doc = Json.MAPPER.readTree(out.toString());
    assertThat(doc.get("kind").asText()).isEqualTo("permission_denied");
    JsonNode explain = doc.get("explain");
    assertThat(explain.get("rule").asText()).isEqualTo("tool.wording");
    assertThat(explain.get("source").asText()).isEqualTo("built-in");
    assertThat(explain.get("why").asText()).isEqualTo("the words name permission_denied");
    assertThat(explain.get("words")).hasSize(1);
    assertThat(explain.get("words").get(0).asText()).isEqualTo("permission denied");
    assertThat(explain.get("userRules").asInt()).isEqualTo(2);
    assertThat(explain.get("considered").toString())
        .isEqualTo(
            "[{\"rule\":\"user:"
                + rules
                + ":2\",\"matched\":false,\"why\":\"no tool named (the rule is for"
                + " desktop_type)\"},{\"rule\":\"user:"
                + rules
                + ":7\",\"matched\":false,\"why\":\"no status (the rule is for 4xx)\"}]");
  }

  @Test
  void aBatchLineNamesItsToolAndExplainsEachLine(@TempDir Path dir) throws Exception {
    Path rules = dir.resolve("tools.yaml");
    Files.writeString(rules, RULES);
    Path batch = dir.resolve("tools.jsonl");
    Files.writeString(
        batch,
        "{\"message\": \"no connectable ydotool socket\", \"tool\": \"desktop_type\"}\n"
            + "{\"message\": \"Request failed with status code 402: out of credits\"}\n"
            + "{\"message\": \"no connectable ydotool socket\"}\n"
            + "{\"tool\": 7}\n");

    assertThat(
            run(
                "classify-tool",
                "--batch",
                batch.toString(),
                "--config",
                rules.toString(),
                "--explain"))
        .isZero();
    List<JsonNode> lines = new java.util.ArrayList<>();
    for (String l : out.toString().lines().toList()) {
      lines.add(Json.MAPPER.readTree(l));
    }
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0).get("kind").asText()).isEqualTo("tool_unavailable");
    assertThat(lines.get(0).at("/explain/rule").asText()).isEqualTo("user:" + rules + ":2");
    assertThat(lines.get(1).get("kind").asText()).isEqualTo("rate_limited");
    assertThat(lines.get(1).at("/explain/why").asText())
        .isEqualTo("printed status 402, message contains 'credits'");
    assertThat(lines.get(2).get("kind").asText()).isEqualTo("unknown");
    assertThat(lines.get(2).at("/explain/rule").asText()).isEqualTo("tool.no_evidence");
    assertThat(lines.get(3).at("/error/message").asText())
        .isEqualTo("tool: 7 (expected: a string)");
  }

  @Test
  void aBrokenRuleFileIsNamedAtItsLineAndField(@TempDir Path dir) throws Exception {
    Path rules = dir.resolve("tools.yaml");
    Files.writeString(rules, "toolErrors:\n  - match: {tool: x}\n    kind: tool_unavailabel\n");

    assertThat(run("classify-tool", "--message", "x", "--config", rules.toString())).isEqualTo(3);
    assertThat(err.toString())
        .contains(
            rules
                + ":3:5: toolErrors[0].kind: \"tool_unavailabel\" is not a tool-failure kind (did"
                + " you mean 'tool_unavailable'?)");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void withoutRulesExplainNamesTheBuiltInStep() {
    assertThat(
            run("classify-tool", "--message", "Request failed with status code 401", "--explain"))
        .isZero();
    assertThat(out.toString().lines())
        .contains(
            "  Why: built-in step tool.printed_status: the message prints status 401, which is"
                + " permission_denied; no operator rules loaded");
  }

  @Test
  void refusesABlankToolAndAToolBesideABatch() {
    assertThat(run("classify-tool", "--message", "x", "--tool", " ")).isEqualTo(2);
    assertThat(err.toString()).contains("--tool: a blank name");
    assertThat(run("classify-tool", "--batch", "-", "--tool", "x")).isEqualTo(2);
    assertThat(err.toString())
        .contains("--batch cannot be combined with --message, --exception," + " --status, --tool");
  }
}
