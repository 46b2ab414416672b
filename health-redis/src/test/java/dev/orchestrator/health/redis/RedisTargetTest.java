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
          redis://alice:pa55@redis_1:6380/3,      redis://redis_1:6380/3
          redis://[::1]:6381,                     redis://[::1]:6381
          redis://alice:pa%2F55@redis.internal,   redis://redis.internal:6379
          """)
  void theShownFormNeverHoldsThePasswordNorTheUserName(String uri, String shown) {
    RedisTarget t = RedisTarget.parse(uri);
    assertThat(t).hasToString(shown);
    assertThat(t.uri().getPort())
        .isEqualTo(Integer.parseInt(shown.replaceAll(".*:(\\d+).*", "$1")));
    if (uri.contains("pa%2F55")) {
      assertThat(t.scrub("WRONGPASS for pa/55")).isEqualTo("WRONGPASS for ****");
    } else if (uri.contains("pa55")) {
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

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          redis://alice:pa55@host:abc   | redis://****@host:abc: port 'abc' is not a number from 1 to 65535
          rediss://host:-1/2            | rediss://host:-1/2: port '-1' is not a number from 1 to 65535
          redis://host:0                | redis://host:0: port '0' is not a number from 1 to 65535
          redis://alice:pa55@:6379      | redis://****@:6379: no host
          redis://                      | redis://: no host
          redis://host:6379/first       | redis://host:6379/first: database 'first' is not a number
          redis://[::1:6379             | redis://[::1:6379: an IPv6 host is written [address] or [address]:port
          redis://alice:pa?55@host      | redis://****@host: the user information holds '/', '?' or '#' not percent-encoded
          """)
  void aMalformedUriIsRejectedNamingTheProblemWithoutTheUserInformation(
      String uri, String message) {
    assertThatThrownBy(() -> RedisTarget.parse(uri))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "health store: "
                + message
                + " (expected: redis://[user:password@]host:port[/db] or rediss://…)")
        .hasMessageNotContaining("pa55")
        .hasMessageNotContaining("alice");
  }
}
