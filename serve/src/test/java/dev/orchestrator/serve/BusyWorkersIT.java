package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;

/**
 * Far more model requests than workers, each waiting on a silent upstream: the health, readiness
 * and metrics endpoints still answer at once — a liveness probe must not fail (and restart the
 * process) because the server is busy — and so do refusals; the requests themselves wait their
 * turn.
 */
class BusyWorkersIT {

  @Test
  void healthReadinessAndMetricsAnswerWhileEveryWorkerWaitsOnAnUpstream() throws Exception {
    List<Step> silent = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      silent.add(Step.fault(Fault.NO_RESPONSE));
    }
    List<Socket> clients = new ArrayList<>();
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", silent), ServeFixture.generousPolicy(), o -> o.threads(2))) {
      String body = ServeFixture.body("alpha/small", true, "");
      for (int i = 0; i < 30; i++) { // the 2 workers, Jetty's own threads and many more
        Socket s = new Socket("127.0.0.1", f.server.port());
        clients.add(s);
        OutputStream out = s.getOutputStream();
        out.write(
            ("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: "
                    + body.length()
                    + "\r\n\r\n"
                    + body)
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
      }
      assertThat(ServeFixture.within10s(() -> f.upstream.callCount("alpha/small") == 2)).isTrue();

      for (String path : List.of("/healthz", "/readyz", "/metrics", "/v1/models")) {
        HttpResponse<String> r =
            f.send(
                HttpRequest.newBuilder(f.uri(path)).timeout(Duration.ofSeconds(5)).GET().build());
        assertThat(r.statusCode()).as(path).isIn(200, 503);
      }
      HttpResponse<String> refused =
          f.send(
              HttpRequest.newBuilder(f.uri("/v1/no-such-endpoint"))
                  .timeout(Duration.ofSeconds(5))
                  .POST(HttpRequest.BodyPublishers.ofString("{}"))
                  .build());
      assertThat(refused.statusCode()).isEqualTo(404);
      assertThat(f.upstream.callCount("alpha/small")).as("requests wait their turn").isEqualTo(2);
    } finally {
      for (Socket s : clients) {
        s.close();
      }
    }
  }

  /**
   * Jetty's acceptors, selectors and reserved threads come out of the pool the places' requests may
   * hold (ADR 0059), and their number grows with the machine's cores: the pool is sized from the
   * numbers Jetty chose, so that on a machine of any size {@code JETTY_THREADS} are left over.
   */
  @Test
  void jettysPoolKeepsThreadsBeyondEveryPlaceAndJettysOwn() {
    try (ServeFixture f =
        ServeFixture.start(Map.of(), ServeFixture.generousPolicy(), o -> o.threads(2))) {
      Server jetty = f.server.jettyServer();
      QueuedThreadPool pool = (QueuedThreadPool) jetty.getThreadPool();
      ServerConnector connector = (ServerConnector) jetty.getConnectors()[0];
      int jettysOwn =
          connector.getAcceptors()
              + connector.getSelectorManager().getSelectorCount()
              + pool.getReservedThreads();
      assertThat(pool.getReservedThreads()).isPositive();
      assertThat(pool.getMaxThreads() - 2 - jettysOwn).isEqualTo(OrchestratorServer.JETTY_THREADS);
    }
  }

  /**
   * A request queued for a place whose deadline passes before one frees is answered {@code 504}
   * {@code deadline_exceeded} at its deadline, while the place is still held — not when the held
   * request ends, which may be long after (its client would wait for another's answer). It is never
   * sent upstream, and the place, when it frees, goes to the next request.
   */
  @Test
  void aRequestQueuedPastItsDeadlineIsAnswered504WhileThePlaceIsStillHeld() throws Exception {
    HeldAttempts holder = HeldAttempts.first();
    String body = ServeFixture.body("alpha/small", false, "");
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("held"), Step.ok("next"), Step.ok("more"))),
                ServeFixture.policy().deadline(Duration.ofSeconds(1)).build(),
                o -> o.threads(1),
                e -> e.listener(holder));
        Socket held = new Socket("127.0.0.1", f.server.port());
        Socket queued = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(held, RawHttp.post("/v1/chat/completions", body, ""));
      assertThat(ServeFixture.within10s(() -> holder.started() == 1)).isTrue();
      RawHttp.send(queued, RawHttp.post("/v1/chat/completions", body, ""));

      String answer = RawHttp.answer(queued); // within 10 s, the place held all along
      assertThat(answer)
          .startsWith("HTTP/1.1 504 ")
          .contains("\"timeout_error\"", "\"deadline_exceeded\"", "waiting for a place");
      assertThat(holder.holding()).as("the place is still held").isTrue();
      assertThat(holder.started()).isEqualTo(1);
      assertThat(f.server.meterRegistry().get("orchestrator.serve.workers.waiting").gauge().value())
          .isZero();
      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 1)).isTrue();
      assertThat(f.accessLog.get(0)).contains("\"status\":504", "deadline_exceeded");
      assertThat(
              PromText.value(
                  f.get("/metrics").body(),
                  "orchestrator_requests_total",
                  // Never planned: the label is "other", as for a wait under the load limit.
                  Map.of("front", "chat", "model", "other", "outcome", "deadline_exceeded")))
          .isEqualTo(1.0);

      holder.release();
      RawHttp.answer(held); // the held request's own deadline has passed meanwhile: any answer
      RawHttp.send(queued, RawHttp.post("/v1/chat/completions", body, ""));
      assertThat(RawHttp.answer(queued)).startsWith("HTTP/1.1 200 ");
    } finally {
      holder.release();
    }
  }
}
