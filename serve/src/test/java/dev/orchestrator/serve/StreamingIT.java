package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code stream: true}: SSE, failover before the first byte, explicit errors after it. */
class StreamingIT {
  private static final String ANSWER =
      "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";

  @Test
  void streamsChunksThenFinishReasonThenDone() {
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(Step.ok(ANSWER))))) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.response.statusCode()).isEqualTo(200);
      assertThat(s.response.headers().firstValue("content-type").orElse(""))
          .startsWith("text/event-stream");
      assertThat(s.response.headers().firstValue("x-orchestrator-route")).hasValue("alpha/small");
      assertThat(s.response.headers().firstValue("x-orchestrator-attempts")).hasValue("1");
      assertThat(s.text()).isEqualTo(ANSWER);
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(s.error()).isNull();
      assertThat(s.last()).isEqualTo("[DONE]");
      JsonNode first = json(s.data.get(0));
      assertThat(first.path("object").asText()).isEqualTo("chat.completion.chunk");
      assertThat(first.path("model").asText()).isEqualTo("alpha/small");
      assertThat(first.at("/choices/0/delta/role").asText()).isEqualTo("assistant");
    }
  }

  @Test
  void slowFirstTokenFailsOverBeforeAnyOutput() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.fault(Fault.SLOW_FIRST_TOKEN).withDelay(3000)),
                "beta/large", List.of(Step.ok("fast answer"))),
            // The first-token limit is what ends the slow route; 1.5 s, so that the fast route's
            // first token beats it however loaded the machine.
            ServeFixture.policy().firstTokenTimeout(Duration.ofMillis(1500)).build(),
            o -> {})) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.response.statusCode()).isEqualTo(200);
      assertThat(s.response.headers().firstValue("x-orchestrator-route")).hasValue("beta/large");
      assertThat(s.response.headers().firstValue("x-orchestrator-attempts")).hasValue("2");
      assertThat(s.text()).isEqualTo("fast answer");
      assertThat(s.error()).isNull();
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
      // Ended by the first-token limit, not by the 3 s the upstream would have taken.
      assertThat(f.traces.get(0).attempts())
          .extracting(
              AttemptRecord::route,
              a -> a.failure() == null ? null : a.failure().transportFault(),
              AttemptRecord::decision)
          .containsExactly(
              tuple("alpha/small", TransportFault.FIRST_TOKEN_TIMEOUT, Decision.FAILOVER),
              tuple("beta/large", null, Decision.SUCCESS));
    }
  }

  /** Issue #14.3: one invalid event in the middle of a healthy stream costs nothing. */
  @Test
  void aSingleMalformedEventIsSkippedAndTheWholeAnswerArrives() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.fault(Fault.MALFORMED_CHUNK).withContent(ANSWER))))) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.error()).isNull();
      assertThat(s.text()).isEqualTo(ANSWER);
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(f.upstream.callCount("beta/large")).isZero();
    }
  }

  @Test
  void aFailureBeforeTheFirstByteIsAPlainJsonErrorWithItsStatus() {
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(Step.answer(503, "{}"))))) {
      ServeFixture.Sse s = f.stream("alpha/small", "");

      assertThat(s.response.statusCode()).isEqualTo(502);
      assertThat(s.response.headers().firstValue("content-type")).hasValue("application/json");
      assertThat(json(s.body).at("/error/code").asText()).isEqualTo("backend_unavailable");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Fault.class,
      names = {"STREAM_CUT", "STREAM_STALL"})
  void aFailureAfterVisibleOutputEndsWithOneErrorEventThenABrokenOffBodyAndNoFailover(Fault fault) {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(fault).withContent(ANSWER))),
            // the stream-idle limit is what ends the stalled attempt
            ServeFixture.policy().streamIdleTimeout(Duration.ofSeconds(1)).build(),
            o -> {})) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.response.statusCode()).isEqualTo(200);
      assertThat(s.text()).isNotEmpty();
      assertThat(ANSWER).startsWith(s.text());
      assertThat(s.text()).isNotEqualTo(ANSWER);
      assertThat(s.finishReason()).isNull(); // never presented as complete
      JsonNode err = s.error();
      assertThat(err).isNotNull();
      assertThat(err.path("code").asText()).isEqualTo("stream_interrupted");
      assertThat(err.path("message").asText()).contains("alpha/small");
      assertThat(s.data.stream().filter(d -> json0(d).has("error"))).hasSize(1);
      assertThat(s.events).containsExactly("error");
      assertThat(json(s.last()).has("error")).isTrue(); // nothing after the error frame
      assertThat(s.data).doesNotContain("[DONE]");
      assertThat(s.cut).isTrue();
      assertThat(f.upstream.callCount("beta/large")).isZero();
    }
  }

  @Test
  void aStreamEndingWithoutDoneAfterItsFinishChunkIsComplete() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.NO_DONE).withContent(ANSWER))))) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.text()).isEqualTo(ANSWER);
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(s.error()).isNull();
      assertThat(s.last()).isEqualTo("[DONE]");
    }
  }

  @Test
  void includeUsageAddsTheServingRoutesUsageChunk() {
    Map<String, Object> usage =
        Map.of("prompt_tokens", 3, "completion_tokens", 2, "total_tokens", 5);
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hi").withUsage(usage))))) {
      ServeFixture.Sse s = f.stream("alpha/small", "\"stream_options\":{\"include_usage\":true}");

      JsonNode usageChunk = json(s.data.get(s.data.size() - 2));
      assertThat(usageChunk.path("choices")).isEmpty();
      assertThat(usageChunk.at("/usage/total_tokens").asInt()).isEqualTo(5);
    }
  }

  @Test
  void continuationResumesACutStreamOnAPrefillCandidateAsOneSeamlessAnswer() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.fault(Fault.STREAM_CUT).withContent(ANSWER)),
                "beta/large", List.of(Step.ok(" and the rest."))),
            generous(),
            o -> o.streamContinuation(true))) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.error()).isNull();
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(s.last()).isEqualTo("[DONE]");
      String partial = s.text().substring(0, s.text().length() - " and the rest.".length());
      assertThat(ANSWER).startsWith(partial);
      assertThat(s.text()).isEqualTo(partial + " and the rest.");
      assertThat(partial).isNotEmpty();
      // The continuation asked beta to continue from exactly what the client already has.
      ScriptedUpstream.Received sent =
          f.upstream.received().stream()
              .filter(r -> "beta/large".equals(r.routeId()))
              .findFirst()
              .orElseThrow();
      JsonNode messages = json(sent.body()).get("messages");
      JsonNode last = messages.get(messages.size() - 1);
      assertThat(last.path("role").asText()).isEqualTo("assistant");
      assertThat(last.path("content").asText()).isEqualTo(partial);
    }
  }

  @Test
  void aContinuationCandidateThatRejectsThePrefillDoesNotMaskTheOriginalFailure() {
    String rejected =
        "{\"error\":{\"message\":\"assistant prefill is not supported\","
            + "\"type\":\"invalid_request_error\"}}";
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.fault(Fault.STREAM_CUT).withContent(ANSWER)),
                "delta/prefill-rejecting", List.of(Step.answer(400, rejected))),
            generous(),
            o -> o.streamContinuation(true))) {
      ServeFixture.Sse s = f.stream("cut-then-rejecting", "");

      JsonNode err = s.error();
      assertThat(err).isNotNull();
      assertThat(err.path("code").asText()).isEqualTo("stream_interrupted");
      assertThat(err.path("message").asText()).contains("alpha/small").doesNotContain("prefill");
      assertThat(err.path("continuation").asText()).isEqualTo("request_invalid");
      assertThat(ANSWER).startsWith(s.text());
      assertThat(s.finishReason()).isNull();
      assertThat(s.data).doesNotContain("[DONE]");
      assertThat(s.cut).isTrue();
      assertThat(f.upstream.callCount("delta/prefill-rejecting")).isEqualTo(1);
    }
  }

  @Test
  void continuationIsOffByDefault() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.STREAM_CUT).withContent(ANSWER))),
            generous(),
            o -> {})) {
      ServeFixture.Sse s = f.stream("pair", "");

      assertThat(s.error()).isNotNull();
      assertThat(f.upstream.callCount("beta/large")).isZero();
    }
  }

  /** Limits that a loaded machine cannot trip before the scripted cut. */
  private static dev.orchestrator.engine.OrchestratorPolicy generous() {
    return ServeFixture.policy()
        .firstTokenTimeout(java.time.Duration.ofSeconds(5))
        .attemptTimeout(java.time.Duration.ofSeconds(8))
        .deadline(java.time.Duration.ofSeconds(20))
        .build();
  }

  private static JsonNode json0(String d) {
    return d.equals("[DONE]") ? json("{}") : json(d);
  }
}
