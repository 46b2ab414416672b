package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.providers.simulation.HttpChunks;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A completed stream leaves its keep-alive connection in the pool: the chunked body's terminator,
 * written after {@code [DONE]} in a flush of its own, is read and discarded after the caller has
 * its answer, not cancelled with the connection. And the caller never waits for it: an upstream
 * that holds the terminator back still gives a completed stream. From a raw socket on 127.0.0.1.
 */
class StreamConnectionReuseIT {
  private static final String EVENTS =
      "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n";

  /**
   * The terminator is held back until the first answer is in, so it certainly arrives after the
   * stream was closed; a second call's round trip later, the first connection must still be open (a
   * cancelled exchange would have closed it at once).
   */
  @Test
  void keepsTheConnectionOfACompletedStreamOpen() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (KeepAliveSse server = new KeepAliveSse(release)) {
      HttpProviderClients clients = Fixtures.clients();
      Provider p = Fixtures.provider("sse", server.baseUrl(), Protocol.OPENAI_CHAT);
      AttemptOutcome first = stream(clients, p);
      release.countDown();
      assertThat(server.terminated.await(30, TimeUnit.SECONDS)).isTrue();
      AttemptOutcome second = stream(clients, p);

      assertThat(first).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(second).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(server.closedByClient.get()).isZero();
    }
  }

  private static AttemptOutcome stream(HttpProviderClients clients, Provider p) {
    return clients
        .clientFor(p)
        .send(Fixtures.call(p, "m", true, StreamAssemblyIT.LIMITS, new Fixtures.Recorder()));
  }

  /**
   * Limits far beyond the test's timeout: an attempt that waited for the held-back end would only
   * be stopped by the timeout, failing the test.
   */
  @Test
  @Timeout(60)
  void completesAStreamWhoseBodyEndIsHeldBack() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (KeepAliveSse server = new KeepAliveSse(release)) {
      Provider p = Fixtures.provider("sse", server.baseUrl(), Protocol.OPENAI_CHAT);
      Fixtures.Recorder listener = new Fixtures.Recorder();
      AttemptOutcome out =
          Fixtures.clients()
              .clientFor(p)
              .send(
                  Fixtures.call(
                      p, "m", true, AttemptLimits.uniform(Duration.ofMinutes(10)), listener));
      // The terminator is still held back: the answer did not wait for it.
      assertThat(release.getCount()).isEqualTo(1);
      release.countDown();
      assertThat(out).isInstanceOf(AttemptOutcome.Succeeded.class);
      assertThat(listener.deltas).containsExactly("Hi");
    }
  }

  /**
   * Keep-alive HTTP/1.1 answering every request with a chunked SSE stream; the chunked terminator
   * goes in a flush of its own after {@code [DONE]}, once {@code release} (if any) is counted down.
   */
  private static final class KeepAliveSse implements AutoCloseable {
    final AtomicInteger closedByClient = new AtomicInteger();
    final CountDownLatch terminated = new CountDownLatch(1);
    private final ServerSocket server;
    private final CountDownLatch release;

    KeepAliveSse(CountDownLatch release) throws IOException {
      this.release = release;
      this.server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
      Thread t = new Thread(this::accept, "keep-alive-sse");
      t.setDaemon(true);
      t.start();
    }

    String baseUrl() {
      return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
    }

    private void accept() {
      while (!server.isClosed()) {
        try {
          Socket s = server.accept();
          Thread t = new Thread(() -> serve(s), "keep-alive-sse-conn");
          t.setDaemon(true);
          t.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket s) {
      try (s) {
        s.setTcpNoDelay(true);
        InputStream in = new BufferedInputStream(s.getInputStream());
        OutputStream out = s.getOutputStream();
        while (readRequest(in)) {
          out.write(
              ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
          out.write(HttpChunks.chunk(EVENTS));
          out.write(HttpChunks.chunk("data: [DONE]\n\n"));
          out.flush();
          if (release != null && !release.await(10, TimeUnit.MINUTES)) {
            return;
          }
          out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
          terminated.countDown();
        }
        closedByClient.incrementAndGet();
      } catch (IOException | InterruptedException e) {
        // the client left
      }
    }

    /** Reads one request (head and Content-Length body); false at the end of the connection. */
    private static boolean readRequest(InputStream in) throws IOException {
      StringBuilder head = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0) {
        head.append((char) c);
        if (head.length() >= 4 && head.lastIndexOf("\r\n\r\n") == head.length() - 4) {
          break;
        }
      }
      if (c < 0) {
        return false;
      }
      int length = 0;
      for (String line : head.toString().split("\r\n")) {
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring(15).trim());
        }
      }
      return in.readNBytes(length).length == length;
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }
}
