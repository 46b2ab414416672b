package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.StreamBounds;
import dev.orchestrator.engine.testing.FakeTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Memory per stream is bounded (issue #20.6): one event, the whole stream, one tool call's
 * arguments (policy values, {@link OrchestratorPolicy#streamBounds()}, carried in the attempt's
 * limits), and the number of invalid events skipped — each past its bound a typed failure. From a
 * raw socket on 127.0.0.1.
 */
@Timeout(60) // fake time never ends a hung attempt: fail it instead
class StreamBoundsIT {
  private static String chunk(String content) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + content + "\"}}]}\n\n";
  }

  private static final String END =
      "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
          + "data: [DONE]\n\n";

  /** Clients on fake time that never moves: only the bounds under test end an attempt. */
  private static HttpProviderClients.Builder clients() {
    FakeTime time = new FakeTime();
    return HttpProviderClients.builder()
        .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
        .ticker(time)
        .scheduler(new ManualScheduler(time));
  }

  private static AttemptOutcome send(HttpProviderClients clients, String sse) throws Exception {
    return send(clients, sse, OrchestratorPolicy.defaults());
  }

  /** Sends one attempt with the limits the engine derives from {@code policy}. */
  private static AttemptOutcome send(
      HttpProviderClients clients, String sse, OrchestratorPolicy policy) throws Exception {
    AttemptLimits limits = StreamAssemblyIT.limits(policy.streamBounds());
    try (RawServer server =
        RawServer.answering(StreamAssemblyIT.withHead(List.of(RawServer.bytes(sse))))) {
      Provider p = Fixtures.provider("raw", server.baseUrl(), Protocol.OPENAI_CHAT);
      return clients
          .clientFor(p)
          .send(Fixtures.call(p, "m", true, limits, new Fixtures.Recorder()));
    }
  }

  private static AttemptOutcome sendBounded(String sse, long event, long response, long toolArgs)
      throws Exception {
    OrchestratorPolicy policy =
        OrchestratorPolicy.builder()
            .streamBounds(new StreamBounds(event, response, toolArgs))
            .build();
    return send(clients().build(), sse, policy);
  }

  /**
   * Past a bound: a typed malformed stream whose message names the limit; {@code server_error}
   * (retryable, failed over) before visible output, {@code stream_interrupted} after it.
   */
  private static void assertBoundExceeded(
      ProviderFailure f, FailureCategory category, String limit, String text) {
    assertThat(f.transportFault()).isEqualTo(TransportFault.MALFORMED_STREAM);
    assertThat(f.category()).isEqualTo(category);
    assertThat(f.retryable()).isEqualTo(category == FailureCategory.SERVER_ERROR);
    assertThat(f.message()).contains(text).contains(limit);
  }

  private static ProviderFailure failure(AttemptOutcome out) {
    assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
    return ((AttemptOutcome.Failed) out).failure();
  }

  @Test
  void anEventLargerThanItsBoundFailsTheStream() throws Exception {
    String big = "x".repeat(600);
    // One event of several data lines, each under the line bound, together over the event bound.
    String sse = "data: {\"a\":\n" + ("data: \"" + big + "\"\n").repeat(4) + "\n" + END;
    ProviderFailure f = failure(sendBounded(sse, 1024, 1 << 20, 1 << 20));
    assertBoundExceeded(
        f, FailureCategory.SERVER_ERROR, "maxEventBytes", "SSE event larger than 1024 bytes");
  }

  @Test
  void aStreamLargerThanTheResponseBoundFails() throws Exception {
    String sse = chunk("y".repeat(500)).repeat(20) + END;
    ProviderFailure f = failure(sendBounded(sse, 1 << 20, 4096, 1 << 20));
    assertBoundExceeded(
        f, FailureCategory.SERVER_ERROR, "maxResponseBytes", "stream larger than 4096 bytes");
  }

  @Test
  void toolArgumentsLargerThanTheirBoundFailTheStream() throws Exception {
    String fragment =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"function\":{\"arguments\":\""
            + "z".repeat(300)
            + "\"}}]}}]}\n\n";
    String start =
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"id\":\"c\",\"type\":\"function\",\"function\":{\"name\":\"t\",\"arguments\":\"\"}}]}}]}"
            + "\n\n";
    String sse = start + fragment.repeat(5) + END;
    ProviderFailure f = failure(sendBounded(sse, 1 << 20, 1 << 20, 1000));
    // The tool call's start already reached the caller: the cut is after visible output.
    assertBoundExceeded(
        f,
        FailureCategory.STREAM_INTERRUPTED,
        "maxToolArgumentBytes",
        "tool call arguments larger than 1000");
  }

  @Test
  void theDefaultBoundsLetAnOrdinaryStreamThrough() throws Exception {
    AttemptOutcome out = send(clients().build(), chunk("y".repeat(500)).repeat(20) + END);
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
  }

  @Test
  void moreInvalidEventsThanTheBoundFailTheStream() throws Exception {
    String bad = "data: {not json\n\n";
    String sse = chunk("a") + bad + chunk("b") + bad + bad + chunk("c") + END;
    ProviderFailure f = failure(send(clients().maxMalformedEvents(2).build(), sse));
    assertThat(f.transportFault()).isEqualTo(TransportFault.MALFORMED_STREAM);
    assertThat(f.message()).contains("more than 2 invalid events");
  }

  @Test
  void invalidEventsWithinTheBoundAreSkippedAndCounted() throws Exception {
    String bad = "data: {not json\n\n";
    String sse = chunk("a") + bad + chunk("b") + bad + chunk("c") + END;
    AttemptOutcome out = send(clients().maxMalformedEvents(2).build(), sse);
    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    AttemptOutcome.Succeeded ok = (AttemptOutcome.Succeeded) out;
    assertThat(ok.response().content()).isEqualTo("abc");
    assertThat(ok.skippedEvents()).isEqualTo(2);
  }

  @Test
  void aKeyWithATrailingNewlineIsAnAuthFailureNotAnUnknownOne() throws Exception {
    HttpProviderClients c =
        HttpProviderClients.builder()
            .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET + "\n")))
            .build();
    ProviderFailure f = failure(send(c, chunk("a") + END));
    assertThat(f.category()).isEqualTo(FailureCategory.AUTH_FAILED);
    assertThat(f.message()).contains("not a valid header value").doesNotContain(Fixtures.SECRET);
  }
}
