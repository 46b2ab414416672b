package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The contract on the Redis store, connected to a real redis-server (a fresh namespace each). */
class RedisStoreContractIT extends HealthStoreContract {
  private static final AtomicInteger NAMESPACES = new AtomicInteger();
  @RegisterExtension static final SharedRedis REDIS = new SharedRedis();

  @Override
  HealthStore newStore(HealthSettings settings, ManualTime time) {
    return RedisHealthStore.builder()
        .uri(REDIS.uri())
        .namespace("contract-" + NAMESPACES.incrementAndGet())
        .settings(settings)
        .clock(time)
        .ticker(time)
        .commandTimeout(Duration.ofSeconds(2))
        .build();
  }
}
