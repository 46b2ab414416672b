package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A fleet of replicas that each call a route rarely, the route failing a scattered share of calls
 * (docs/design.md §5 and §11): the fleet's count of failures is a count of consecutive failures, so
 * a success on any replica ends it, and uncorrelated faults never open the breaker.
 */
class ScatteredFaultsIT {
  @RegisterExtension static final SharedRedis REDIS = new SharedRedis();
  private Fleet fleet;
  private RedisClient client;
  private StatefulRedisConnection<String, String> raw;

  @BeforeEach
  void newFleet() {
    fleet = new Fleet(REDIS.server());
    client = RedisClient.create(REDIS.uri());
    raw = client.connect();
  }

  @AfterEach
  void closeFleet() {
    fleet.close();
    raw.close();
    client.shutdown();
  }

  /**
   * Eight replicas, 200 calls spread over them by a seeded random, a second apart (so no replica's
   * window reaches the minimum volume and every failure is counted for the fleet), 30 % of the
   * calls failing but never {@code breakerThreshold} in a row across the fleet. Before, a success
   * reset the fleet's count only on a replica that had itself failed since its last success: the
   * failures of different replicas added up across other replicas' successes, and the breaker
   * opened for the whole fleet on a route answering 70 % of its calls.
   */
  @Test
  void aSuccessOnAnyReplicaEndsTheFleetsCountOfConsecutiveFailures() {
    String ns = "scattered";
    String route = "provider/seventy-percent";
    String meta = new Keys(ns).route(route)[4];
    int threshold = HealthSettings.defaults().breakerThreshold();
    List<RedisHealthStore> stores = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      stores.add(fleet.store(ns));
    }
    Random random = new Random(42);
    int run = 0;
    int failures = 0;
    int longestRun = 0;
    for (int call = 0; call < 200; call++) {
      fleet.time.advance(Duration.ofSeconds(1));
      int replica = random.nextInt(stores.size());
      RedisHealthStore s = stores.get(replica);
      Admission a = s.admit(route);
      assertThat(a.kind())
          .as("call %d on replica %d", call, replica)
          .isEqualTo(Admission.Kind.ADMITTED);
      if (run < threshold - 1 && random.nextDouble() < 0.3) {
        s.report(a, AttemptHealth.BREAKER_FAILURE);
        run++;
        failures++;
        longestRun = Math.max(longestRun, run);
        // Awaited until the failure reached the fleet (a success reported earlier elsewhere may
        // land after it and end the count: a success and a failure in flight together).
        String at = String.valueOf(fleet.time.millis());
        Eventually.await(
            "call " + call + "'s failure counted", () -> at.equals(raw.sync().hget(meta, "lf")));
        String f = raw.sync().hget(meta, "f");
        assertThat(f == null ? 0 : Integer.parseInt(f))
            .as("the fleet's count")
            .isLessThanOrEqualTo(run);
      } else {
        s.report(a, AttemptHealth.SUCCESS);
        if (run > 0) {
          // The replica may not have heard yet that the fleet is counting: its next successes
          // (a second apart, as every call here, so its window stays below the minimum volume) do.
          Eventually.await(
              "a success on replica " + replica + " ends the fleet's count of " + run,
              () -> {
                if (raw.sync().hget(meta, "f") == null) {
                  return true;
                }
                fleet.time.advance(Duration.ofSeconds(1));
                s.report(s.admit(route), AttemptHealth.SUCCESS);
                return false;
              });
        }
        run = 0;
      }
    }
    assertThat(failures).isGreaterThan(40);
    assertThat(longestRun).isEqualTo(threshold - 1);
    for (RedisHealthStore s : stores) {
      assertThat(s.breaker(route)).isEqualTo(BreakerState.CLOSED);
    }
  }
}
