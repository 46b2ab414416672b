package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.HealthSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Stores of one test on one {@link RedisServer} and one {@link ManualTime}, closed together. Not
 * thread-safe.
 */
final class Fleet implements AutoCloseable {
  final RedisServer redis;
  final ManualTime time = new ManualTime();
  private final List<RedisHealthStore> stores = new ArrayList<>();

  Fleet(RedisServer redis) {
    this.redis = redis;
  }

  /** A store on the fleet's server, in {@code namespace}, with {@code settings}. */
  RedisHealthStore store(String namespace, HealthSettings settings) {
    RedisHealthStore s =
        RedisHealthStore.builder()
            .uri(redis.uri())
            .namespace(namespace)
            .settings(settings)
            .clock(time)
            .ticker(time)
            .commandTimeout(Duration.ofMillis(500))
            .resyncEvery(Duration.ofSeconds(1))
            .build();
    stores.add(s);
    return s;
  }

  /** A store in {@code namespace} with the default settings. */
  RedisHealthStore store(String namespace) {
    return store(namespace, HealthSettings.defaults());
  }

  @Override
  public void close() {
    stores.forEach(RedisHealthStore::close);
  }
}
