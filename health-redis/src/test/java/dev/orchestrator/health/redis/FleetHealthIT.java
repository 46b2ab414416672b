package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.RouteCondition;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Several stores on one real redis-server share what they learn (docs/design.md §11). */
class FleetHealthIT {
  @RegisterExtension static final SharedRedis REDIS = new SharedRedis();
  private Fleet fleet;

  @BeforeEach
  void newFleet() {
    fleet = new Fleet(REDIS.server());
  }

  @AfterEach
  void closeFleet() {
    fleet.close();
  }

  private static void trip(RedisHealthStore store, String route) {
    for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
      store.report(store.admit(route), AttemptHealth.BREAKER_FAILURE);
    }
  }

  /**
   * Two stores of namespace {@code ns} (3 failures open; the given open times and probe lease), the
   * first of which tripped {@code route}, once the second sees it open.
   */
  private RedisHealthStore[] trippedPair(
      String ns, String route, Duration openInitial, Duration openMax, Duration lease) {
    HealthSettings settings =
        HealthSettings.builder()
            .breakerThreshold(3)
            .openTime(openInitial, openMax)
            .probeLease(lease)
            .streamCutThreshold(3)
            .build();
    RedisHealthStore a = fleet.store(ns, settings);
    RedisHealthStore b = fleet.store(ns, settings);
    trip(a, route);
    Eventually.await("open on B", () -> b.breaker(route) == BreakerState.OPEN);
    return new RedisHealthStore[] {a, b};
  }

  @Test
  void breakerOpenedOnOneStoreIsRespectedByAnother() {
    String ns = "propagation";
    RedisHealthStore a = fleet.store(ns);
    RedisHealthStore b = fleet.store(ns);
    List<Long> delays = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String route = "provider/model-" + i;
      long start = System.nanoTime();
      trip(a, route);
      Eventually.await(route + " open on B", () -> b.marks().containsKey(route));
      delays.add(System.nanoTime() - start);
      assertThat(b.marks().get(route).condition()).isEqualTo(RouteCondition.CIRCUIT_OPEN);
      assertThat(b.admit(route).kind()).isEqualTo(Admission.Kind.SHED);
      assertThat(b.breaker(route)).isEqualTo(BreakerState.OPEN);
    }
    Collections.sort(delays);
    System.out.printf(
        "propagation A -> B over %d routes: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
        delays.size(),
        delays.get(delays.size() / 2) / 1e6,
        delays.get((int) Math.ceil(delays.size() * 0.99) - 1) / 1e6,
        delays.get(delays.size() - 1) / 1e6);
  }

  @Test
  void failuresSeenByDifferentStoresAddUpToOpenTheBreakerForAll() {
    String ns = "counted";
    String route = "provider/failing-everywhere";
    RedisHealthStore a = fleet.store(ns);
    RedisHealthStore b = fleet.store(ns);
    int threshold = HealthSettings.defaults().breakerThreshold();
    for (int i = 1; i < threshold; i++) {
      a.report(a.admit(route), AttemptHealth.BREAKER_FAILURE);
    }
    assertThat(a.breaker(route)).isEqualTo(BreakerState.CLOSED); // one short, locally
    Eventually.await(
        "A's failures counted in Redis",
        () -> String.valueOf(threshold - 1).equals(rawHget(new Keys(ns).route(route)[4], "f")));
    b.report(b.admit(route), AttemptHealth.BREAKER_FAILURE); // the fleet's threshold-th
    Eventually.await("open on B", () -> b.breaker(route) == BreakerState.OPEN);
    Eventually.await("open on A", () -> a.breaker(route) == BreakerState.OPEN);
  }

  /** Runs one command on a connection of its own, as a client outside the fleet would. */
  private static <T> T raw(Function<RedisCommands<String, String>, T> command) {
    try (RedisClient client = RedisClient.create(REDIS.uri());
        StatefulRedisConnection<String, String> c = client.connect()) {
      return command.apply(c.sync());
    }
  }

  private static String rawHget(String key, String field) {
    return raw(c -> c.hget(key, field));
  }

  @Test
  void exactlyOneOfManyStoresSendsTheProbeAndItsSuccessClosesTheBreakerEverywhere()
      throws Exception {
    String ns = "probe";
    String route = "provider/flaky";
    List<RedisHealthStore> stores = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      stores.add(fleet.store(ns));
    }
    trip(stores.get(0), route);
    for (RedisHealthStore s : stores) {
      Eventually.await("open everywhere", () -> s.breaker(route) == BreakerState.OPEN);
    }
    fleet.time.advance(HealthSettings.defaults().openInitial().plusMillis(1));

    int threads = 4;
    CyclicBarrier start = new CyclicBarrier(stores.size() * threads);
    ConcurrentLinkedQueue<Admission> probes = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(stores.size() * threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (RedisHealthStore s : stores) {
        for (int t = 0; t < threads; t++) {
          done.add(
              pool.submit(
                  () -> {
                    start.await(30, TimeUnit.SECONDS);
                    Admission a = s.admit(route);
                    if (a.kind() == Admission.Kind.PROBE) {
                      probes.add(a);
                    } else {
                      assertThat(a.kind()).isEqualTo(Admission.Kind.SHED);
                    }
                    return null;
                  }));
        }
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(probes).hasSize(1);
    Admission probe = probes.peek();
    RedisHealthStore holder =
        stores.stream().filter(s -> s.breaker(route) == BreakerState.HALF_OPEN).findFirst().get();
    holder.report(probe, AttemptHealth.SUCCESS);
    for (RedisHealthStore s : stores) {
      Eventually.await("closed everywhere", () -> s.breaker(route) == BreakerState.CLOSED);
      assertThat(s.admit(route).kind()).isEqualTo(Admission.Kind.ADMITTED);
      assertThat(s.marks()).doesNotContainKey(route);
    }
  }

  @Test
  void aPanicAnswerOnOneStoreMakesTheProbeDueForTheWholeFleet() {
    String route = "provider/back-early";
    RedisHealthStore[] ab =
        trippedPair(
            "panic", route, Duration.ofSeconds(8), Duration.ofSeconds(8), Duration.ofSeconds(20));
    RedisHealthStore a = ab[0];
    RedisHealthStore b = ab[1];
    assertThat(b.admit(route).kind()).isEqualTo(Admission.Kind.SHED);

    a.report(a.admit(route).panic(), AttemptHealth.SUCCESS);

    // Well within the 8 s open time, B's next admission is the fleet's probe.
    Eventually.await("probe due on B", () -> b.admit(route).kind() == Admission.Kind.PROBE);
    assertThat(a.admit(route).kind()).isEqualTo(Admission.Kind.SHED); // B holds the one lease
  }

  @Test
  void aProbeWhoseHolderDiesExpiresAndAnotherStoreTakesItOver() {
    String route = "provider/dying-holder";
    // Redis keeps the lease on its own clock, so it must outlive, in real time, A's close and the
    // news of its probe reaching B: once it expired, B's next resync (every second) forgets it and
    // B would take the probe before the lease's time on the fleet's clock has passed.
    Duration lease = Duration.ofSeconds(2);
    RedisHealthStore[] ab =
        trippedPair("lease", route, Duration.ofSeconds(1), Duration.ofSeconds(30), lease);
    RedisHealthStore a = ab[0];
    RedisHealthStore b = ab[1];
    fleet.time.advance(Duration.ofMillis(1001));
    assertThat(a.admit(route).kind()).isEqualTo(Admission.Kind.PROBE);
    a.close(); // the holder dies without reporting
    Eventually.await("B knows of A's probe", () -> b.breaker(route) == BreakerState.HALF_OPEN);
    assertThat(b.admit(route).kind()).isEqualTo(Admission.Kind.SHED);
    fleet.time.advance(lease.plusMillis(1));
    // Redis expires the lease on its own clock: B takes the probe once it has.
    Eventually.await("B takes the probe over", () -> b.admit(route).kind() == Admission.Kind.PROBE);
  }

  @Test
  void aTwoSecondCooldownSetThroughOneStoreKeepsAnotherOffForTwoSecondsOnly() {
    String ns = "cooldown";
    String route = "provider/rate-limited";
    RedisHealthStore a = fleet.store(ns);
    RedisHealthStore b = fleet.store(ns);
    a.coolDown(route, Duration.ofSeconds(2)); // a 429 with Retry-After: 2
    Eventually.await("cooldown on B", () -> b.marks().containsKey(route));
    assertThat(b.marks().get(route).condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(b.cooldownRemaining(route))
        .isLessThanOrEqualTo(Duration.ofSeconds(2))
        .isGreaterThan(Duration.ofMillis(1900));
    long ttl = raw(c -> c.pttl(new Keys(ns).route(route)[2]));
    assertThat(ttl).isBetween(1L, 2000L);
    fleet.time.advance(Duration.ofMillis(1990));
    assertThat(b.marks()).containsKey(route);
    fleet.time.advance(Duration.ofMillis(20));
    assertThat(b.marks()).doesNotContainKey(route);
    assertThat(b.cooldownRemaining(route)).isZero();
  }

  @Test
  void anAccountStateSetThroughOneStoreIsAnAccountStateOnAnotherNotACooldown() {
    String ns = "account";
    String route = "provider/refused";
    RedisHealthStore a = fleet.store(ns);
    RedisHealthStore b = fleet.store(ns);
    Admission inFlight = b.admit(route); // sent before the 401 on A
    a.accountState(route, Duration.ofMinutes(5)); // auth_failed: no end given, the default
    Eventually.await("account state on B", () -> b.marks().containsKey(route));
    // B knows it is not a wait a provider gave: not waited for, not lifted in panic mode.
    assertThat(b.marks().get(route).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    assertThat(b.accountStateRemaining(route))
        .isLessThanOrEqualTo(Duration.ofMinutes(5))
        .isGreaterThan(Duration.ofSeconds(299));
    String[] keys = new Keys(ns).route(route);
    long ttl = raw(c -> c.pttl(keys[5]));
    assertThat(ttl).isBetween(299_000L, 300_000L);
    long cooldowns = raw(c -> c.exists(keys[2]));
    assertThat(cooldowns).isZero(); // no cooldown was written
    // A replica started now reads the same from Redis.
    RedisHealthStore restarted = fleet.store(ns);
    assertThat(restarted.marks().get(route).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    // The answer to an attempt sent before it ends nothing, here or for the fleet: nothing is
    // written, and the account state ends at its time.
    b.report(inFlight, AttemptHealth.SUCCESS);
    assertThat(b.marks().get(route).condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    long accountKeys = raw(c -> c.exists(keys[5]));
    assertThat(accountKeys).isEqualTo(1);
    fleet.time.advance(Duration.ofMinutes(5));
    assertThat(a.marks()).doesNotContainKey(route);
    assertThat(b.accountStateRemaining(route)).isZero();
  }

  @Test
  void aRestartedStoreStartsWithTheFleetsCurrentCooldownsAndRetirements() {
    String ns = "restart";
    RedisHealthStore a = fleet.store(ns);
    a.coolDown("provider/cooling", Duration.ofSeconds(30));
    a.retire("provider/gone", Duration.ofMinutes(10));
    trip(a, "provider/down");
    Eventually.await(
        "A's writes confirmed",
        () -> {
          try (RedisHealthStore probe =
              RedisHealthStore.builder().uri(REDIS.uri()).namespace(ns).build()) {
            return probe.marks().size() == 3;
          }
        });
    RedisHealthStore restarted = fleet.store(ns); // no waiting: build() read the fleet's state
    assertThat(restarted.marks().get("provider/cooling").condition())
        .isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(restarted.cooldownRemaining("provider/cooling"))
        .isGreaterThan(Duration.ofSeconds(29));
    assertThat(restarted.marks().get("provider/gone").condition())
        .isEqualTo(RouteCondition.RETIRED);
    assertThat(restarted.marks().get("provider/down").condition())
        .isEqualTo(RouteCondition.CIRCUIT_OPEN);
  }

  @Test
  void twoNamespacesOnOneRedisDoNotSeeEachOther() {
    RedisHealthStore blue = fleet.store("blue");
    RedisHealthStore green = fleet.store("green");
    RedisHealthStore blue2 = fleet.store("blue");
    trip(blue, "provider/shared-name");
    blue.coolDown("provider/other", Duration.ofSeconds(30));
    Eventually.await("blue2 sees blue", () -> blue2.marks().size() == 2);
    RedisHealthStore greenLate = fleet.store("green");
    assertThat(green.marks()).isEmpty();
    assertThat(greenLate.marks()).isEmpty();
    assertThat(green.admit("provider/shared-name").kind()).isEqualTo(Admission.Kind.ADMITTED);
  }
}
