package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.providers.simulation.Step;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A front's request whose handler throws what nothing in it catches (an {@link Error} out of a
 * listener) is answered {@code 500} — on the Jetty thread that read its body as on a queue thread
 * (ADR 0059) — and its place is freed: its client never waits for an answer that will not come.
 */
class HandlerFailuresIT {
  private static final String BODY = ServeFixture.body("alpha/small", false, "");

  @Test
  void aRequestWhoseHandlerThrowsIsAnswered500OnEitherThread() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    CountDownLatch release = new CountDownLatch(1);
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("held"))),
                ServeFixture.generousPolicy(),
                o -> o.threads(1),
                e ->
                    e.listener(
                        new OrchestratorListener() {
                          @Override
                          public void onAttemptStart(String model, String route, int attempt) {
                            if (attempts.incrementAndGet() > 1) {
                              throw new StackOverflowError("thrown by a listener");
                            }
                            try { // the first holds the one place until released
                              release.await(30, TimeUnit.SECONDS);
                            } catch (InterruptedException ex) {
                              Thread.currentThread().interrupt();
                            }
                          }
                        }));
        Socket held = new Socket("127.0.0.1", f.server.port());
        Socket queued = new Socket("127.0.0.1", f.server.port());
        Socket here = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(held, RawHttp.post("/v1/chat/completions", BODY, ""));
      assertThat(ServeFixture.within10s(() -> attempts.get() == 1)).isTrue();
      RawHttp.send(queued, RawHttp.post("/v1/chat/completions", BODY, ""));
      assertThat(ServeFixture.within10s(() -> metric(f, "orchestrator_serve_workers_waiting") == 1))
          .isTrue();
      release.countDown();
      assertThat(RawHttp.answer(held)).startsWith("HTTP/1.1 200 ").contains("held");

      // Run by a queue thread once the place was freed.
      String answer = RawHttp.answer(queued);
      assertThat(answer).startsWith("HTTP/1.1 500 ").contains("server_error");
      // what was thrown inside the server is the log's, never the client's
      assertThat(answer)
          .doesNotContain("StackOverflowError")
          .doesNotContain("thrown by a listener");
      assertThat(attempts).hasValue(2);
      // Run by the Jetty thread that read it: the place is free again.
      RawHttp.send(here, RawHttp.post("/v1/chat/completions", BODY, ""));
      assertThat(RawHttp.answer(here)).startsWith("HTTP/1.1 500 ").contains("server_error");
      assertThat(attempts).hasValue(3);
      assertThat(ServeFixture.within10s(() -> metric(f, "orchestrator_serve_workers_busy") == 0))
          .isTrue();
    } finally {
      release.countDown();
    }
  }

  private static double metric(ServeFixture f, String name) {
    String text = f.send(HttpRequest.newBuilder(f.uri("/metrics")).GET().build()).body();
    for (String line : text.split("\n")) {
      if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError(name + " not on /metrics");
  }
}
