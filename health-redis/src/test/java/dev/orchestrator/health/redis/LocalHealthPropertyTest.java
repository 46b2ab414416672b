package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The invariant behind degraded mode: for any sequence of admissions, reports, cooldowns,
 * retirements and time steps, the Redis store on local health answers exactly as the in-memory
 * store — same admissions (kind and retry time), same marks, same breaker states.
 */
class LocalHealthPropertyTest {
  private static final HealthSettings SETTINGS =
      HealthSettings.builder()
          .breakerThreshold(2)
          .openTime(Duration.ofSeconds(1), Duration.ofSeconds(8))
          .probeLease(Duration.ofSeconds(3))
          .streamCutThreshold(2)
          .build();
  private static final List<String> ROUTES = List.of("a/1", "b/2");

  /**
   * Every try starts a store on a closed port, which logs its degradation once: warnings that say
   * nothing here, so each try quiets it and restores the level after.
   */
  private static final java.util.logging.Logger STORE_LOG =
      java.util.logging.Logger.getLogger(RedisHealthStore.class.getName());

  /** One step of a scenario. */
  record Op(int kind, int route, int outcome, int millis) {}

  @Provide
  Arbitrary<List<Op>> scenarios() {
    Arbitrary<Op> op =
        Combinators.combine(
                Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, ROUTES.size() - 1),
                Arbitraries.integers().between(0, AttemptHealth.values().length - 1),
                Arbitraries.integers().between(1, 5000))
            .as(Op::new);
    return op.list().ofMinSize(5).ofMaxSize(60);
  }

  @Property(tries = 500)
  void aDegradedRedisStoreAnswersExactlyAsTheInMemoryStore(@ForAll("scenarios") List<Op> scenario) {
    java.util.logging.Level level = STORE_LOG.getLevel();
    STORE_LOG.setLevel(java.util.logging.Level.SEVERE);
    try {
      compare(scenario);
    } finally {
      STORE_LOG.setLevel(level);
    }
  }

  private static void compare(List<Op> scenario) {
    ManualTime time = new ManualTime();
    try (HealthStore memory =
            RouteHealthRegistry.create(time, SETTINGS, RetryBudget.defaults(time));
        RedisHealthStore degraded =
            RedisHealthStore.builder()
                .uri("redis://127.0.0.1:" + RedisServer.closedPort())
                .settings(SETTINGS)
                .clock(time)
                .ticker(time)
                .commandTimeout(Duration.ofMillis(100))
                .build()) {
      List<Admission> outMemory = new ArrayList<>();
      List<Admission> outRedis = new ArrayList<>();
      for (Op op : scenario) {
        String route = ROUTES.get(op.route());
        switch (op.kind()) {
          case 0, 1 -> {
            Admission m = memory.admit(route);
            Admission r = degraded.admit(route);
            assertThat(r.kind()).isEqualTo(m.kind());
            assertThat(r.retryIn()).isEqualTo(m.retryIn());
            outMemory.add(m);
            outRedis.add(r);
          }
          case 2 -> {
            if (!outMemory.isEmpty()) {
              int i = op.millis() % outMemory.size();
              AttemptHealth outcome = AttemptHealth.values()[op.outcome()];
              memory.report(outMemory.get(i), outcome);
              degraded.report(outRedis.get(i), outcome);
            }
          }
          case 3 -> {
            memory.coolDown(route, Duration.ofMillis(op.millis()));
            degraded.coolDown(route, Duration.ofMillis(op.millis()));
          }
          case 4 -> {
            memory.retire(route, Duration.ofMillis(op.millis()));
            degraded.retire(route, Duration.ofMillis(op.millis()));
          }
          default -> time.advance(Duration.ofMillis(op.millis()));
        }
        assertThat(conditions(degraded.marks())).isEqualTo(conditions(memory.marks()));
        for (String r : ROUTES) {
          assertThat(degraded.breaker(r)).isEqualTo(memory.breaker(r));
          assertThat(degraded.cooldownRemaining(r)).isEqualTo(memory.cooldownRemaining(r));
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> conditions(Map<String, HealthMark> marks) {
    return marks.entrySet().stream()
        .collect(
            Collectors.toMap(
                Map.Entry::getKey,
                e -> e.getValue().condition() + "@" + e.getValue().untilNanos()));
  }
}
