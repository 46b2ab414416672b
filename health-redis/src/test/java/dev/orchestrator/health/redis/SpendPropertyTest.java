package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.cost.SpendTotals;
import dev.orchestrator.serve.LocalSpendStore;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The invariant behind degraded spend: for any sequence of adds with the clock moving forward
 * (across days and months), the Redis spend store counting locally answers exactly as serve's local
 * store, for every client, after every step.
 */
class SpendPropertyTest {
  private static final Instant START = Instant.parse("2026-12-30T20:00:00Z");
  private static final List<String> CLIENTS = List.of("team-a", "team-b");

  /** One add: which client, how far the clock moves first (minutes), the cost in nano-dollars. */
  record Op(int client, int minutes, long nanos) {}

  @Provide
  Arbitrary<List<Op>> scenarios() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 1),
            Arbitraries.integers().between(0, 24 * 60),
            Arbitraries.longs().between(0, 2_000_000_000L))
        .as(Op::new)
        .list()
        .ofMaxSize(40);
  }

  @Property(tries = 60)
  void aDegradedRedisStoreCountsExactlyLikeTheLocalStore(@ForAll("scenarios") List<Op> ops) {
    SpendStore local = LocalSpendStore.inMemory();
    try (RedisHealthStore health =
        RedisHealthStore.builder()
            .uri("redis://127.0.0.1:" + RedisServer.closedPort())
            .commandTimeout(Duration.ofMillis(200))
            .build()) {
      SpendStore degraded = health.spendStore();
      Instant now = START;
      for (Op op : ops) {
        now = now.plus(Duration.ofMinutes(op.minutes()));
        BigDecimal usd = BigDecimal.valueOf(op.nanos(), 9);
        local.add(CLIENTS.get(op.client()), now, usd);
        degraded.add(CLIENTS.get(op.client()), now, usd);
        for (String c : CLIENTS) {
          SpendTotals want = local.totals(c, now);
          SpendTotals got = degraded.totals(c, now);
          assertThat(got.day()).isEqualTo(want.day());
          assertThat(got.daySpendUsd()).isEqualByComparingTo(want.daySpendUsd());
          assertThat(got.monthSpendUsd()).isEqualByComparingTo(want.monthSpendUsd());
        }
      }
    }
  }
}
