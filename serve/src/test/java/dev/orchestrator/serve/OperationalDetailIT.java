package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What `serve` shows to callers without a token (issue #30, findings 9 and 10): the liveness and
 * readiness status, for load balancers; not {@code /readyz}'s detail (catalog sources, credential
 * variables, store) nor {@code /metrics}, unless {@code --public-health}. Paths are matched
 * decoded.
 */
class OperationalDetailIT {
  private static HttpResponse<String> get(ServeFixture f, String path, String token) {
    HttpRequest.Builder b = HttpRequest.newBuilder(f.uri(path)).GET();
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return f.send(b.build());
  }

  @Test
  void withATokenSetOnlyTheStatusIsPublic() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(), ServeFixture.policy().build(), o -> o.token(ServeFixture.TOKEN))) {
      assertThat(get(f, "/healthz", null).statusCode()).isEqualTo(200);

      HttpResponse<String> bare = get(f, "/readyz", null);
      HttpResponse<String> full = get(f, "/readyz", ServeFixture.TOKEN);
      assertThat(bare.statusCode()).isEqualTo(full.statusCode());
      assertThat(json(bare.body()).fieldNames()).toIterable().containsExactly("status");
      assertThat(json(bare.body()).path("status")).isEqualTo(json(full.body()).path("status"));
      assertThat(json(full.body()).has("catalog")).isTrue();
      assertThat(json(full.body()).has("credentials")).isTrue();

      assertThat(get(f, "/metrics", null).statusCode()).isEqualTo(401);
      assertThat(get(f, "/metrics", "wrong-token").statusCode()).isEqualTo(401);
      HttpResponse<String> metrics = get(f, "/metrics", ServeFixture.TOKEN);
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.body()).contains("orchestrator_");
    }
  }

  @Test
  void publicHealthShowsTheDetailToAnyone() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(),
            ServeFixture.policy().build(),
            o -> o.token(ServeFixture.TOKEN).publicHealth(true))) {
      assertThat(json(get(f, "/readyz", null).body()).has("catalog")).isTrue();
      assertThat(get(f, "/metrics", null).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void anEncodedPathIsMatchedDecoded() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r = get(f, "/v1/%6Dodels", null);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(json(r.body()).path("object").asText()).isEqualTo("list");
    }
  }
}
