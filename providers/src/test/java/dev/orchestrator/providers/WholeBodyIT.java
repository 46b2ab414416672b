package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.StreamBounds;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A whole (non-streamed) 2xx body is collected inside the HTTP client and still bounded: up to
 * {@code maxResponseBytes} it is the answer, one byte more fails the attempt naming the bound, with
 * or without a {@code Content-Length}. From a raw socket on 127.0.0.1.
 */
class WholeBodyIT {
  private static final int BOUND = 4096;

  private static String completion(int contentChars) {
    return "{\"id\":\"c1\",\"model\":\"m\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
        + "\"assistant\",\"content\":\""
        + "x".repeat(contentChars)
        + "\"},\"finish_reason\":\"stop\"}]}";
  }

  private static AttemptOutcome send(String body, boolean contentLength) throws Exception {
    byte[] b = RawServer.bytes(body);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            + (contentLength ? "Content-Length: " + b.length + "\r\n" : "")
            + "Connection: close\r\n\r\n";
    AttemptLimits limits = StreamAssemblyIT.limits(new StreamBounds(1 << 20, BOUND, 1 << 20));
    try (RawServer server = RawServer.answering(List.of(RawServer.bytes(head), b))) {
      Provider p = Fixtures.provider("raw", server.baseUrl(), Protocol.OPENAI_CHAT);
      return Fixtures.clients().clientFor(p).send(Fixtures.call(p, "m", false, limits, null));
    }
  }

  @ParameterizedTest(name = "content-length header: {0}")
  @ValueSource(booleans = {true, false})
  void aBodyAtItsBoundIsTheAnswer(boolean contentLength) throws Exception {
    String body = completion(0);
    body = completion(BOUND - body.length());
    assertThat(RawServer.bytes(body)).hasSize(BOUND);

    AttemptOutcome out = send(body, contentLength);

    assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(((AttemptOutcome.Succeeded) out).response().content())
        .hasSize(BOUND - completion(0).length());
  }

  @ParameterizedTest(name = "content-length header: {0}")
  @ValueSource(booleans = {true, false})
  void aBodyOneByteOverItsBoundFailsNamingIt(boolean contentLength) throws Exception {
    String body = completion(BOUND + 1 - completion(0).length());

    AttemptOutcome out = send(body, contentLength);

    assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
    assertThat(((AttemptOutcome.Failed) out).failure().message())
        .contains("body larger than " + BOUND + " bytes (maxResponseBytes)");
  }

  @Test
  void aBodyFarOverItsBoundFailsToo() throws Exception {
    AttemptOutcome out = send(completion(20 * BOUND), true);

    assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
    assertThat(((AttemptOutcome.Failed) out).failure().message()).contains("maxResponseBytes");
  }
}
