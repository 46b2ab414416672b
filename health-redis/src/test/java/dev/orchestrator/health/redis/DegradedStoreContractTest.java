package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The contract on a Redis store that cannot reach Redis at all (nothing listens on its port): it
 * starts degraded and must behave exactly like the in-memory store.
 */
class DegradedStoreContractTest extends HealthStoreContract {
  @Override
  HealthStore newStore(HealthSettings settings, ManualTime time) {
    return RedisHealthStore.builder()
        .uri("redis://127.0.0.1:" + RedisServer.closedPort())
        .settings(settings)
        .clock(time)
        .ticker(time)
        .commandTimeout(Duration.ofMillis(200))
        .build();
  }

  @Override
  @Test
  void aStoreWorkingNormallySaysSo() {
    assertThat(store.status().degraded()).isTrue();
    assertThat(store.status().detail()).contains("using local health");
  }
}
