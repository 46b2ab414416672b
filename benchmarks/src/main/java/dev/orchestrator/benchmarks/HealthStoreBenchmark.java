package dev.orchestrator.benchmarks;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.health.redis.RedisHealthStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The success-path cost of route health per attempt — count the request, admit on a closed breaker,
 * report the success, read the marks for planning — on the in-memory store and on the Redis store
 * connected to a private {@code redis-server} (started here on a free loopback port, persistence
 * off; {@code -Dredis.server=PATH} overrides {@code /usr/bin/redis-server}). Target (issue #17):
 * the Redis store within 1 µs of the in-memory one, because nothing on this path touches the
 * network. Twenty other routes carry cooldowns, so the marks are not trivially empty.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HealthStoreBenchmark {
  private static final String ROUTE = "provider/healthy-model";

  @Param({"memory", "redis"})
  public String store;

  private RedisProcess redis;
  private HealthStore health;

  @Setup(Level.Trial)
  public void setup() throws Exception {
    if (store.equals("memory")) {
      health = RouteHealthRegistry.create(Ticker.systemTicker());
    } else {
      redis = RedisProcess.start();
      health =
          RedisHealthStore.builder()
              .uri(redis.uri())
              .namespace("bench")
              .commandTimeout(Duration.ofSeconds(1))
              .build();
      if (health.status().degraded()) {
        throw new IllegalStateException("redis store degraded: " + health.status().detail());
      }
    }
    for (int i = 0; i < 20; i++) {
      health.coolDown("provider/cooling-" + i, Duration.ofHours(1));
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    health.close();
    if (redis != null) {
      redis.close();
    }
  }

  /** One successful attempt on a closed breaker, as the engine makes it. */
  @Benchmark
  @Threads(1)
  public Map<String, HealthMark> successPath() {
    health.recordRequest();
    Map<String, HealthMark> marks = health.marks();
    Admission a = health.admit(ROUTE);
    health.report(a, AttemptHealth.SUCCESS);
    return marks;
  }

  /** Only the admission and the report: the store's own cost, without building the marks. */
  @Benchmark
  @Threads(1)
  public Admission admitAndReport() {
    Admission a = health.admit(ROUTE);
    health.report(a, AttemptHealth.SUCCESS);
    return a;
  }

  /** The same from two threads at once (the machine has two cores). */
  @Benchmark
  @Threads(2)
  public Map<String, HealthMark> successPathTwoThreads() {
    return successPath();
  }
}
