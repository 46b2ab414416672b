package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each Lua script on a real redis-server, by its keys: every entry has the TTL of what it records,
 * transitions need the lease holder's token, and only changes are published.
 */
class ScriptsIT {
  private static RedisServer redis;
  private static RedisClient client;
  private static StatefulRedisConnection<String, String> conn;
  private static StatefulRedisPubSubConnection<String, String> sub;
  private static final List<String> published = new CopyOnWriteArrayList<>();
  private static final Keys KEYS = new Keys("scripts");
  private static final String ROUTE = "p/m";
  private final String[] k = KEYS.route(ROUTE);
  private RedisCommands<String, String> redisCmd;
  private long now;

  @BeforeAll
  static void start() throws Exception {
    redis = RedisServer.start();
    client = RedisClient.create(redis.uri());
    conn = client.connect();
    sub = client.connectPubSub();
    sub.addListener(
        new RedisPubSubAdapter<>() {
          @Override
          public void message(String channel, String message) {
            published.add(message);
          }
        });
    sub.sync().subscribe(KEYS.channel());
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.shutdown();
    }
    if (redis != null) {
      redis.close();
    }
  }

  @BeforeEach
  void clean() {
    redisCmd = conn.sync();
    redisCmd.flushall();
    // What the last test published may still be on its way: a marker sent after it arrives after
    // it.
    String marker = "drained " + System.nanoTime();
    redisCmd.publish(KEYS.channel(), marker);
    Eventually.await("the channel drained", () -> published.contains(marker));
    published.clear();
    now = System.currentTimeMillis();
  }

  private RouteSnapshot run(Script s, String... extra) {
    String[] args = new String[3 + extra.length];
    args[0] = ROUTE;
    args[1] = String.valueOf(now);
    args[2] = KEYS.channel();
    System.arraycopy(extra, 0, args, 3, extra.length);
    Object r = redisCmd.eval(s.body(), s.output(), k, args);
    return RouteSnapshot.parse(r instanceof List<?> l ? (String) l.get(1) : (String) r);
  }

  /** The probe script for {@code token} with a 20 s lease: {verdict, snapshot}. */
  private List<?> probe(String token) {
    return (List<?>)
        redisCmd.eval(
            Script.PROBE.body(),
            Script.PROBE.output(),
            k,
            ROUTE,
            String.valueOf(now),
            KEYS.channel(),
            token,
            "20000");
  }

  private void awaitPublished(int n) {
    Eventually.await(n + " published", () -> published.size() >= n);
  }

  @Test
  void tripOpensForTheFirstStepAndKeepsTheRecordForTheStepPlusTheCap() {
    RouteSnapshot s = run(Script.TRIP, "1000", "30000");
    assertThat(s.openUntil()).isEqualTo(now + 1000);
    assertThat(s.step()).isEqualTo(1000);
    assertThat(s.lastFailure()).isEqualTo(now);
    assertThat(redisCmd.pttl(k[0])).isBetween(30_000L, 31_000L);
    assertThat(redisCmd.pttl(k[4])).isGreaterThanOrEqualTo(60_000L - 1000);
    RouteSnapshot again = run(Script.TRIP, "1000", "30000");
    assertThat(again.version()).isEqualTo(s.version()); // already open: no change
    awaitPublished(1);
    assertThat(published).hasSize(1);
  }

  @Test
  void aReplayedTripKeepsTheStepAndTheEndItHadWhereItOpened() {
    RouteSnapshot s = run(Script.TRIP, "4000", "30000", String.valueOf(now + 2500));
    assertThat(s.openUntil()).isEqualTo(now + 2500);
    assertThat(s.step()).isEqualTo(4000);
    assertThat(redisCmd.pttl(k[0])).isBetween(31_500L, 32_500L);
  }

  @Test
  void aReplayedTripWhoseOpenTimeEndedThereOpensWithTheProbeDue() {
    RouteSnapshot s = run(Script.TRIP, "1000", "30000", String.valueOf(now - 500));
    assertThat(s.open()).isTrue();
    assertThat(s.openUntil()).isEqualTo(now - 500);
    assertThat(redisCmd.pttl(k[0])).isBetween(29_000L, 30_000L);
    assertThat(probe("t1").get(0)).isEqualTo("probe");
  }

  @Test
  void failuresAreCountedForTheFleetAndTheOneReachingTheThresholdOpensQuietlyBelowIt() {
    for (int i = 0; i < 2; i++) {
      RouteSnapshot below = run(Script.FAIL, "f", "3", "1000", "30000");
      assertThat(below.open()).isFalse();
      assertThat(below.counting()).isTrue();
      assertThat(below.lastFailure()).isEqualTo(now);
    }
    assertThat(run(Script.FAIL, "k", "3", "1000", "30000").open()).isFalse(); // cuts count apart
    assertThat(redisCmd.hget(k[4], "f")).isEqualTo("2");
    RouteSnapshot opened = run(Script.FAIL, "f", "3", "1000", "30000");
    assertThat(opened.open()).isTrue();
    assertThat(opened.openUntil()).isEqualTo(now + 1000);
    assertThat(redisCmd.hget(k[4], "f")).isNull(); // both counts start again
    assertThat(redisCmd.hget(k[4], "k")).isNull();
    assertThat(opened.counting()).isFalse();
    awaitPublished(2);
    // Only the count's start (every process then knows a success ends it) and the opening.
    assertThat(published).hasSize(2);
    assertThat(RouteSnapshot.parse(published.get(0)).counting()).isTrue();
  }

  @Test
  void aSuccessStartsTheFleetsCountsAgain() {
    run(Script.FAIL, "f", "3", "1000", "30000");
    run(Script.FAIL, "f", "3", "1000", "30000");
    RouteSnapshot reset = run(Script.SUCCEED);
    assertThat(reset.counting()).isFalse();
    awaitPublished(2); // the count's start, and its end
    assertThat(RouteSnapshot.parse(published.get(1)).counting()).isFalse();
    assertThat(run(Script.SUCCEED).version()).isEqualTo(reset.version()); // nothing left to end
    assertThat(run(Script.FAIL, "f", "3", "1000", "30000").open()).isFalse();
    assertThat(redisCmd.hget(k[4], "f")).isEqualTo("1");
  }

  @Test
  void theProbeLeaseIsSetNxWithItsTtlAndOnlyItsHolderMovesTheBreaker() {
    run(Script.TRIP, "1000", "30000");
    now += 1000;
    List<?> first = probe("tok-a");
    List<?> second = probe("tok-b");
    assertThat(first.get(0)).isEqualTo("probe");
    assertThat(second.get(0)).isEqualTo("shed");
    assertThat(redisCmd.get(k[1])).isEqualTo("tok-a");
    assertThat(redisCmd.pttl(k[1])).isBetween(19_000L, 20_000L);
    assertThat(run(Script.CLOSE, "tok-b").open()).isTrue(); // not the holder
    RouteSnapshot reopened = run(Script.REOPEN, "tok-a", "1000", "30000");
    assertThat(reopened.step()).isEqualTo(2000);
    assertThat(reopened.openUntil()).isEqualTo(now + 2000);
    assertThat(reopened.lease()).isNull();
    assertThat(redisCmd.pttl(k[0])).isBetween(31_000L, 32_000L);
  }

  @Test
  void aSuccessfulProbeDeletesTheBreakerAndLeaseAndLeavesTheCooldownAndAccountStateToTheirEnd() {
    run(Script.TRIP, "1000", "30000");
    run(Script.COOLDOWN, String.valueOf(now + 5000));
    run(Script.ACCOUNT, String.valueOf(now + 4000));
    now += 1000;
    probe("tok");
    RouteSnapshot closed = run(Script.CLOSE, "tok");
    assertThat(closed.open()).isFalse();
    assertThat(closed.lease()).isNull();
    assertThat(closed.coolUntil()).isEqualTo(now + 4000);
    assertThat(closed.accountUntil()).isEqualTo(now + 3000);
    assertThat(redisCmd.exists(k[0], k[1])).isZero();
    assertThat(redisCmd.exists(k[2], k[5])).isEqualTo(2);
  }

  @Test
  void aReleasedLeaseMakesTheNextProbeDueAtOnce() {
    run(Script.TRIP, "1000", "30000");
    now += 1000;
    probe("tok");
    RouteSnapshot released = run(Script.RELEASE, "tok");
    assertThat(released.lease()).isNull();
    assertThat(released.openUntil()).isEqualTo(now);
  }

  @Test
  void aCooldownKeyLivesExactlyUntilTheCooldownEndsAndOnlyGrows() {
    RouteSnapshot s = run(Script.COOLDOWN, String.valueOf(now + 2000));
    assertThat(s.coolUntil()).isEqualTo(now + 2000);
    assertThat(redisCmd.pttl(k[2])).isBetween(1L, 2000L);
    RouteSnapshot shorter = run(Script.COOLDOWN, String.valueOf(now + 1000));
    assertThat(shorter.coolUntil()).isEqualTo(now + 2000);
    assertThat(shorter.version()).isEqualTo(s.version());
  }

  @Test
  void anAccountStateKeyLivesApartFromTheCooldownExactlyUntilItEnds() {
    run(Script.COOLDOWN, String.valueOf(now + 2000));
    RouteSnapshot s = run(Script.ACCOUNT, String.valueOf(now + 300_000));
    assertThat(s.accountUntil()).isEqualTo(now + 300_000);
    assertThat(s.coolUntil()).isEqualTo(now + 2000); // two facts: a wait, and a refused account
    assertThat(redisCmd.pttl(k[5])).isBetween(299_000L, 300_000L);
    assertThat(s.expires()).isBetween(now + 299_000, now + 300_000);
    RouteSnapshot shorter = run(Script.ACCOUNT, String.valueOf(now + 1000));
    assertThat(shorter.accountUntil()).isEqualTo(now + 300_000);
    assertThat(shorter.version()).isEqualTo(s.version());
  }

  /**
   * A success (sent for the fleet's count) ends the count, and leaves the cooldown and the account
   * state running: its attempt was admitted before they were set. It changes nothing else, and with
   * no count to end it publishes nothing.
   */
  @Test
  void aSuccessEndsTheFleetsCountButNeitherTheCooldownNorTheAccountState() {
    run(Script.FAIL, "f", "3", "1000", "30000");
    run(Script.COOLDOWN, String.valueOf(now + 2000));
    RouteSnapshot before = run(Script.ACCOUNT, String.valueOf(now + 300_000));
    RouteSnapshot answered = run(Script.SUCCEED);
    assertThat(answered.counting()).isFalse();
    assertThat(answered.version()).isGreaterThan(before.version());
    assertThat(answered.coolUntil()).isEqualTo(now + 2000);
    assertThat(answered.accountUntil()).isEqualTo(now + 300_000);
    assertThat(redisCmd.exists(k[2], k[5])).isEqualTo(2);
    awaitPublished(4); // the count's start, the cooldown, the account state, the count's end
    RouteSnapshot again = run(Script.SUCCEED);
    assertThat(again.version()).isEqualTo(answered.version()); // nothing to end: nothing written
    assertThat(again.coolUntil()).isEqualTo(now + 2000);
    assertThat(published).hasSize(4);
  }

  @Test
  void aRetirementKeyLivesExactlyUntilTheRetirementEnds() {
    RouteSnapshot s = run(Script.RETIRE, String.valueOf(now + 600_000));
    assertThat(s.retiredUntil()).isEqualTo(now + 600_000);
    assertThat(redisCmd.pttl(k[3])).isBetween(599_000L, 600_000L);
    assertThat(s.expires()).isBetween(now + 599_000, now + 600_000);
  }

  @Test
  void versionsOnlyGrowEvenAfterTheMetaHashExpired() {
    long v1 = run(Script.COOLDOWN, String.valueOf(now + 2000)).version();
    redisCmd.del(k[4]);
    long v2 = run(Script.RETIRE, String.valueOf(now + 2000)).version();
    assertThat(v2).isGreaterThan(v1);
  }

  @Test
  void theBudgetCountsTheWindowOnlyAndExpires() {
    String[] key = {KEYS.budget()};
    List<Object> first =
        redisCmd.eval(
            Script.BUDGET.body(), Script.BUDGET.output(), key, "100", "50", "3", "10", "20000");
    assertThat(first).containsExactly((Object) 50L, 3L);
    List<Object> later =
        redisCmd.eval(
            Script.BUDGET.body(), Script.BUDGET.output(), key, "105", "10", "0", "10", "20000");
    assertThat(later).containsExactly((Object) 60L, 3L);
    List<Object> past =
        redisCmd.eval(
            Script.BUDGET.body(), Script.BUDGET.output(), key, "110", "1", "1", "10", "20000");
    assertThat(past).containsExactly((Object) 11L, 1L); // slot 100 left the window
    assertThat(redisCmd.pttl(KEYS.budget())).isBetween(19_000L, 20_000L);
  }
}
