package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.StoreStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code user:password@} against a redis-server with an ACL user: it works, and the password
 * appears in no log line, status detail or error — not even when it is wrong.
 */
class CredentialsIT {
  private static final String PASSWORD = "s3cret-Pa55word";
  private static RedisServer redis;
  private final List<String> logged = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          logged.add(String.valueOf(r.getMessage()) + " " + r.getThrown());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeAll
  static void startRedis() throws Exception {
    redis = RedisServer.startWithUser("fleet", PASSWORD);
  }

  @AfterAll
  static void stopRedis() {
    if (redis != null) {
      redis.close();
    }
  }

  @BeforeEach
  void captureLogs() {
    Logger.getLogger("").addHandler(capture);
  }

  @AfterEach
  void releaseLogs() {
    Logger.getLogger("").removeHandler(capture);
  }

  private String uri(String password) {
    return "redis://fleet:" + password + "@127.0.0.1:" + redis.port();
  }

  @Test
  void aUserAndPasswordUriConnectsAndShares() {
    try (RedisHealthStore a =
            RedisHealthStore.builder().uri(uri(PASSWORD)).namespace("acl").build();
        RedisHealthStore b =
            RedisHealthStore.builder().uri(uri(PASSWORD)).namespace("acl").build()) {
      assertThat(a.status().degraded()).isFalse();
      assertThat(a.status().detail())
          .contains("redis://127.0.0.1:")
          .doesNotContain(PASSWORD)
          .doesNotContain("fleet");
      for (int i = 0; i < HealthSettings.defaults().breakerThreshold(); i++) {
        a.report(a.admit("p/m"), AttemptHealth.BREAKER_FAILURE);
      }
      Eventually.await("B sees A's breaker", () -> b.marks().containsKey("p/m"));
    }
    assertThat(logged).noneMatch(l -> l.contains(PASSWORD));
  }

  @Test
  void aWrongPasswordDegradesWithoutShowingIt() {
    String wrong = "wr0ng-Secret";
    List<StoreStatus> statuses = new CopyOnWriteArrayList<>();
    String detail =
        refusal(
            () -> {
              statuses.clear(); // the last store's alone
              return RedisHealthStore.builder()
                  .uri(uri(wrong))
                  .commandTimeout(Duration.ofMillis(500))
                  .onStatus(statuses::add)
                  .build();
            },
            "WRONGPASS");
    assertThat(detail)
        .doesNotContain(wrong)
        .doesNotContain("fleet")
        .contains("redis://127.0.0.1:")
        // Redis's own reason, not Lettuce's "Unable to connect to 127.0.0.1/<unresolved>:…"
        .contains("WRONGPASS")
        .doesNotContain("<unresolved>");
    Eventually.await("told once", () -> statuses.size() == 1);
    assertThat(statuses.get(0).degraded()).isTrue();
    assertThat(logged).isNotEmpty().noneMatch(l -> l.contains(wrong));
  }

  @Test
  void noPasswordIsReportedAsRedisRefusesIt() {
    String detail =
        refusal(
            () -> RedisHealthStore.builder().uri("redis://127.0.0.1:" + redis.port()).build(),
            "NOAUTH");
    assertThat(detail).contains("NOAUTH").doesNotContain("<unresolved>");
  }

  @Test
  void aDatabaseRedisRefusesIsNamedWithoutThePassword() {
    String detail =
        refusal(
            () -> RedisHealthStore.builder().uri(uri(PASSWORD) + "/99").build(),
            "DB index is out of range");
    assertThat(detail)
        .contains("redis://127.0.0.1:" + redis.port() + "/99")
        .contains("DB index is out of range")
        .doesNotContain(PASSWORD);
    assertThat(logged).noneMatch(l -> l.contains(PASSWORD));
  }

  /**
   * The degraded status detail of a store {@code open} builds against a Redis that refuses it, once
   * it names {@code reason}. Lettuce fails a refused handshake with Redis's reply, or — when the
   * channel's close wins the race inside its handshake on a loaded machine — with "Connection
   * closed prematurely"; so up to five stores are opened, each degraded, until one names it.
   */
  private static String refusal(Supplier<RedisHealthStore> open, String reason) {
    String detail = "";
    for (int i = 0; i < 5 && !detail.contains(reason); i++) {
      try (RedisHealthStore s = open.get()) {
        assertThat(s.status().degraded()).isTrue();
        detail = s.status().detail();
      }
    }
    return detail;
  }

  @Test
  void tlsAgainstAPlainServerNamesTlsWithinTheConnectTimeout() {
    long start = System.nanoTime();
    try (RedisHealthStore s =
        RedisHealthStore.builder()
            .uri("rediss://fleet:" + PASSWORD + "@127.0.0.1:" + redis.port())
            .build()) {
      // Netty's own handshake timeout is 10 s; the store's is its connect timeout (2 s here).
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
      assertThat(s.status().degraded()).isTrue();
      assertThat(s.status().detail())
          .startsWith("degraded: rediss://127.0.0.1:")
          .contains("TLS")
          .doesNotContain(PASSWORD);
    }
    assertThat(logged).noneMatch(l -> l.contains(PASSWORD));
  }

  @Test
  void aMalformedUriIsRejectedWithoutItsPassword() {
    assertThatThrownBy(() -> RedisHealthStore.builder().uri("http://fleet:" + PASSWORD + "@host"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http://****@host")
        .hasMessageContaining("expected: redis://")
        .hasMessageNotContaining(PASSWORD);
  }
}
