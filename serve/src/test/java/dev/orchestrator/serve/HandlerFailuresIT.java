package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.net.Socket;
import java.util.List;
import java.util.Map;
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
    HeldAttempts holder =
        HeldAttempts.firstThen(
            () -> {
              throw new StackOverflowError("thrown by a listener");
            });
    try (ServeFixture f =
            ServeFixture.start(
                Map.of("alpha/small", List.of(Step.ok("held"))),
                ServeFixture.generousPolicy(),
                o -> o.threads(1),
                e -> e.listener(holder));
        Socket held = new Socket("127.0.0.1", f.server.port());
        Socket queued = new Socket("127.0.0.1", f.server.port());
        Socket here = new Socket("127.0.0.1", f.server.port())) {
      RawHttp.send(held, RawHttp.post("/v1/chat/completions", BODY, ""));
      assertThat(ServeFixture.within10s(() -> holder.started() == 1)).isTrue();
      RawHttp.send(queued, RawHttp.post("/v1/chat/completions", BODY, ""));
      assertThat(ServeFixture.within10s(() -> f.metric("orchestrator_serve_workers_waiting") == 1))
          .isTrue();
      holder.release();
      assertThat(RawHttp.answer(held)).startsWith("HTTP/1.1 200 ").contains("held");

      // Run by a queue thread once the place was freed.
      String answer = RawHttp.answer(queued);
      assertThat(answer).startsWith("HTTP/1.1 500 ").contains("server_error");
      // what was thrown inside the server is the log's, never the client's
      assertThat(answer)
          .doesNotContain("StackOverflowError")
          .doesNotContain("thrown by a listener");
      assertThat(holder.started()).isEqualTo(2);
      // Run by the Jetty thread that read it: the place is free again.
      RawHttp.send(here, RawHttp.post("/v1/chat/completions", BODY, ""));
      assertThat(RawHttp.answer(here)).startsWith("HTTP/1.1 500 ").contains("server_error");
      assertThat(holder.started()).isEqualTo(3);
      assertThat(ServeFixture.within10s(() -> f.metric("orchestrator_serve_workers_busy") == 0))
          .isTrue();
    } finally {
      holder.release();
    }
  }
}
