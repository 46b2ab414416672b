package dev.orchestrator.providers.internal.http1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.providers.internal.RequestHeaders;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HTTP/1.1 client against a raw keep-alive server on 127.0.0.1: framing, keep-alive and the
 * pool, the one retry on a reused connection, aborts, and garbage answers as named protocol errors.
 * The pool's clock is injected; nothing waits on the wall clock.
 */
@Timeout(60)
class Http1ClientIT {
  private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

  private final AtomicLong now = new AtomicLong(1_000_000_000L);

  private Http1Client client(int maxIdle) throws NoSuchAlgorithmException {
    return new Http1Client(
        Duration.ofSeconds(5),
        SSLContext.getDefault(),
        1024,
        maxIdle,
        Duration.ofSeconds(30),
        now::get,
        false);
  }

  private static Http1Response send(Http1Client c, String url, Http1Exchange x) throws IOException {
    RequestHeaders h = new RequestHeaders();
    h.set("Content-Type", "application/json");
    return c.post(URI.create(url), h, "{\"q\":1}".getBytes(StandardCharsets.UTF_8), x, () -> {});
  }

  /** Status and whole body, read to its end and closed. */
  private static String post(Http1Client c, String url) throws IOException {
    Http1Response r = send(c, url, new Http1Exchange());
    try (InputStream in = r.body()) {
      return r.head().status() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void writesAPostWithHostAndContentLength() throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(OK)) {
      assertThat(post(client(4), s.url())).isEqualTo("200 ok");
      String head = s.heads.get(0);
      assertThat(head).startsWith("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:");
      assertThat(head).contains("\r\nContent-Type: application/json\r\n");
      assertThat(head).endsWith("\r\nContent-Length: 7\r\n\r\n");
      assertThat(s.bodies).containsExactly("{\"q\":1}");
    }
  }

