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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code orchestrator classify}, driven in-process exactly as docs/reference.md §1 fixes it. */
class ClassifyCommandTest {

  @TempDir Path dir;

  private record Run(int code, String out, String err) {
    JsonNode json() throws Exception {
      return Json.MAPPER.readTree(out);
    }
  }

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = OrchestratorCli.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void printsExactlyTheContractFieldsAsOneJsonDocument() throws Exception {
    Run r =
        run(
            "classify",
            "--status",
            "429",
            "--header",
            "Retry-After: 2",
            "--header",
            "x-request-id: req_abc",
            "--body",
            "{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}",
            "--json");

    assertThat(r.code()).isZero();
    assertThat(r.out().strip()).doesNotContain("\n");
    JsonNode j = r.json();
    assertThat(j.get("category").asText()).isEqualTo("rate_limited");
    assertThat(j.get("retryable").asBoolean()).isTrue();
    assertThat(j.get("reachedModel").asBoolean()).isFalse();
    assertThat(j.get("status").asInt()).isEqualTo(429);
    assertThat(j.get("retryAfterMs").asLong()).isEqualTo(2000);
    assertThat(j.get("requestId").asText()).isEqualTo("req_abc");
    assertThat(j.get("summary").asText()).isNotBlank();
    assertThat(j.get("nextStep").asText()).isNotBlank();
    assertThat(j.get("errorCode").asText()).isEqualTo("rate_limit_exceeded");
    assertThat(j.get("rule").asText()).isEqualTo("transient.status_429");
  }

  @Test
  void absentFactsAreNullNotMissing() throws Exception {
    JsonNode j = run("classify", "--exception", "read_timeout", "--json").json();

    assertThat(j.get("category").asText()).isEqualTo("timeout");
    assertThat(j.get("reachedModel").isNull()).isTrue();
    assertThat(j.has("status") && j.get("status").isNull()).isTrue();
    assertThat(j.has("retryAfterMs") && j.get("retryAfterMs").isNull()).isTrue();
    assertThat(j.has("requestId") && j.get("requestId").isNull()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          connect_refused       | connection_failed | true
          connect_timeout       | connection_failed | true
          dns                   | connection_failed | true
          tls                   | connection_failed | true
          reset_before_response | connection_failed | true
          eof_before_response   | connection_failed | true
          read_timeout          | timeout           | true
          stream_truncated      | server_error      | true
          stream_idle_timeout   | timeout           | true
          cancelled             | cancelled         | false
          """)
  void acceptsEveryContractExceptionKind(String kind, String category, boolean retryable)
      throws Exception {
    JsonNode j = run("classify", "--exception", kind, "--json").json();

    assertThat(j.get("category").asText()).isEqualTo(category);
    assertThat(j.get("retryable").asBoolean()).isEqualTo(retryable);
  }

  @Test
  void anythingAfterVisibleOutputIsAStreamInterruption() throws Exception {
    JsonNode j =
        run("classify", "--exception", "stream_truncated", "--stream-started", "--json").json();

    assertThat(j.get("category").asText()).isEqualTo("stream_interrupted");
    assertThat(j.get("retryable").asBoolean()).isFalse();
  }

  @Test
  void rejectsAnUnknownExceptionKindListingTheValidOnes() {
    Run r = run("classify", "--exception", "first_token_timeout", "--json");

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("first_token_timeout")
        .contains("connect_refused, connect_timeout");
    assertThat(r.out()).contains("\"type\":\"usage\"").contains("first_token_timeout");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          --status | 42           | --status: 42 (expected: 100..599)
          --status | abc          | abc
          --header | NoColonHere  | 'Name: value'
          """)
  void rejectsBadUsageWithExit2(String option, String value, String message) {
    Run r = run("classify", option, value, "--json");

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(message);
  }

  @Test
  void rejectsBodyTogetherWithBodyFile() {
    Run r = run("classify", "--body", "x", "--body-file", "y", "--json");

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--body and --body-file");
  }

  @Test
  void readsTheBodyFromAFile() throws Exception {
    Path body = dir.resolve("body.json");
    Files.writeString(
        body,
        "{\"error\":{\"message\":\"You exceeded your current quota\",\"type\":\"insufficient_quota\"}}");

    JsonNode j =
        run(
                "classify",
                "--status",
                "429",
                "--body-file",
                body.toString(),
                "--provider",
                "openai",
                "--json")
            .json();

    assertThat(j.get("category").asText()).isEqualTo("quota_exhausted");
    assertThat(j.get("retryable").asBoolean()).isFalse();
    assertThat(j.get("summary").asText()).contains("openai");
  }

  @Test
  void anUnreadableBodyFileExits3NamingTheFile() {
    Path missing = dir.resolve("missing.json");

    Run r = run("classify", "--status", "500", "--body-file", missing.toString(), "--json");

    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err()).contains(missing.toString()).contains("no such file");
  }

