package dev.orchestrator.benchmarks.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.orchestrator.benchmarks.RedisProcess;
import dev.orchestrator.benchmarks.load.LoopbackUpstream.Action;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.health.redis.RedisHealthStore;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.serve.OrchestratorServer;
import dev.orchestrator.serve.ServerOptions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The fleet soak (docs/benchmarks.md, issue #17): two {@code serve} replicas (in this JVM, each
 * with its own orchestrator and health store) behind a round-robin caller, a loopback upstream with
 * a {@code --fault-rate} fault mix on every route, and one free route ({@code free-a}) down (HTTP
 * 503) from 20 % to 70 % of the requests. Three runs:
 *
 * <ol>
 *   <li>{@code local}: each replica on in-memory health — every replica pays for the outage;
 *   <li>{@code shared}: both on one Redis namespace — the fleet pays about once; a side thread
 *       measures the propagation delay (a cooldown set on replica 1 until replica 2 sees it);
 *   <li>{@code shared-kill}: as {@code shared}, with redis-server killed at 50 % and restarted at
 *       75 % of the requests.
 * </ol>
 *
 * Asserts, per run: every request got a terminal answer (0 lost) and no free request reached a
 * priced route. Exits 0 when both hold everywhere, 1 otherwise.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.FleetSoak \
 *   [--requests 4000] [--concurrency 16] [--fault-rate 0.30] [--seed 42] [--out benchmarks/target/fleet]
 * </pre>
 */
public final class FleetSoak {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
  private static final String DOWN = "free-a/soak-model";
  private static final Credentials KEY = Credentials.constant("sk-fleet-soak-placeholder");

  private FleetSoak() {}

