package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Non-streaming {@code POST /v1/chat/completions} against the scripted upstream. */
class ChatCompletionsIT {

  private static final String RATE_LIMITED =
      "{\"error\":{\"message\":\"Rate limit reached for requests\",\"type\":\"rate_limit_error\"}}";

  private static Step status(int status, String body) {
    return Step.answer(status, body);
  }

  @Test
  void answersWithTheServingRouteAsModelAndReportsAttemptsInHeaders() {
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hi there"))))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode body = json(r.body());
      assertThat(body.path("object").asText()).isEqualTo("chat.completion");
      assertThat(body.path("model").asText()).isEqualTo("alpha/small");
      assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("hi there");
      assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
      assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue("alpha/small");
      assertThat(r.headers().firstValue("x-orchestrator-attempts")).hasValue("1");
    }
  }

  @Test
  void failoverAccountingShowsTheFallbacksModelAndUsage() {
    Map<String, Object> usage =
        Map.of("prompt_tokens", 11, "completion_tokens", 5, "total_tokens", 16);
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(status(500, "{\"error\":{\"message\":\"boom\"}}")),
                "beta/large", List.of(Step.ok("from beta").withUsage(usage))))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(200);
      JsonNode body = json(r.body());
      assertThat(body.path("model").asText()).isEqualTo("beta/large");
      assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("from beta");
      assertThat(body.at("/usage/prompt_tokens").asInt()).isEqualTo(11);
      assertThat(body.at("/usage/completion_tokens").asInt()).isEqualTo(5);
      assertThat(body.at("/usage/total_tokens").asInt()).isEqualTo(16);
      assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue("beta/large");
      assertThat(r.headers().firstValue("x-orchestrator-attempts")).hasValue("3");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  @Test
  void retriesAFiveHundredOnceThenSucceedsOnTheSameRoute() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(status(500, "{}"), Step.ok("recovered"))))) {
      HttpResponse<String> r = f.chat("alpha/small");

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).at("/choices/0/message/content").asText()).isEqualTo("recovered");
      assertThat(r.headers().firstValue("x-orchestrator-attempts")).hasValue("2");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  @Test
  void persistentServiceUnavailableOnOneRouteIs502NamingThatRouteNotAllBackends() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(status(503, "{\"error\":{\"message\":\"down\"}}"))))) {
      HttpResponse<String> r = f.chat("alpha/small");

      assertThat(r.statusCode()).isEqualTo(502);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("type").asText()).isEqualTo("upstream_error");
      assertThat(err.path("code").asText()).isEqualTo("backend_unavailable");
      assertThat(err.path("message").asText())
          .contains("alpha/small")
          .doesNotContain("all backends");
      assertThat(err.path("upstream_status").asInt()).isEqualTo(503);
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  @Test
  void exhaustionOfSeveralCandidatesIs502CandidatesExhausted() {
    Step down = status(503, "{\"error\":{\"message\":\"down\"}}");
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(down), "beta/large", List.of(down)))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(502);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("type").asText()).isEqualTo("upstream_error");
      assertThat(err.path("code").asText()).isEqualTo("candidates_exhausted");
      assertThat(r.headers().firstValue("x-orchestrator-attempts")).hasValue("4");
    }
  }

  @Test
  void retryAfterThatFitsTheDeadlineIsHonouredInFull() {
    // A deadline no loaded machine reaches (60 s): the 2 s wait fits it however long the first
    // attempt took, where under the default 4 s a slow first attempt left less than 2 s.
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small",
                List.of(
                    status(429, RATE_LIMITED).withHeaders(Map.of("Retry-After", "2")),
                    Step.ok("after the wait"))),
            ServeFixture.generousPolicy(),
            o -> {})) {
      long t0 = System.nanoTime();
      HttpResponse<String> r = f.chat("alpha/small");
      long ms = (System.nanoTime() - t0) / 1_000_000;

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(ms).isGreaterThanOrEqualTo(1900);
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  @Test
  void retryAfterLongerThanTheDeadlineFailsOverAtOnceWithoutCoolingTheRouteForOthers() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small",
                List.of(status(429, RATE_LIMITED).withHeaders(Map.of("Retry-After", "9")))),
            // The deadline is the limit under test; the attempts' own limits are generous (and
            // capped at what is left of it), so a loaded machine cannot turn an answer into one.
            // 8 s, not 1.5 s: a slow machine's two attempts of a request must fit in it too.
            ServeFixture.generous().deadline(Duration.ofSeconds(8)).build(),
            o -> {})) {
      HttpResponse<String> first = f.chat("pair");
      HttpResponse<String> second = f.chat("pair");

      assertThat(json(first.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(json(second.body()).path("model").asText()).isEqualTo("beta/large");
      // At once: each request failed over from the 429 with no wait put before the next attempt.
      assertThat(f.traces).hasSize(2);
      for (Trace t : f.traces) {
        assertThat(t.attempts())
            .extracting(AttemptRecord::route, AttemptRecord::decision, AttemptRecord::delay)
            .containsExactly(
                tuple("alpha/small", Decision.FAILOVER, Duration.ZERO),
                tuple("beta/large", Decision.SUCCESS, Duration.ZERO));
      }
      // A 9 s wait is evidence, not a verdict (at most 10 s, issue #26): the second request tries
      // the route too.
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  @Test
  void everyCandidateCoolingDownIs429WithRetryAfter() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small",
                List.of(status(429, RATE_LIMITED).withHeaders(Map.of("Retry-After", "30")))))) {
      f.chat("alpha/small");
      HttpResponse<String> r = f.chat("alpha/small");

      assertThat(r.statusCode()).isEqualTo(429);
      assertThat(json(r.body()).at("/error/code").asText()).isEqualTo("rate_limited");
      long retryAfter = Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow());
      assertThat(retryAfter).isBetween(25L, 30L);
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
    }
  }

  @Test
  void persistent429WithoutRetryAfterBacksOffWithJitterThenFailsOver() {
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(status(429, RATE_LIMITED))))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
      Trace t = f.traces.get(0);
      assertThat(t.attempts())
          .extracting(AttemptRecord::decision)
          .containsExactly(Decision.RETRY_SAME_ROUTE, Decision.FAILOVER, Decision.SUCCESS);
      // Full jitter: uniform in [0, initial backoff].
      assertThat(t.attempts().get(0).delay()).isBetween(Duration.ZERO, Duration.ofMillis(20));
    }
  }

  @Test
  void connectionResetBeforeHeadersFailsOver() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.RESET_BEFORE_RESPONSE))))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).path("model").asText()).isEqualTo("beta/large");
    }
  }

  @Test
  void aSilentRouteIsNotRetriedAndFailoverHappensAfterTheFirstTimeout() {
    // The attempt timeout is what ends the silent route; 2 s, so that the answering route is never
    // cut by it on a loaded machine.
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.NO_RESPONSE))),
            ServeFixture.policy()
                .attemptTimeout(Duration.ofSeconds(2))
                .deadline(Duration.ofSeconds(10))
                .build(),
            o -> {})) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
      // One attempt timeout on the silent route, then straight to the next one.
      assertThat(f.traces.get(0).attempts())
          .extracting(AttemptRecord::route, AttemptRecord::category, AttemptRecord::decision)
          .containsExactly(
              tuple("alpha/small", FailureCategory.TIMEOUT, Decision.FAILOVER),
              tuple("beta/large", null, Decision.SUCCESS));
    }
  }

  @Test
  void contextLengthExceededTakesOneAttemptThenALargerModel() {
    String tooLong =
        "{\"error\":{\"message\":\"This model's maximum context length is 8000 tokens.\","
            + "\"type\":\"invalid_request_error\",\"param\":\"messages\","
            + "\"code\":\"context_length_exceeded\"}}";
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(status(400, tooLong))))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
    }
  }

  @Test
  void contentPolicyViolationTakesOneAttemptAndPropagatesTheReason() {
    String filtered =
        "{\"error\":{\"message\":\"Your request was rejected as a result of our safety system.\","
            + "\"type\":\"invalid_request_error\",\"param\":null,"
            + "\"code\":\"content_policy_violation\"}}";
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(status(400, filtered))))) {
      HttpResponse<String> r = f.chat("pair");

      assertThat(r.statusCode()).isEqualTo(400);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("code").asText()).isEqualTo("content_policy_violation");
      assertThat(err.path("message").asText()).contains("safety system");
      assertThat(err.path("upstream_status").asInt()).isEqualTo(400);
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
      assertThat(f.upstream.callCount("beta/large")).isZero();
    }
  }

  @Test
  void aSettled4xxOnAGroupIsAnsweredWithTheUpstreamsOwnStatusAndBody() {
    String invalid =
        "{\"error\":{\"message\":\"Invalid value for 'temperature'.\","
            + "\"type\":\"invalid_request_error\",\"param\":\"temperature\",\"code\":null},"
            + "\"provider_extra\":\"kept\"}";
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(status(422, invalid))))) {
      HttpResponse<String> r = f.chat("pair-group");

      assertThat(r.statusCode()).isEqualTo(422);
      JsonNode body = json(r.body());
      assertThat(body.at("/error/message").asText()).isEqualTo("Invalid value for 'temperature'.");
      assertThat(body.at("/error/param").asText()).isEqualTo("temperature");
      assertThat(body.at("/error/upstream_status").asInt()).isEqualTo(422);
      assertThat(body.path("provider_extra").asText()).isEqualTo("kept");
      assertThat(f.upstream.callCount("beta/large")).isZero();
    }
  }

  @Test
  void aFreeRequestsFallbackListNeverReachesAPricedRoute() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> onlyPriced =
          f.post(ServeFixture.body("orchestrator/free", false, "\"models\":[\"gamma/priced\"]"));
      HttpResponse<String> mixed =
          f.post(
              ServeFixture.body(
                  "orchestrator/free", false, "\"models\":[\"gamma/priced\",\"beta/large\"]"));

      assertThat(onlyPriced.statusCode()).isEqualTo(400);
      assertThat(json(onlyPriced.body()).at("/error/code").asText()).isEqualTo("no_candidates");
      assertThat(mixed.statusCode()).isEqualTo(200);
      assertThat(json(mixed.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("gamma/priced")).isZero();
    }
  }

  @Test
  void anExplicitFallbackListIsTriedInOrder() {
    try (ServeFixture f = ServeFixture.start(Map.of("beta/large", List.of(status(500, "{}"))))) {
      HttpResponse<String> r =
          f.post(ServeFixture.body("beta/large", false, "\"models\":[\"alpha/small\"]"));

      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).path("model").asText()).isEqualTo("alpha/small");
      assertThat(f.upstream.calls()).containsExactly("beta/large", "beta/large", "alpha/small");
    }
  }

  @Test
  void anUnknownModelIs404WithCloseMatches() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r = f.chat("alpha/smal");

      assertThat(r.statusCode()).isEqualTo(404);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("code").asText()).isEqualTo("model_not_found");
      assertThat(err.path("param").asText()).isEqualTo("model");
      assertThat(err.path("message").asText()).contains("alpha/small");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  @Test
  void anUnknownModelInTheFallbackListIs404NamingItsEntry() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r =
          f.post(
              ServeFixture.body(
                  "beta/large", false, "\"models\":[\"alpha/small\",\"alpha/smal\"]"));

      assertThat(r.statusCode()).isEqualTo(404);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("code").asText()).isEqualTo("model_not_found");
      assertThat(err.path("param").asText()).isEqualTo("models[1]");
      assertThat(err.path("message").asText()).startsWith("unknown model: alpha/smal ");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  /**
   * A virtual model in the fallback list is no unknown model (whose close matches would name it
   * back): a {@code 400} naming its entry and where a virtual model goes.
   */
  @Test
  void aVirtualModelInTheFallbackListIs400NamingItsEntry() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r =
          f.post(
              ServeFixture.body(
                  "beta/large", false, "\"models\":[\"alpha/small\",\"orchestrator/free\"]"));

      assertThat(r.statusCode()).isEqualTo(400);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("param").asText()).isEqualTo("models[1]");
      assertThat(err.path("message").asText())
          .startsWith("models[1]: 'orchestrator/free' is a virtual model")
          .contains("named in model");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  /**
   * A {@code tool} message whose {@code tool_call_id} is the id of no earlier assistant tool call
   * is refused by every provider: a 400 naming the field and the id, and nothing is sent (ADR
   * 0055).
   */
  @Test
  void aToolMessageAnsweringNoEarlierCallIsA400NamingItAndNothingIsSent() {
    String body =
        "{\"model\":\"beta/large\",\"messages\":["
            + "{\"role\":\"user\",\"content\":\"Weather?\"},"
            + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
            + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"arguments\":\"{}\"}}]},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"rainy\"},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"call_2\",\"content\":\"windy\"}],"
            + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"parameters\":{\"type\":\"object\"}}}]}";
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r = f.post(body);

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body()).path("error");
      assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
      assertThat(error.path("param").asText()).isEqualTo("messages[3].tool_call_id");
      assertThat(error.path("message").asText())
          .startsWith("messages[3].tool_call_id: 'call_2' answers no tool call");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  @Test
  void toolCallsAndToolResultsAreForwardedInTheOpenAiShape() {
    String extra =
        "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"parameters\":{\"type\":\"object\"}}}],\"tool_choice\":\"auto\","
            + "\"max_completion_tokens\":64,\"temperature\":0.2";
    String body =
        "{\"model\":\"alpha/small\",\"messages\":["
            + "{\"role\":\"user\",\"content\":\"Weather?\"},"
            + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
            + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
            + "\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},"
            + "{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"rainy\"}],"
            + extra
            + "}";
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> served = f.post(body.replace("alpha/small", "beta/large"));
      HttpResponse<String> noTools = f.post(body);

      assertThat(served.statusCode()).isEqualTo(200);
      String sent = f.upstream.received().get(0).body();
      assertThat(json(sent).at("/tools/0/function/name").asText()).isEqualTo("get_weather");
      assertThat(sent).contains("\"tool_call_id\":\"call_1\"").contains("Oslo");
      // alpha/small does not declare tool support: the request's own needs exclude it.
      assertThat(noTools.statusCode()).isEqualTo(400);
      assertThat(json(noTools.body()).at("/error/code").asText()).isEqualTo("no_candidates");
      assertThat(json(noTools.body()).at("/error/message").asText()).contains("missing_capability");
    }
  }
}
