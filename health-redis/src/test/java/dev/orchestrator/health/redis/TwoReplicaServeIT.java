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
            Map.of(
                "alpha/small",
                List.of(Step.answer(503, "{\"error\":{\"message\":\"down\"}}")),
                "delta/limited",
                List.of(
                    Step.answer(429, "{\"error\":{\"message\":\"slow down\"}}")
                        .withHeaders(Map.of("Retry-After", "60")))),
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
    return chat(replica, "pair");
  }

  private HttpResponse<String> chat(OrchestratorServer replica, String model) throws Exception {
    String body =
        "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
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

  /**
   * A breaker and a cool-down learnt from replica 1 show on replica 2's {@code /metrics}, which
   * never tried either route; a route in the default state has no series there.
   */
  @Test
  void healthLearntFromTheFleetShowsOnEveryReplicasMetrics() throws Exception {
    while (fleet.store1.breaker("alpha/small") != BreakerState.OPEN) {
      assertThat(chat(fleet.replica1).statusCode()).isEqualTo(200);
    }
    assertThat(chat(fleet.replica1, "limited-pair").statusCode()).isEqualTo(200); // 429: cooled
    Eventually.await(
        "replica 2 learns both",
        () ->
            fleet.store2.breaker("alpha/small") == BreakerState.OPEN
                && fleet.store2.cooldownRemaining("delta/limited").toSeconds() > 0);

    String scrape = metrics(fleet.replica2);
    assertThat(sample(scrape, "orchestrator_breaker_open{route=\"alpha/small\"}")).isEqualTo(1);
    assertThat(sample(scrape, "orchestrator_route_cooldown_seconds{route=\"delta/limited\"}"))
        .isGreaterThan(30);
    assertThat(scrape).doesNotContain("route=\"epsilon/spare\"");
    assertThat(readyz(fleet.replica2).path("health").path("coolingDown").asInt()).isEqualTo(1);
  }

  private String metrics(OrchestratorServer replica) throws Exception {
    String base = replica.baseUrl().substring(0, replica.baseUrl().length() - "/v1".length());
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/metrics")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    return r.body();
  }

  /** The value of the sample written {@code series} (name and labels), or NaN when absent. */
  private static double sample(String scrape, String series) {
    return scrape
        .lines()
        .filter(l -> l.startsWith(series + " "))
        .mapToDouble(l -> Double.parseDouble(l.substring(series.length() + 1).trim()))
        .findFirst()
        .orElse(Double.NaN);
  }
}
