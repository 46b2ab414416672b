package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.OrchestratorServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two {@code serve} replicas whose spend store is their health store's (ADR 0022): a client's daily
 * budget spent through one is refused on the other, free routes stay open on both, a new day opens
 * it again, and a restarted replica starts from the fleet's spend.
 */
class TwoReplicaBudgetIT {
  private static final String TOKEN = "team-a-s3cret-token";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** 500 × $1/M + 250 × $2/M = $0.001 per answer on gamma/priced: the whole daily budget. */
  private static final Map<String, List<Step>> SCRIPTS =
      Map.of(
          "gamma/priced",
          List.of(
              Step.ok("priced").withUsage(Map.of("prompt_tokens", 500, "completion_tokens", 250))),
          "alpha/small",
          List.of(Step.ok("free").withUsage(Map.of("prompt_tokens", 5, "completion_tokens", 5))));

  private static final ClientToken TEAM_A =
      new ClientToken(
          "team-a",
          ClientToken.of("team-a", TOKEN).digest(),
          new BigDecimal("0.001"),
          null,
          List.of());

  private final ManualTime time = new ManualTime();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final List<AutoCloseable> open = new ArrayList<>();
  private RedisServer redis;
  private ScriptedUpstream upstream;

  @BeforeEach
  void start() throws Exception {
    redis = RedisServer.start();
    upstream = ScriptedUpstream.start(SCRIPTS);
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
    upstream.close();
    if (redis != null) {
      redis.close();
    }
  }

  /** A store and a replica on it; closed in reverse order after the test. */
  private Replica replica() {
    RedisHealthStore store =
        RedisHealthStore.builder()
            .uri(redis.uri())
            .namespace("budgets")
            .commandTimeout(Duration.ofMillis(500))
            .build();
    open.add(store);
    OrchestratorServer server =
        Upstreams.replica(upstream, store, o -> o.clients(List.of(TEAM_A)))
            .spendStore(store.spendStore())
            .clock(time)
            .start();
    open.add(server);
    return new Replica(store, server, time);
  }

  private record Replica(RedisHealthStore store, OrchestratorServer server, ManualTime time) {
    boolean sees(String usd) {
      return store
              .spendStore()
              .totals("team-a", time.instant())
              .daySpendUsd()
              .compareTo(new BigDecimal(usd))
          >= 0;
    }
  }

  private HttpResponse<String> chat(Replica r, String model) throws Exception {
    String body =
        "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    return http.send(
        HttpRequest.newBuilder(URI.create(r.server().baseUrl() + "/chat/completions"))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private long secondsToMidnight() {
    Instant now = time.instant();
    Instant midnight = now.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
    return (Duration.between(now, midnight).toMillis() + 999) / 1000;
  }

  @Test
  void aBudgetSpentOnOneReplicaIsRefusedOnTheOtherButFreeRoutesStayOpen() throws Exception {
    Replica one = replica();
    Replica two = replica();
    assertThat(chat(two, "gamma/priced").statusCode()).isEqualTo(200); // two looked: within budget
    Eventually.await("one sees two's spend", () -> one.sees("0.001"));

    HttpResponse<String> refused = chat(one, "gamma/priced");
    assertThat(refused.statusCode()).isEqualTo(429);
    JsonNode error = JSON.readTree(refused.body()).path("error");
    assertThat(error.path("code").asText()).isEqualTo("budget_exceeded");
    assertThat(error.path("message").asText()).contains("team-a").contains("of $0.001");
    assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow()))
        .isBetween(secondsToMidnight() - 5, secondsToMidnight());
    assertThat(chat(two, "gamma/priced").statusCode()).isEqualTo(429);

    for (Replica r : List.of(one, two)) {
      HttpResponse<String> free = chat(r, "alpha/small");
      assertThat(free.statusCode()).isEqualTo(200);
      assertThat(free.headers().firstValue("x-orchestrator-route")).hasValue("alpha/small");
    }

    time.advance(Duration.ofSeconds(secondsToMidnight())); // a new UTC day on both replicas
    assertThat(chat(one, "gamma/priced").statusCode()).isEqualTo(200);
    assertThat(upstream.callCount("gamma/priced")).isEqualTo(2);
  }

  @Test
  void aRestartedReplicaStartsFromTheFleetsSpend() throws Exception {
    Replica one = replica();
    assertThat(chat(one, "gamma/priced").statusCode()).isEqualTo(200);
    one.server().close();
    one.store().close(); // sends what it has not sent yet

    Replica restarted = replica();
    HttpResponse<String> r = chat(restarted, "gamma/priced");
    assertThat(r.statusCode()).isEqualTo(429);
    assertThat(JSON.readTree(r.body()).at("/error/code").asText()).isEqualTo("budget_exceeded");
    assertThat(upstream.callCount("gamma/priced")).isEqualTo(1);
  }

  @Test
  void spendKeysNameTheClientNeverItsToken() throws Exception {
    Replica one = replica();
    assertThat(chat(one, "gamma/priced").statusCode()).isEqualTo(200);
    Eventually.await("spend in redis", () -> !spendKeys().isEmpty());
    assertThat(spendKeys())
        .allSatisfy(k -> assertThat(k).startsWith("{budgets:spend}:team-a:").doesNotContain(TOKEN))
        .hasSize(2);
  }

  private List<String> spendKeys() {
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      return c.sync().keys("{budgets:spend}:*");
    }
  }
}
