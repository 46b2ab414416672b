package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Health, models, auth, limits, shutdown and the access log. */
class ServerOperationsIT {

  @Test
  void healthzIsOkAndReadyzReportsCatalogFreshness() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(), ServeFixture.policy().build(), o -> o.maxCatalogAge(Duration.ofHours(1)))) {
      HttpResponse<String> health = f.get("/healthz");
      HttpResponse<String> ready = f.get("/readyz");

      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(json(health.body()).path("status").asText()).isEqualTo("ok");
      assertThat(ready.statusCode()).isEqualTo(200);
      JsonNode r = json(ready.body());
      assertThat(r.path("status").asText()).isEqualTo("ready");
      assertThat(r.at("/catalog/routes").asInt()).isEqualTo(4);
      assertThat(r.at("/catalog/fresh").asBoolean()).isTrue();
      assertThat(r.at("/catalog/maxAgeSeconds").asLong()).isEqualTo(3600);
    }
  }

  @Test
  void modelsListsVirtualModelsGroupsAndRoutes() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r = f.get("/v1/models");

      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode body = json(r.body());
      assertThat(body.path("object").asText()).isEqualTo("list");
      List<String> ids = new ArrayList<>();
      body.path("data").forEach(m -> ids.add(m.path("id").asText()));
      assertThat(ids)
          .contains(
              "orchestrator/free",
              "orchestrator/auto",
              "pair",
              "pair-group",
              "alpha/small",
              "gamma/priced");
      assertThat(f.get("/v1/models/pair-group").body()).contains("\"kind\":\"group\"");
      assertThat(f.get("/v1/models/nope").statusCode()).isEqualTo(404);
    }
  }

  @Test
  void aBearerTokenGuardsTheApiButNotHealth() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(), ServeFixture.policy().build(), o -> o.token(ServeFixture.TOKEN))) {
      HttpResponse<String> none = f.get("/v1/models");
      HttpResponse<String> wrong =
          f.send(
              HttpRequest.newBuilder(f.uri("/v1/models"))
                  .header("Authorization", "Bearer " + ServeFixture.TOKEN + "x")
                  .build());
      HttpResponse<String> right =
          f.send(
              HttpRequest.newBuilder(f.uri("/v1/models"))
                  .header("Authorization", "Bearer " + ServeFixture.TOKEN)
                  .build());

      assertThat(none.statusCode()).isEqualTo(401);
      assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
      assertThat(json(none.body()).at("/error/code").asText()).isEqualTo("invalid_api_key");
      assertThat(wrong.statusCode()).isEqualTo(401);
      assertThat(wrong.body()).doesNotContain(ServeFixture.TOKEN);
      assertThat(right.statusCode()).isEqualTo(200);
      assertThat(f.get("/healthz").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void aBodyOverTheLimitIs413() {
    try (ServeFixture f =
        ServeFixture.start(Map.of(), ServeFixture.policy().build(), o -> o.maxBodyBytes(2048))) {
      HttpResponse<String> r =
          f.post(ServeFixture.body("alpha/small", false, "\"pad\":\"" + "x".repeat(4096) + "\""));

      assertThat(r.statusCode()).isEqualTo(413);
      assertThat(json(r.body()).at("/error/code").asText()).isEqualTo("request_too_large");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          not json                  | `{`                                                                | ``
          no model                  | `{"messages":[{"role":"user","content":"x"}]}`                    | model
          no messages               | `{"model":"pair"}`                                                 | messages
          bad role                  | `{"model":"pair","messages":[{"role":"user","content":"a"},{"role":"user","content":"b"},{"role":"robot","content":"c"}]}` | messages[2].role
          max_tokens zero           | `{"model":"pair","max_tokens":0,"messages":[{"role":"user","content":"x"}]}` | max_tokens
          temperature too high      | `{"model":"pair","temperature":3,"messages":[{"role":"user","content":"x"}]}` | temperature
          image part without url    | `{"model":"pair","messages":[{"role":"user","content":[{"type":"image_url"}]}]}` | messages[0].content[0].image_url
          tool without id           | `{"model":"pair","messages":[{"role":"tool","content":"x"}]}`     | messages[0].tool_call_id
          models not an array       | `{"model":"pair","models":"beta/large","messages":[{"role":"user","content":"x"}]}` | models
          stream not a boolean      | `{"model":"pair","stream":"yes","messages":[{"role":"user","content":"x"}]}` | stream
          """)
  void aMalformedRequestIs400NamingTheField(String why, String body, String param) {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r = f.post(body);

      assertThat(r.statusCode()).as(why).isEqualTo(400);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("type").asText()).isEqualTo("invalid_request_error");
      if (param.isEmpty()) {
        assertThat(err.get("param").isNull()).isTrue();
      } else {
        assertThat(err.path("param").asText()).isEqualTo(param);
        assertThat(err.path("message").asText()).startsWith(param + ": ");
      }
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  @Test
  void theBadRoleMessageNamesTheValueAndTheExpectation() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r =
          f.post(
              "{\"model\":\"pair\",\"messages\":[{\"role\":\"user\",\"content\":\"a\"},"
                  + "{\"role\":\"user\",\"content\":\"b\"},{\"role\":\"robot\",\"content\":\"c\"}]}");

      assertThat(json(r.body()).toString())
          .isEqualTo(
              "{\"error\":{\"message\":\"messages[2].role: 'robot' (expected: system, user,"
                  + " assistant or tool)\",\"type\":\"invalid_request_error\","
                  + "\"param\":\"messages[2].role\",\"code\":null}}");
    }
  }

  @Test
  void shutdownFinishesInFlightRequestsThenRefusesConnections() throws Exception {
    // A grace no loaded machine exhausts: this is about finishing, not about the grace expiring.
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("late but whole").withDelay(400))),
            ServeFixture.policy().build(),
            o -> o.shutdownGrace(Duration.ofSeconds(20)))) {
      CompletableFuture<HttpResponse<String>> inFlight =
          f.client.sendAsync(
              HttpRequest.newBuilder(f.uri("/v1/chat/completions"))
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          ServeFixture.body("alpha/small", false, "")))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      // The server closes only once the request is in it, however long a loaded machine takes
      // to get it there (bounded on the wall clock, never slept on).
      long patience = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (f.server.inFlight() == 0 && !inFlight.isDone()) {
        assertThat(System.nanoTime() - patience).as("the request reached the server").isNegative();
        Thread.onSpinWait();
      }
      f.server.close();

      HttpResponse<String> r = inFlight.get(30, TimeUnit.SECONDS);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).at("/choices/0/message/content").asText())
          .isEqualTo("late but whole");
      assertThatThrownBy(
              () ->
                  f.client.send(
                      HttpRequest.newBuilder(f.uri("/healthz")).build(),
                      HttpResponse.BodyHandlers.ofString()))
          .isInstanceOf(IOException.class);
    }
  }

  /**
   * Requests waiting for a place when the server closes were received before it: each is answered —
   * a {@code 503 shutting_down} once a place frees, as a new request is — before the port closes,
   * instead of losing its connection unanswered the moment the last running request ends.
   */
  @Test
  void shutdownAnswersTheRequestsWaitingForAPlace() throws Exception {
    HeldAttempts holder = HeldAttempts.every();
    String body = ServeFixture.body("alpha/small", false, "");
    ExecutorService closer = Executors.newSingleThreadExecutor();
    List<Socket> waiting = new ArrayList<>();
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("held"))),
                ServeFixture.generousPolicy(),
                o -> o.threads(1).shutdownGrace(Duration.ofSeconds(20)),
                e -> e.listener(holder));
        Socket held = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(held, RawHttp.post("/v1/chat/completions", body, ""));
      assertThat(ServeFixture.within10s(() -> holder.started() == 1)).isTrue();
      for (int i = 0; i < 3; i++) {
        Socket s = new Socket("127.0.0.1", f.server.port());
        waiting.add(s);
        RawHttp.send(s, RawHttp.post("/v1/chat/completions", body, ""));
      }
      assertThat(
              ServeFixture.within10s(
                  () ->
                      f.server
                              .meterRegistry()
                              .get("orchestrator.serve.workers.waiting")
                              .gauge()
                              .value()
                          == 3))
          .isTrue();

      CompletableFuture<Void> closed = CompletableFuture.runAsync(f.server::close, closer);
      assertThat(ServeFixture.within10s(() -> f.get("/healthz").statusCode() == 503))
          .as("draining")
          .isTrue();
      holder.release();

      assertThat(RawHttp.answer(held)).startsWith("HTTP/1.1 200 ").contains("held");
      for (Socket s : waiting) {
        assertThat(RawHttp.answer(s)).startsWith("HTTP/1.1 503 ").contains("shutting_down");
      }
      closed.get(30, TimeUnit.SECONDS);
      assertThat(holder.started()).as("no waiting request was sent upstream").isEqualTo(1);
    } finally {
      holder.release();
      closer.shutdownNow();
      for (Socket s : waiting) {
        s.close();
      }
    }
  }

  @Test
  void theAccessLogIsStructuredAndHoldsNoPromptKeyOrToken() throws Exception {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.answer(500, "{}"), Step.ok("fine"))),
            ServeFixture.policy().build(),
            o -> o.token(ServeFixture.TOKEN))) {
      HttpResponse<String> r =
          f.send(
              HttpRequest.newBuilder(f.uri("/v1/chat/completions?key=" + ServeFixture.SIM_KEY))
                  .header("Authorization", "Bearer " + ServeFixture.TOKEN)
                  .POST(HttpRequest.BodyPublishers.ofString(ServeFixture.body("pair", false, "")))
                  .build());
      assertThat(r.statusCode()).isEqualTo(200);
      f.server.close();

      assertThat(f.accessLog).hasSize(1);
      JsonNode line = json(f.accessLog.get(0));
      assertThat(line.path("method").asText()).isEqualTo("POST");
      assertThat(line.path("path").asText()).isEqualTo("/v1/chat/completions");
      assertThat(line.path("status").asInt()).isEqualTo(200);
      assertThat(line.path("model").asText()).isEqualTo("pair");
      assertThat(line.path("route").asText()).isEqualTo("alpha/small");
      assertThat(line.path("attempts").asInt()).isEqualTo(2);
      assertThat(f.accessLog.get(0))
          .doesNotContain(ServeFixture.TOKEN)
          .doesNotContain(ServeFixture.SIM_KEY)
          .doesNotContain("Say hello");
      assertThat(r.body()).doesNotContain(ServeFixture.SIM_KEY);
    }
  }

  @Test
  void errorsNeverCarryTheProviderKey() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small",
                List.of(
                    Step.answer(
                        401,
                        "{\"error\":{\"message\":\"Incorrect API key provided: "
                            + ServeFixture.SIM_KEY
                            + "\",\"type\":\"invalid_request_error\","
                            + "\"code\":\"invalid_api_key\"}}"))))) {
      HttpResponse<String> r = f.chat("alpha/small");

      assertThat(r.statusCode()).isEqualTo(401);
      assertThat(r.body()).doesNotContain(ServeFixture.SIM_KEY);
    }
  }
}
