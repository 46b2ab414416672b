package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.cost.SpendStore;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The fleet's invariant on a real redis-server: for any adds spread over three stores, every store
 * ends up reading the exact sum of all of them — nothing lost, nothing counted twice — and none
 * ever reads more than was added so far.
 */
class FleetSpendPropertyIT {
  private static final Instant AT = Instant.now();
  private static final AtomicInteger CLIENTS = new AtomicInteger();
  private static RedisServer redis;
  private static List<RedisHealthStore> stores;

  @BeforeContainer
  static void startRedis() throws Exception {
    redis = RedisServer.start();
    stores = List.of(store(), store(), store());
  }

  private static RedisHealthStore store() {
    return RedisHealthStore.builder()
        .uri(redis.uri())
        .namespace("spend-property")
        .commandTimeout(Duration.ofSeconds(2))
        .build();
  }

  @AfterContainer
  static void stopRedis() {
    if (stores != null) {
      stores.forEach(RedisHealthStore::close);
    }
    if (redis != null) {
      redis.close();
    }
  }

  /** One add: on which store, the cost in nano-dollars. */
  record Add(int store, long nanos) {}

  @Provide
  Arbitrary<List<Add>> adds() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 2), Arbitraries.longs().between(1, 5_000_000_000L))
        .as(Add::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(30);
  }

  @Property(tries = 25)
  void everyStoreReadsTheExactSumOfEveryAdd(@ForAll("adds") List<Add> adds) {
    String client = "client-" + CLIENTS.incrementAndGet();
    long total = 0;
    for (Add a : adds) {
      stores.get(a.store()).spendStore().add(client, AT, BigDecimal.valueOf(a.nanos(), 9));
      total += a.nanos();
      for (RedisHealthStore s : stores) {
        assertThat(today(s.spendStore(), client)).isLessThanOrEqualTo(BigDecimal.valueOf(total, 9));
      }
    }
    BigDecimal sum = BigDecimal.valueOf(total, 9);
    for (RedisHealthStore s : stores) {
      Eventually.await(
          "store reads " + sum, () -> today(s.spendStore(), client).compareTo(sum) == 0);
    }
  }

  private static BigDecimal today(SpendStore s, String client) {
    return s.totals(client, AT).monthSpendUsd();
  }
}
