package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An upstream that echoes the key it was sent — one with no prefix the redactor knows, as a
 * self-hosted server's or a gateway's — in its request id header, in its error's type, code and
 * request id, and in a message long enough to be cut: none of it reaches serve's client (a rejected
 * request's body passes the upstream's error through), the access log or a trace, whole or
 * streamed, for a single route or a pool.
 */
class EchoedKeyIT {
  private static final String KEY = "Zq7Wm3Kp9Rt2Vx8Ny4Lb6Hd1Fg5Jc0";
  private static final String PIECE = KEY.substring(0, 6);

  private static Step echo(int status) {
    String body =
        "{\"error\":{\"type\":\""
            + KEY
            + "\",\"code\":\""
            + KEY
            + "\",\"request_id\":\""
            + KEY
            + "\",\"message\":\""
            + "m".repeat(490)
            + " "
            + KEY
            + "\"}}";
    return Step.answer(status, body).withHeaders(Map.of("x-request-id", KEY));
  }

  private static TaskOrchestrator orchestrator(ScriptedUpstream upstream) {
    Credentials creds = Credentials.constant(KEY);
    return TaskOrchestrator.builder()
        .catalog(ServeFixture.catalog(upstream))
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(ServeFixture.policy().build())
        .build();
  }

  @Test
  void noPieceOfAnEchoedKeyReachesTheClientTheLogOrATrace() {
    try (ServeFixture f =
        ServeFixture.withOrchestrator(
            Map.of("alpha/small", List.of(echo(400)), "beta/large", List.of(echo(401))),
            EchoedKeyIT::orchestrator)) {
      HttpResponse<String> single = f.chat("alpha/small");
      HttpResponse<String> pool = f.chat("pair");
      ServeFixture.Sse streamed = f.stream("alpha/small", "");

      assertThat(single.statusCode()).isEqualTo(400);
      assertThat(single.body()).contains("mmm");
      assertThat(pool.statusCode()).isEqualTo(502);
      for (String out :
          List.of(
              single.body(),
              single.headers().map().toString(),
              pool.body(),
              pool.headers().map().toString(),
              streamed.body,
              streamed.response.headers().map().toString(),
              f.accessLog.toString(),
              f.traces.toString())) {
        assertThat(out).doesNotContain(PIECE);
      }
      assertThat(f.traces).isNotEmpty();
    }
  }
}
