package dev.orchestrator.serve;

import static dev.orchestrator.serve.PromText.value;
import static dev.orchestrator.serve.RawHttp.answer;
import static dev.orchestrator.serve.RawHttp.get;
import static dev.orchestrator.serve.RawHttp.send;
import static dev.orchestrator.serve.RawHttp.untilClosed;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator sees on {@code /metrics} of clients holding connections (slowloris): the heads
 * cut off by {@link ServerOptions#headTimeout()} — a head begun and not finished, answered {@code
 * 408}, apart from a new connection that sent nothing, closed — and the times the server held
 * {@link ServerOptions#maxConnections()} connections and stopped accepting.
 */
class SlowClientMetricsIT {
  @TempDir Path dir;

  private static String scrape(ServeFixture f) {
    HttpResponse<String> r = f.get("/metrics");
    assertThat(r.statusCode()).isEqualTo(200);
    return r.body();
  }

  /** The scrape, over {@code s}: at the connection cap no new connection would be accepted. */
  private static String scrape(Socket s) throws Exception {
    send(s, get("/metrics"));
    String a = answer(s);
    assertThat(a).startsWith("HTTP/1.1 200 ");
    return a;
  }

  @Test
  void headTimeoutsAreCountedByWhetherAHeadHadBegun() throws Exception {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(), ServeFixture.generousPolicy(), o -> o.headTimeout(Duration.ofMillis(300)))) {
      String before = scrape(f);
      assertThat(before).contains("orchestrator_serve_head_timeouts_total{head=\"partial\"} 0.0");
      assertThat(before).contains("orchestrator_serve_head_timeouts_total{head=\"none\"} 0.0");

      // A head begun and never finished: 408, then closed.
      try (Socket partial = new Socket("127.0.0.1", f.server.port())) {
        send(partial, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: a");
        assertThat(untilClosed(partial)).startsWith("HTTP/1.1 408 ");
      }
      // A new connection that sends nothing: closed without a word.
      try (Socket silent = new Socket("127.0.0.1", f.server.port())) {
        assertThat(untilClosed(silent)).isEmpty();
      }
      // A kept-alive connection idle past the bound is the idle timeout's, and not counted: the
      // scrapes' own pooled connection has idled through several bounds by now.
      String after = scrape(f);
      assertThat(value(after, "orchestrator_serve_head_timeouts_total", Map.of("head", "partial")))
          .isEqualTo(1);
      assertThat(value(after, "orchestrator_serve_head_timeouts_total", Map.of("head", "none")))
          .isEqualTo(1);
      PromText.assertPromtoolAccepts(after, dir);
    }
  }

  @Test
  void reachingTheConnectionCapIsCountedEachTime() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(
                Map.of(),
                ServeFixture.generousPolicy(),
                o -> o.maxConnections(2).headTimeout(Duration.ofSeconds(60)));
        Socket first = new Socket("127.0.0.1", f.server.port())) {
      String m = scrape(first);
      assertThat(value(m, "orchestrator_serve_connection_limit", Map.of())).isEqualTo(2);
      assertThat(m).contains("orchestrator_serve_connection_limit_reached_total 0.0");

      try (Socket second = new Socket("127.0.0.1", f.server.port())) {
        send(second, get("/healthz"));
        assertThat(answer(second)).startsWith("HTTP/1.1 200 "); // accepted: the cap is reached
        assertThat(
                value(scrape(first), "orchestrator_serve_connection_limit_reached_total", Map.of()))
            .isEqualTo(1);
      }
      // The second closed, so a third is accepted (once the server has seen the close): the cap
      // is reached a second time.
      try (Socket third = new Socket("127.0.0.1", f.server.port())) {
        send(third, get("/healthz"));
        assertThat(answer(third)).startsWith("HTTP/1.1 200 ");
        String after = scrape(first);
        assertThat(value(after, "orchestrator_serve_connection_limit_reached_total", Map.of()))
            .isEqualTo(2);
        assertThat(value(after, "orchestrator_jetty_connections_current_connections", Map.of()))
            .isEqualTo(2);
      }
    }
  }
}
