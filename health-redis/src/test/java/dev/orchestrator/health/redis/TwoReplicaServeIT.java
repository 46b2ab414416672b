package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.health.BreakerState;
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
 * Two {@code serve} replicas on one Redis (with an ACL user and password): health learnt through
 * replica 1 changes replica 2's plan, seen in {@code x-orchestrator-attempts}; {@code /readyz}
 * reports route health, never the password ({@link StoreReadinessIT}: a degraded store).
 */
class TwoReplicaServeIT {
  private static final String PASSWORD = "replica-Pa55-word";
  private static final ObjectMapper JSON = new ObjectMapper();
  private RedisServer redis;
  private TwoReplicas fleet;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.startWithUser("serve", PASSWORD);
    fleet =
        new TwoReplicas(
            "redis://serve:" + PASSWORD + "@127.0.0.1:" + redis.port(),
            Map.of("alpha/small", List.of(Step.answer(503, "{\"error\":{\"message\":\"down\"}}"))),
            (upstream, store) -> Upstreams.replica(upstream, store, o -> o));
  }

  @AfterEach
  void stop() throws Exception {
    if (fleet != null) {
      fleet.close();
    }
    if (redis != null) {
      redis.close();
    }
  }

  private HttpResponse<String> chat(OrchestratorServer replica) throws Exception {
    String body = "{\"model\":\"pair\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    return http.send(
        HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode readyz(OrchestratorServer replica) throws Exception {
    return JSON.readTree(Upstreams.readyz(http, replica, PASSWORD).body());
  }

  @Test
  void healthLearntThroughReplicaOneChangesReplicaTwosPlan() throws Exception {
    HttpResponse<String> first = chat(fleet.replica1);
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.headers().firstValue("x-orchestrator-attempts")).hasValue("2");
    while (fleet.store1.breaker("alpha/small") != BreakerState.OPEN) {
      assertThat(chat(fleet.replica1).headers().firstValue("x-orchestrator-attempts"))
          .hasValue("2");
    }
    Eventually.await(
        "replica 2 sees the breaker",
        () -> fleet.store2.breaker("alpha/small") == BreakerState.OPEN);

    HttpResponse<String> second = chat(fleet.replica2);
    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(second.body()).path("model").asText()).isEqualTo("beta/large");
    assertThat(second.headers().firstValue("x-orchestrator-attempts")).hasValue("1");
    assertThat(readyz(fleet.replica2).path("health").path("circuitOpen").asInt()).isEqualTo(1);
  }
}
