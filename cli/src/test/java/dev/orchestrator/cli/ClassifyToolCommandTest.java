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
    assertThat(out.toString().lines())
        .hasSize(5)
        .satisfiesExactly(
            l ->
                assertThat(l)
                    .startsWith("{\"kind\":\"ambiguous_outcome\",\"observedKind\":\"timeout\""),
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"kind\":\"timeout\",\"observedKind\":\"timeout\",\"action\":\"retry_same_agent\""),
            l -> assertThat(l).startsWith("{\"kind\":\"permission_denied\""),
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"kind\":\"ambiguous_outcome\",\"observedKind\":\"ambiguous_outcome\""),
            l ->
                assertThat(l)
                    .startsWith(
                        "{\"kind\":\"unknown\",\"observedKind\":\"unknown\",\"action\":\"failover_agent\""));
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
    assertThat(out.toString().strip()).startsWith("{\"kind\":\"tool_unavailable\"");
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
    assertThat(lines.get(2)).startsWith("{\"kind\":");
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
}
