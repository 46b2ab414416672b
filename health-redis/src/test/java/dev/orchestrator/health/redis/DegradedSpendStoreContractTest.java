package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.cost.SpendStore;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
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
            .uri("redis://127.0.0.1:" + closedPort())
            .commandTimeout(Duration.ofMillis(200))
            .build();
    return health.spendStore();
  }

  @Override
  void release() {
    health.close();
  }

  private static int closedPort() {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void saysItCountsLocally() {
    assertThat(store.status().degraded()).isTrue();
    assertThat(store.status().detail()).contains("using local health");
  }
}
