package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where {@code retryAfter} comes from, and which source wins. Time is a fixed clock. */
class RetryAfterTest {

  private static final Instant NOW = Instant.parse("2015-10-21T07:28:00Z");
  private static final FailureClassifier CLASSIFIER =
      FailureClassifier.withClock(Clock.fixed(NOW, ZoneOffset.UTC));

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          # case                                  | headers (name=value;…)                                                   | retryAfterMs
          delta-seconds                           | Retry-After=2                                                            | 2000
          delta-seconds, zero                     | retry-after=0                                                            | 0
          HTTP-date 30 s ahead                    | Retry-After=Wed, 21 Oct 2015 07:28:30 GMT                                | 30000
          HTTP-date in the past means now         | Retry-After=Wed, 21 Oct 2015 07:00:00 GMT                                | 0
          garbage is no evidence                  | Retry-After=soon                                                         | null
          negative is no evidence                 | Retry-After=-5                                                           | null
          absurdly large is no evidence           | Retry-After=99999999999                                                  | null
          retry-after-ms wins, more precise       | retry-after-ms=1500;Retry-After=2                                        | 1500
          Go durations: longest reset             | x-ratelimit-reset-requests=1s;x-ratelimit-reset-tokens=6m0s              | 360000
          Go durations: the exhausted limit       | x-ratelimit-reset-requests=20ms;x-ratelimit-remaining-requests=0;x-ratelimit-reset-tokens=6m0s;x-ratelimit-remaining-tokens=900 | 20
          Go durations: fractions                 | x-ratelimit-reset-tokens=1m30.5s                                         | 90500
          Go durations: hours                     | x-ratelimit-reset-requests=2h3m                                          | 7380000
          Go durations: invalid                   | x-ratelimit-reset-requests=1x                                            | null
          Retry-After beats the resets            | Retry-After=7;x-ratelimit-reset-tokens=6m0s                              | 7000
          Anthropic reset instant                 | anthropic-ratelimit-requests-reset=2015-10-21T07:28:05Z;anthropic-ratelimit-requests-remaining=0 | 5000
          x-ratelimit-reset epoch milliseconds    | x-ratelimit-reset=1445412490000                                          | 10000
          x-ratelimit-reset epoch seconds         | x-ratelimit-reset=1445412500                                             | 20000
          x-ratelimit-reset delta-seconds         | x-ratelimit-reset=3                                                      | 3000
          nothing                                 | null                                                                     | null
          """)
  void readsTheWaitFromHeaders(String name, String headers, Long retryAfterMs) {
    Duration d =
        CLASSIFIER
            .classify(FailureEvidence.http(429, FailureClassifierTest.headers(headers), null))
            .retryAfter();

    assertThat(d == null ? null : d.toMillis()).isEqualTo(retryAfterMs);
  }

  /**
   * A rate-limit reset is no wait where nothing says a limit failed: the failure is no rate limit
   * or quota, and every limit with a reset says it has some left (a reset alone is still a wait).
   * OpenAI and Groq send their resets on every answer; on a 503 or a 529 with every limit left, the
   * longest of them (the token bucket's full refill) is no wait the provider asked for, and must
   * not cool the route for minutes.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          # case                               | status | headers (name=value;…)                  | retryAfterMs
          503, limits left: no wait             | 503    | x-ratelimit-remaining-requests=59;x-ratelimit-reset-requests=1s;x-ratelimit-remaining-tokens=149984;x-ratelimit-reset-tokens=6m0s | null
          529, Anthropic limits left: no wait   | 529    | anthropic-ratelimit-requests-remaining=49;anthropic-ratelimit-requests-reset=2015-10-21T07:29:00Z | null
          500, suffix-less reset left: no wait  | 500    | x-ratelimit-remaining=20;x-ratelimit-reset=1445412490000 | null
          503, a spent limit: its reset         | 503    | x-ratelimit-remaining-requests=0;x-ratelimit-reset-requests=20s;x-ratelimit-remaining-tokens=900;x-ratelimit-reset-tokens=6m0s | 20000
          500, suffix-less spent: its reset     | 500    | x-ratelimit-remaining=0;x-ratelimit-reset=1445412490000 | 10000
          503, Retry-After stands               | 503    | Retry-After=4;x-ratelimit-reset-tokens=6m0s | 4000
          429, limits left: the longest         | 429    | x-ratelimit-remaining-requests=59;x-ratelimit-reset-requests=1s;x-ratelimit-reset-tokens=6m0s | 360000
          503, a reset alone: its wait          | 503    | x-ratelimit-reset-requests=2s | 2000
          503, one limit unsaid: the longest    | 503    | x-ratelimit-remaining-requests=59;x-ratelimit-reset-requests=1s;x-ratelimit-reset-tokens=6m0s | 360000
          500, suffix-less reset alone: a wait  | 500    | x-ratelimit-reset=10 | 10000
          """)
  void readsAResetAsAWaitOnlyWhereALimitFailed(
      String name, int status, String headers, Long retryAfterMs) {
    Duration d =
        CLASSIFIER
            .classify(FailureEvidence.http(status, FailureClassifierTest.headers(headers), null))
            .retryAfter();

    assertThat(d == null ? null : d.toMillis()).isEqualTo(retryAfterMs);
  }

  @ParameterizedTest(name = "retryDelay {0} with headers {1} -> {2} ms")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          17s            | null          | 17000
          57.238747106s  | null          | 57238
          0.5s           | null          | 500
          17             | null          | null
          17s            | Retry-After=3 | 3000
          """)
  void readsGooglesRetryInfo(String delay, String headers, Long retryAfterMs) {
    String body =
        "{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\",\"message\":\"m\",\"details\":"
            + "[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\""
            + delay
            + "\"}]}}";

    Duration d =
        CLASSIFIER
            .classify(FailureEvidence.http(429, FailureClassifierTest.headers(headers), body))
            .retryAfter();

    assertThat(d == null ? null : d.toMillis()).isEqualTo(retryAfterMs);
  }

  @ParameterizedTest
  @CsvSource({"1s,1000", "6m0s,360000", "20ms,20", "1m30.5s,90500", "1h16m0.667s,4560667"})
  void parsesGoDurations(String value, long millis) {
    assertThat(RetryAfter.goDuration(value)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest
  @CsvSource({"''", "s", "1", "1.s", "m1", "1s2", "-1s"})
  void rejectsMalformedGoDurations(String value) {
    assertThat(RetryAfter.goDuration(value)).isNull();
  }

  @org.junit.jupiter.api.Test
  void theSharedInstanceReadsTheSystemClock() {
    String inAMinute =
        java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
            java.time.ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(60));

    Duration d =
        FailureClassifier.INSTANCE
            .classify(FailureEvidence.http(503, Map.of("Retry-After", inAMinute), null))
            .retryAfter();

    assertThat(d).isBetween(Duration.ofSeconds(50), Duration.ofSeconds(60));
  }
}
