package dev.orchestrator.serve;

import static dev.orchestrator.serve.PromText.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /metrics} after a scripted run: success, failover, 4xx passthrough, cut stream. */
class MetricsIT {
  private static final String BAD_REQUEST =
      "{\"error\":{\"message\":\"bad field\",\"type\":\"invalid_request_error\"}}";

  @TempDir Path dir;

  @Test
  void countersMatchAScriptedRunAndPassPromtool() throws Exception {
    Map<String, List<Step>> scripts =
        Map.of(
            "alpha/small",
            List.of(
                Step.ok("hi"),
                Step.answer(503, "{\"error\":{\"message\":\"overloaded\"}}"),
                Step.answer(503, "{\"error\":{\"message\":\"overloaded\"}}"),
                Step.fault(Fault.STREAM_CUT).withContent("a partial answer that is cut")),
            "beta/large",
            List.of(Step.ok("from beta")),
            "gamma/priced",
            List.of(
                Step.answer(400, BAD_REQUEST),
                Step.ok("priced")
                    .withUsage(Map.of("prompt_tokens", 1000, "completion_tokens", 500))));
    try (ServeFixture f = ServeFixture.start(scripts)) {
      assertThat(f.chat("alpha/small").statusCode()).isEqualTo(200); // success
      assertThat(f.chat("pair").statusCode())
          .isEqualTo(200); // alpha overloaded (503) twice, beta answers
      assertThat(f.chat("gamma/priced").statusCode()).isEqualTo(400); // settled 4xx passes through
      assertThat(f.chat("gamma/priced").statusCode()).isEqualTo(200); // priced, with usage
      ServeFixture.Sse cut = f.stream("alpha/small", "");
      assertThat(cut.error().path("code").asText()).isEqualTo("stream_interrupted");
      assertThat(f.chat("no-such/model").statusCode()).isEqualTo(404);

      HttpResponse<String> r = f.get("/metrics");
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
      String m = r.body();

      assertThat(
              value(
                  m,
                  "orchestrator_requests_total",
                  Map.of("model", "alpha/small", "outcome", "success")))
          .isEqualTo(1);
      assertThat(
              value(
                  m, "orchestrator_requests_total", Map.of("model", "pair", "outcome", "success")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_requests_total",
                  Map.of("model", "gamma/priced", "outcome", "request_rejected")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_requests_total",
                  Map.of("model", "alpha/small", "outcome", "stream_interrupted")))
          .isEqualTo(1);
      assertThat(m).doesNotContain("no-such/model");
      // an unknown model is counted as answered (404 model_not_found) and logged
      assertThat(
              value(
                  m,
                  "orchestrator_requests_total",
                  Map.of("model", "other", "outcome", "model_not_found")))
          .isEqualTo(1);
      assertThat(m).doesNotContain("outcome=\"no_candidates\"");
      String logged = "\"status\":404,\"outcome\":\"model_not_found\"";
      assertThat(
              ServeFixture.within10s(() -> f.accessLog.stream().anyMatch(l -> l.contains(logged))))
          .isTrue();

      assertThat(
              value(
                  m,
                  "orchestrator_attempts_total",
                  Map.of(
                      "route",
                      "alpha/small",
                      "category",
                      "overloaded",
                      "decision",
                      "retry_same_route")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_attempts_total",
                  Map.of("route", "alpha/small", "category", "overloaded", "decision", "failover")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_attempts_total",
                  Map.of("route", "beta/large", "category", "none", "decision", "success")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_attempts_total",
                  Map.of(
                      "route", "gamma/priced", "category", "request_invalid", "decision", "stop")))
          .isEqualTo(1);
      assertThat(value(m, "orchestrator_retries_total", Map.of())).isEqualTo(1);

      // 1000 × $1/M + 500 × $2/M
      assertThat(value(m, "orchestrator_cost_usd_total", Map.of("route", "gamma/priced")))
          .isEqualTo(0.002);
      assertThat(
              value(
                  m,
                  "orchestrator_request_duration_seconds_count",
                  Map.of("model", "pair", "outcome", "success")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_time_to_first_token_seconds_count",
                  Map.of("model", "alpha/small", "front", "chat")))
          .isEqualTo(1);
      assertThat(m).contains("orchestrator_breaker_open{route=\"alpha/small\"}");
      assertThat(m).contains("orchestrator_route_cooldown_seconds{route=\"alpha/small\"}");
      assertThat(m).contains("orchestrator_catalog_age_seconds ");
      assertThat(m).contains("orchestrator_access_log_dropped_total ");
      // The OpenTelemetry GenAI conventions' series, beside the orchestrator's own, under its
      // prefix (the labels keep their conventional names).
      assertThat(m)
          .contains("\norchestrator_gen_ai_client_operation_duration_seconds_count{")
          .contains("gen_ai_request_model=\"alpha/small\"")
          .contains("\norchestrator_gen_ai_client_token_usage_count{");
      assertThat(value(m, "orchestrator_access_log_dropped_total", Map.of())).isZero();
      assertThat(m).contains("\norchestrator_jvm_memory_used_bytes{");
      assertThat(m).contains("\norchestrator_jetty_threads_busy ");
      // every series, whoever binds it, is named under the prefix (docs/reference.md §5)
      assertThat(
              m.lines()
                  .filter(l -> !l.isBlank())
                  .map(l -> l.startsWith("# ") ? l.split(" ")[2] : l.split("[{ ]")[0])
                  .filter(name -> !name.startsWith("orchestrator_"))
                  .toList())
          .isEmpty();

      PromText.assertPromtoolAccepts(m, dir);
    }
  }