  /** Runs the three runs; see the class comment. */
  public static void main(String[] args) throws Exception {
    int requests = 4000;
    int concurrency = 16;
    double faultRate = 0.30;
    long seed = 42;
    Path out = Path.of("benchmarks/target/fleet");
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--requests" ->
            requests = (int) Args.bounded("--requests", args[i + 1], 100, 1_000_000);
        case "--concurrency" ->
            concurrency = (int) Args.bounded("--concurrency", args[i + 1], 1, 512);
        case "--fault-rate" -> faultRate = Double.parseDouble(args[i + 1]);
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        case "--out" -> out = Path.of(args[i + 1]);
        default ->
            throw new IllegalArgumentException(
                "option: "
                    + args[i]
                    + " (expected: --requests, --concurrency, --fault-rate, --seed or --out)");
      }
    }
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("started", Instant.now().toString());
    report.put("machine", Machine.describe());
    report.put(
        "options",
        Map.of("requests", requests, "concurrency", concurrency, "faultRate", faultRate));
    boolean passed = true;
    try (RedisProcess redis = RedisProcess.start()) {
      for (String mode : List.of("local", "shared", "shared-kill")) {
        Map<String, Object> r = run(mode, redis, requests, concurrency, faultRate, seed);
        report.put(mode, r);
        passed &= Boolean.TRUE.equals(r.get("passed"));
        System.out.println(mode + ": " + r);
      }
    }
    report.put("passed", passed);
    Files.createDirectories(out);
    Path file = out.resolve("fleet-soak.json");
    JSON.writeValue(file.toFile(), report);
    System.out.println("results: " + file);
    System.exit(passed ? 0 : 1);
  }

  /** A fault mix everywhere, and the down route answering 503 while {@link #down} is set. */
  private static final class Outage implements LoopbackUpstream.Behaviour {
    private final FaultMix mix;
    private final LongAdder downCalls = new LongAdder();
    private volatile boolean down;

    Outage(double rate, long seed) {
      this.mix = new FaultMix(rate, seed);
    }

    @Override
    public Action next(String routeId, boolean stream) {
      if (down && routeId.equals(DOWN)) {
        downCalls.increment();
        return Action.UNAVAILABLE;
      }
      return mix.next(routeId, stream);
    }
  }

  private static Map<String, Object> run(
      String mode, RedisProcess redis, int requests, int concurrency, double rate, long seed)
      throws Exception {
    Outage outage = new Outage(rate, seed);
    LoopbackUpstream upstream = LoopbackUpstream.start(outage, 300, 0);
    Path catalogFile = Files.createTempFile("fleet-soak-catalog-", ".json");
    Files.writeString(catalogFile, FaultSoak.catalog(upstream));
    OrchestratorPolicy policy =
        OrchestratorPolicy.builder()
            .deadline(Duration.ofMillis(2000))
            .attemptTimeout(Duration.ofMillis(800))
            .firstTokenTimeout(Duration.ofMillis(400))
            .streamIdleTimeout(Duration.ofMillis(400))
            .connectTimeout(Duration.ofMillis(250))
            .backoff(Duration.ofMillis(25), Duration.ofMillis(250))
            .sameRouteRetries(1)
            .seed(seed)
            .build();
    String namespace = "soak-" + mode + "-" + System.nanoTime();
    List<RedisHealthStore> stores = new ArrayList<>();
    List<OrchestratorServer> replicas = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      HealthStore store = null;
      if (!mode.equals("local")) {
        RedisHealthStore s =
            RedisHealthStore.builder()
                .uri(redis.uri())
                .namespace(namespace)
                .settings(policy.breakers())
                .build();
        stores.add(s);
        store = s;
      }
      HealthStore shared = store;
      replicas.add(
          OrchestratorServer.builder()
              .catalog(CatalogLoader.load(List.of(catalogFile)))
              .providers(HttpProviderClients.builder().credentials(KEY).build())
              .credentials(KEY)
              .policy(policy)
              .configure(shared == null ? null : b -> b.healthStore(shared))
              .options(ServerOptions.builder().port(0).threads(64).accessLog(null).build())
              .start());
    }
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    Map<String, LongAdder> byQuarter = new ConcurrentHashMap<>();
    LongAdder lost = new LongAdder();
    AtomicInteger next = new AtomicInteger();
    AtomicBoolean running = new AtomicBoolean(true);
    List<Long> propagation = Collections.synchronizedList(new ArrayList<>());
    Thread sampler =
        stores.isEmpty() ? null : new Thread(() -> sample(stores, running, propagation));
    if (sampler != null) {
      sampler.setDaemon(true);
      sampler.start();
    }
    long t0 = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int c = 0; c < concurrency; c++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
                    if (i == requests / 5) {
                      outage.down = true;
                    } else if (i == requests * 7 / 10) {
                      outage.down = false;
                    }
                    if (mode.equals("shared-kill") && i == requests / 2) {
                      redis.kill();
                    } else if (mode.equals("shared-kill") && i == requests * 3 / 4) {
                      redis.restart();
                    }
                    String o = call(http, replicas.get(i % 2), i);
                    if (o == null) {
                      lost.increment();
                    } else {
                      outcomes.computeIfAbsent(o, k -> new LongAdder()).increment();
                      String q = "q" + (i * 4 / requests + 1) + " " + o;
                      byQuarter.computeIfAbsent(q, k -> new LongAdder()).increment();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
      running.set(false);
      if (sampler != null) {
        sampler.join(10_000);
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    Map<String, Long> calls = upstream.callsByRoute();
    replicas.forEach(OrchestratorServer::close);
    stores.forEach(RedisHealthStore::close);
    upstream.close();
    Files.deleteIfExists(catalogFile);

    long priced =
        calls.entrySet().stream()
            .filter(e -> FaultSoak.PAID.stream().anyMatch(p -> e.getKey().startsWith(p + "/")))
            .mapToLong(Map.Entry::getValue)
            .sum();
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("requests", requests);
    r.put("seconds", Math.round(seconds * 10) / 10.0);
    r.put("lost", lost.sum());
    Map<String, Long> o = new TreeMap<>();
    outcomes.forEach((k, v) -> o.put(k, v.sum()));
    r.put("outcomes", o);
    Map<String, Long> q = new TreeMap<>();
    byQuarter.forEach((k, v) -> q.put(k, v.sum()));
    r.put("outcomesByQuarter", q);
    r.put("downRouteCallsWhileDown", outage.downCalls.sum());
    r.put("pricedRouteCalls", priced);
    r.put("upstreamCalls", new TreeMap<>(calls));
    if (!propagation.isEmpty()) {
      List<Long> sorted = new ArrayList<>(propagation);
      Collections.sort(sorted);
      r.put("propagationSamples", sorted.size());
      r.put("propagationP50Ms", sorted.get(sorted.size() / 2) / 1e6);
      r.put("propagationP99Ms", sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1) / 1e6);
    }
    r.put("passed", lost.sum() == 0 && priced == 0);
    return r;
  }

  /** One request; its outcome ({@code ok}, {@code http_NNN}), or {@code null} when lost. */
  private static String call(HttpClient http, OrchestratorServer replica, int i) {
    String body =
        "{\"model\":\"orchestrator/free\",\"messages\":[{\"role\":\"user\",\"content\":"
            + "\"fleet soak "
            + i
            + "\"}],\"max_tokens\":64}";
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/chat/completions"))
            .timeout(Duration.ofSeconds(15))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    try {
      HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() == 200 && r.body().contains("\"choices\"")) {
        return "ok";
      }
      return r.body().contains("\"error\"") ? "http_" + r.statusCode() : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * Every 20 ms: a cooldown set through replica 1's store, timed until replica 2's store sees it
   * (skipped while either is degraded).
   */
  private static void sample(List<RedisHealthStore> stores, AtomicBoolean running, List<Long> out) {
    RedisHealthStore from = stores.get(0);
    RedisHealthStore to = stores.get(1);
    for (int n = 0; running.get(); n++) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
      if (from.status().degraded() || to.status().degraded()) {
        continue;
      }
      String route = "propagation/probe-" + n;
      long start = System.nanoTime();
      from.coolDown(route, Duration.ofSeconds(2));
      while (to.cooldownRemaining(route).isZero()) {
        if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(2) || !running.get()) {
          break;
        }
        LockSupport.parkNanos(20_000);
      }
      if (!to.cooldownRemaining(route).isZero()) {
        out.add(System.nanoTime() - start);
      }
    }
  }
}
