package dev.orchestrator.serve;

import static dev.orchestrator.serve.RawHttp.answer;
import static dev.orchestrator.serve.RawHttp.get;
import static dev.orchestrator.serve.RawHttp.header;
import static dev.orchestrator.serve.RawHttp.post;
import static dev.orchestrator.serve.RawHttp.send;
import static dev.orchestrator.serve.RawHttp.untilClosed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Clients pool their connections (the OpenAI SDKs, UIs polling {@code /v1/models}, Prometheus
 * scraping {@code /metrics}): a request without a body — a {@code GET} sent with neither {@code
 * Content-Length} nor {@code Transfer-Encoding}, as every client sends one — and a request whose
 * body was read whole leave the connection open for the next request; only a request whose body is
 * not read before its answer (refused from its head with more than a small body, or cut at the size
 * limit) is answered with {@code Connection: close} and its connection closed, since the unread
 * bytes would be read as the next request.
 */
class KeptAliveConnectionsIT {

  @Test
  void getsWithoutABodyAndThenAPostAreServedOverOneKeptAliveConnection() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("over one connection"))),
                ServeFixture.generousPolicy(),
                o -> {});
        Socket s = new Socket("127.0.0.1", f.server.port())) {
      for (String path : List.of("/v1/models", "/v1/models/alpha/small", "/healthz", "/metrics")) {
        send(s, get(path));
        String a = answer(s);
        assertThat(a).as(path).startsWith("HTTP/1.1 200 ");
        assertThat(header(a, "Connection")).as(path + ": " + a.lines().findFirst()).isNull();
      }
      send(s, post("/v1/chat/completions", ServeFixture.body("alpha/small", false, ""), ""));
      String chat = answer(s);
      assertThat(chat).startsWith("HTTP/1.1 200 ").contains("over one connection");
      assertThat(header(chat, "Connection")).isNull();

      // Still the same connection, and still open: a further request on it is answered.
      send(s, get("/healthz"));
      assertThat(answer(s)).startsWith("HTTP/1.1 200 ");
    }
  }

  @Test
  void aBodyReadWholeBeforeItsRefusalLeavesTheConnectionOpen() throws Exception {
    try (ServeFixture f = ServeFixture.start(Map.of(), ServeFixture.generousPolicy(), o -> {});
        Socket s = new Socket("127.0.0.1", f.server.port())) {
      send(s, post("/v1/chat/completions", "{\"model\": ", ""));
      String malformed = answer(s);
      assertThat(malformed).startsWith("HTTP/1.1 400 ");
      assertThat(header(malformed, "Connection")).isNull();

      send(
          s,
          post(
              "/v1/chat/completions",
              ServeFixture.body("alpha/small", false, ""),
              "Content-Encoding: br\r\n"));
      String encoded = answer(s);
      assertThat(encoded).startsWith("HTTP/1.1 415 ");
      assertThat(header(encoded, "Connection")).isNull();

      // A small body no front takes is read before the refusal (UnadmittedBodiesIT's other side).
      send(s, post("/v1/models", "{}", ""));
      String refused = answer(s);
      assertThat(refused).startsWith("HTTP/1.1 405 ");
      assertThat(header(refused, "Connection")).isNull();

      send(s, get("/healthz"));
      assertThat(answer(s)).startsWith("HTTP/1.1 200 ");
    }
  }

  @Test
  void aBodyLeftUnreadIsAnsweredWithConnectionCloseAndTheConnectionClosed() throws Exception {
    try (ServeFixture f =
        ServeFixture.start(Map.of(), ServeFixture.generousPolicy(), o -> o.maxBodyBytes(1024))) {
      // A declared length past the limit: refused from the head, the body never read.
      try (Socket s = new Socket("127.0.0.1", f.server.port())) {
        send(
            s,
            "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{");
        String tooLarge = answer(s);
        assertThat(tooLarge).startsWith("HTTP/1.1 413 ");
        assertThat(header(tooLarge, "Connection")).isEqualToIgnoringCase("close");
        assertThat(untilClosed(s)).isEmpty();
      }
      // A chunked body (Jetty's length -1, as for no body at all) to a path that takes none: its
      // length unknown, it is answered at once, and what follows is read and dropped before the
      // close.
      try (Socket s = new Socket("127.0.0.1", f.server.port())) {
        send(
            s,
            "POST /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        String refused = answer(s);
        assertThat(refused).startsWith("HTTP/1.1 405 ");
        assertThat(header(refused, "Connection")).isEqualToIgnoringCase("close");
        assertThat(untilClosed(s)).isEmpty();
      }
      // A chunked body past the limit: read up to the limit, the rest left unread.
      try (Socket s = new Socket("127.0.0.1", f.server.port())) {
        String chunk = "x".repeat(2000);
        send(
            s,
            "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + Integer.toHexString(chunk.length())
                + "\r\n"
                + chunk
                + "\r\n");
        String tooLarge = answer(s);
        assertThat(tooLarge).startsWith("HTTP/1.1 413 ");
        assertThat(header(tooLarge, "Connection")).isEqualToIgnoringCase("close");
        assertThat(untilClosed(s)).isEmpty();
      }
    }
  }
}