  @Test
  void eachFrontLabelsItsRequestsAndRefusalsCountAsRequests() throws Exception {
    String broke = "broke-s3cret-token";
    String narrow = "narrow-s3cret-token";
    List<ClientToken> clients =
        List.of(
            new ClientToken("broke", ClientToken.sha256(broke), BigDecimal.ZERO, null, List.of()),
            new ClientToken("narrow", ClientToken.sha256(narrow), null, null, List.of("alpha/*")));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("hi"))), o -> o.clients(clients), (u, b) -> {})) {
      assertThat(f.post(ServeFixture.body("alpha/small", false, ""), narrow).statusCode())
          .isEqualTo(200);
      assertThat(
              post(
                      f,
                      "/v1/messages",
                      narrow,
                      "{\"model\":\"alpha/small\",\"max_tokens\":5,"
                          + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                  .statusCode())
          .isEqualTo(200);
      assertThat(
              post(f, "/v1/responses", narrow, "{\"model\":\"alpha/small\",\"input\":\"hi\"}")
                  .statusCode())
          .isEqualTo(200);
      // Refused before they run: a spent budget (429) and a model outside the allow-list (403).
      assertThat(f.post(ServeFixture.body("gamma/priced", false, ""), broke).statusCode())
          .isEqualTo(429);
      assertThat(
              post(f, "/v1/responses", narrow, "{\"model\":\"beta/large\",\"input\":\"hi\"}")
                  .statusCode())
          .isEqualTo(403);

      String m =
          f.send(
                  HttpRequest.newBuilder(f.uri("/metrics"))
                      .header("Authorization", "Bearer " + narrow)
                      .GET()
                      .build())
              .body();
      for (String front : List.of("chat", "messages", "responses")) {
        Map<String, String> labels =
            Map.of("front", front, "model", "alpha/small", "outcome", "success");
        assertThat(value(m, "orchestrator_requests_total", labels)).as(front).isEqualTo(1);
        assertThat(value(m, "orchestrator_request_duration_seconds_count", labels))
            .as(front)
            .isEqualTo(1);
      }
      assertThat(
              value(
                  m,
                  "orchestrator_requests_total",
                  Map.of("front", "chat", "model", "gamma/priced", "outcome", "budget_exceeded")))
          .isEqualTo(1);
      assertThat(
              value(
                  m,
                  "orchestrator_requests_total",
                  Map.of(
                      "front", "responses", "model", "beta/large", "outcome", "model_not_allowed")))
          .isEqualTo(1);
      assertThat(value(m, "orchestrator_budget_refused_total", Map.of("client", "broke")))
          .isEqualTo(1);
      PromText.assertPromtoolAccepts(m, dir);
    }
  }

  private static HttpResponse<String> post(ServeFixture f, String path, String token, String body) {
    return f.send(
        HttpRequest.newBuilder(f.uri(path))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + token)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }
}
