package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.cost.SpendStore;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client spend shared by several stores on one real redis-server (ADR 0022): seen by the others,
 * kept by the fleet when a store stops, counted locally while Redis is gone and added when it
 * returns — exactly once, even when a reply was lost.
 */
class FleetSpendIT extends PausableRedisTest {
  private static final Instant AT = Instant.now().truncatedTo(ChronoUnit.SECONDS);
  private static final LocalDate DAY = LocalDate.ofInstant(AT, ZoneOffset.UTC);
  private static final String DAY_KEY = "{spend:spend}:team-a:d:" + DAY;

  private SpendStore store() {
    return open("spend", b -> b.resyncEvery(Duration.ofMillis(200))).spendStore();
  }

  private static BigDecimal today(SpendStore s) {
    return s.totals("team-a", AT).daySpendUsd();
  }

  private static void add(SpendStore s, String usd) {
    s.add("team-a", AT, new BigDecimal(usd));
  }

  /** The fleet's spend today as Redis holds it (the sum of every process's field), in USD. */
  private BigDecimal inRedis() {
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      long nanos = c.sync().hvals(DAY_KEY).stream().mapToLong(Long::parseLong).sum();
      return BigDecimal.valueOf(nanos, 9);
    } catch (RuntimeException down) {
      return BigDecimal.valueOf(-1);
    }
  }

  private static boolean equal(BigDecimal a, String b) {
    return a.compareTo(new BigDecimal(b)) == 0;
  }

  @Test
  void spendOnOneStoreIsPushedToAnotherAndReadByANewOne() {
    SpendStore a = store();
    SpendStore b = store();
    assertThat(today(b)).isEqualByComparingTo("0"); // b looks at the window first

    add(a, "0.001");
    assertThat(today(a)).isEqualByComparingTo("0.001"); // at once, from the local view
    Eventually.await("b told of a's spend", () -> equal(today(b), "0.001"));

    SpendStore c = store();
    assertThat(today(c)).isEqualByComparingTo("0.001"); // read on its first look, no wait
    assertThat(c.totals("team-a", AT).monthSpendUsd()).isEqualByComparingTo("0.001");
    assertThat(c.totals("team-b", AT).daySpendUsd()).isEqualByComparingTo("0");
  }

  @Test
  void aRestartedStoreStartsFromTheFleetsTotals() {
    SpendStore a = store();
    add(a, "0.25");
    add(a, "0.5");
    stores.remove(0).close(); // sends what is not sent yet

    assertThat(inRedis()).isEqualByComparingTo("0.75");
    assertThat(today(store())).isEqualByComparingTo("0.75");
  }

  /**
   * A store (re)started while Redis is down starts from the last fleet total a store kept in its
   * spend file — not from nothing, which gave a spent budget back — and adds its own spend to it.
   */
  @Test
  void aStoreStartedWhileRedisIsDownStartsFromTheFleetTotalKeptInItsFile(@TempDir Path dir) {
    Path kept = dir.resolve("fleet-spend.txt");
    SpendStore a = open("spend", b -> b.spendFile(kept)).spendStore();
    SpendStore b = store();
    add(a, "0.004");
    add(b, "0.005");
    Eventually.await("a sees the fleet's spend", () -> equal(today(a), "0.009"));
    stores.remove(0).close(); // writes what it knows of the fleet's spend

    redis.kill();
    SpendStore restarted = open("spend", s -> s.spendFile(kept)).spendStore();
    assertThat(restarted.status().degraded()).isTrue();
    assertThat(today(restarted)).isEqualByComparingTo("0.009");
    add(restarted, "0.001");
    assertThat(today(restarted)).isEqualByComparingTo("0.010");
    // Without the file a store started now knows nothing of the fleet's spend.
    assertThat(today(store())).isEqualByComparingTo("0");
  }

  @Test
  void spendAddedWhileASendIsOnItsWayIsWithTheFleetAfterClose() {
    SpendStore a = store();
    assertThat(today(a)).isEqualByComparingTo("0"); // the window is known: adds only send
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      // DEBUG SLEEP 0.05: the first send waits in the server (within the command timeout) while
      // the second add finds its window being sent.
      RedisServer.debugSleep(c, "0.05");
      add(a, "0.25");
      add(a, "0.5");
      stores.remove(0).close();
    }
    assertThat(inRedis()).isEqualByComparingTo("0.75");
  }

  @Test
  void aKilledRedisCountsLocallyAndTheLocalSpendIsAddedExactlyOnceWhenItReturns() throws Exception {
    SpendStore a = store();
    SpendStore b = store();
    add(a, "1");
    Eventually.await("a's spend in redis", () -> equal(inRedis(), "1"));
    Eventually.await("b sees it", () -> equal(today(b), "1"));

    redis.kill();
    Eventually.await("a degraded", () -> a.status().degraded());
    Eventually.await("b degraded", () -> b.status().degraded());
    add(a, "2");
    add(b, "4");
    assertThat(today(a)).isEqualByComparingTo("3"); // the fleet's last total and its own spend
    assertThat(today(b)).isEqualByComparingTo("5");

    redis.restart(); // empty: persistence is off
    Eventually.await("the fleet's spend back in redis", () -> equal(inRedis(), "7"));
    Eventually.await("a sees the fleet", () -> equal(today(a), "7"));
    Eventually.await("b sees the fleet", () -> equal(today(b), "7"));

    // Every resync sends the same counts again; a second outage must not double them either.
    redis.kill();
    Eventually.await("a degraded again", () -> a.status().degraded());
    redis.restart();
    Eventually.await("a back", () -> !a.status().degraded());
    Eventually.await("b back", () -> !b.status().degraded());
    Eventually.await("both counts back", () -> equal(inRedis(), "7"));
    assertThat(today(a)).isEqualByComparingTo("7");
    assertThat(today(store())).isEqualByComparingTo("7");
  }

  @Test
  void aWriteWhoseReplyTimedOutIsNotCountedTwiceWhenSentAgain() throws Exception {
    SpendStore a = store();
    assertThat(today(a)).isEqualByComparingTo("0"); // the window is known: the add only sends
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      // DEBUG SLEEP 1: the server takes the write but answers after the store gave up on it.
      RedisServer.debugSleep(c, "1");
      add(a, "0.5");
      Eventually.await("a gave up on the reply", () -> a.status().degraded());
    }
    Eventually.await("a back", () -> !a.status().degraded());
    Eventually.await("the write landed", () -> equal(inRedis(), "0.5"));
    add(a, "0.25");
    Eventually.await("the next one too", () -> equal(inRedis(), "0.75"));
    assertThat(today(a)).isEqualByComparingTo("0.75");
  }

  @Test
  void aWindowsKeyNamesTheClientAndExpiresAnHourAfterTheWindowEnds() {
    SpendStore a = store();
    add(a, "0.001");
    Eventually.await("written", () -> equal(inRedis(), "0.001"));
    Instant dayEnd = AT.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      long expected = Duration.between(AT, dayEnd.plus(Duration.ofHours(1))).toMillis();
      long ttl = c.sync().pttl(DAY_KEY);
      assertThat(ttl).isBetween(expected - 60_000, expected);
      assertThat(c.sync().keys("{spend:spend}:*"))
          .containsExactlyInAnyOrder(DAY_KEY, "{spend:spend}:team-a:m:" + YearMonth.from(DAY));
    }
  }

  @Test
  void aCostBelowANanoDollarIsCountedAsOneNeverAsZero() {
    SpendStore a = store();
    a.add("team-a", AT, new BigDecimal("0.0000000001"));
    assertThat(today(a)).isEqualByComparingTo("0.000000001");
  }
}
