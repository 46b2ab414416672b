package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.health.StoreStatus;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * redis-server killed under load: every call keeps answering from local health within the command
 * timeout, the outage is reported once, and after a restart the fleet converges on what each store
 * learnt meanwhile.
 */
class DegradedModeIT extends PausableRedisTest {
  private final ManualTime time = new ManualTime();

  private RedisHealthStore store(List<StoreStatus> statuses) {
    return open(
        "degraded",
        b ->
            b.clock(time).ticker(time).resyncEvery(Duration.ofMillis(200)).onStatus(statuses::add));
  }

  @Test
  void aKilledRedisDegradesToLocalHealthOnceAndTheFleetConvergesAfterItsRestart() throws Exception {
    List<StoreStatus> statusesA = new CopyOnWriteArrayList<>();
    RedisHealthStore a = store(statusesA);
    RedisHealthStore b = store(new CopyOnWriteArrayList<>());
    assertThat(a.status().degraded()).isFalse();
    assertThat(a.status().detail()).startsWith("ok: "); // connected and read, not "connecting"

    redis.kill();
    long slowest = load(a, 4, 400);
    Eventually.await("A degraded, and told so", () -> !statusesA.isEmpty());
    assertThat(a.status().degraded()).isTrue();
    assertThat(slowest).isLessThan(TIMEOUT.toNanos() + TimeUnit.MILLISECONDS.toNanos(500));
    assertThat(statusesA).hasSize(1);
    assertThat(statusesA.get(0).degraded()).isTrue();
    assertThat(a.status().detail()).contains("using local health");

    // Learnt while Redis is away: only A knows, and A acts on it.
    a.coolDown("provider/cooling", Duration.ofSeconds(60));
    a.accountState("provider/refused", Duration.ofSeconds(60));
    for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
      a.report(a.admit("provider/down"), AttemptHealth.BREAKER_FAILURE);
    }
    assertThat(a.breaker("provider/down")).isEqualTo(BreakerState.OPEN);
    assertThat(a.admit("provider/down").kind()).isEqualTo(Admission.Kind.SHED);

    redis.restart(); // empty: persistence is off
    Eventually.await("A back", () -> !a.status().degraded());
    Eventually.await("B back", () -> !b.status().degraded());
    Eventually.await(
        "B learns what A learnt during the outage",
        () ->
            b.marks().containsKey("provider/cooling")
                && b.marks().containsKey("provider/refused")
                && b.marks().containsKey("provider/down"));
    assertThat(b.marks().get("provider/cooling").condition())
        .isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(b.marks().get("provider/refused").condition())
        .isEqualTo(RouteCondition.ACCOUNT_STATE);
    assertThat(b.marks().get("provider/down").condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
    Eventually.await("A told it is back", () -> statusesA.size() == 2);
    assertThat(statusesA.get(1).degraded()).isFalse();
  }

