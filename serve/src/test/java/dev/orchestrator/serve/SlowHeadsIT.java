package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.providers.simulation.Step;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold connections without sending requests (slowloris): a request head trickled a
 * byte at a time, each byte well within the idle timeout, is cut off once {@link
 * ServerOptions#headTimeout()} has passed after the bound in which it began — with a {@code 408} —
 * while other clients are served, and an idle connection is left to the idle timeout; and no more
 * than {@link ServerOptions#maxConnections()} connections are held at once, a further one waiting
 * unserved until one closes.
 */
class SlowHeadsIT {
  /** A whole request, answered on a connection kept alive ({@code Content-Length: 0}). */
  private static final String HEALTHZ =
      "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n";

  /**
   * Sends {@code start}, then one byte of a header line every 100 ms (a pace no idle timeout
   * notices) until {@code stop} is set or a write fails; counts the bytes trickled.
   */
  private static Thread trickle(
      Socket s, String start, AtomicBoolean stop, AtomicInteger trickled) {
    Thread t =
        new Thread(
            () -> {
              try {
                OutputStream out = s.getOutputStream();
                out.write(start.getBytes(StandardCharsets.US_ASCII));
                out.write("X-Slow: ".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                while (!stop.get()) {
                  out.write('a');
                  out.flush();
                  trickled.incrementAndGet();
                  Thread.sleep(100); // the client's pace, not a wait for the server
                }
              } catch (IOException | InterruptedException e) {
                // the server closed the connection
              }
            },
            "trickle");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Everything the server sends until it closes the connection (at most 10 s). */
  private static String untilClosed(Socket s) throws IOException {
    s.setSoTimeout(10_000);
    return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
  }

  /** One whole answer with a {@code Content-Length}, read from a kept-alive connection. */
  private static String answer(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + head.toString(StandardCharsets.ISO_8859_1));
      }
      head.write(b);
    }
    String h = head.toString(StandardCharsets.ISO_8859_1);
    int length = 0;
    for (String line : h.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return h + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  @Test
  void aClientTricklingItsHeadIsCutOffAfterTheBoundWhileAnotherIsAnswered() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger trickled = new AtomicInteger();
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("Still here."))),
                ServeFixture.generousPolicy(),
                o -> o.headTimeout(Duration.ofMillis(500)));
        Socket slow = new Socket("127.0.0.1", f.server.port())) {
      long opened = System.nanoTime();
      Thread t = trickle(slow, "GET /healthz HTTP/1.1\r\nHost: x\r\n", stop, trickled);

      HttpResponse<String> chat = f.chat("alpha/small");
      assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
      assertThat(chat.body()).contains("Still here.");

      String cut = untilClosed(slow);
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - opened);
      stop.set(true);
      t.join(5_000);
      assertThat(cut).startsWith("HTTP/1.1 408 ");
      assertThat(cut.toLowerCase(Locale.ROOT)).contains("connection: close");
      assertThat(cut).contains("\"code\":\"request_timeout\"").contains("request head");
      assertThat(tookMs).as("cut after the bound, not before").isGreaterThanOrEqualTo(500);
      assertThat(trickled.get()).as("the client kept sending").isGreaterThanOrEqualTo(3);
      assertThat(f.get("/healthz").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void anIdleKeptAliveConnectionIsLeftToTheIdleTimeoutANewSilentOneIsClosedAndAHeadBegunIsBounded()
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger trickled = new AtomicInteger();
    try (ServeFixture f =
            ServeFixture.start(
                Map.of(),
                ServeFixture.generousPolicy(),
                o -> o.headTimeout(Duration.ofMillis(300)));
        Socket pooled = new Socket("127.0.0.1", f.server.port())) {
      // A client's pooled connection, idle for several bounds between two requests: still open
      // (the read waits out its own timeout, no close and no bytes), and its next request answered.
      pooled.getOutputStream().write(HEALTHZ.getBytes(StandardCharsets.US_ASCII));
      assertThat(answer(pooled.getInputStream())).startsWith("HTTP/1.1 200 ");
      pooled.setSoTimeout(1_500);
      assertThatThrownBy(() -> pooled.getInputStream().read())
          .as("nothing sent and not closed while idle")
          .isInstanceOf(SocketTimeoutException.class);
      pooled.getOutputStream().write(HEALTHZ.getBytes(StandardCharsets.US_ASCII));
      assertThat(answer(pooled.getInputStream())).startsWith("HTTP/1.1 200 ");

      // A new connection that sends nothing: closed without a word once the bound passed.
      try (Socket silent = new Socket("127.0.0.1", f.server.port())) {
        assertThat(untilClosed(silent)).isEmpty();
      }

      // The same connection's next head, begun after it idled and trickled: a 408 within two
      // bounds of its first byte, never before one.
      long begun = System.nanoTime();
      Thread t = trickle(pooled, "GET /healthz HTTP/1.1\r\nHost: x\r\n", stop, trickled);
      String cut = untilClosed(pooled);
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
      stop.set(true);
      t.join(5_000);
      assertThat(cut).startsWith("HTTP/1.1 408 ");
      assertThat(tookMs).isGreaterThanOrEqualTo(300);
    }
  }

  @Test
  void aRequestWorkedOnLongerThanTheBoundIsNotCut() throws Exception {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("late but whole").withDelay(1_500))),
            ServeFixture.generousPolicy(),
            o -> o.headTimeout(Duration.ofMillis(300)))) {
      for (int i = 0; i < 2; i++) { // the second on the kept-alive connection
        HttpResponse<String> r = f.chat("alpha/small");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("late but whole");
      }
    }
  }

  @Test
  void atTheConnectionCapAFurtherConnectionIsServedOnlyOnceOneCloses() throws Exception {
    List<Socket> held = new ArrayList<>();
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(),
            ServeFixture.generousPolicy(),
            o -> o.maxConnections(2).headTimeout(Duration.ofSeconds(60)))) {
      for (int i = 0; i < 2; i++) {
        Socket s = new Socket("127.0.0.1", f.server.port());
        held.add(s);
        s.getOutputStream().write(HEALTHZ.getBytes(StandardCharsets.US_ASCII));
        assertThat(answer(s.getInputStream())).startsWith("HTTP/1.1 200 "); // accepted, kept
      }
      try (Socket third = new Socket("127.0.0.1", f.server.port())) {
        third.getOutputStream().write(HEALTHZ.getBytes(StandardCharsets.US_ASCII));
        third.setSoTimeout(500); // proving a negative takes a bound
        assertThatThrownBy(() -> third.getInputStream().read())
            .as("not served while two connections are held")
            .isInstanceOf(SocketTimeoutException.class);

        held.remove(0).close();
        third.setSoTimeout(10_000);
        assertThat(answer(third.getInputStream())).startsWith("HTTP/1.1 200 ");
      }
      for (Socket s : held) {
        s.close();
      }
      held.clear();
      // A new connection waits in the accept queue, if at all, until the server sees those close.
      assertThat(f.get("/healthz").statusCode()).isEqualTo(200);
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
  }
}
