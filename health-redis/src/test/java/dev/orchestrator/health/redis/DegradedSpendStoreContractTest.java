package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.cost.SpendStore;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The spend contract on a Redis store that cannot reach Redis at all: it counts locally and must
 * give the local store's totals.
 */
class DegradedSpendStoreContractTest extends SpendStoreContract {
  private RedisHealthStore health;

  @Override
  SpendStore newStore() {
    health =
        RedisHealthStore.builder()
            .uri("redis://127.0.0.1:" + RedisServer.closedPort())
            .commandTimeout(Duration.ofMillis(200))
            .build();
    return health.spendStore();
  }

  @Override
  void release() {
    health.close();
  }

  @Test
  void saysItCountsLocally() {
    assertThat(store.status().degraded()).isTrue();
    assertThat(store.status().detail()).contains("using local health");
  }
}