  @Test
  void printsAReadableSummaryWithoutJson() {
    Run r =
        run(
            "classify",
            "--status",
            "402",
            "--body",
            "{\"error\":{\"message\":\"Insufficient Balance\"}}");

    assertThat(r.code()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).isEqualTo("quota_exhausted — not retryable, reached model: no");
    assertThat(r.out())
        .contains("status 402")
        .contains("Next: Add credits")
        .contains("Upstream: Insufficient Balance");
  }

  @Test
  void neverPrintsASecret() {
    Run r =
        run(
            "classify",
            "--status",
            "401",
            "--body",
            "{\"error\":{\"message\":\"Incorrect API key provided: sk-proj-abcdefghijklmnop1234\"}}",
            "--json");

    assertThat(r.out()).doesNotContain("abcdefghijklmnop1234").contains("[REDACTED]");
  }

  @Test
  void classifiesABatchInOrderReportingBadLinesInPlace() throws Exception {
    Path in = dir.resolve("log.jsonl");
    CliRun.write(
        in,
        "{\"status\":429,\"headers\":{\"Retry-After\":\"3\"}}",
        "",
        "not json",
        "{\"exception\":\"dns\"}",
        "{\"status\":7}",
        "{\"exception\":\"bogus\"}",
        "{\"status\":200,\"body\":{\"choices\":[]}}",
        "[1,2]",
        "{\"stauts\":500}");

    Run r = run("classify", "--batch", in.toString());

    assertThat(r.code()).isZero();
    List<JsonNode> out = r.out().lines().map(ClassifyCommandTest::parse).toList();
    assertThat(out).extracting(n -> n.get("line").asInt()).containsExactly(1, 3, 4, 5, 6, 7, 8, 9);
    assertThat(out.get(0).get("category").asText()).isEqualTo("rate_limited");
    assertThat(out.get(0).get("retryAfterMs").asLong()).isEqualTo(3000);
    assertThat(out.get(1).get("error").get("type").asText()).isEqualTo("invalid_input");
    assertThat(message(out.get(1)))
        .isEqualTo("invalid JSON at column 1 (expected: one JSON object per line)");
    assertThat(out.get(2).get("category").asText()).isEqualTo("connection_failed");
    assertThat(message(out.get(3))).isEqualTo("status: 7 (expected: an integer 100..599)");
    assertThat(message(out.get(4)))
        .startsWith("exception: bogus (expected one of: ")
        .contains("stream_idle_timeout");
    assertThat(out.get(5).get("category").asText()).isEqualTo("empty_response");
    assertThat(message(out.get(6))).isEqualTo("expected a JSON object, got array");
    assertThat(message(out.get(7)))
        .isEqualTo(
            "unknown field 'stauts' (did you mean: status?) (expected: status, body, headers,"
                + " exception, message, streamStarted, provider)");
  }

