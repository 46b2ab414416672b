package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Clients that trickle their request bodies (issue #30, finding 6): each holds a buffer, not a
 * worker thread, so health checks and other clients are still served; a body that does not arrive
 * within the body timeout is a {@code 408} and the connection is closed. A body refused (late, over
 * the limit, malformed) is answered at once, even while every place is held: it waits for none.
 */
class SlowBodiesIT {
  private static final String HEAD =
      "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: 100000\r\n\r\n{";

  private static Socket trickle(ServeFixture f) throws IOException {
    Socket s = new Socket("127.0.0.1", f.server.port());
    OutputStream out = s.getOutputStream();
    out.write(HEAD.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return s;
  }

  @Test
  void slowBodiesHoldNoWorkerThread() throws Exception {
    List<Socket> slow = new ArrayList<>();
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("Still here."))),
            ServeFixture.generousPolicy(),
            o -> o.threads(4).bodyTimeout(Duration.ofSeconds(60)))) {
      for (int i = 0; i < 40; i++) { // far more than the 4 workers and Jetty's own threads
        slow.add(trickle(f));
      }
      HttpResponse<String> health =
          f.send(
              HttpRequest.newBuilder(f.uri("/healthz"))
                  .timeout(Duration.ofSeconds(5))
                  .GET()
                  .build());
      assertThat(health.statusCode()).isEqualTo(200);
      HttpResponse<String> chat = f.chat("alpha/small");
      assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
      assertThat(chat.body()).contains("Still here.");
    } finally {
      for (Socket s : slow) {
        s.close();
      }
    }
  }

  @Test
  void aBodyThatDoesNotArriveInTimeIs408AndTheConnectionCloses() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(
                Map.of(),
                ServeFixture.generousPolicy(),
                o -> o.bodyTimeout(Duration.ofMillis(300)));
        Socket s = trickle(f)) {
      s.setSoTimeout(10_000);
      InputStream in = s.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      assertThat(answer).startsWith("HTTP/1.1 408 ");
      assertThat(answer.toLowerCase(java.util.Locale.ROOT)).contains("connection: close");
      assertThat(answer).contains("request_timeout");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  @Test
  void aChunkedBodyOverTheLimitIs413WithoutADeclaredLength() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(Map.of(), ServeFixture.generousPolicy(), o -> o.maxBodyBytes(1024));
        Socket s = new Socket("127.0.0.1", f.server.port())) {
      s.setSoTimeout(10_000);
      String chunk = "x".repeat(2000);
      s.getOutputStream()
          .write(
              ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n"
                      + Integer.toHexString(chunk.length())
                      + "\r\n"
                      + chunk
                      + "\r\n0\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String answer = new String(s.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
      assertThat(answer).isEqualTo("HTTP/1.1 413");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  /**
   * A body refused while the one place is held — late ({@code 408}), chunked past the limit ({@code
   * 413}), a malformed chunk ({@code 400}) — is answered at once: it needs no place, and every
   * refusal is answered however busy the places are (docs/reference.md §5). It used to be queued
   * for a place like a body read whole, and waited for the held request to end.
   */
  @Test
  void aRefusedBodyIsAnsweredAtOnceWhileEveryPlaceIsHeld() throws Exception {
    HeldAttempts holder = HeldAttempts.every();
    String chat = ServeFixture.body("alpha/small", false, "");
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("held"))),
                ServeFixture.generousPolicy(),
                o -> o.threads(1).bodyTimeout(Duration.ofMillis(300)).maxBodyBytes(1024),
                e -> e.listener(holder));
        Socket held = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(held, RawHttp.post("/v1/chat/completions", chat, ""));
      assertThat(ServeFixture.within10s(() -> holder.started() == 1)).isTrue();

      String head =
          "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
      String chunked = head + "Transfer-Encoding: chunked\r\n\r\n";
      assertThat(refusal(f, head + "Content-Length: 100\r\n\r\n{"))
          .startsWith("HTTP/1.1 408 ")
          .contains("request_timeout");
      assertThat(refusal(f, chunked + "800\r\n" + "x".repeat(0x800) + "\r\n0\r\n\r\n"))
          .startsWith("HTTP/1.1 413 ")
          .contains("request_too_large");
      assertThat(refusal(f, chunked + "zz\r\n" + chat + "\r\n0\r\n\r\n"))
          .startsWith("HTTP/1.1 400 ")
          .contains("request body: its chunked framing is malformed")
          .doesNotContain("EOF");
      assertThat(holder.started()).as("the place is still held").isEqualTo(1);

      holder.release();
      assertThat(RawHttp.answer(held)).startsWith("HTTP/1.1 200 ").contains("held");
    } finally {
      holder.release();
    }
  }

  /** The answer to {@code request}, read within 10 s, on a connection of its own. */
  private static String refusal(ServeFixture f, String request) throws IOException {
    try (Socket s = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(s, request);
      return RawHttp.answer(s);
    }
  }
}