  /** Each framing of RFC 9112 §6.3, and whether the connection is then reused. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          content-length       | HTTP/1.1 200 OK\\r\\nContent-Length: 5\\r\\n\\r\\nhello                                    | 200 hello | 1
          chunked              | HTTP/1.1 200 OK\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n3\\r\\nhel\\r\\n2\\r\\nlo\\r\\n0\\r\\n\\r\\n | 200 hello | 1
          chunk extensions     | HTTP/1.1 200 OK\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n5;name=v\\r\\nhello\\r\\n0;x\\r\\n\\r\\n  | 200 hello | 1
          trailers             | HTTP/1.1 200 OK\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n5\\r\\nhello\\r\\n0\\r\\nx-t: 1\\r\\n\\r\\n | 200 hello | 1
          chunked over length  | HTTP/1.1 200 OK\\r\\nContent-Length: 99\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n5\\r\\nhello\\r\\n0\\r\\n\\r\\n | 200 hello | 1
          interim 100 skipped  | HTTP/1.1 100 Continue\\r\\n\\r\\nHTTP/1.1 200 OK\\r\\nContent-Length: 5\\r\\n\\r\\nhello     | 200 hello | 1
          no content           | HTTP/1.1 204 No Content\\r\\n\\r\\n                                                       | 204       | 1
          connection close     | HTTP/1.1 200 OK\\r\\nConnection: close\\r\\nContent-Length: 5\\r\\n\\r\\nhello              | 200 hello | 2
          HTTP/1.0             | HTTP/1.0 200 OK\\r\\nContent-Length: 5\\r\\n\\r\\nhello                                    | 200 hello | 2
          """)
  void readsEachFraming(String name, String raw, String expected, int connections)
      throws Exception {
    String wire = raw.replace("\\r\\n", "\r\n");
    try (KeepAliveServer s = KeepAliveServer.always(wire)) {
      Http1Client c = client(4);
      assertThat(post(c, s.url()).strip()).isEqualTo(expected);
      assertThat(post(c, s.url()).strip()).isEqualTo(expected);
      assertThat(s.connections.get()).isEqualTo(connections);
    }
  }

  @Test
  void readsABodyThatRunsToTheEndOfTheConnectionAndDoesNotReuseIt() throws Exception {
    try (KeepAliveServer s =
        new KeepAliveServer(
            n -> KeepAliveServer.Answer.thenClose("HTTP/1.1 200 OK\r\n\r\nhello"))) {
      Http1Client c = client(4);
      assertThat(post(c, s.url())).isEqualTo("200 hello");
      assertThat(post(c, s.url())).isEqualTo("200 hello");
      assertThat(s.connections.get()).isEqualTo(2);
      assertThat(c.idleConnections()).isZero();
    }
  }

  @Test
  void closesTheConnectionOfABodyNotReadToItsEnd() throws Exception {
    try (KeepAliveServer s =
        KeepAliveServer.always("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789")) {
      Http1Client c = client(4);
      Http1Response r = send(c, s.url(), new Http1Exchange());
      assertThat(r.body().read(new byte[4], 0, 4)).isPositive();
      r.body().close();
      assertThat(post(c, s.url())).isEqualTo("200 0123456789");
      assertThat(s.connections.get()).isEqualTo(2);
    }
  }

  /** Garbage in the head or the framing is a protocol error naming the fault, never a crash. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          no status code       | HTTP/1.1 OK\\r\\n\\r\\n                                             | invalid status line: 'HTTP/1.1 OK'
          not HTTP             | ICY 200 OK\\r\\n\\r\\n                                              | invalid status line: 'ICY 200 OK'
          HTTP/2 status line   | HTTP/2 200\\r\\n\\r\\n                                              | invalid status line: 'HTTP/2 200'
          header without colon | HTTP/1.1 200 OK\\r\\nno colon here\\r\\n\\r\\n                      | invalid header line: 'no colon here'
          name not a token     | HTTP/1.1 200 OK\\r\\nbad name: v\\r\\n\\r\\n                        | invalid header line: 'bad name: v'
          folded header        | HTTP/1.1 200 OK\\r\\nx-a: 1\\r\\n  folded\\r\\n\\r\\n               | folded header line
          bad content-length   | HTTP/1.1 200 OK\\r\\nContent-Length: 12x\\r\\n\\r\\n                | invalid Content-Length: '12x'
          two content-lengths  | HTTP/1.1 200 OK\\r\\nContent-Length: 5, 6\\r\\n\\r\\nhello          | invalid Content-Length: '5, 6'
          """)
  void refusesAGarbageHead(String name, String raw, String message) throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(raw.replace("\\r\\n", "\r\n"))) {
      Http1Client c = client(4);
      assertThatThrownBy(() -> post(c, s.url()))
          .isInstanceOf(ProtocolException.class)
          .hasMessageContaining(message);
      assertThat(c.idleConnections()).isZero();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          chunk size not hex   | zz\\r\\nhello\\r\\n0\\r\\n\\r\\n      | invalid chunk size: 'zz'
          chunk size empty     | \\r\\nhello\\r\\n0\\r\\n\\r\\n        | invalid chunk size: ''
          chunk longer than it | 3\\r\\nhello\\r\\n0\\r\\n\\r\\n       | chunk data longer than its size
          """)
  void refusesGarbageChunks(String name, String chunks, String message) throws Exception {
    String raw = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks;
    try (KeepAliveServer s = KeepAliveServer.always(raw.replace("\\r\\n", "\r\n"))) {
      Http1Client c = client(4);
      assertThatThrownBy(() -> post(c, s.url()))
          .isInstanceOf(ProtocolException.class)
          .hasMessageContaining(message);
    }
  }

  @Test
  void boundsTheResponseHead() throws Exception {
    String big = "HTTP/1.1 200 OK\r\nx-big: " + "a".repeat(2000) + "\r\n\r\n";
    try (KeepAliveServer s = KeepAliveServer.always(big)) {
      assertThatThrownBy(() -> post(client(4), s.url()))
          .isInstanceOf(ProtocolException.class)
          .hasMessageContaining("response head: larger than 1024 bytes");
    }
  }

  @Test
  void aBodyCutShortIsAnEofNamingWhatWasMissing() throws Exception {
    try (KeepAliveServer s =
        new KeepAliveServer(
            n ->
                KeepAliveServer.Answer.thenClose(
                    "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"))) {
      assertThatThrownBy(() -> post(client(4), s.url()))
          .isInstanceOf(EOFException.class)
          .hasMessageContaining("7 bytes before the body's Content-Length");
    }
  }

  /** The server closed the idle connection: sent once more on a fresh one, and it arrives once. */
  @Test
  void retriesOnceOnAReusedConnectionTheServerClosed() throws Exception {
    try (KeepAliveServer s = new KeepAliveServer(n -> KeepAliveServer.Answer.thenClose(OK))) {
      Http1Client c = client(4);
      assertThat(post(c, s.url())).isEqualTo("200 ok");
      assertThat(c.idleConnections()).isEqualTo(1);
      assertThat(post(c, s.url())).isEqualTo("200 ok");
      assertThat(s.connections.get()).isEqualTo(2);
      assertThat(s.bodies).hasSize(2);
    }
  }

  /** Once a byte of the response arrived, a failure is the caller's to handle: no resend. */
  @Test
  void doesNotRetryOnceAResponseByteArrived() throws Exception {
    try (KeepAliveServer s =
        new KeepAliveServer(
            n ->
                n == 0
                    ? KeepAliveServer.Answer.of(OK)
                    : KeepAliveServer.Answer.thenClose("HTTP/1.1 2"))) {
      Http1Client c = client(4);
      assertThat(post(c, s.url())).isEqualTo("200 ok");
      assertThatThrownBy(() -> post(c, s.url())).isInstanceOf(EOFException.class);
      assertThat(s.bodies).hasSize(2);
      assertThat(s.connections.get()).isEqualTo(1);
    }
  }

  @Test
  void doesNotRetryOnAFreshConnection() throws Exception {
    try (KeepAliveServer s = new KeepAliveServer(n -> KeepAliveServer.Answer.thenClose(""))) {
      assertThatThrownBy(() -> post(client(4), s.url()))
          .isInstanceOf(EOFException.class)
          .hasMessageContaining("status line");
      assertThat(s.bodies).hasSize(1);
    }
  }

