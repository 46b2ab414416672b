package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract on the Redis store, connected to a real redis-server (a fresh namespace each). */
class RedisStoreContractIT extends HealthStoreContract {
  private static final AtomicInteger NAMESPACES = new AtomicInteger();
  private static RedisServer redis;

  @BeforeAll
  static void startRedis() throws Exception {
    redis = RedisServer.start();
  }

  @AfterAll
  static void stopRedis() {
    if (redis != null) {
      redis.close();
    }
  }

  @Override
  HealthStore newStore(HealthSettings settings, ManualTime time) {
    return RedisHealthStore.builder()
        .uri(redis.uri())
        .namespace("contract-" + NAMESPACES.incrementAndGet())
        .settings(settings)
        .clock(time)
        .ticker(time)
        .commandTimeout(Duration.ofSeconds(2))
        .build();
  }
}
