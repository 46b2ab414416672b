package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.body;
import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.Step;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens with names, allow-lists and daily budgets, on a clock the test moves. */
class BudgetsIT {
  private static final String TEAM_A = "team-a-s3cret-token";
  private static final String TEAM_B = "team-b-s3cret-token";

  @TempDir Path dir;
  private final FakeTime time = new FakeTime();
  private final Clock clock = time.clock(Instant.parse("2026-12-01T12:00:00Z"));

  /** 500 × $1/M + 250 × $2/M = $0.001 per answer on gamma/priced. */
  private static final Map<String, List<Step>> SCRIPTS =
      Map.of(
          "gamma/priced",
          List.of(
              Step.ok("priced").withUsage(Map.of("prompt_tokens", 500, "completion_tokens", 250))),
          "alpha/small",
          List.of(
              Step.ok("free").withUsage(Map.of("prompt_tokens", 500, "completion_tokens", 250))));

  private ServeFixture start() {
    List<ClientToken> clients =
        List.of(
            new ClientToken(
                "team-a", ClientToken.sha256(TEAM_A), new BigDecimal("0.001"), null, List.of()),
            new ClientToken("team-b", ClientToken.sha256(TEAM_B), null, null, List.of("pair*")));
    return ServeFixture.start(
        SCRIPTS,
        o -> o.clients(clients).spendFile(dir.resolve("spend.json")),
        (u, b) -> b.clock(clock));
  }

  @Test
  void aSpentDailyBudgetIsRefusedUntilMidnightUtcButFreeRoutesStayOpen() {
    try (ServeFixture f = start()) {
      assertThat(f.post(body("gamma/priced", false, ""), TEAM_A).statusCode()).isEqualTo(200);

      HttpResponse<String> refused = f.post(body("gamma/priced", false, ""), TEAM_A);
      assertThat(refused.statusCode()).isEqualTo(429);
      JsonNode error = json(refused.body()).path("error");
      assertThat(error.path("code").asText()).isEqualTo("budget_exceeded");
      assertThat(error.path("message").asText()).contains("team-a").contains("$0.001 of $0.001");
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("43200");

      // Free routes never count and are never refused; a mixed pool keeps only its free members.
      assertThat(f.post(body("alpha/small", false, ""), TEAM_A).statusCode()).isEqualTo(200);
      HttpResponse<String> auto = f.post(body("orchestrator/auto", false, ""), TEAM_A);
      assertThat(auto.statusCode()).isEqualTo(200);
      assertThat(auto.headers().firstValue("x-orchestrator-route").orElseThrow())
          .isIn("alpha/small", "beta/large", "delta/prefill-rejecting");

      time.advance(Duration.ofHours(12));
      assertThat(f.post(body("gamma/priced", false, ""), TEAM_A).statusCode()).isEqualTo(200);

      // With tokens set, /metrics is for token holders (docs/reference.md §5).
      String metrics =
          f.send(
                  HttpRequest.newBuilder(f.uri("/metrics"))
                      .header("Authorization", "Bearer " + TEAM_A)
                      .GET()
                      .build())
              .body();
      assertThat(
              PromText.value(
                  metrics, "orchestrator_budget_refused_total", Map.of("client", "team-a")))
          .isEqualTo(1);
    }
  }

  @Test
  void spendSurvivesARestart() {
    try (ServeFixture f = start()) {
      assertThat(f.post(body("gamma/priced", false, ""), TEAM_A).statusCode()).isEqualTo(200);
    }
    try (ServeFixture f = start()) {
      HttpResponse<String> r = f.post(body("gamma/priced", false, ""), TEAM_A);
      assertThat(r.statusCode()).isEqualTo(429);
      assertThat(json(r.body()).at("/error/code").asText()).isEqualTo("budget_exceeded");
    }
  }

