package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedisTargetTest {
  @ParameterizedTest(name = "{0} is shown as {1}")
  @CsvSource(
      textBlock =
          """
          redis://127.0.0.1:6379,                 redis://127.0.0.1:6379
          redis://redis.internal,                 redis://redis.internal:6379
          redis://alice:pa55@redis.internal:6380, redis://redis.internal:6380
          redis://pa55@redis.internal:6380/2,     redis://redis.internal:6380/2
          rediss://alice:pa55@cache.example:6390, rediss://cache.example:6390
          """)
  void theShownFormNeverHoldsThePasswordNorTheUserName(String uri, String shown) {
    RedisTarget t = RedisTarget.parse(uri);
    assertThat(t).hasToString(shown);
    if (uri.contains("pa55")) {
      assertThat(t.scrub("WRONGPASS for pa55")).isEqualTo("WRONGPASS for ****");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      textBlock =
          """
          http://alice:pa55@host:6379,   http://****@host:6379
          redis-sentinel://pa55@host,    redis-sentinel://****@host
          redis:/,                       redis:/
          """)
  void otherSchemesAreRejectedNamingTheRedactedUri(String uri, String redacted) {
    assertThatThrownBy(() -> RedisTarget.parse(uri))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "health store: "
                + redacted
                + " (expected: redis://[user:password@]host:port[/db] or rediss://…)")
        .hasMessageNotContaining("pa55");
  }
}
