package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.serve.OrchestratorServer;
import dev.orchestrator.serve.ServerOptions;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A catalog on one scripted loopback upstream, and orchestrators over it that share a health store.
 * Routes: {@code alpha/small}, {@code beta/large}, {@code delta/limited}, {@code epsilon/spare}
 * (free) and {@code gamma/priced}. Pools: {@code pair} (alpha, beta), {@code limited-pair} (delta,
 * beta) and {@code free-trio} (alpha, delta, epsilon), all virtual.
 */
final class Upstreams {
  static final Credentials CREDS = Credentials.constant("sk-sim-fleet-key");

  private Upstreams() {}

  /** The replica's {@code GET /readyz}; its body never shows {@code secret}. */
  static HttpResponse<String> readyz(HttpClient http, OrchestratorServer replica, String secret)
      throws Exception {
    String base = replica.baseUrl().substring(0, replica.baseUrl().length() - "/v1".length());
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/readyz")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.body()).doesNotContain(secret);
    return r;
  }

  static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("alpha", "beta", "gamma", "delta", "epsilon")) {
      b.provider(Provider.of(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT, List.of("SIM_KEY")));
    }
    b.route(Route.builder("alpha", "small").tier(Tier.FREE).contextWindow(8_000).build());
    b.route(Route.builder("beta", "large").tier(Tier.FREE).contextWindow(128_000).build());
    b.route(Route.builder("delta", "limited").tier(Tier.FREE).contextWindow(8_000).build());
    b.route(Route.builder("epsilon", "spare").tier(Tier.FREE).contextWindow(8_000).build());
    b.route(
        Route.builder("gamma", "priced")
            .prices(BigDecimal.ONE, BigDecimal.valueOf(2))
            .contextWindow(128_000)
            .build());
    b.pool(new Pool("pair", PoolKind.VIRTUAL, List.of("alpha/small", "beta/large")));
    b.pool(new Pool("limited-pair", PoolKind.VIRTUAL, List.of("delta/limited", "beta/large")));
    b.pool(
        new Pool(
            "free-trio",
            PoolKind.VIRTUAL,
            List.of("alpha/small", "delta/limited", "epsilon/spare")));
    return b.build();
  }

  /** Short timeouts, no same-route retries: each failure is one upstream call. */
  static OrchestratorPolicy policy() {
    return OrchestratorPolicy.builder()
        .connectTimeout(Duration.ofMillis(500))
        .attemptTimeout(Duration.ofMillis(1500))
        .firstTokenTimeout(Duration.ofMillis(1000))
        .streamIdleTimeout(Duration.ofMillis(1000))
        .deadline(Duration.ofSeconds(6))
        .backoff(Duration.ofMillis(5), Duration.ofMillis(20))
        .sameRouteRetries(0)
        .seed(7L)
        .build();
  }

  /**
   * A {@code serve} replica on {@code upstream} whose orchestrator shares {@code store}: port 0, 4
   * threads, no access log, then whatever {@code options} adds. Not started.
   */
  static OrchestratorServer.Builder replica(
      ScriptedUpstream upstream, HealthStore store, UnaryOperator<ServerOptions.Builder> options) {
    return OrchestratorServer.builder()
        .catalog(catalog(upstream))
        .providers(HttpProviderClients.builder().credentials(CREDS).build())
        .credentials(CREDS)
        .policy(policy())
        .configure(b -> b.healthStore(store))
        .options(options.apply(ServerOptions.builder().port(0).threads(4).accessLog(null)).build());
  }

  static TaskOrchestrator.Builder orchestrator(ScriptedUpstream upstream, HealthStore store) {
    return TaskOrchestrator.builder()
        .catalog(catalog(upstream))
        .providers(HttpProviderClients.builder().credentials(CREDS).build())
        .credentials(CREDS)
        .policy(policy())
        .healthStore(store);
  }
}