  /**
   * An attempt sent before another replica's 429 answers while the fleet cannot hear this store:
   * when it hears again, the replayed success ends the fleet's count of consecutive failures, and
   * leaves the cooldown running (before, the replay ended the fleet's cooldown, and every replica
   * sent to the route the provider had asked to rest).
   */
  @Test
  void aSuccessTheFleetCouldNotHearEndsTheFleetsCountButNotItsCooldown() throws Exception {
    String route = "provider/x";
    String meta = new Keys("degraded").route(route)[4];
    RedisHealthStore a = store(new CopyOnWriteArrayList<>());
    RedisHealthStore b = store(new CopyOnWriteArrayList<>());
    Admission inFlight = a.admit(route); // sent before the 429
    a.report(a.admit(route), AttemptHealth.BREAKER_FAILURE); // counted for the fleet
    b.coolDown(route, Duration.ofSeconds(60)); // a 429 on B
    Eventually.await(
        "A hears of it",
        () ->
            a.marks().containsKey(route)
                && a.marks().get(route).condition() == RouteCondition.COOLING_DOWN);

    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      assertThat(c.sync().hget(meta, "f")).isEqualTo("1");
      // DEBUG SLEEP 1: Redis keeps its data but answers nothing for longer than the timeout.
      RedisServer.debugSleep(c, "1");
      a.coolDown("provider/other", Duration.ofSeconds(1)); // its script times out
      Eventually.await("A degraded", () -> a.status().degraded());
      a.report(inFlight, AttemptHealth.SUCCESS); // heard by A alone
      assertThat(a.cooldownRemaining(route)).isEqualTo(Duration.ofSeconds(60));
    }
    Eventually.await("A back", () -> !a.status().degraded()); // its replay is done
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      assertThat(c.sync().hget(meta, "f")).as("the fleet's count ended").isNull();
      assertThat(c.sync().exists(new Keys("degraded").route(route)[2])).isEqualTo(1);
    }
    assertThat(b.marks().get(route).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(b.cooldownRemaining(route)).isEqualTo(Duration.ofSeconds(60));
    assertThat(a.cooldownRemaining(route)).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void aSlowRedisCostsAProbeAtMostTheCommandTimeoutAndTheStoreRecoversByItself() throws Exception {
    RedisHealthStore a = store(new CopyOnWriteArrayList<>());
    for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
      a.report(a.admit("provider/slow"), AttemptHealth.BREAKER_FAILURE);
    }
    time.advance(Duration.ofMillis(1001)); // the probe is due: admit must ask Redis
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect();
        StatefulRedisConnection<String, String> watcher = client.connect()) {
      // DEBUG SLEEP 2: the server stops answering for 2 s.
      RedisServer.debugSleep(c, "2");
      watcher.setTimeout(Duration.ofMillis(100));
      Eventually.await("the server busy", () -> !answers(watcher));
      long start = System.nanoTime();
      Admission probe = a.admit("provider/slow");
      long waited = System.nanoTime() - start;
      assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE); // granted on local health
      assertThat(waited).isLessThan(TIMEOUT.toNanos() + TimeUnit.MILLISECONDS.toNanos(500));
      assertThat(a.status().degraded()).isTrue();
      assertThat(a.status().detail()).contains("no answer within 200 ms");
    }
    Eventually.await("A back after the sleep", () -> !a.status().degraded());
  }

  /**
   * A probe asked of Redis while it answers nothing within the command timeout is granted on local
   * health — and its script still runs when Redis wakes, leaving the fleet's lease with the same
   * token. Before, the probe's success (heard by this store alone) was not told to the fleet on
   * recovery: the resync took the fleet's half-open breaker back, and every store shed the route
   * that had just answered until the lease expired (30 s).
   */
  @Test
  void aProbeGrantedWhileRedisWasSlowClosesTheBreakerForTheFleetWhenItAnswers() throws Exception {
    String route = "provider/probed-while-slow";
    RedisHealthStore a = store(new CopyOnWriteArrayList<>());
    RedisHealthStore b = store(new CopyOnWriteArrayList<>());
    for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
      a.report(a.admit(route), AttemptHealth.BREAKER_FAILURE);
    }
    Eventually.await("B sees the breaker open", () -> b.breaker(route) == BreakerState.OPEN);
    time.advance(Duration.ofMillis(1001)); // the probe is due
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect();
        StatefulRedisConnection<String, String> watcher = client.connect()) {
      // 2 s, as above: the probe's script must still meet the sleep on a slow build machine (with
      // 1 s, a run on a loaded machine once reached admit after Redis had woken).
      RedisServer.debugSleep(c, "2");
      watcher.setTimeout(Duration.ofMillis(100));
      Eventually.await("the server busy", () -> !answers(watcher));
      Admission probe = a.admit(route);
      assertThat(probe.kind()).isEqualTo(Admission.Kind.PROBE); // on local health
      assertThat(a.status().degraded()).isTrue();
      a.report(probe, AttemptHealth.SUCCESS);
      assertThat(a.breaker(route)).isEqualTo(BreakerState.CLOSED);
    }
    Eventually.await("A back", () -> !a.status().degraded());
    Eventually.await("B sees the route closed", () -> b.breaker(route) == BreakerState.CLOSED);
    assertThat(a.breaker(route)).isEqualTo(BreakerState.CLOSED);
    assertThat(a.admit(route).kind()).isEqualTo(Admission.Kind.ADMITTED);
    assertThat(b.admit(route).kind()).isEqualTo(Admission.Kind.ADMITTED);
  }

  /**
   * A breaker this store opened while Redis answered nothing, whose open time a panic-mode answer
   * then ended here: the replay opens it for the fleet only as long as it is open here, so the next
   * admission, here or on another store, is the probe. Before, the replay opened it for a fresh
   * first open time, and every store shed the route that had just answered (seen in CI as the
   * contract's panic scenario failing after a stall of the build machine).
   */
  @Test
  void aBreakerOpenedWhileRedisWasSlowIsReplayedWithTheOpenTimeItHasHere() throws Exception {
    String route = "provider/back-in-panic";
    RedisHealthStore a = store(new CopyOnWriteArrayList<>());
    RedisHealthStore b = store(new CopyOnWriteArrayList<>());
    try (RedisClient client = RedisClient.create(redis.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      RedisServer.debugSleep(c, "1");
      a.coolDown("provider/other", Duration.ofSeconds(1)); // its script times out
      Eventually.await("A degraded", () -> a.status().degraded());
      for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
        a.report(a.admit(route), AttemptHealth.BREAKER_FAILURE); // heard by A alone
      }
      Admission shed = a.admit(route);
      assertThat(shed.kind()).isEqualTo(Admission.Kind.SHED);
      a.report(shed.panic(), AttemptHealth.SUCCESS); // the route answered: its open time ends
      assertThat(a.breaker(route)).isEqualTo(BreakerState.OPEN);
    }
    Eventually.await("A back", () -> !a.status().degraded());
    Eventually.await("B back", () -> !b.status().degraded()); // its resyncs met the sleep too
    Eventually.await("B sees the breaker open", () -> b.breaker(route) == BreakerState.OPEN);
    assertThat(b.admit(route).kind()).isEqualTo(Admission.Kind.PROBE);
    assertThat(a.admit(route).kind()).isEqualTo(Admission.Kind.SHED); // B holds the probe
    assertThat(a.breaker(route)).isEqualTo(BreakerState.HALF_OPEN);
  }

  private static boolean answers(StatefulRedisConnection<String, String> c) {
    try {
      c.sync().ping();
      return true;
    } catch (RuntimeException timedOut) {
      return false;
    }
  }

  /** Mixed outcomes from {@code threads} threads; returns the slowest single call in ns. */
  private static long load(HealthStore store, int threads, int callsEach) throws Exception {
    AtomicLong slowest = new AtomicLong();
    AttemptHealth[] outcomes = AttemptHealth.values();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  ThreadLocalRandom rnd = ThreadLocalRandom.current();
                  for (int i = 0; i < callsEach; i++) {
                    String route = "provider/m" + rnd.nextInt(5);
                    long start = System.nanoTime();
                    Admission adm = store.admit(route);
                    store.report(adm, outcomes[rnd.nextInt(outcomes.length)]);
                    store.recordRequest();
                    store.tryAcquireRetry();
                    if (rnd.nextInt(20) == 0) {
                      store.coolDown(route, Duration.ofMillis(rnd.nextInt(1, 500)));
                    }
                    store.marks();
                    slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    return slowest.get();
  }
}