  @Test
  void aModelOutsideTheAllowListIsForbidden() {
    try (ServeFixture f = start()) {
      HttpResponse<String> r = f.post(body("gamma/priced", false, ""), TEAM_B);
      assertThat(r.statusCode()).isEqualTo(403);
      JsonNode error = json(r.body()).path("error");
      assertThat(error.path("code").asText()).isEqualTo("model_not_allowed");
      assertThat(error.path("message").asText())
          .contains("team-b")
          .contains("gamma/priced")
          .contains("pair*");
      assertThat(f.post(body("pair", false, ""), TEAM_B).statusCode()).isEqualTo(200);
      HttpResponse<String> fallback =
          f.post(body("pair", false, "\"models\":[\"gamma/priced\"]"), TEAM_B);
      assertThat(fallback.statusCode()).isEqualTo(403);
      assertThat(json(fallback.body()).at("/error/param").asText()).isEqualTo("models[0]");
    }
  }

  private static HttpResponse<String> messages(ServeFixture f, String path, String body, String t) {
    return f.send(
        HttpRequest.newBuilder(f.uri(path))
            .header("x-api-key", t)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  /**
   * Counting a request's tokens reads its model as the Messages front does: a model outside the
   * allow-list is forbidden there as on {@code /v1/messages}; counting spends nothing, so a spent
   * budget does not stop it.
   */
  @Test
  void countTokensKeepsTheAllowListButNotTheBudget() {
    String count = "{\"model\":\"%s\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";
    String ask = count.replace("{\"model\"", "{\"max_tokens\":5,\"model\"");
    try (ServeFixture f = start()) {
      HttpResponse<String> sent =
          messages(f, "/v1/messages", ask.formatted("gamma/priced"), TEAM_B);
      assertThat(sent.statusCode()).as(sent.body()).isEqualTo(403);
      HttpResponse<String> counted =
          messages(f, "/v1/messages/count_tokens", count.formatted("gamma/priced"), TEAM_B);
      assertThat(counted.statusCode()).as(counted.body()).isEqualTo(403);
      JsonNode error = json(counted.body());
      assertThat(error.at("/error/type").asText()).isEqualTo("permission_error");
      assertThat(error.at("/error/message").asText())
          .isEqualTo(json(sent.body()).at("/error/message").asText());
      assertThat(
              messages(f, "/v1/messages/count_tokens", count.formatted("pair"), TEAM_B)
                  .statusCode())
          .isEqualTo(200);

      assertThat(f.post(body("gamma/priced", false, ""), TEAM_A).statusCode()).isEqualTo(200);
      assertThat(messages(f, "/v1/messages", ask.formatted("gamma/priced"), TEAM_A).statusCode())
          .isEqualTo(429);
      HttpResponse<String> spent =
          messages(f, "/v1/messages/count_tokens", count.formatted("gamma/priced"), TEAM_A);
      assertThat(spent.statusCode()).as(spent.body()).isEqualTo(200);
      assertThat(json(spent.body()).path("input_tokens").asInt()).isPositive();
    }
  }

  @Test
  void theAccessLogNamesTheClientNeverItsToken() {
    try (ServeFixture f = start()) {
      f.post(body("gamma/priced", false, ""), TEAM_A);
      f.post(body("gamma/priced", false, ""), TEAM_A);
      f.post(body("alpha/small", false, ""), "wrong-token");
      f.server.close();
      List<JsonNode> lines = f.accessLog.stream().map(ServeFixture::json).toList();
      assertThat(lines).hasSize(3);
      assertThat(lines.get(0).path("token").asText()).isEqualTo("team-a");
      assertThat(lines.get(0).path("outcome").asText()).isEqualTo("success");
      assertThat(lines.get(0).path("route").asText()).isEqualTo("gamma/priced");
      assertThat(lines.get(0).path("costUsd").decimalValue()).isEqualByComparingTo("0.001");
      assertThat(lines.get(1).path("status").asInt()).isEqualTo(429);
      assertThat(lines.get(1).path("outcome").asText()).isEqualTo("budget_exceeded");
      assertThat(lines.get(2).path("status").asInt()).isEqualTo(401);
      assertThat(lines.get(2).has("token")).isFalse();
      assertThat(String.join("\n", f.accessLog))
          .doesNotContain(TEAM_A)
          .doesNotContain("wrong-token");
    }
  }
}
