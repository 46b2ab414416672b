package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.providers.simulation.Step;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Which thread runs a front's request (ADR 0059), seen from the orchestrator's listener on real
 * sockets: a request whose body came with its head runs on the Jetty thread that read it — no
 * hand-off — while a place is free; one that finds every place taken is queued and runs on a queue
 * thread ({@code orchestrator-serve-worker-…}), in turn.
 */
class RequestThreadsIT {
  private static final String QUEUE_THREAD = "orchestrator-serve-worker-";
  private static final String BODY = ServeFixture.body("alpha/small", false, "");

  private final List<String> threads = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);

  /** Records each attempt's thread; the first attempt holds its place until {@link #release}. */
  private ServeFixture server(int places, int answers, boolean holdFirst) {
    Step[] steps = new Step[answers];
    Arrays.fill(steps, Step.ok("hello"));
    return ServeFixture.start(
        Map.of("alpha/small", List.of(steps)),
        ServeFixture.generousPolicy(),
        o -> o.threads(places),
        e ->
            e.listener(
                new OrchestratorListener() {
                  @Override
                  public void onAttemptStart(String model, String route, int attempt) {
                    threads.add(Thread.currentThread().getName());
                    if (holdFirst && threads.size() == 1) {
                      try {
                        release.await(30, TimeUnit.SECONDS);
                      } catch (InterruptedException ex) {
                        Thread.currentThread().interrupt();
                      }
                    }
                  }
                }));
  }

  /**
   * POSTs the chat body with its head in one write, so that it arrives with the head (an HTTP
   * client may write them apart, and then the body may come after the handler returned), and
   * returns the answer's status code.
   */
  private static int post(ServeFixture f) {
    try (Socket s = new Socket("127.0.0.1", f.server.port())) {
      s.setSoTimeout(30_000);
      s.getOutputStream()
          .write(
              ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
                      + "Content-Type: application/json\r\nContent-Length: "
                      + BODY.length()
                      + "\r\n\r\n"
                      + BODY)
                  .getBytes(StandardCharsets.US_ASCII));
      String status =
          new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      return Integer.parseInt(status.split(" ")[1]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aBodyThatCameWithItsHeadRunsOnTheThreadThatReadIt() {
    try (ServeFixture f = server(4, 1, false)) {
      assertThat(post(f)).isEqualTo(200);
      assertThat(threads).singleElement().asString().doesNotStartWith(QUEUE_THREAD);
    }
  }

  /**
   * The body is sent only once the server asked for it: the read ends on a thread of Jetty's after
   * the handler returned (then a queue thread runs the request) or, on a fast machine, before it
   * returned (then the handler's thread does). Either way the request runs once.
   */
  @Test
  void aBodySentAfterTheHeadIsAnsweredOnce() throws Exception {
    try (ServeFixture f = server(4, 1, false);
        Socket s = new Socket("127.0.0.1", f.server.port())) {
      s.setSoTimeout(30_000);
      OutputStream out = s.getOutputStream();
      BufferedReader in =
          new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
      out.write(
          ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  + "Expect: 100-continue\r\nContent-Length: "
                  + BODY.length()
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertThat(in.readLine()).startsWith("HTTP/1.1 100"); // the handler waits for the body
      assertThat(in.readLine()).isEmpty();
      out.write(BODY.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertThat(in.readLine()).startsWith("HTTP/1.1 200");
      assertThat(threads).hasSize(1);
      assertThat(f.upstream.callCount("alpha/small")).isEqualTo(1);
    }
  }

  @Test
  void withEveryPlaceTakenARequestWaitsForOneAndRunsOnAQueueThread() throws Exception {
    // Each client on a thread of its own: the common pool may have one thread, held by the first.
    ExecutorService clients = Executors.newFixedThreadPool(2);
    try (ServeFixture f = server(1, 2, true)) {
      CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> post(f), clients);
      assertThat(ServeFixture.within10s(() -> threads.size() == 1)).isTrue();
      CompletableFuture<Integer> second = CompletableFuture.supplyAsync(() -> post(f), clients);
      assertThat(ServeFixture.within10s(() -> f.metric("orchestrator_serve_workers_waiting") == 1))
          .isTrue();
      assertThat(f.metric("orchestrator_serve_workers_busy")).isEqualTo(1);
      assertThat(threads).as("the second waits: one place").hasSize(1);

      release.countDown();
      assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(200);
      assertThat(second.get(30, TimeUnit.SECONDS)).isEqualTo(200);
      assertThat(threads).hasSize(2);
      assertThat(threads.get(0)).doesNotStartWith(QUEUE_THREAD);
      assertThat(threads.get(1)).startsWith(QUEUE_THREAD);
      assertThat(ServeFixture.within10s(() -> f.metric("orchestrator_serve_workers_busy") == 0))
          .isTrue();
    } finally {
      release.countDown();
      clients.shutdownNow();
    }
  }
}
