package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.body;
import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.Step;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokens with names, allow-lists and daily budgets, on a clock the test moves. */
class BudgetsIT {
  private static final String TEAM_A = "team-a-s3cret-token";
  private static final String TEAM_B = "team-b-s3cret-token";
  private static final String TEAM_C = "team-c-s3cret-token";

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
            new ClientToken("team-b", ClientToken.sha256(TEAM_B), null, null, List.of("pair*")),
            new ClientToken(
                "team-c",
                ClientToken.sha256(TEAM_C),
                null,
                null,
                List.of("orchestrator/*", "pair-group")));
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
  void anUnknownModelAskedForOnASpentBudgetIsCountedAsModelNotFound() {
    try (ServeFixture f = start()) {
      assertThat(f.post(body("gamma/priced", false, ""), TEAM_A).statusCode()).isEqualTo(200);
      // The spent budget has the gate plan the request itself, which finds no such model.
      HttpResponse<String> r = f.post(body("no-such/model", false, ""), TEAM_A);
      assertThat(r.statusCode()).isEqualTo(404);
      assertThat(json(r.body()).at("/error/code").asText()).isEqualTo("model_not_found");
      HttpResponse<String> streamed = f.post(body("no-such/model", true, ""), TEAM_A);
      assertThat(streamed.statusCode()).isEqualTo(404);

      String metrics = get(f, "/metrics", TEAM_A).body();
      assertThat(metrics).doesNotContain("no-such/model");
      assertThat(
              PromText.value(
                  metrics,
                  "orchestrator_requests_total",
                  Map.of("front", "chat", "model", "other", "outcome", "model_not_found")))
          .isEqualTo(2);
      assertThat(
              PromText.value(
                  metrics, "orchestrator_budget_refused_total", Map.of("client", "team-a")))
          .isZero();
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

  private static HttpResponse<String> get(ServeFixture f, String path, String token) {
    return f.send(
        HttpRequest.newBuilder(f.uri(path))
            .header("Authorization", "Bearer " + token)
            .GET()
            .build());
  }

  /** The ids {@code GET /v1/models} lists to the holder of {@code token}. */
  private static List<String> listed(ServeFixture f, String token) {
    HttpResponse<String> r = get(f, "/v1/models", token);
    assertThat(r.statusCode()).isEqualTo(200);
    List<String> ids = new ArrayList<>();
    json(r.body()).path("data").forEach(m -> ids.add(m.path("id").asText()));
    return ids;
  }

  private static final List<String> EVERY_MODEL =
      List.of(
          "orchestrator/free",
          "orchestrator/auto",
          "pair",
          "pair-group",
          "cut-then-rejecting",
          "alpha/small",
          "beta/large",
          "delta/prefill-rejecting",
          "gamma/priced");

  @Test
  void theModelListShowsAClientOnlyTheModelsItsAllowListLetsItAskFor() {
    try (ServeFixture f = start()) {
      assertThat(listed(f, TEAM_C))
          .containsExactlyInAnyOrder("orchestrator/free", "orchestrator/auto", "pair-group");
      assertThat(listed(f, TEAM_B)).containsExactlyInAnyOrder("pair", "pair-group");
      // Each model listed is one the client may ask for; one it may not is refused as a request is.
      for (String id : listed(f, TEAM_C)) {
        HttpResponse<String> r = f.post(body(id, false, ""), TEAM_C);
        assertThat(json(r.body()).at("/error/code").asText())
            .as(id)
            .isNotEqualTo("model_not_allowed");
      }
      assertThat(get(f, "/v1/models/pair-group", TEAM_C).statusCode()).isEqualTo(200);
      HttpResponse<String> hidden = get(f, "/v1/models/gamma/priced", TEAM_C);
      assertThat(hidden.statusCode()).isEqualTo(403);
      assertThat(json(hidden.body()).at("/error/code").asText()).isEqualTo("model_not_allowed");

      // A client without an allow-list sees every model.
      assertThat(listed(f, TEAM_A)).containsExactlyInAnyOrderElementsOf(EVERY_MODEL);
      assertThat(get(f, "/v1/models/gamma/priced", TEAM_A).statusCode()).isEqualTo(200);
    }
    // So does the single --token.
    try (ServeFixture f =
        ServeFixture.start(SCRIPTS, o -> o.token(ServeFixture.TOKEN), (u, b) -> {})) {
      assertThat(listed(f, ServeFixture.TOKEN)).containsExactlyInAnyOrderElementsOf(EVERY_MODEL);
    }
  }

  @Test
  void anUnknownModelSuggestsOnlyWhatTheAllowListLetsTheClientAskFor() {
    try (ServeFixture f = start()) {
      // "pair-priced" is allowed by "pair*" and names no model; "gamma/priced" is close to it
      HttpResponse<String> r = f.post(body("pair-priced", false, ""), TEAM_B);
      assertThat(r.statusCode()).isEqualTo(404);
      String message = json(r.body()).at("/error/message").asText();
      assertThat(message).contains("close matches: ").contains("pair").doesNotContain("gamma");
      // GET /v1/models/{id} suggests what a request does.
      HttpResponse<String> one = get(f, "/v1/models/pair-priced", TEAM_B);
      assertThat(one.statusCode()).isEqualTo(404);
      assertThat(json(one.body()).at("/error/message").asText()).isEqualTo(message);
      // A client without an allow-list is offered it, there too.
      HttpResponse<String> open = f.post(body("pair-priced", false, ""), TEAM_A);
      String openMessage = json(open.body()).at("/error/message").asText();
      assertThat(openMessage).contains("gamma/priced");
      assertThat(
              json(get(f, "/v1/models/pair-priced", TEAM_A).body()).at("/error/message").asText())
          .isEqualTo(openMessage);
    }
  }

  @Test
  void anUnknownModelsCloseMatchesAreTheSameOnGetAndPost() {
    try (ServeFixture f = start()) {
      // a typo no listed id contains, one edit from "alpha/small"
      String message =
          json(f.post(body("alpha/smoll", false, ""), TEAM_A).body()).at("/error/message").asText();
      assertThat(message).contains("close matches: alpha/small");

      HttpResponse<String> one = get(f, "/v1/models/alpha/smoll", TEAM_A);
      assertThat(one.statusCode()).isEqualTo(404);
      assertThat(json(one.body()).at("/error/code").asText()).isEqualTo("model_not_found");
      assertThat(json(one.body()).at("/error/message").asText()).isEqualTo(message);
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

  /**
   * Reads an HTTP/1.1 chunked answer from {@code in} until its server-sent events have carried
   * {@code chars} characters of {@code response.output_text.delta} text, then stops reading.
   */
  private static void readDeltas(InputStream in, int chars) throws IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      head.append((char) in.read());
    }
    assertThat(head.toString()).startsWith("HTTP/1.1 200").containsIgnoringCase("chunked");
    ByteArrayOutputStream pending = new ByteArrayOutputStream();
    int seen = 0;
    while (seen < chars) {
      StringBuilder size = new StringBuilder();
      for (int c; (c = in.read()) != '\n'; ) {
        assertThat(c).as("end of the answer after %s characters", seen).isNotNegative();
        size.append((char) c);
      }
      int n = Integer.parseInt(size.toString().trim(), 16);
      pending.write(in.readNBytes(n));
      in.readNBytes(2);
      String text = pending.toString(StandardCharsets.UTF_8);
      int from = 0;
      for (int end; (end = text.indexOf("\n\n", from)) >= 0; from = end + 2) {
        for (String line : text.substring(from, end).split("\n")) {
          if (line.startsWith("data: ")) {
            JsonNode e = json(line.substring(6));
            if (e.path("type").asText().equals("response.output_text.delta")) {
              seen += e.path("delta").asText().length();
            }
          }
        }
      }
      byte[] rest = text.substring(from).getBytes(StandardCharsets.UTF_8);
      pending.reset();
      pending.write(rest);
    }
  }

  /**
   * An answer the upstream served in full and reported the usage of counts against the client's
   * budget even when writing its end to the client fails: here the client reads every text delta of
   * a Responses stream, then stops reading, so the closing events (which repeat the text) stall
   * until the write timeout lets the client go.
   */
  @Test
  void aServedStreamCountsAgainstTheBudgetWhenWritingItsEndFails() throws Exception {
    String large = ("x".repeat(999) + " ").repeat(16_000); // more than the sockets between hold
    SpendStore spend = LocalSpendStore.inMemory();
    List<ClientToken> clients =
        List.of(
            new ClientToken(
                "team-a", ClientToken.sha256(TEAM_A), new BigDecimal("0.001"), null, List.of()));
    Map<String, List<Step>> scripts =
        Map.of(
            "gamma/priced",
            List.of(
                Step.ok(large).withUsage(Map.of("prompt_tokens", 500, "completion_tokens", 250)),
                Step.ok("priced")));
    try (ServeFixture f =
            ServeFixture.start(
                scripts,
                ServeFixture.generousPolicy(),
                o -> o.clients(clients).writeTimeout(Duration.ofMillis(500)),
                (u, b) -> b.clock(clock).spendStore(spend));
        Socket s = new Socket("127.0.0.1", f.server.port())) {
      String request = "{\"model\":\"gamma/priced\",\"stream\":true,\"input\":\"Say hello\"}";
      s.getOutputStream()
          .write(
              ("POST /v1/responses HTTP/1.1\r\nHost: x\r\n"
                      + "Content-Type: application/json\r\nAuthorization: Bearer "
                      + TEAM_A
                      + "\r\nContent-Length: "
                      + request.getBytes(StandardCharsets.UTF_8).length
                      + "\r\n\r\n"
                      + request)
                  .getBytes(StandardCharsets.UTF_8));
      s.getOutputStream().flush();
      readDeltas(new BufferedInputStream(s.getInputStream()), large.length());
      // The client reads no more: the closing events stall once the sockets are full.

      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (f.accessLog.isEmpty() && System.nanoTime() - end < 0) {
        Thread.onSpinWait();
      }
      assertThat(f.accessLog).singleElement().asString().contains("client_closed");
      assertThat(f.traces).singleElement().satisfies(t -> assertThat(t.costUsd()).isNotNull());
      assertThat(spend.totals("team-a", clock.instant()).daySpendUsd())
          .as("the served answer's cost, $0.001")
          .isEqualByComparingTo("0.001");
      assertThat(f.post(body("gamma/priced", false, ""), TEAM_A).statusCode()).isEqualTo(429);
    }
  }
}
