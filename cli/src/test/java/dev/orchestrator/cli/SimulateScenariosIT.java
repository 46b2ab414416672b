package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scenario runs through {@code orchestrator simulate --json} (real engine, real clients, real
 * sockets) and is checked against its {@code NAME.expected.json}: the project's examples in {@code
 * examples/scenarios} (one per row of the failover table of {@code docs/design.md} and per
 * exhaustion shape; their format is in {@code docs/reference.md}), and the scenarios shipped in
 * {@code ../shared/examples/scenarios} (skipped when absent).
 */
class SimulateScenariosIT {

  static Stream<Path> ownScenarios() throws IOException {
    return scenarios(Path.of("../examples/scenarios"));
  }

  static Stream<Path> sharedScenarios() throws IOException {
    Path dir = SharedData.root().map(r -> r.resolve("examples/scenarios")).orElse(null);
    if (dir == null || !Files.isDirectory(dir)) {
      return Stream.of(Path.of("shared-examples-absent"));
    }
    return scenarios(dir);
  }

  private static Stream<Path> scenarios(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> list =
          s.filter(p -> p.toString().endsWith(".expected.json"))
              .map(p -> Path.of(p.toString().replace(".expected.json", ".json")))
              .sorted()
              .collect(Collectors.toList());
      return list.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ownScenarios")
  void ownScenarioMatchesItsExpectation(Path scenario) throws IOException {
    check(scenario);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sharedScenarios")
  void sharedExampleScenarioMatchesItsExpectation(Path scenario) throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(scenario), "shared/ absent");
    check(scenario);
  }

