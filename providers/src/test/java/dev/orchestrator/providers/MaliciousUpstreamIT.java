package dev.orchestrator.providers;

import static dev.orchestrator.providers.HostileUpstream.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.StreamBounds;
import dev.orchestrator.providers.internal.transport.SharedHttpClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The provider client against upstreams that attack it (issue #30, findings 1–5): each row is an
 * upstream misbehaving on a real loopback socket. Every row ends in a typed failure within the
 * attempt's limits, and leaves no connection open behind it.
 */
class MaliciousUpstreamIT {
  /**
   * Short limits: every row ends within about four seconds. Each is a few seconds, not one, so a
   * loaded machine that leaves the upstream's thread unscheduled for a second does not end a row at
   * a limit before the upstream's attack arrived.
   */
  static final AttemptLimits LIMITS =
      new AttemptLimits(
          Duration.ofSeconds(2),
          Duration.ofSeconds(3),
          Duration.ofSeconds(2),
          Duration.ofSeconds(2),
          Duration.ofSeconds(4),
          new StreamBounds(64 * 1024, 1024 * 1024, 64 * 1024));

  /** The longest any row may take: its limits and room for a loaded machine. */
  static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(12);

  static final HttpProviderClients CLIENTS = clients();

  static HttpProviderClients clients() {
    return HttpProviderClients.builder()
        .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
        .connectTimeout(Duration.ofSeconds(2))
        .build();
  }

  static final String OK_JSON =
      "{\"id\":\"x\",\"object\":\"chat.completion\",\"model\":\"m\",\"choices\":[{\"index\":0,"
          + "\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},\"finish_reason\":\"stop\"}]}";

  @AfterAll
  static void noUpstreamThreadLeft() {
    assertThat(
            eventually(
                () ->
                    Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(
                            t ->
                                t.isAlive()
                                    && t.getName().startsWith(HostileUpstream.THREAD_PREFIX))))
        .isTrue();
  }

  static boolean eventually(BooleanSupplier condition) {
    long end = System.nanoTime() + PATIENCE_NANOS;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        return false;
      }
      Thread.onSpinWait();
    }
    return true;
  }

  /** One row: the upstream's behaviour, whether the call streams, and what it must end as. */
  static Stream<Arguments> rows() {
    return Stream.of(
        refusedByTheJdk(
            "endless 100 Continue (finding 2)",
            FailureCategory.CONNECTION_FAILED,
            (c, s) -> {
              c.readRequest(s, true);
              for (int i = 0; i < 1_000_000; i++) {
                write(s, "HTTP/1.1 100 Continue\r\n\r\n");
              }
            }),
        row(
            "chunk lines with endless extensions (finding 3)",
            false,
            FailureCategory.SERVER_ERROR,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n1");
              for (int i = 0; i < 1_000_000; i++) {
                write(s, ";ext" + i + "=" + "x".repeat(64));
              }
            }),
        row(
            "headers trickled a byte at a time",
            false,
            FailureCategory.TIMEOUT,
            (c, s) -> {
              c.readRequest(s, true);
              trickle(s, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".repeat(1000));
            }),
        row(
            "body trickled a byte at a time",
            false,
            FailureCategory.TIMEOUT,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000"
                      + "\r\n\r\n");
              trickle(s, " ".repeat(100_000));
            }),
        row(
            "stall after the response head",
            false,
            FailureCategory.TIMEOUT,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100"
                      + "\r\n\r\n");
              c.stall();
            }),
        row(
            "stream stalled after its head",
            true,
            FailureCategory.TIMEOUT,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              c.stall();
            }),
        refusedByTheJdk(
            "NUL in a header value (finding 5)",
            FailureCategory.CONNECTION_FAILED,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Evil: a\0b\r\n"
                      + "Content-Length: "
                      + OK_JSON.length()
                      + "\r\n\r\n"
                      + OK_JSON);
            }),
        refusedByTheJdk(
            "a header value of 20 MB",
            FailureCategory.CONNECTION_FAILED,
            (c, s) -> {
              c.readRequest(s, true);
              write(s, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: ");
              for (int i = 0; i < 20; i++) {
                write(s, "a".repeat(1 << 20));
              }
            }),
        refusedByTheJdk(
            "200,000 header lines",
            FailureCategory.CONNECTION_FAILED,
            (c, s) -> {
              c.readRequest(s, true);
              write(s, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n");
              for (int i = 0; i < 200; i++) {
                write(s, "X-H: v\r\n".repeat(1000));
              }
            }),
        row(
            "duplicate Content-Length (finding 5)",
            false,
            FailureCategory.SERVER_ERROR,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                      + OK_JSON.length()
                      + "\r\nContent-Length: 3\r\n\r\n"
                      + OK_JSON);
            }),
        row(
            "oversized SSE event",
            true,
            FailureCategory.SERVER_ERROR,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
                      + "data: {\"pad\":\""
                      + "x".repeat(200_000)
                      + "\"}\n\n");
            }),
        keptAlive(
            "invalid UTF-8 in a whole body: decoded with replacement characters",
            false,
            null,
            (c, s) -> {
              c.readRequest(s, true);
              byte[] bad = OK_JSON.replace("hi", "h\u00ffi").getBytes(StandardCharsets.ISO_8859_1);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                      + bad.length
                      + "\r\n\r\n");
              OutputStream out = s.getOutputStream();
              out.write(bad);
              out.flush();
            }),
        row(
            "invalid UTF-8 in a stream",
            true,
            FailureCategory.STREAM_INTERRUPTED,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n");
              OutputStream out = s.getOutputStream();
              for (int i = 0; i < 10; i++) {
                out.write("data: {\"choices\":[{\"delta\":{\"content\":\"".getBytes());
                out.write(new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xc0});
                out.write("\"}}]}\n\n".getBytes());
              }
              out.flush();
              s.shutdownOutput();
            }),
        row(
            "Transfer-Encoding beside Content-Length (finding 5)",
            false,
            FailureCategory.SERVER_ERROR,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n"
                      + Integer.toHexString(OK_JSON.length())
                      + "\r\n"
                      + OK_JSON
                      + "\r\n0\r\n\r\n");
            }),
        row(
            "101 Switching Protocols to a request that asked for none (finding 5)",
            false,
            FailureCategory.CONNECTION_FAILED,
            (c, s) -> {
              c.readRequest(s, true);
              write(
                  s,
                  "HTTP/1.1 101 Switching Protocols\r\nUpgrade: evil\r\nConnection: Upgrade\r\n\r\n");
              write(s, "garbage after the switch");
            }),
        earlyAnswer(413, FailureCategory.REQUEST_TOO_LARGE),
        earlyAnswer(401, FailureCategory.AUTH_FAILED));
  }

  /**
   * An answer with {@code Connection: close} after the request head, while the large body is still
   * being sent; the upstream then drains and closes (finding 4): the status is the failure.
   */
  private static Arguments earlyAnswer(int status, FailureCategory expected) {
    String body = "{\"error\":{\"message\":\"no\",\"type\":\"invalid_request_error\"}}";
    return Arguments.of(
        "early " + status + " with Connection: close while the body is sent (finding 4)",
        false,
        expected,
        true,
        (HostileUpstream.Behaviour)
            (c, s) -> {
              c.readRequest(s, false);
              write(
                  s,
                  "HTTP/1.1 "
                      + status
                      + " No\r\nContent-Type: application/json\r\nConnection: close\r\n"
                      + "Content-Length: "
                      + body.length()
                      + "\r\n\r\n"
                      + body);
              s.shutdownOutput();
            });
  }

  /** A row whose call must fail as {@code expected}, its connection closed after. */
  private static Arguments row(
      String name, boolean stream, FailureCategory expected, HostileUpstream.Behaviour b) {
    return Arguments.of(name, stream, expected, true, b);
  }

  /** A row answered whole: its connection is rightly kept for the next call. */
  private static Arguments keptAlive(
      String name, boolean stream, FailureCategory expected, HostileUpstream.Behaviour b) {
    return Arguments.of(name, stream, expected, false, b);
  }

  /**
   * A row whose call must fail as {@code expected}, a response head {@code java.net.http} refuses
   * with a {@code ProtocolException} and leaves open: its connection is closed when the runtime can
   * shut the client down (JDK 21 and later, {@link SharedHttpClient}), and stays open on older
   * ones.
   */
  private static Arguments refusedByTheJdk(
      String name, FailureCategory expected, HostileUpstream.Behaviour b) {
    return Arguments.of(name, false, expected, SharedHttpClient.closesRefusedConnections(), b);
  }

  /** Writes {@code text} a byte at a time, 20 ms apart (the upstream's pace, not a verdict). */
  static void trickle(Socket s, String text) throws IOException, InterruptedException {
    OutputStream out = s.getOutputStream();
    for (byte b : text.getBytes(StandardCharsets.ISO_8859_1)) {
      out.write(b);
      out.flush();
      Thread.sleep(20);
    }
  }

  /** A request whose 4 MB prompt is still being sent when an early answer comes. */
  static ChatRequest big(boolean stream) {
    return ChatRequest.builder("p/m").user("x".repeat(4 << 20)).stream(stream).build();
  }

  static ProviderCall call(Provider p, boolean stream, ChatRequest request) {
    return ProviderCall.of(p, Fixtures.route(p.id(), "m"), request, LIMITS)
        .withListener(stream ? new Fixtures.Recorder() : null);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void endsInATypedFailureWithinItsLimitsAndLeavesNoConnection(
      String name,
      boolean stream,
      FailureCategory expected,
      boolean closes,
      HostileUpstream.Behaviour behaviour)
      throws Exception {
    try (HostileUpstream upstream = HostileUpstream.start(behaviour)) {
      Provider p =
          Fixtures.provider(
              "p", "http://127.0.0.1:" + upstream.port() + "/v1", Protocol.OPENAI_CHAT);
      long t0 = System.nanoTime();
      // Clients of its own: a renewal earlier in the run cannot defer this row's.
      AttemptOutcome out =
          clients()
              .clientFor(p)
              .send(
                  call(
                      p,
                      stream,
                      name.startsWith("early") ? big(stream) : Fixtures.request(stream)));
      long took = System.nanoTime() - t0;
      upstream.release();

      assertThat(took).isLessThan(PATIENCE_NANOS);
      if (expected == null) {
        assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
        assertThat(((AttemptOutcome.Succeeded) out).response().content()).contains("\ufffd");
      } else {
        assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
        ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
        assertThat(f.category()).as(f.message()).isEqualTo(expected);
      }
      if (closes) {
        assertThat(eventually(() -> upstream.openConnections() == 0))
            .as("connections left open")
            .isTrue();
      }
    }
  }

  @Test
  void aRetryOnAReusedConnectionIsNeverHidden() throws Exception {
    // The first request is answered and the connection kept; the second is read and the
    // connection closed without an answer (a stale keep-alive): the client may not send it again
    // unseen, so the upstream receives exactly the requests the caller made (finding 5).
    String ok =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + OK_JSON.length()
            + "\r\n\r\n"
            + OK_JSON;
    try (HostileUpstream upstream =
        HostileUpstream.start(
            (c, s) -> {
              c.readRequest(s, true);
              write(s, ok);
              c.readRequest(s, true);
              s.close();
            })) {
      Provider p =
          Fixtures.provider(
              "p", "http://127.0.0.1:" + upstream.port() + "/v1", Protocol.OPENAI_CHAT);
      AttemptOutcome first = CLIENTS.clientFor(p).send(call(p, false, Fixtures.request(false)));
      AttemptOutcome second = CLIENTS.clientFor(p).send(call(p, false, Fixtures.request(false)));

      assertThat(first).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(second).isInstanceOf(AttemptOutcome.Failed.class);
      assertThat(((AttemptOutcome.Failed) second).failure().category())
          .isEqualTo(FailureCategory.CONNECTION_FAILED);
      assertThat(upstream.accepted()).isEqualTo(1);
      assertThat(upstream.requests()).isEqualTo(2);
      assertThat(eventually(() -> upstream.openConnections() == 0)).isTrue();
    }
  }

  @Test
  void aTlsUpstreamThatStopsReadingHoldsNeitherItsAttemptNorAnyOther(@TempDir Path dir)
      throws Exception {
    // Finding 1: the upstream completes the handshake, then reads nothing while a 6 MB prompt is
    // sent. Its attempt ends at its limit; an unrelated call to another upstream is answered
    // meanwhile.
    KeyStore keys = selfSigned(dir);
    SSLContext server = SSLContext.getInstance("TLS");
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keys, PASSWORD);
    server.init(kmf.getKeyManagers(), null, null);
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("upstream", keys.getCertificate("upstream"));
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext client = SSLContext.getInstance("TLS");
    client.init(null, tmf.getTrustManagers(), null);
    HttpProviderClients clients =
        HttpProviderClients.builder()
            .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
            .connectTimeout(Duration.ofSeconds(2))
            .sslContext(client)
            .build();
    String ok =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + OK_JSON.length()
            + "\r\n\r\n"
            + OK_JSON;
    try (HostileUpstream stalled =
            HostileUpstream.start(
                server.getServerSocketFactory(),
                (c, s) -> {
                  ((SSLSocket) s).startHandshake();
                  c.stall();
                });
        HostileUpstream healthy =
            HostileUpstream.start(
                (c, s) -> {
                  c.readRequest(s, true);
                  write(s, ok);
                })) {
      Provider tls =
          Fixtures.provider(
              "tls", "https://127.0.0.1:" + stalled.port() + "/v1", Protocol.OPENAI_CHAT);
      Provider plain =
          Fixtures.provider(
              "plain", "http://127.0.0.1:" + healthy.port() + "/v1", Protocol.OPENAI_CHAT);
      ChatRequest prompt =
          ChatRequest.builder("tls/m").user("x".repeat(6_000_000)).stream(false).build();
      long t0 = System.nanoTime();
      CompletableFuture<AttemptOutcome> stuck =
          CompletableFuture.supplyAsync(
              () -> clients.clientFor(tls).send(call(tls, false, prompt)));
      assertThat(eventually(() -> stalled.accepted() == 1)).isTrue();

      AttemptOutcome other =
          clients.clientFor(plain).send(call(plain, false, Fixtures.request(false)));
      assertThat(other).isInstanceOf(AttemptOutcome.Succeeded.class);

      AttemptOutcome out = stuck.get(PATIENCE_NANOS, TimeUnit.NANOSECONDS);
      assertThat(System.nanoTime() - t0).isLessThan(PATIENCE_NANOS);
      assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
      assertThat(((AttemptOutcome.Failed) out).failure().category())
          .isEqualTo(FailureCategory.TIMEOUT);
      // And the limits still fire afterwards: a second stalled call ends at its limit too.
      AttemptOutcome again =
          CompletableFuture.supplyAsync(() -> clients.clientFor(tls).send(call(tls, false, prompt)))
              .get(PATIENCE_NANOS, TimeUnit.NANOSECONDS);
      assertThat(again).isInstanceOf(AttemptOutcome.Failed.class);
      stalled.release();
      assertThat(eventually(() -> stalled.openConnections() == 0)).isTrue();
    }
  }

  private static final char[] PASSWORD = "changeit".toCharArray();

  /** A PKCS12 key store with a self-signed certificate for 127.0.0.1, made by the JDK's keytool. */
  private static KeyStore selfSigned(Path dir) throws Exception {
    Path file = dir.resolve("upstream.p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process p =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                "upstream",
                "-keyalg",
                "EC",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "san=ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                file.toString(),
                "-storepass",
                new String(PASSWORD))
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(output).isZero();
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      ks.load(in, PASSWORD);
    }
    return ks;
  }
}
