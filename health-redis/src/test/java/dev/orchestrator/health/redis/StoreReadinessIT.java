package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.OrchestratorServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /readyz} over a health store on Redis (with an ACL user and password) that is killed and
 * restarted: {@code 503} with the {@code health_store} condition while it is degraded, ready again
 * once it is back; with {@code readyzIgnoresHealthStore} ready throughout, the store a detail.
 * Requests are served on local health either way; the password never shows.
 */
class StoreReadinessIT {
  private static final String PASSWORD = "readyz-Pa55-word";
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private RedisServer redis;
  private ScriptedUpstream upstream;
  private RedisHealthStore store;
  private OrchestratorServer strict;
  private OrchestratorServer lenient;

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.startWithUser("serve", PASSWORD);
    upstream = ScriptedUpstream.start(Map.of("alpha/small", List.of(Step.ok("hello"))));
    store =
        RedisHealthStore.builder()
            .uri("redis://serve:" + PASSWORD + "@127.0.0.1:" + redis.port())
            .namespace("readyz")
            .commandTimeout(Duration.ofMillis(300))
            .resyncEvery(Duration.ofMillis(200))
            .build();
    strict = replica(false);
    lenient = replica(true);
  }

  private OrchestratorServer replica(boolean ignoreStore) {
    return Upstreams.replica(upstream, store, o -> o.readyzIgnoresHealthStore(ignoreStore)).start();
  }

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable c : new AutoCloseable[] {strict, lenient, store, upstream}) {
      if (c != null) {
        c.close();
      }
    }
    if (redis != null) {
      redis.close();
    }
  }

  private HttpResponse<String> readyz(OrchestratorServer replica) throws Exception {
    return Upstreams.readyz(http, replica, PASSWORD);
  }

  private int chat(OrchestratorServer replica) throws Exception {
    String body =
        "{\"model\":\"alpha/small\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    return http.send(
            HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/chat/completions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  private boolean ready(OrchestratorServer replica) {
    try {
      return readyz(replica).statusCode() == 200;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aDegradedStoreMakesReadyz503WithTheReasonUntilRedisReturns() throws Exception {
    HttpResponse<String> ok = readyz(strict);
    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(ok.body()).path("failing")).isEmpty();

    redis.kill();
    Eventually.await("the store degraded", () -> store.status().degraded());
    HttpResponse<String> down = readyz(strict);
    assertThat(down.statusCode()).isEqualTo(503);
    JsonNode body = JSON.readTree(down.body());
    assertThat(body.path("status").asText()).isEqualTo("not_ready");
    assertThat(body.path("failing")).hasSize(1);
    assertThat(body.at("/failing/0/check").asText()).isEqualTo("health_store");
    assertThat(body.at("/failing/0/reason").asText())
        .contains("the health store is degraded")
        .contains("redis://127.0.0.1:" + redis.port())
        .doesNotContain("serve@"); // the URL is shown without its user name
    assertThat(body.at("/health/store/degraded").asBoolean()).isTrue();
    assertThat(chat(strict)).isEqualTo(200); // served on local health all the same

    redis.restart();
    Eventually.await("ready again", () -> ready(strict));
    assertThat(store.status().degraded()).isFalse();
  }

  @Test
  void withTheOptOutReadyzStaysReadyAndShowsTheDegradedStoreAsADetail() throws Exception {
    redis.kill();
    Eventually.await("the store degraded", () -> store.status().degraded());

    HttpResponse<String> r = readyz(lenient);
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(r.body());
    assertThat(body.path("status").asText()).isEqualTo("ready");
    assertThat(body.path("failing")).isEmpty();
    assertThat(body.at("/health/store/degraded").asBoolean()).isTrue();
    assertThat(body.at("/health/store/detail").asText()).contains("using local health");
    assertThat(chat(lenient)).isEqualTo(200);
  }
}