  @org.junit.jupiter.api.Test
  void aStreamBoundOutsideItsRangeIsAnInputErrorNamingIt(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path scenario = dir.resolve("bound.json");
    Files.writeString(
        scenario,
        """
        {"catalog": {"a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m":
           {"id": "m", "name": "m", "cost": {"input": 0, "output": 0},
            "limit": {"context": 128000, "output": 8192},
            "modalities": {"input": ["text"], "output": ["text"]}}}}},
         "request": {"model": "a/m", "stream": true},
         "policy": {"maxEventBytes": 8}}
        """);

    CliRun r = CliRun.of("simulate", scenario.toString());

    assertThat(r.code).isEqualTo(3);
    assertThat(r.err).contains("policy.maxEventBytes: 8 (expected: >= 16)");
  }

  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      textBlock =
          """
          "messages": [{"role": "usr", "content": "hi"}]      | request.messages[0].role    | usr
          "messages": [{"role": "user", "contnt": "hi"}]      | request.messages[0].contnt  | unknown field 'contnt'
          "messages": [{"role": "user", "content": ["hi"]}]   | request.messages[0].content | (expected: a string)
          "messages": "hi"                                    | request.messages            | expected a non-empty array
          "stream": "yes"                                     | request.stream              | "yes" (expected: true or false)
          """)
  void aRequestFieldThatCannotBeSentIsAnInputErrorNotIgnored(
      String member, String field, String says, @org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path scenario = dir.resolve("s.json");
    Files.writeString(
        scenario,
        """
        {"catalog": {"a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m":
           {"id": "m", "name": "m", "cost": {"input": 0, "output": 0},
            "limit": {"context": 128000, "output": 8192},
            "modalities": {"input": ["text"], "output": ["text"]}}}}},
         "request": {"model": "a/m",
           %s}}
        """
            .formatted(member));

    CliRun r = CliRun.of("simulate", scenario.toString(), "--json");

    assertThat(r.code).as(r.out).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("invalid_input");
    assertThat(e.get("field").asText()).isEqualTo(field);
    assertThat(e.get("line").asInt()).isEqualTo(6);
    assertThat(e.get("message").asText()).contains(says);
  }

  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      textBlock =
          """
          "policy": {"seed": 1,\\n  "deadlineMs": 0}             | policy.deadlineMs          | 0 ms (expected: > 0 ms)
          "policy": {"seed": 1,\\n  "attemptTimeoutMs": -3}      | policy.attemptTimeoutMs    | -3 ms (expected: > 0 ms)
          "policy": {"seed": 1,\\n  "firstTokenTimeoutMs": 0}    | policy.firstTokenTimeoutMs | 0 ms (expected: > 0 ms)
          "policy": {"seed": 1,\\n  "streamIdleTimeoutMs": 0}    | policy.streamIdleTimeoutMs | 0 ms (expected: > 0 ms)
          "policy": {"seed": 1,\\n  "backoffInitialMs": -1}      | policy.backoffInitialMs    | -1 ms (expected: >= 0 ms)
          "policy": {"backoffInitialMs": 500,\\n  "backoffMaxMs": 10} | policy.backoffMaxMs   | 10 ms (expected: >= backoffInitial 500 ms)
          "policy":\\n  {"backoffInitialMs": 5000}                | policy                     | backoffMax: 1000 ms (expected: >= backoffInitial 5000 ms)
          "policy": {"seed": 1,\\n  "exploration": 2}            | policy.exploration         | 2.0 (expected: 0..1)
          "request": {"model": "a/m",\\n  "promptTokens": -1}     | request.promptTokens       | -1 (expected: >= 0)
          "request": {"model": "a/m",\\n  "maxOutputTokens": 0}   | request.maxOutputTokens    | 0 (expected: >= 1)
          """)
  void aSettingTheEngineRefusesIsReportedAtTheFieldAsWrittenAndItsLine(
      String member, String field, String says, @org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path scenario = dir.resolve("s.json");
    String request = member.startsWith("\"request\"") ? "" : "\"request\": {\"model\": \"a/m\"},";
    Files.writeString(
        scenario,
        """
        {"catalog": {"a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m":
           {"id": "m", "name": "m", "cost": {"input": 0, "output": 0},
            "limit": {"context": 128000, "output": 8192},
            "modalities": {"input": ["text"], "output": ["text"]}}}}},
         %s
         %s}
        """
            .formatted(request, member.replace("\\n", "\n")));

    CliRun r = CliRun.of("simulate", scenario.toString(), "--json");

    assertThat(r.code).as(r.out).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("invalid_input");
    assertThat(e.get("field").asText()).isEqualTo(field);
    // the field on the line after its object's; the object itself where it starts
    assertThat(e.get("line").asInt()).isEqualTo(field.contains(".") ? 7 : 6);
    assertThat(e.get("message").asText())
        .endsWith(":" + e.get("line") + ": " + field + ": " + says);
  }

  @org.junit.jupiter.api.Test
  void anUnknownRouteInTheFallbackListIsReportedAtItsEntry(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path scenario = dir.resolve("s.json");
    Files.writeString(
        scenario,
        """
        {"catalog": {"a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m":
           {"id": "m", "name": "m", "cost": {"input": 0, "output": 0},
            "limit": {"context": 128000, "output": 8192},
            "modalities": {"input": ["text"], "output": ["text"]}}}}},
         "request": {"model": "a/m",
           "models": ["a/m",
                      "a/q"]}}
        """);

    CliRun r = CliRun.of("simulate", scenario.toString(), "--json");

    assertThat(r.code).as(r.out).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("unknown_model");
    assertThat(e.get("model").asText()).isEqualTo("a/q");
    assertThat(e.get("field").asText()).isEqualTo("request.models[1]");
    assertThat(e.get("line").asInt()).isEqualTo(7);
  }

  @org.junit.jupiter.api.Test
  void anUpstreamScriptForARouteTheCatalogLacksIsAnInputErrorWithCloseMatches(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path scenario = dir.resolve("s.json");
    Files.writeString(
        scenario,
        """
        {"catalog": {"a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m":
           {"id": "m", "name": "m", "cost": {"input": 0, "output": 0},
            "limit": {"context": 128000, "output": 8192},
            "modalities": {"input": ["text"], "output": ["text"]}}}}},
         "request": {"model": "a/m"},
         "upstream": {"a/mm": [{"status": 503}]}}
        """);

    CliRun r = CliRun.of("simulate", scenario.toString(), "--json");

    assertThat(r.code).as(r.out).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("field").asText()).isEqualTo("upstream.a/mm");
    assertThat(e.get("line").asInt()).isEqualTo(6);
    assertThat(e.get("message").asText())
        .contains("upstream.a/mm: not a route of the catalog (close matches: a/m)");
  }

  @org.junit.jupiter.api.Test
  void anInvalidScenarioNamesItsFileLineAndFieldInTheJsonErrorDocument(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    String catalog =
        """
        {"catalog": {"a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m":
           {"id": "m", "name": "m", "cost": {"input": 0, "output": 0},
            "limit": {"context": 128000, "output": 8192},
            "modalities": {"input": ["text"], "output": ["text"]}}}}},
        """;
    Path scenario = dir.resolve("s.json");

    Files.writeString(
        scenario,
        catalog + " \"request\": {\"model\": \"a/m\"},\n \"policy\": {\"seed\": \"x\"}}\n");
    CliRun bad = CliRun.of("simulate", scenario.toString(), "--json");
    assertThat(bad.code).isEqualTo(3);
    JsonNode e = bad.json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("invalid_input");
    assertThat(e.get("file").asText()).isEqualTo(scenario.toString());
    assertThat(e.get("line").asInt()).isEqualTo(6);
    assertThat(e.get("field").asText()).isEqualTo("policy.seed");

    Files.writeString(scenario, catalog + " \"request\": {\"model\": \"a/m\",\n  \"bogus\": 1}}\n");
    e = CliRun.of("simulate", scenario.toString(), "--json").json().get("error");
    assertThat(e.get("line").asInt()).isEqualTo(6);
    assertThat(e.get("field").asText()).isEqualTo("request.bogus");

    Files.writeString(scenario, catalog + " \"request\": {\"model\": \"a/n\"}}\n");
    CliRun unknown = CliRun.of("simulate", scenario.toString(), "--json");
    assertThat(unknown.code).isEqualTo(3);
    e = unknown.json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("unknown_model");
    assertThat(e.get("closeMatches")).extracting(JsonNode::asText).contains("a/m");
    assertThat(e.get("file").asText()).isEqualTo(scenario.toString());
    assertThat(e.get("line").asInt()).isEqualTo(5);
    assertThat(e.get("field").asText()).isEqualTo("request.model");

    Files.writeString(scenario, catalog + " \"request\": {\"model\": \"a/m\"}\n");
    e = CliRun.of("simulate", scenario.toString(), "--json").json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("invalid_input");
    assertThat(e.get("file").asText()).isEqualTo(scenario.toString());
    assertThat(e.get("line").asInt()).isEqualTo(6);
  }

  @org.junit.jupiter.api.Test
  void theHumanTableAlignsForLongRouteIds(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    String model =
        """
        {"id": "%s", "name": "m", "cost": {"input": 0, "output": 0},
         "limit": {"context": 128000, "output": 8192},
         "modalities": {"input": ["text"], "output": ["text"]}}""";
    String longProvider = "a-provider-with-a-rather-long-name";
    String longModel = "vendor/a-model-with-a-very-long-identifier:free";
    Path scenario = dir.resolve("long.json");
    Files.writeString(
        scenario,
        """
        {"catalog": {
           "%1$s": {"id": "%1$s", "name": "long", "env": ["LONG_KEY"], "models": {"%2$s": %3$s}},
           "a": {"id": "a", "name": "a", "env": ["A_KEY"], "models": {"m": %4$s}}},
         "pools": {"v": {"kind": "virtual", "routes": ["%1$s/%2$s", "a/m"]}},
         "request": {"model": "v"},
         "policy": {"backoffInitialMs": 1, "backoffMaxMs": 2},
         "upstream": {"%1$s/%2$s": [{"status": 500, "body": "down"}]}}
        """
            .formatted(longProvider, longModel, model.formatted(longModel), model.formatted("m")));

    CliRun r = CliRun.of("simulate", scenario.toString());

    assertThat(r.code).as(r.err).isZero();
    List<String> rows =
        r.out
            .lines()
            .filter(l -> l.startsWith("  " + longProvider) || l.startsWith("  a/m"))
            .toList();
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0)).contains(longProvider + "/" + longModel);
    int decision = rows.get(0).indexOf("retry_same_route");
    assertThat(rows.get(1).indexOf("failover")).isEqualTo(decision);
    assertThat(rows.get(2).indexOf("success")).isEqualTo(decision);
  }

  private static void check(Path scenario) throws IOException {
    CliRun r = CliRun.of("simulate", scenario.toString(), "--json");
    assertThat(r.code).as(r.err).isZero();
    JsonNode out = r.json();
    assertContractShape(out);
    Path expectedFile = Path.of(scenario.toString().replace(".json", ".expected.json"));
    JsonNode expected = Json.MAPPER.readTree(Files.readString(expectedFile));
    for (Map.Entry<String, JsonNode> e : expected.properties()) {
      String key = e.getKey();
      JsonNode want = e.getValue();
      if (key.equals("never called")) {
        List<String> calls = new ArrayList<>();
        out.get("calls").forEach(c -> calls.add(c.asText()));
        want.forEach(w -> assertThat(calls).as("never called " + w).doesNotContain(w.asText()));
      } else if (key.startsWith("attempts.")) {
        String field = key.substring("attempts.".length());
        List<JsonNode> got = new ArrayList<>();
        out.get("attempts").forEach(a -> got.add(a.get(field)));
        List<JsonNode> exp = new ArrayList<>();
        want.forEach(exp::add);
        if (field.equals("delayMs")) {
          assertThat(got).hasSameSizeAs(exp);
          for (int i = 0; i < exp.size(); i++) {
            // Full jitter and Retry-After: the wait is at least what was asked, never a tight loop.
            assertThat(got.get(i).asLong())
                .as(key + "[" + i + "]")
                .isGreaterThanOrEqualTo(exp.get(i).asLong());
          }
        } else {
          assertThat(got).as(key + " in " + out).isEqualTo(exp);
        }
      } else {
        JsonNode got = out;
        for (String part : key.split("\\.")) {
          got = got == null ? null : got.get(part);
        }
        assertThat(got).as(key + " in " + out).isEqualTo(want);
      }
    }
  }

  /** The fields docs/reference.md §4 fixes, whatever the scenario. */
  private static void assertContractShape(JsonNode out) {
    assertThat(out.get("outcome").asText()).isIn("success", "failed");
    assertThat(out.has("route")).isTrue();
    assertThat(out.has("content")).isTrue();
    assertThat(out.has("status")).isTrue();
    assertThat(out.has("error")).isTrue();
    assertThat(out.get("elapsedMs").isIntegralNumber()).isTrue();
    for (JsonNode a : out.get("attempts")) {
      assertThat(a.get("route").isTextual()).isTrue();
      assertThat(a.get("attempt").asInt()).isPositive();
      assertThat(a.get("decision").asText())
          .isIn("success", "retry_same_route", "failover", "stop");
      assertThat(a.get("delayMs").isIntegralNumber()).isTrue();
      assertThat(a.has("status") && a.has("category") && a.has("retryable")).isTrue();
    }
    if (out.get("outcome").asText().equals("failed")) {
      JsonNode err = out.get("error");
      assertThat(err.get("type").asText())
          .isIn(
              "request_rejected",
              "backend_unavailable",
              "candidates_exhausted",
              "no_candidates",
              "request_too_large",
              "rate_limited",
              "deadline_exceeded",
              "stream_interrupted",
              "tool_execution_stopped");
      assertThat(err.has("category") && err.has("status") && err.has("message")).isTrue();
    } else {
      assertThat(out.get("error").isNull()).isTrue();
      assertThat(out.get("status").asInt()).isEqualTo(200);
    }
  }
}
