package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Two {@code serve} replicas keeping Responses-API answers in one Redis (ADR 0029): a conversation
 * answered by replica 1 is continued through replica 2 with {@code previous_response_id}, and a
 * response deleted through one is gone from the other.
 */
class TwoReplicaResponsesIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private RedisServer redis;
  private TwoReplicas fleet;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.start();
    fleet =
        new TwoReplicas(
            redis.uri(),
            Map.of("beta/large", List.of(Step.ok("I am Ada."), Step.ok("You asked who I am."))),
            (upstream, store) ->
                Upstreams.replica(upstream, store, o -> o)
                    .responseStore(store.responses(100, 1 << 20, Duration.ofHours(1))));
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

  private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> create(OrchestratorServer replica, String body) throws Exception {
    return send(
        HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/responses"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  @Test
  void aConversationAnsweredByOneReplicaContinuesThroughTheOther() throws Exception {
    HttpResponse<String> first =
        create(fleet.replica1, "{\"model\":\"beta/large\",\"input\":\"Who are you?\"}");
    assertThat(first.statusCode()).isEqualTo(200);
    String id = JSON.readTree(first.body()).get("id").asText();

    HttpResponse<String> second =
        create(
            fleet.replica2,
            "{\"model\":\"beta/large\",\"input\":\"What did I ask?\",\"previous_response_id\":\""
                + id
                + "\"}");
    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    JsonNode sent = JSON.readTree(fleet.upstream.received().get(1).body()).get("messages");
    assertThat(sent).hasSize(3);
    assertThat(sent.get(0).get("content").asText()).isEqualTo("Who are you?");
    assertThat(sent.get(1).get("content").asText()).isEqualTo("I am Ada.");
    assertThat(sent.get(2).get("content").asText()).isEqualTo("What did I ask?");

    URI stored = URI.create(fleet.replica2.baseUrl() + "/responses/" + id);
    assertThat(send(HttpRequest.newBuilder(stored).GET()).body()).contains("I am Ada.");
    assertThat(send(HttpRequest.newBuilder(stored).DELETE()).statusCode()).isEqualTo(200);
    URI gone = URI.create(fleet.replica1.baseUrl() + "/responses/" + id);
    assertThat(send(HttpRequest.newBuilder(gone).GET()).statusCode()).isEqualTo(404);
  }

  /**
   * With Redis gone, a conversation stored there cannot be read: the replica says {@code 503} with
   * a short {@code Retry-After}, never the {@code 404} that tells a client to start over.
   */
  @Test
  void aStoredConversationThatCannotBeReadWhileRedisIsGoneIs503Not404() throws Exception {
    HttpResponse<String> first =
        create(fleet.replica1, "{\"model\":\"beta/large\",\"input\":\"Who are you?\"}");
    String id = JSON.readTree(first.body()).get("id").asText();
    redis.close();
    redis = null;

    HttpResponse<String> second =
        create(
            fleet.replica2,
            "{\"model\":\"beta/large\",\"input\":\"What did I ask?\",\"previous_response_id\":\""
                + id
                + "\"}");
    HttpResponse<String> read =
        send(HttpRequest.newBuilder(URI.create(fleet.replica2.baseUrl() + "/responses/" + id)));

    for (HttpResponse<String> r : List.of(second, read)) {
      assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
      assertThat(r.headers().firstValue("Retry-After")).contains("5");
      JsonNode error = JSON.readTree(r.body()).get("error");
      assertThat(error.get("code").asText()).isEqualTo("response_store_unavailable");
      assertThat(error.get("message").asText()).contains("unreachable").doesNotContain("redis://");
    }
    assertThat(second.body()).contains("previous_response_id");
    assertThat(fleet.upstream.received()).hasSize(1); // nothing was sent without the conversation
  }
}
