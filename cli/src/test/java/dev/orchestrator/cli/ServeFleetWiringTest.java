package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.health.redis.SharedResponses;
import dev.orchestrator.serve.LocalSpendStore;
import dev.orchestrator.serve.responses.LocalResponseStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * How {@code serve} wires a {@code --health-store}: the store's spend store counts the budgets, its
 * shared responses keep the Responses front's stored answers, and a degraded store makes {@code
 * /readyz} fail its {@code health_store} check unless {@code --readyz-ignores-health-store}. The
 * store points at a port nothing listens on, so it is degraded from the start (the Redis behaviour
 * itself is tested in health-redis).
 */
class ServeFleetWiringTest {
  @TempDir Path dir;
  private final HttpClient http = HttpClient.newHttpClient();

  private ServeCommand.Running start(String... extra) {
    List<String> args = new ArrayList<>(List.of("--port", "0", "--no-access-log"));
    args.addAll(List.of("--cache-dir", dir.toString()));
    args.addAll(List.of(extra));
    ServeCommand command = new ServeCommand();
    new CommandLine(command).parseArgs(args.toArray(String[]::new));
    return command.start(new PrintWriter(new StringWriter()));
  }

  private static String unreachableStore() {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return "redis://fleet:Pa55w0rd@127.0.0.1:" + s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private JsonNode readyz(ServeCommand.Running r) throws Exception {
    String base = r.server().baseUrl().replaceFirst("/v1$", "");
    HttpResponse<String> resp =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/readyz")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(resp.body()).doesNotContain("Pa55w0rd");
    JsonNode body = Json.MAPPER.readTree(resp.body());
    assertThat(resp.statusCode()).isEqualTo(body.path("failing").isEmpty() ? 200 : 503);
    return body;
  }

  private static List<String> failingChecks(JsonNode readyz) {
    List<String> checks = new ArrayList<>();
    readyz.path("failing").forEach(f -> checks.add(f.path("check").asText()));
    return checks;
  }

  /**
   * The shared store judges routes by the policy's breaker settings, as the in-memory store does:
   * above all its probe lease follows the attempt timeout. Before, the store kept the library's
   * defaults (a 30 s lease against serve's 120 s attempt): a probe answering after 30 s found its
   * lease expired, its success changed nothing, and a route whose answers take that long stayed
   * half-open for the whole fleet, one request per lease.
   */
  @Test
  void theSharedStoreJudgesRoutesByThePolicysBreakerSettings() {
    try (ServeCommand.Running r =
        start("--health-store", unreachableStore(), "--attempt-timeout-ms", "90000")) {
      OrchestratorPolicy policy = r.server().orchestrator().policy();
      assertThat(r.health().settings()).isEqualTo(policy.breakers());
      assertThat(r.health().settings().probeLease()).isGreaterThan(policy.timeouts().attempt());
      assertThat(r.server().orchestrator().health().settings().probeLease())
          .isGreaterThan(policy.timeouts().attempt());
    }
  }

  @Test
  void aHealthStoreCountsSpendAndADegradedOneFailsReadiness() throws Exception {
    try (ServeCommand.Running r = start("--health-store", unreachableStore())) {
      assertThat(r.server().spendStore()).isSameAs(r.health().spendStore());
      assertThat(r.server().responseStore()).isInstanceOf(SharedResponses.class);
      assertThat(r.server().orchestrator().health().status().degraded()).isTrue();
      JsonNode body = readyz(r);
      assertThat(failingChecks(body)).contains("health_store");
      assertThat(body.at("/health/store/degraded").asBoolean()).isTrue();
    }
  }

  @Test
  void theOptOutKeepsTheStoreADetailOfReadiness() throws Exception {
    try (ServeCommand.Running r =
        start("--health-store", unreachableStore(), "--readyz-ignores-health-store")) {
      JsonNode body = readyz(r);
      assertThat(failingChecks(body)).doesNotContain("health_store");
      assertThat(body.at("/health/store/degraded").asBoolean()).isTrue();
    }
  }

  @Test
  void withoutAStoreSpendIsKeptInTheCacheDirectory() throws IOException {
    Path tokens = dir.resolve("tokens.yaml");
    Files.writeString(tokens, "tokens:\n  - name: a\n    token: s3cret\n    budgetUsdPerDay: 1\n");
    try (ServeCommand.Running r = start("--tokens-file", tokens.toString())) {
      assertThat(r.health()).isNull();
      assertThat(r.server().spendStore()).isInstanceOf(LocalSpendStore.class);
      assertThat(r.server().responseStore()).isInstanceOf(LocalResponseStore.class);
      r.server().spendStore().add("a", Instant.now(), new BigDecimal("0.25"));
      assertThat(dir.resolve("spend.json")).exists();
      assertThat(dir.resolve("spend.json.lock")).exists(); // held while it runs (ADR 0052)
    }
  }

  /**
   * With a store, the fleet's spend this replica knows is kept in the cache directory, and a
   * replica started while Redis is unreachable starts from it: a spent budget stays spent.
   */
  @Test
  void aReplicaStartedWhileRedisIsDownStartsFromTheFleetSpendKeptInTheCacheDirectory() {
    Instant now = Instant.now();
    String store = unreachableStore();
    try (ServeCommand.Running r = start("--health-store", store)) {
      r.server().spendStore().add("team-a", now, new BigDecimal("0.009"));
    }
    assertThat(dir.resolve("fleet-spend.txt")).exists();
    try (ServeCommand.Running r = start("--health-store", store)) {
      assertThat(r.server().spendStore().totals("team-a", now).daySpendUsd())
          .isEqualByComparingTo("0.009");
    }
  }
}
