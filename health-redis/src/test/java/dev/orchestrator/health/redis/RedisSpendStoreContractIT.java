package dev.orchestrator.health.redis;

import dev.orchestrator.engine.cost.SpendStore;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The spend contract on the Redis store, connected to a real redis-server (a fresh namespace). */
class RedisSpendStoreContractIT extends SpendStoreContract {
  private static final AtomicInteger NAMESPACES = new AtomicInteger();
  @RegisterExtension static final SharedRedis REDIS = new SharedRedis();
  private RedisHealthStore health;

  @Override
  SpendStore newStore() {
    health =
        RedisHealthStore.builder()
            .uri(REDIS.uri())
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
