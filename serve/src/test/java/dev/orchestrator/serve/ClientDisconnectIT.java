package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A client that goes away from a whole (non-streaming) answer cancels the upstream call (issue #30,
 * finding 8): the upstream sees its connection closed and nothing stays in flight, long before any
 * limit of the attempt; a client that stays gets its answers, request after request on one
 * connection.
 */
class ClientDisconnectIT {
  private static byte[] request(String body) {
    return request("/v1/chat/completions", body);
  }

  private static byte[] request(String path, String body) {
    return ("POST "
            + path
            + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: "
            + body.getBytes(StandardCharsets.UTF_8).length
            + "\r\n\r\n"
            + body)
        .getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A client that leaves while its request waits for a place costs no upstream call: its socket is
   * looked at when the request takes its place, and it is answered 499 before it starts. (The watch
   * arms {@code DEFAULT_ARM_AFTER} after a request starts, so without that look the upstream call
   * was sent and answered to no one: one call, and a place, per departed client.)
   */
  @Test
  void aClientThatLeavesWhileItsRequestWaitsForAPlaceCostsNoUpstreamCall() throws Exception {
    HeldAttempts holder = HeldAttempts.first();
    String body = ServeFixture.body("alpha/small", false, "");
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("held"), Step.ok("for no one"))),
                ServeFixture.generousPolicy(),
                o -> o.threads(1),
                e -> e.listener(holder));
        Socket held = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(held, RawHttp.post("/v1/chat/completions", body, ""));
      assertThat(ServeFixture.within10s(() -> holder.started() == 1)).isTrue();
      try (Socket leaving = new Socket("127.0.0.1", f.server.port())) {
        RawHttp.send(leaving, RawHttp.post("/v1/chat/completions", body, ""));
        assertThat(
                ServeFixture.within10s(
                    () ->
                        f.server
                                .meterRegistry()
                                .get("orchestrator.serve.workers.waiting")
                                .gauge()
                                .value()
                            == 1))
            .isTrue();
      }
      holder.release();
      assertThat(RawHttp.answer(held)).startsWith("HTTP/1.1 200 ");
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 2)).isTrue();

      assertThat(f.upstream.callCount("alpha/small")).as("upstream calls").isEqualTo(1);
      assertThat(f.accessLog).filteredOn(line -> line.contains("\"status\":499")).hasSize(1);
    } finally {
      holder.release();
    }
  }

  @Test
  void aClientThatClosesCancelsTheUpstreamCall() throws Exception {
    // The upstream never answers; the attempt limit (30 s) and deadline (60 s) are far away.
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.NO_RESPONSE))),
            ServeFixture.generousPolicy(),
            o -> {})) {
      for (int i = 0; i < 3; i++) {
        try (Socket s = new Socket("127.0.0.1", f.server.port())) {
          OutputStream out = s.getOutputStream();
          out.write(request(ServeFixture.body("alpha/small", false, "")));
          out.flush();
          int calls = i + 1;
          assertThat(ServeFixture.within10s(() -> f.upstream.callCount("alpha/small") == calls))
              .isTrue();
          assertThat(f.server.inFlight()).isEqualTo(1);
        }

        assertThat(ServeFixture.within10s(() -> f.upstream.openConnections() == 0))
            .as("upstream connections after the client left")
            .isTrue();
        assertThat(ServeFixture.within10s(() -> f.server.inFlight() == 0)).as("in flight").isTrue();
      }
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(3);
      assertThat(
              f.client
                  .send(
                      java.net.http.HttpRequest.newBuilder(f.uri("/healthz")).build(),
                      java.net.http.HttpResponse.BodyHandlers.ofString())
                  .statusCode())
          .isEqualTo(200);
    }
  }

  @Test
  void aStreamingClientThatLeavesBeforeTheFirstTokenCancelsTheUpstreamCall() throws Exception {
    // Both routes stay silent; first-token limit (30 s) and deadline (60 s) are far away. Without
    // the watch the request stayed on the first route until its limit, then went to the second.
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.fault(Fault.NO_RESPONSE)),
                "beta/large", List.of(Step.fault(Fault.NO_RESPONSE))),
            ServeFixture.generousPolicy(),
            o -> {})) {
      for (String path : List.of("/v1/chat/completions", "/v1/messages", "/v1/responses")) {
        int before = f.upstream.calls().size();
        try (Socket s = new Socket("127.0.0.1", f.server.port())) {
          OutputStream out = s.getOutputStream();
          out.write(request(path, streamingBody(path)));
          out.flush();
          assertThat(ServeFixture.within10s(() -> f.upstream.calls().size() == before + 1))
              .isTrue();
          assertThat(f.server.inFlight()).isEqualTo(1);
        }

        assertThat(ServeFixture.within10s(() -> f.upstream.openConnections() == 0))
            .as("upstream connections after the client left " + path)
            .isTrue();
        assertThat(ServeFixture.within10s(() -> f.server.inFlight() == 0))
            .as("in flight " + path)
            .isTrue();
        assertThat(f.upstream.calls()).as("no failover for a client gone").hasSize(before + 1);
        assertThat(ServeFixture.within10s(() -> f.accessLog.size() == before + 1)).isTrue();
        assertThat(f.accessLog.get(before)).contains("\"status\":499").contains(path);
      }
    }
  }

  /** An answer of about 16 MB in 1,000-character words: more than the sockets between can hold. */
  private static final String LARGE = ("x".repeat(999) + " ").repeat(16_000);

  @Test
  void aStreamingClientThatStopsReadingIsLetGoWithoutCountingAgainstTheRoute() throws Exception {
    // The attempt's limits (30 s) and the deadline (60 s) are far away; the write limit is not.
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok(LARGE))),
                ServeFixture.generousPolicy(),
                o -> o.writeTimeout(Duration.ofMillis(500)));
        Socket s = new Socket()) {
      s.setReceiveBufferSize(4096);
      s.connect(new InetSocketAddress("127.0.0.1", f.server.port()));
      s.getOutputStream().write(request(ServeFixture.body("alpha/small", true, "")));
      s.getOutputStream().flush();
      // The client reads nothing: the server's writes stall once the sockets are full.

      assertThat(ServeFixture.within10s(() -> f.server.inFlight() == 0)).as("in flight").isTrue();
      assertThat(ServeFixture.within10s(() -> f.upstream.openConnections() == 0))
          .as("upstream connections")
          .isTrue();
      assertThat(ServeFixture.within10s(() -> f.traces.size() == 1)).isTrue();
      assertThat(f.traces.get(0).attempts())
          .singleElement()
          .satisfies(
              a ->
                  assertThat(a.category())
                      .as("the client's stall is no cut of the route's")
                      .isEqualTo(FailureCategory.CANCELLED));
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 1)).isTrue();
      assertThat(f.accessLog.get(0)).contains("\"error\":\"client_closed\"");
      assertThat(
              f.send(java.net.http.HttpRequest.newBuilder(f.uri("/healthz")).build()).statusCode())
          .isEqualTo(200);
    }
  }

  @Test
  void aClientThatStopsReadingAWholeAnswerIsLetGo() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok(LARGE))),
                ServeFixture.generousPolicy(),
                o -> o.writeTimeout(Duration.ofMillis(500)));
        Socket s = new Socket()) {
      s.setReceiveBufferSize(4096);
      s.connect(new InetSocketAddress("127.0.0.1", f.server.port()));
      s.getOutputStream().write(request(ServeFixture.body("alpha/small", false, "")));
      s.getOutputStream().flush();

      assertThat(ServeFixture.within10s(() -> f.server.inFlight() == 0)).as("in flight").isTrue();
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 1)).isTrue();
      assertThat(f.accessLog.get(0)).contains("\"error\":\"client_closed\"");
    }
  }

  private static String streamingBody(String path) {
    switch (path) {
      case "/v1/messages":
        return "{\"model\":\"pair\",\"max_tokens\":16,\"stream\":true,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}";
      case "/v1/responses":
        return "{\"model\":\"pair\",\"stream\":true,\"input\":\"Say hello\"}";
      default:
        return ServeFixture.body("pair", true, "");
    }
  }

  @Test
  void aClientThatStaysGetsEveryAnswerOnOneConnection() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("one"), Step.ok("two"), Step.ok("three"))),
                ServeFixture.generousPolicy(),
                o -> {});
        Socket s = new Socket("127.0.0.1", f.server.port())) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      for (String expected : List.of("one", "two", "three")) {
        out.write(request(ServeFixture.body("alpha/small", false, "")));
        out.flush();
        String answer = readAnswer(in);
        assertThat(answer).startsWith("HTTP/1.1 200 ").contains(expected);
      }
    }
  }

  /** One HTTP/1.1 answer with a {@code Content-Length}, read from {@code in}. */
  private static String readAnswer(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + head);
      }
      head.append((char) b);
    }
    int length = 0;
    for (String line : head.toString().split("\r\n")) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  /**
   * A client that closes its connection before its body is whole went away: the access log and
   * {@code orchestrator_serve_requests_total} say {@code 499} {@code client_closed}, as for a
   * client gone while its request is worked on — not the {@code 400} of a body the client sent
   * wrong.
   */
  @Test
  void aClientThatClosesMidBodyIsLogged499() throws Exception {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(), ServeFixture.generousPolicy(), o -> o.bodyTimeout(Duration.ofSeconds(60)))) {
      try (Socket s = new Socket("127.0.0.1", f.server.port())) {
        RawHttp.send(
            s,
            "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n{\"model\":");
      }
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 1)).isTrue();
      assertThat(f.accessLog.get(0)).contains("\"status\":499", "client_closed");
      assertThat(
              PromText.value(
                  f.get("/metrics").body(),
                  "orchestrator_serve_requests_total",
                  Map.of("front", "chat", "status", "499")))
          .isEqualTo(1.0);
      assertThat(f.upstream.received()).isEmpty();
    }
  }
}
