package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Whole orchestrators on a scripted loopback upstream, sharing route health on a real Redis. */
class FleetOrchestratorsIT {
  private static final Step DOWN = Step.answer(503, "{\"error\":{\"message\":\"down\"}}");
  private RedisServer redis;
  private final List<AutoCloseable> open = new ArrayList<>();

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.start();
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
    if (redis != null) {
      redis.close();
    }
  }

  private <T extends AutoCloseable> T keep(T c) {
    open.add(c);
    return c;
  }

  private RedisHealthStore store(String ns, ManualTime time) {
    RedisHealthStore.Builder b =
        RedisHealthStore.builder()
            .uri(redis.uri())
            .namespace(ns)
            .commandTimeout(Duration.ofMillis(300))
            .resyncEvery(Duration.ofMillis(500));
    if (time != null) {
      b.clock(time).ticker(time);
    }
    return keep(b.build());
  }

  private static ChatRequest ask(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  @Test
  void aBreakerOpenedThroughOrchestratorAKeepsOrchestratorBOffTheRoute() {
    ScriptedUpstream upstream = keep(ScriptedUpstream.start(Map.of("alpha/small", List.of(DOWN))));
    RedisHealthStore storeA = store("ab", null);
    RedisHealthStore storeB = store("ab", null);
    TaskOrchestrator a = Upstreams.orchestrator(upstream, storeA).build();
    TaskOrchestrator b = Upstreams.orchestrator(upstream, storeB).build();
    for (int i = 0; i < 20 && storeA.breaker("alpha/small") != BreakerState.OPEN; i++) {
      assertThat(a.chat(ask("pair")).route()).isEqualTo("beta/large");
    }
    assertThat(storeA.breaker("alpha/small")).isEqualTo(BreakerState.OPEN);
    Eventually.await(
        "B sees the breaker", () -> storeB.breaker("alpha/small") == BreakerState.OPEN);
    int alphaCalls = upstream.callCount("alpha/small");
    for (int i = 0; i < 10; i++) {
      ChatResult r = b.chat(ask("pair"));
      assertThat(r.route()).isEqualTo("beta/large");
      assertThat(r.trace().attempts()).hasSize(1);
    }
    assertThat(upstream.callCount("alpha/small")).isEqualTo(alphaCalls);
  }

  /** Orchestrators A and B on one upstream, each with its own store in one namespace. */
  private record TwoReplicas(
      ScriptedUpstream upstream,
      RedisHealthStore storeA,
      RedisHealthStore storeB,
      TaskOrchestrator a,
      TaskOrchestrator b) {}

  /**
   * A and B in namespace {@code ns} on {@code time}, over an upstream whose {@code delta/limited}
   * answers one 429 with {@code Retry-After: retryAfter} (seconds), then "back".
   */
  private TwoReplicas rateLimitedOnce(String ns, String retryAfter, ManualTime time) {
    Step limited =
        Step.answer(429, "{\"error\":{\"message\":\"slow down\"}}")
            .withHeaders(Map.of("Retry-After", retryAfter));
    ScriptedUpstream upstream =
        keep(ScriptedUpstream.start(Map.of("delta/limited", List.of(limited, Step.ok("back")))));
    RedisHealthStore storeA = store(ns, time);
    RedisHealthStore storeB = store(ns, time);
    return new TwoReplicas(
        upstream,
        storeA,
        storeB,
        Upstreams.orchestrator(upstream, storeA).ticker(time).build(),
        Upstreams.orchestrator(upstream, storeB).ticker(time).build());
  }

  @Test
  void aLongRetryAfterThroughAKeepsBOffTheRouteForItsLengthOnly() {
    ManualTime time = new ManualTime();
    TwoReplicas f = rateLimitedOnce("cool", "30", time);

    assertThat(f.a().chat(ask("limited-pair")).route()).isEqualTo("beta/large");
    assertThat(f.upstream().callCount("delta/limited")).isEqualTo(1);
    Eventually.await(
        "B sees the cooldown", () -> !f.storeB().cooldownRemaining("delta/limited").isZero());
    assertThat(f.storeB().cooldownRemaining("delta/limited")).isEqualTo(Duration.ofSeconds(30));

    assertThat(f.b().chat(ask("limited-pair")).route()).isEqualTo("beta/large");
    time.advance(Duration.ofMillis(29_990));
    assertThat(f.b().chat(ask("limited-pair")).route()).isEqualTo("beta/large");
    assertThat(f.upstream().callCount("delta/limited")).isEqualTo(1);
    time.advance(Duration.ofMillis(20));
    assertThat(f.b().chat(ask("limited-pair")).route()).isEqualTo("delta/limited");
  }

  @Test
  void aShortRetryAfterThroughAIsEvidenceThatLeavesTheRouteOpenToB() {
    TwoReplicas f = rateLimitedOnce("short", "2", new ManualTime());

    assertThat(f.a().chat(ask("limited-pair")).route()).isEqualTo("beta/large");
    assertThat(f.storeA().cooldownRemaining("delta/limited")).isZero();
    assertThat(f.storeB().cooldownRemaining("delta/limited")).isZero();
    // B's next request may try the route at once (issue #26), and gets the answer A could not.
    assertThat(f.b().chat(ask("limited-pair")).route()).isEqualTo("delta/limited");
    assertThat(f.upstream().callCount("delta/limited")).isEqualTo(2);
  }

  @Test
  void killingRedisUnderMixedFaultsLosesNoRequestAndTheFleetConvergesAfterItsRestart()
      throws Exception {
    Random rnd = new Random(42);
    Map<String, List<Step>> scripts = new java.util.HashMap<>();
    for (String route : List.of("alpha/small", "delta/limited", "epsilon/spare")) {
      List<Step> steps = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        double p = rnd.nextDouble();
        steps.add(
            p < 0.10
                ? DOWN
                : p < 0.18
                    ? Step.answer(429, "{\"error\":{\"message\":\"busy\"}}")
                        .withHeaders(Map.of("Retry-After", "1"))
                    : p < 0.24
                        ? Step.fault(Fault.RESET_BEFORE_RESPONSE)
                        : p < 0.30 ? Step.answer(500, "{}") : Step.ok("fine " + i));
      }
      steps.add(Step.ok("steady"));
      scripts.put(route, steps);
    }
    ScriptedUpstream upstream = keep(ScriptedUpstream.start(scripts));
    RedisHealthStore storeA = store("chaos", null);
    RedisHealthStore storeB = store("chaos", null);
    List<TaskOrchestrator> fleet =
        List.of(
            Upstreams.orchestrator(upstream, storeA).build(),
            Upstreams.orchestrator(upstream, storeB).build());

    AtomicInteger answered = new AtomicInteger();
    AtomicInteger typedErrors = new AtomicInteger();
    AtomicInteger sent = new AtomicInteger();
    int perThread = 60;
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<?>> done = new ArrayList<>();
    try {
      for (int t = 0; t < 8; t++) {
        TaskOrchestrator o = fleet.get(t % 2);
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < perThread; i++) {
                    sent.incrementAndGet();
                    try {
                      o.chat(ask("free-trio"));
                      answered.incrementAndGet();
                    } catch (OrchestratorException e) {
                      typedErrors.incrementAndGet(); // a terminal, typed answer
                    }
                  }
                  return null;
                }));
      }
      Eventually.await("a third of the load sent", () -> sent.get() > 8 * perThread / 3);
      redis.kill();
      Eventually.await("two thirds of the load sent", () -> sent.get() > 8 * perThread * 2 / 3);
      assertThat(storeA.status().degraded() || storeB.status().degraded()).isTrue();
      redis.restart();
      for (Future<?> f : done) {
        f.get(5, TimeUnit.MINUTES); // an unexpected exception would surface here
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(answered.get() + typedErrors.get()).isEqualTo(8 * perThread);
    assertThat(upstream.callCount("gamma/priced")).isZero();
    Eventually.await(
        "both stores back on Redis",
        () -> !storeA.status().degraded() && !storeB.status().degraded());
    Eventually.await(
        "both stores see the same unhealthy routes",
        () -> storeA.marks().keySet().equals(storeB.marks().keySet()));
  }
}
