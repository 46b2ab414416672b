package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Many requests through one orchestrator, sharing health, with failures injected. */
class ConcurrentRequestsTest {

  @Test
  void everyRequestEndsAndSharedHealthStaysConsistent() throws Exception {
    Catalog catalog =
        Catalogs.of(
                Catalogs.free("a", "m", 8000),
                Catalogs.free("b", "m", 8000),
                Catalogs.free("c", "m", 8000),
                Catalogs.priced("p", "m", 8000))
            .toBuilder()
            .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m", "c/m")))
            .build();
    FakeTime time = new FakeTime();
    AtomicLong seq = new AtomicLong();
    Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    // Route a fails 70% of the time, b 30%, c never; deterministic by call sequence.
    ProviderClient client =
        call -> {
          String route = call.route().id();
          calls.computeIfAbsent(route, k -> new AtomicInteger()).incrementAndGet();
          long n = seq.incrementAndGet();
          int failPct = route.equals("a/m") ? 70 : route.equals("b/m") ? 30 : 0;
          if (n * 37 % 100 < failPct) {
            return new AttemptOutcome.Failed(
                ProviderFailure.builder(
                        n % 2 == 0 ? FailureCategory.SERVER_ERROR : FailureCategory.OVERLOADED,
                        ReachedModel.YES)
                    .retryable(true)
                    .status(503)
                    .message("down")
                    .build(),
                false);
          }
          return new AttemptOutcome.Succeeded(
              new ChatResponse("ok", List.of(), "stop", new Usage(1, 1, 2), "m", null));
        };
    TaskOrchestrator o =
        ScriptedClient.orchestrator(client, time)
            .catalog(catalog)
            .policy(OrchestratorPolicy.builder().breaker(3, Duration.ofSeconds(5)).seed(5L).build())
            .build();
    int threads = 16;
    int perThread = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<int[]>> futures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      futures.add(
          pool.submit(
              () -> {
                start.await();
                int ok = 0;
                int failed = 0;
                for (int i = 0; i < perThread; i++) {
                  String model = i % 3 == 0 ? "orchestrator/free" : "v";
                  try {
                    o.chat(ChatRequest.builder(model).user("hi").build());
                    ok++;
                  } catch (OrchestratorException e) {
                    assertThat(e.type()).isNotNull();
                    failed++;
                  }
                  time.advance(Duration.ofMillis(10));
                }
                return new int[] {ok, failed};
              }));
    }
    start.countDown();
    int ok = 0;
    int failed = 0;
    for (Future<int[]> f : futures) {
      int[] r = f.get(60, TimeUnit.SECONDS);
      ok += r[0];
      failed += r[1];
    }
    pool.shutdown();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    // Every request reached a terminal outcome.
    assertThat(ok + failed).isEqualTo(threads * perThread);
    assertThat(ok).isGreaterThan(failed);
    // The priced route was never dispatched, free pool or not (it is in no pool here).
    assertThat(calls).doesNotContainKey("p/m");
    // Shared health stayed consistent: a route the planner sees as circuit-open has a breaker that
    // is open or half-open (probe in flight), and the route that never failed stayed closed.
    o.health()
        .marks()
        .forEach(
            (route, mark) -> {
              if (mark.condition() == dev.orchestrator.engine.health.RouteCondition.CIRCUIT_OPEN) {
                assertThat(o.health().breaker(route))
                    .isIn(BreakerState.OPEN, BreakerState.HALF_OPEN);
              }
            });
    assertThat(o.health().breaker("c/m")).isEqualTo(BreakerState.CLOSED);
    assertThat(calls.get("a/m").get()).isGreaterThan(0);
  }
}
