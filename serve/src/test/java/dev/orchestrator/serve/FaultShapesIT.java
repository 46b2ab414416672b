package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The fault shapes of issues #14 and #20 through {@code serve}, against the scripted upstream on
 * 127.0.0.1, each written as the sequence a caller sees. Route health runs on a fake ticker where
 * the scenario is about time, so nothing sleeps.
 */
class FaultShapesIT {
  private static final Step DOWN = Step.answer(503, "{\"error\":{\"message\":\"down\"}}");

  /**
   * 10 requests 1.2 s apart, {@code models: [alpha, beta]}; alpha is down for the first 6 s (its
   * first four calls). The breaker opens for 1 s, then 2 s, then 4 s while probes fail: alpha sees
   * one probe per open time, and the last two requests are served by alpha again.
   */
  @Test
  void aRecoveredPrimaryGetsItsTrafficBackWithinSeconds() {
    AtomicLong nanos = new AtomicLong(1);
    Ticker ticker = nanos::get;
    RouteHealthRegistry health =
        RouteHealthRegistry.create(
            ticker,
            HealthSettings.builder()
                .breakerThreshold(2)
                .openTime(Duration.ofSeconds(1), Duration.ofSeconds(30))
                .probeLease(Duration.ofSeconds(30))
                .streamCutThreshold(3)
                .build(),
            RetryBudget.defaults(ticker));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(DOWN, DOWN, DOWN, DOWN, Step.ok("primary is back"))),
            ServeFixture.policy().sameRouteRetries(0).build(),
            o -> {},
            b -> b.healthStore(health))) {
      List<String> servedBy = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> r = f.post(models("alpha/small", "beta/large"));
        assertThat(r.statusCode()).isEqualTo(200);
        servedBy.add(json(r.body()).path("model").asText());
        nanos.addAndGet(Duration.ofMillis(1200).toNanos());
      }
      assertThat(servedBy.subList(0, 8)).containsOnly("beta/large");
      assertThat(servedBy.subList(8, 10)).containsOnly("alpha/small");
      // t=0, 1.2 (opens), 2.4 (probe), 4.8 (probe), 9.6 (probe succeeds), 10.8.
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(6);
    }
  }

  private static String models(String... routes) {
    return "{\"model\":\""
        + routes[0]
        + "\",\"models\":[\""
        + String.join("\",\"", routes)
        + "\"],\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
  }

  /** Accepted, then nothing for longer than the grace, then closed: failed over, not retried. */
  @Test
  void aSilentRouteIsNotRetriedOnTheSameRoute() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.RESET_BEFORE_RESPONSE).withDelay(600))),
            ServeFixture.policy()
                .attemptTimeout(Duration.ofSeconds(3))
                .silenceGrace(Duration.ofMillis(300))
                .build(),
            o -> {})) {
      HttpResponse<String> r = f.post(models("alpha/small", "beta/large"));
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
    }
  }

  @Test
  void anImmediateResetKeepsItsOneRetry() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small",
                List.of(Step.fault(Fault.RESET_BEFORE_RESPONSE), Step.ok("second try"))),
            ServeFixture.policy().silenceGrace(Duration.ofSeconds(2)).build(),
            o -> {})) {
      HttpResponse<String> r = f.post(models("alpha/small", "beta/large"));
      assertThat(json(r.body()).path("model").asText()).isEqualTo("alpha/small");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  /** A stream that stalls after some tokens is continued on the prefill-capable candidate. */
  @Test
  void aStalledStreamIsContinuedIntoOneWholeAnswer() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small",
                List.of(Step.fault(Fault.STREAM_STALL).withContent("one two three four five six")),
                "beta/large",
                List.of(Step.ok(" and the rest."))),
            ServeFixture.policy()
                .firstTokenTimeout(Duration.ofSeconds(3))
                .streamIdleTimeout(Duration.ofMillis(300))
                .attemptTimeout(Duration.ofSeconds(5))
                .deadline(Duration.ofSeconds(20))
                .build(),
            o -> o.streamContinuation(true))) {
      ServeFixture.Sse s = f.stream("pair", "");
      assertThat(s.error()).isNull();
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(s.text()).startsWith("one").endsWith(" and the rest.");
    }
  }

  /** A single route answering 429 with Retry-After: 2 twice: the caller gets that 429 itself. */
  @Test
  void aSingleRouteExhaustedBy429sAnswersTheUpstreams429WithItsRetryAfter() {
    Step limited =
        Step.answer(429, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit\"}}")
            .withHeaders(Map.of("Retry-After", "2"));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(limited)),
            ServeFixture.policy().deadline(Duration.ofSeconds(10)).build(),
            o -> {})) {
      HttpResponse<String> r = f.chat("alpha/small");
      assertThat(r.statusCode()).isEqualTo(429);
      assertThat(r.headers().firstValue("Retry-After")).hasValue("2");
      JsonNode err = json(r.body()).path("error");
      assertThat(err.path("message").asText()).isEqualTo("slow down");
      assertThat(err.path("upstream_status").asInt()).isEqualTo(429);
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  /**
   * In a heterogeneous pool a long Retry-After is not waited out: fail over at once; one within the
   * short-wait limit (10 s) is evidence, not a cool-down for later requests.
   */
  @Test
  void aPoolFailsOverAtOnceInsteadOfWaitingALongRetryAfter() {
    Step limited =
        Step.answer(429, "{\"error\":{\"message\":\"later\"}}")
            .withHeaders(Map.of("Retry-After", "3"));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(limited)),
            ServeFixture.generous().deadline(Duration.ofSeconds(10)).build(),
            o -> {})) {
      HttpResponse<String> r = f.chat("pair");
      assertThat(json(r.body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
      // The 3 s were never spent waiting: the 429 failed over with no wait before the next attempt.
      assertThat(f.traces.get(0).attempts())
          .extracting(AttemptRecord::route, AttemptRecord::decision, AttemptRecord::delay)
          .containsExactly(
              tuple("alpha/small", Decision.FAILOVER, Duration.ZERO),
              tuple("beta/large", Decision.SUCCESS, Duration.ZERO));
      // A short Retry-After is evidence about the route, not a verdict for every request: the
      // next request may still try it (issue #26), and fails over again when it is refused.
      assertThat(json(f.chat("pair").body()).path("model").asText()).isEqualTo("beta/large");
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }

  /** A bogus year-long Retry-After is never passed on. */
  @Test
  void anUnboundedRetryAfterIsCappedBeforeItReachesTheCaller() {
    Step limited =
        Step.answer(429, "{\"error\":{\"message\":\"go away\"}}")
            .withHeaders(Map.of("Retry-After", "31622400"));
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(limited)))) {
      HttpResponse<String> r = f.chat("alpha/small");
      assertThat(r.statusCode()).isEqualTo(429);
      long seconds = Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow());
      assertThat(seconds)
          .isBetween(1L, OrchestratorPolicy.defaults().retries().retryAfterCap().toSeconds());
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
    }
  }

  /**
   * With panic mode off, a route that is the only candidate is shed while its breaker is open,
   * saying for how long (a probe due after the deadline is not waited for).
   */
  @Test
  void theOnlyCandidateIsShedWhileOpenWithTheTimeUntilTheNextProbe() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(DOWN)),
            ServeFixture.policy()
                .sameRouteRetries(0)
                .breaker(2, Duration.ofSeconds(30))
                .panicThreshold(0)
                .deadline(Duration.ofSeconds(5))
                .build(),
            o -> {})) {
      f.chat("alpha/small");
      f.chat("alpha/small");
      for (int i = 0; i < 5; i++) {
        HttpResponse<String> r = f.chat("alpha/small");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.headers().firstValue("Retry-After")).isPresent();
        assertThat(json(r.body()).at("/error/message").asText()).contains("next probe in");
      }
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(2);
    }
  }
}
