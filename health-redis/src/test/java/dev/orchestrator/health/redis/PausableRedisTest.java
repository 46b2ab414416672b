package dev.orchestrator.health.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fresh redis-server per test that the test may pause ({@code DEBUG SLEEP}), kill or restart, and
 * the stores the test opens on it, each closed after the test.
 */
abstract class PausableRedisTest {
  /** The command timeout of the stores: short, so a paused server is noticed at once. */
  static final Duration TIMEOUT = Duration.ofMillis(200);

  RedisServer redis;
  final List<RedisHealthStore> stores = new ArrayList<>();

  /**
   * A store on this test's server in {@code namespace}, with the short command timeout and what
   * {@code settings} adds; closed after the test.
   */
  RedisHealthStore open(String namespace, UnaryOperator<RedisHealthStore.Builder> settings) {
    RedisHealthStore s =
        settings
            .apply(
                RedisHealthStore.builder()
                    .uri(redis.uri())
                    .namespace(namespace)
                    .commandTimeout(TIMEOUT))
            .build();
    stores.add(s);
    return s;
  }

  @BeforeEach
  void startRedis() throws Exception {
    redis = RedisServer.start("--enable-debug-command", "yes");
  }

  @AfterEach
  void stop() {
    stores.forEach(RedisHealthStore::close);
    if (redis != null) {
      redis.close();
    }
  }
}