  @Test
  void anAbortUnblocksTheThreadWaitingForTheResponse() throws Exception {
    try (KeepAliveServer s = new KeepAliveServer(n -> KeepAliveServer.Answer.silence())) {
      Http1Client c = client(4);
      Http1Exchange x = new Http1Exchange();
      CompletableFuture<Throwable> failed =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  send(c, s.url(), x);
                  return null;
                } catch (IOException e) {
                  return e;
                }
              });
      assertThat(s.requested.await(30, TimeUnit.SECONDS)).isTrue();
      x.close();
      assertThat(failed.get(30, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
      assertThat(x.aborted()).isTrue();
      assertThat(c.idleConnections()).isZero();
    }
  }

  /** An abort that comes after the body went back to the pool leaves the connection alone. */
  @Test
  void aLateAbortDoesNotCloseAPooledConnection() throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(OK)) {
      Http1Client c = client(4);
      Http1Exchange x = new Http1Exchange();
      Http1Response r = send(c, s.url(), x);
      try (InputStream in = r.body()) {
        in.readAllBytes();
      }
      x.close();
      assertThat(post(c, s.url())).isEqualTo("200 ok");
      assertThat(s.connections.get()).isEqualTo(1);
    }
  }

  @Test
  void anExchangeAbortedBeforeItStartsSendsNothing() throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(OK)) {
      Http1Exchange x = new Http1Exchange();
      x.close();
      assertThatThrownBy(() -> send(client(4), s.url(), x)).isInstanceOf(IOException.class);
      assertThat(s.bodies).isEmpty();
    }
  }

  @Test
  void idleConnectionsExpire() throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(OK)) {
      Http1Client c = client(4);
      post(c, s.url());
      now.addAndGet(Duration.ofSeconds(29).toNanos());
      post(c, s.url());
      assertThat(s.connections.get()).isEqualTo(1);
      now.addAndGet(Duration.ofSeconds(31).toNanos());
      post(c, s.url());
      assertThat(s.connections.get()).isEqualTo(2);
      awaitClosedByClient(s, 1);
    }
  }

  /** The server closed an idle connection: the reaper closes it too, long before it expires. */
  @Test
  void theReaperClosesAnIdleConnectionTheServerClosed() throws Exception {
    try (KeepAliveServer s = new KeepAliveServer(n -> KeepAliveServer.Answer.thenClose(OK))) {
      Http1Client c = client(4);
      assertThat(post(c, s.url())).isEqualTo("200 ok");
      assertThat(c.idleConnections()).isEqualTo(1);
      c.reapIdle();
      assertThat(c.idleConnections()).as("idle for less than a round: not probed").isEqualTo(1);

      now.addAndGet(ConnectionPool.REAP_EVERY.toNanos());
      // The server's close reaches the client's socket asynchronously: each round waits for it
      // for at most a millisecond, so a bounded number of rounds sees it.
      for (int round = 0; round < 5_000 && c.idleConnections() > 0; round++) {
        c.reapIdle();
      }
      assertThat(c.idleConnections()).isZero();
    }
  }

  /** A connection the server keeps open survives the reaper's probe and is reused after it. */
  @Test
  void theReaperKeepsAnOpenIdleConnectionUsable() throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(OK)) {
      Http1Client c = client(4);
      post(c, s.url());
      post(c, s.url());
      now.addAndGet(ConnectionPool.REAP_EVERY.toNanos());
      for (int round = 0; round < 3; round++) {
        c.reapIdle();
      }
      assertThat(c.idleConnections()).isEqualTo(1);
      assertThat(post(c, s.url())).isEqualTo("200 ok");
      assertThat(s.connections.get()).isEqualTo(1);
      assertThat(s.bodies).hasSize(3);
    }
  }

  @Test
  void keepsAtMostMaxIdleConnectionsPerOrigin() throws Exception {
    try (KeepAliveServer s = KeepAliveServer.always(OK)) {
      Http1Client c = client(1);
      Http1Response a = send(c, s.url(), new Http1Exchange());
      Http1Response b = send(c, s.url(), new Http1Exchange());
      a.body().readAllBytes();
      b.body().readAllBytes();
      a.body().close();
      b.body().close();
      assertThat(s.connections.get()).isEqualTo(2);
      assertThat(c.idleConnections()).isEqualTo(1);
      awaitClosedByClient(s, 1);
    }
  }

  @Test
  void anUnknownHostIsUnknownHost() throws Exception {
    assertThatThrownBy(() -> post(client(4), "http://no-such-host.invalid/v1"))
        .isInstanceOf(java.net.UnknownHostException.class);
  }

  private static void awaitClosedByClient(KeepAliveServer s, int n) throws InterruptedException {
    assertThat(s.clientCloses.tryAcquire(n, 30, TimeUnit.SECONDS)).isTrue();
    assertThat(s.closedByClient.get()).isEqualTo(n);
  }
}