  // A value of the wrong type is an error naming the field, never read as something else: "yes"
  // was false, "true" and 1 were true, and 4294967796 wrapped round to status 500.
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"streamStarted": "yes", "status": 500}  | streamStarted: "yes" (expected: true or false)
          {"streamStarted": "true"}                | streamStarted: "true" (expected: true or false)
          {"streamStarted": 1}                     | streamStarted: 1 (expected: true or false)
          {"status": "500"}                        | status: "500" (expected: an integer 100..599)
          {"status": 500.0}                        | status: 500.0 (expected: an integer 100..599)
          {"status": 4294967796}                   | status: 4294967796 (expected: an integer 100..599)
          {"message": 7}                           | message: 7 (expected: a string)
          {"provider": {"id": "x"}}                | provider: an object (expected: a string)
          """)
  void aBatchFieldOfTheWrongTypeIsAnErrorNamingIt(String line, String problem) throws Exception {
    Path in = dir.resolve("log.jsonl");
    CliRun.write(in, line, "{\"streamStarted\": true, \"status\": 500}");

    Run r = run("classify", "--batch", in.toString());

    assertThat(r.code()).isZero();
    List<JsonNode> out = r.out().lines().map(ClassifyCommandTest::parse).toList();
    assertThat(out).hasSize(2);
    assertThat(out.get(0).get("line").asInt()).isEqualTo(1);
    assertThat(out.get(0).get("error").get("type").asText()).isEqualTo("invalid_input");
    assertThat(message(out.get(0))).isEqualTo(problem);
    assertThat(out.get(1).get("category").asText()).isEqualTo("stream_interrupted");
  }

  private static String message(JsonNode line) {
    return line.get("error").get("message").asText();
  }

  @Test
  void readsABatchFromStdin() throws Exception {
    InputStream saved = System.in;
    try {
      System.setIn(
          new ByteArrayInputStream(
              "{\"status\":529}\n{\"message\":\"no deployments available\"}\n"
                  .getBytes(StandardCharsets.UTF_8)));

      Run r = run("classify", "--batch", "-");

      assertThat(r.out().lines().map(l -> parse(l).get("category").asText()))
          .containsExactly("overloaded", "overloaded");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void anUnreadableBatchFileExits3() {
    Run r = run("classify", "--batch", dir.resolve("nope.jsonl").toString());

    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err()).contains("nope.jsonl").contains("no such file");
  }

  @Test
  void batchCannotBeMixedWithASingleFailure() {
    Run r = run("classify", "--batch", "-", "--status", "500");

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--batch");
  }

  private static JsonNode parse(String line) {
    try {
      return Json.MAPPER.readTree(line);
    } catch (Exception e) {
      throw new AssertionError(line, e);
    }
  }

  private static final String RELAY_RULES =
      """
      providers:
        relay:
          baseUrl: https://relay.test/v1
          protocol: openai-chat
      errors:
        - match:
            status: 5xx
          category: server_error
          retryable: true
        - match:
            status: [429]
            provider: relay
            messageContains: 负载已饱和
          category: quota_exhausted
          retryable: false
          cooldownS: 600
      """;

  private static final String SATURATED =
      "{\"error\":{\"message\":\"当前分组上游负载已饱和，请稍后再试\",\"type\":\"new_api_error\"}}";

  /** {@link #RELAY_RULES} written to the temporary directory. */
  private Path relayRules() throws Exception {
    Path rules = dir.resolve("errors.yaml");
    Files.writeString(rules, RELAY_RULES, StandardCharsets.UTF_8);
    return rules;
  }

  /**
   * {@code classify --config RULES --explain} of a 429 with the {@link #SATURATED} body from {@code
   * provider}, with {@code options}.
   */
  private Run explainSaturated(Path rules, String provider, String... options) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "classify",
                "--config",
                rules.toString(),
                "--status",
                "429",
                "--provider",
                provider,
                "--body",
                SATURATED,
                "--explain"));
    args.addAll(List.of(options));
    return run(args.toArray(String[]::new));
  }

  @Test
  void explainsWhichOperatorRuleDecidedAndEveryRuleConsidered() throws Exception {
    Path rules = relayRules();

    JsonNode j = explainSaturated(rules, "relay", "--json").json();

    assertThat(j.get("category").asText()).isEqualTo("quota_exhausted");
    assertThat(j.get("retryable").asBoolean()).isFalse();
    assertThat(j.get("retryAfterMs").asLong()).isEqualTo(600_000);
    assertThat(j.get("rule").asText()).isEqualTo("user:" + rules + ":10");
    JsonNode why = j.get("explain");
    assertThat(why.get("rule").asText()).isEqualTo("user:" + rules + ":10");
    assertThat(why.get("source").asText()).isEqualTo("user");
    assertThat(why.get("why").asText())
        .isEqualTo("status 429, provider relay, message contains '负载已饱和'");
    assertThat(why.get("userRules").asInt()).isEqualTo(2);
    assertThat(why.get("considered"))
        .extracting(
            c -> c.get("rule").asText() + " " + c.get("matched") + " " + c.get("why").asText())
        .containsExactly(
            "user:" + rules + ":6 false status 429 is not 5xx",
            "user:" + rules + ":10 true status 429, provider relay, message contains '负载已饱和'");

    Run human = explainSaturated(rules, "relay");
    assertThat(human.out())
        .contains("Why: operator rule user:" + rules + ":10: status 429, provider relay")
        .contains("    user:" + rules + ":6 — no: status 429 is not 5xx\n")
        .contains("    user:" + rules + ":10 — matched: status 429, provider relay");
  }

  @Test
  void explainsTheBuiltInRuleWhenNoOperatorRuleMatches() throws Exception {
    Path rules = relayRules();
    Run r = explainSaturated(rules, "elsewhere");
    assertThat(r.out())
        .contains(
            "Why: built-in rule transient.status_429 (docs/failure-taxonomy.md); none of 2"
                + " operator rules matched")
        .contains("    user:" + rules + ":10 — no: provider elsewhere is not relay\n")
        .contains("    transient.status_429 — matched: built-in rule transient.status_429");

    JsonNode j = run("classify", "--status", "500", "--explain", "--json").json();
    assertThat(j.get("explain").get("source").asText()).isEqualTo("built-in");
    assertThat(j.get("explain").get("userRules").asInt()).isZero();
    assertThat(j.get("explain").get("considered")).hasSize(1);
    assertThat(j.get("explain").get("considered").get(0).get("rule").asText())
        .isEqualTo("transient.status_500");
  }

  @Test
  void explainsWhatTheBuiltInRuleReadSoAnOperatorCanDecideItOtherwise() throws Exception {
    // the relay's words with no status (an error event): the words decide
    String message = "当前分组上游负载已饱和，请稍后再试";
    JsonNode j = run("classify", "--message", message, "--explain", "--json").json();
    JsonNode why = j.get("explain");
    assertThat(why.get("rule").asText()).isEqualTo("in_band.rate_limited");
    assertThat(why.get("words")).extracting(JsonNode::asText).containsExactly("负载已饱和");
    assertThat(why.get("why").asText())
        .isEqualTo(
            "built-in rule in_band.rate_limited (docs/failure-taxonomy.md), reading '负载已饱和'");
    assertThat(run("classify", "--message", message, "--explain").out())
        .contains(
            "Why: built-in rule in_band.rate_limited (docs/failure-taxonomy.md), reading"
                + " '负载已饱和'; no operator rules loaded");

    // the words shown are what an operator's rule names to decide the text otherwise
    Path rules = dir.resolve("relay.yaml");
    Files.writeString(
        rules,
        """
        errors:
          - match:
              messageContains: 负载已饱和
            category: quota_exhausted
            retryable: false
        """,
        StandardCharsets.UTF_8);
    JsonNode ruled =
        run("classify", "--config", rules.toString(), "--message", message, "--explain", "--json")
            .json();
    assertThat(ruled.get("category").asText()).isEqualTo("quota_exhausted");
    assertThat(ruled.get("explain").get("source").asText()).isEqualTo("user");
    assertThat(ruled.get("explain").get("words")).isEmpty();

    // a status, not words, decides a bare 500; without --explain nothing is traced
    JsonNode status = run("classify", "--status", "500", "--explain", "--json").json();
    assertThat(status.get("explain").get("words")).isEmpty();
    assertThat(status.get("explain").get("why").asText())
        .isEqualTo("built-in rule transient.status_500 (docs/failure-taxonomy.md)");
    assertThat(run("classify", "--message", message, "--json").json().has("explain")).isFalse();
  }

  @Test
  void theContractsExampleRuleFileClassifiesThroughConfigCatalogAndBatch() throws Exception {
    // every condition at once, in a rules-only file for a provider it does not define
    Path rules = dir.resolve("acme.yaml");
    Files.writeString(
        rules,
        """
        errors:
          - match:                       # every given condition must hold
              status: 400                # or a list, or "4xx"
              provider: acme             # optional: only answers from this provider
              code: "E1234"              # the body's error code/type, any nesting
              messageContains: ["credits depleted", "余额不足"]   # any of, case-insensitive
              header: {name: x-acme-error, value: quota}
            category: quota_exhausted
            retryable: false
            cooldownS: 3600              # optional: how long the route/key cools down
        """,
        StandardCharsets.UTF_8);
    String body = "{\"error\":{\"code\":\"E1234\",\"message\":\"Credits depleted for org\"}}";
    for (String flag : List.of("--config", "--catalog")) {
      Run r =
          run(
              "classify",
              flag,
              rules.toString(),
              "--provider",
              "acme",
              "--status",
              "400",
              "--header",
              "X-Acme-Error: Quota",
              "--body",
              body,
              "--json");
      assertThat(r.code()).isZero();
      assertThat(r.err()).as("no warning for a rules-only file").isEmpty();
      JsonNode j = r.json();
      assertThat(j.get("category").asText()).isEqualTo("quota_exhausted");
      assertThat(j.get("retryable").asBoolean()).isFalse();
      assertThat(j.get("retryAfterMs").asLong()).isEqualTo(3_600_000);
      assertThat(j.get("rule").asText()).isEqualTo("user:" + rules + ":2");
    }

    // without the header the rule does not hold, and the built-in rules decide
    JsonNode without =
        run(
                "classify",
                "--config",
                rules.toString(),
                "--provider",
                "acme",
                "--status",
                "400",
                "--body",
                body,
                "--explain",
                "--json")
            .json();
    assertThat(without.get("rule").asText()).doesNotStartWith("user:");
    assertThat(without.get("explain").get("considered").get(0).get("why").asText())
        .isEqualTo("no header x-acme-error");

    Path batch = dir.resolve("failures.jsonl");
    Files.writeString(
        batch,
        "{\"status\":400,\"provider\":\"acme\",\"headers\":{\"x-acme-error\":\"quota\"},"
            + "\"body\":"
            + Json.MAPPER.writeValueAsString(body)
            + "}\n{\"status\":400,\"provider\":\"other\",\"body\":\"x\"}\n",
        StandardCharsets.UTF_8);
    Run b = run("classify", "--config", rules.toString(), "--batch", batch.toString());
    List<JsonNode> lines = b.out().lines().map(ClassifyCommandTest::parse).toList();
    assertThat(lines)
        .extracting(n -> n.get("rule").asText())
        .containsExactly("user:" + rules + ":2", "request.definitive_4xx");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"code\": \"E1234\"}",
        "{\"error\": {\"message\": \"no\", \"details\": {\"code\": \"E1234\"}}}",
        "{\"error\": {\"details\": [{\"reason\": \"x\", \"type\": \"e1234\"}]}}",
        "{\"data\": {\"result\": {\"error_code\": \"E1234\"}}}"
      })
  void aRuleCodeMatchesAtAnyNestingOfTheBody(String body) throws Exception {
    // docs/reference.md §1: a rule's code is "found at any nesting of the body"
    Path rules = dir.resolve("nested.yaml");
    Files.writeString(
        rules,
        """
        errors:
          - match:
              code: "E1234"
            category: quota_exhausted
            retryable: false
        """,
        StandardCharsets.UTF_8);
    Run r =
        run("classify", "--config", rules.toString(), "--status", "400", "--body", body, "--json");
    assertThat(r.code()).isZero();
    assertThat(r.json().get("rule").asText()).as(body).isEqualTo("user:" + rules + ":2");
    assertThat(r.json().get("category").asText()).isEqualTo("quota_exhausted");

    // a value of another key, or a code that only contains the rule's, is no match
    for (String other :
        List.of("{\"error\": {\"message\": \"E1234\"}}", "{\"code\": \"E12345\"}")) {
      Run o =
          run(
              "classify",
              "--config",
              rules.toString(),
              "--status",
              "400",
              "--body",
              other,
              "--json");
      assertThat(o.json().get("rule").asText()).as(other).isEqualTo("request.definitive_4xx");
    }
  }

  @Test
  void anInvalidRuleExits3NamingItsFileLineAndField() throws Exception {
    Path rules = dir.resolve("errors.yaml");
    Files.writeString(
        rules,
        "errors:\n  - match: {status: 429}\n    category: quota_exausted\n"
            + "    retryable: false\n",
        StandardCharsets.UTF_8);
    Run r = run("classify", "--config", rules.toString(), "--status", "429");
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err())
        .contains(rules + ":3:5: errors[0].category: \"quota_exausted\" is not a failure category")
        .contains("did you mean 'quota_exhausted'?");

    JsonNode j = run("classify", "--config", rules.toString(), "--status", "429", "--json").json();
    assertThat(j.get("error").get("type").asText()).isEqualTo("invalid_input");
    assertThat(j.get("error").get("file").asText()).isEqualTo(rules.toString());
    assertThat(j.get("error").get("line").asInt()).isEqualTo(3);
    assertThat(j.get("error").get("field").asText()).isEqualTo("errors[0].category");
  }

  @Test
  void theWorkedExampleOfTheReferenceRunsAsWritten() throws Exception {
    String doc = Files.readString(Path.of("../docs/reference.md"), StandardCharsets.UTF_8);
    int at = doc.indexOf("Worked example: a one-api/new-api relay");
    assertThat(at).as("the worked example in docs/reference.md").isPositive();
    int yamlStart = doc.indexOf("```yaml\n", at) + "```yaml\n".length();
    String yaml = doc.substring(yamlStart, doc.indexOf("```", yamlStart));
    int outStart = doc.indexOf("quota_exhausted —", yamlStart);
    List<String> shown =
        doc.substring(outStart, doc.indexOf("```", outStart))
            .lines()
            .filter(l -> !l.isBlank())
            .filter(l -> !l.strip().equals("…"))
            .toList();
    Path rules = dir.resolve("errors.yaml");
    Files.writeString(rules, yaml, StandardCharsets.UTF_8);

    Run r = explainSaturated(rules, "relay");

    assertThat(r.code()).isZero();
    assertThat(shown).hasSizeGreaterThanOrEqualTo(5);
    for (String line : shown) {
      assertThat(r.out()).contains(line.replace("errors.yaml", rules.toString()));
    }
  }
}
