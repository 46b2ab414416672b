package dev.orchestrator.health.redis;

import dev.orchestrator.engine.cost.SpendStore;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The spend contract on the Redis store, connected to a real redis-server (a fresh namespace). */
class RedisSpendStoreContractIT extends SpendStoreContract {
  private static final AtomicInteger NAMESPACES = new AtomicInteger();
  private static RedisServer redis;
  private RedisHealthStore health;

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
  SpendStore newStore() {
    health =
        RedisHealthStore.builder()
            .uri(redis.uri())
            .namespace("spend-contract-" + NAMESPACES.incrementAndGet())
            .commandTimeout(Duration.ofSeconds(2))
            .build();
    return health.spendStore();
  }

  @Override
  void release() {
    health.close();
  }
}
