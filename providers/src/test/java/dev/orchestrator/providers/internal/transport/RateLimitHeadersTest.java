package dev.orchestrator.providers.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.spi.RateLimits;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two rate-limit header dialects, as the providers document them. */
class RateLimitHeadersTest {
  private static HttpHeaders headers(Map<String, String> h) {
    Map<String, List<String>> m = new java.util.HashMap<>();
    h.forEach((k, v) -> m.put(k, List.of(v)));
    return HttpHeaders.of(m, (a, b) -> true);
  }

  @Test
  void readsOpenAiAndGroqHeadersWithGoDurations() {
    RateLimits r =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "x-ratelimit-limit-requests", "14400",
                    "x-ratelimit-remaining-requests", "14370",
                    "x-ratelimit-reset-requests", "2m59.56s",
                    "x-ratelimit-limit-tokens", "18000",
                    "x-ratelimit-remaining-tokens", "17997",
                    "x-ratelimit-reset-tokens", "7.66s")),
            Instant.EPOCH);
    assertThat(r)
        .isEqualTo(
            new RateLimits(
                14370L,
                17997L,
                14400L,
                18000L,
                Duration.ofMillis(179_560),
                Duration.ofMillis(7_660),
                true)); // OpenAI and Groq count a request's prompt and max_tokens against it
  }

  @Test
  void goDurationsInEveryUnit() {
    assertThat(RateLimitHeaders.duration("6m0s")).isEqualTo(Duration.ofMinutes(6));
    assertThat(RateLimitHeaders.duration("1h2m3s")).isEqualTo(Duration.ofSeconds(3723));
    assertThat(RateLimitHeaders.duration("12ms")).isEqualTo(Duration.ofMillis(12));
    assertThat(RateLimitHeaders.duration("1.2s")).isEqualTo(Duration.ofMillis(1200));
    assertThat(RateLimitHeaders.duration("30")).isEqualTo(Duration.ofSeconds(30));
    assertThat(RateLimitHeaders.duration("soon")).isNull();
    assertThat(RateLimitHeaders.duration("5s later")).isNull();
  }

  @Test
  void aResetPastAYearIsLeftOutNeverOverflowed() {
    assertThat(RateLimitHeaders.duration("8784h")).isEqualTo(RateLimitHeaders.MAX_RESET);
    assertThat(RateLimitHeaders.duration("8784h1s")).isNull();
    assertThat(RateLimitHeaders.duration("99999999999999999999999h")).isNull();
    assertThat(RateLimitHeaders.duration("9223372036h9223372036h")).isNull();
    assertThat(RateLimitHeaders.duration("1" + "0".repeat(100))).isNull();
    Instant now = Instant.parse("2026-03-01T12:00:00Z");
    assertThat(RateLimitHeaders.reset("999999999999999", now)).isNull();
    assertThat(RateLimitHeaders.reset(Long.toString(now.plusSeconds(60).toEpochMilli()), now))
        .isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void readsAnthropicHeadersWithRfc3339Resets() {
    Instant now = Instant.parse("2026-03-01T12:00:00Z");
    RateLimits r =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "anthropic-ratelimit-requests-limit", "50",
                    "anthropic-ratelimit-requests-remaining", "0",
                    "anthropic-ratelimit-requests-reset", "2026-03-01T12:00:42Z",
                    "anthropic-ratelimit-tokens-limit", "40000",
                    "anthropic-ratelimit-tokens-remaining", "39000",
                    "anthropic-ratelimit-tokens-reset", "2026-03-01T11:59:00Z")),
            now);
    assertThat(r)
        .as("Anthropic's bucket refills continuously: one request of 50 in 42 s is back in 0.84 s")
        .isEqualTo(new RateLimits(0L, 39000L, 50L, 40000L, Duration.ofMillis(840), Duration.ZERO));
  }

  @Test
  void readsOpenRouterSuffixlessHeadersWithEpochMillisecondResets() {
    // The headers of OpenRouter's 429 when a key's free-model requests of the day are spent.
    Instant now = Instant.parse("2026-04-28T18:30:00Z");
    long midnight = Instant.parse("2026-04-29T00:00:00Z").toEpochMilli();
    RateLimits r =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "x-ratelimit-limit", "50",
                    "x-ratelimit-remaining", "0",
                    "x-ratelimit-reset", Long.toString(midnight))),
            now);
    assertThat(r).isEqualTo(new RateLimits(0L, null, 50L, null, Duration.ofMinutes(330), null));
  }

  @Test
  void suffixlessResetsInEpochSecondsOrSecondsFromNow() {
    Instant now = Instant.parse("2026-04-28T18:30:00Z");
    assertThat(RateLimitHeaders.reset(Long.toString(now.getEpochSecond() + 90), now))
        .isEqualTo(Duration.ofSeconds(90));
    assertThat(RateLimitHeaders.reset("42", now)).isEqualTo(Duration.ofSeconds(42));
    assertThat(RateLimitHeaders.reset(Long.toString(now.toEpochMilli() - 5_000), now))
        .isEqualTo(Duration.ZERO);
    assertThat(RateLimitHeaders.reset("tomorrow", now)).isNull();
  }

  @Test
  void aSpentReplenishingWindowIsOutForOneRequestsShareAFixedWindowUntilItsReset() {
    RateLimits groq =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "x-ratelimit-limit-requests", "30",
                    "x-ratelimit-remaining-requests", "0",
                    "x-ratelimit-reset-requests", "1m0s")),
            Instant.EPOCH);
    assertThat(groq.resetRequests()).isEqualTo(Duration.ofSeconds(2));
    RateLimits left =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "x-ratelimit-limit-requests", "30",
                    "x-ratelimit-remaining-requests", "3",
                    "x-ratelimit-reset-requests", "54s")),
            Instant.EPOCH);
    assertThat(left.resetRequests())
        .as("requests left: the whole window")
        .isEqualTo(Duration.ofSeconds(54));
    Instant now = Instant.parse("2026-04-28T23:00:00Z");
    RateLimits openRouter =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "x-ratelimit-limit", "50",
                    "x-ratelimit-remaining", "0",
                    "x-ratelimit-reset",
                        Long.toString(Instant.parse("2026-04-29T00:00:00Z").toEpochMilli()))),
            now);
    assertThat(openRouter.resetRequests()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void absentOrMalformedHeadersSayNothing() {
    assertThat(RateLimitHeaders.read(headers(Map.of()), Instant.EPOCH).any()).isFalse();
    RateLimits r =
        RateLimitHeaders.read(
            headers(
                Map.of(
                    "x-ratelimit-remaining-requests", "lots",
                    "anthropic-ratelimit-requests-reset", "tomorrow")),
            Instant.EPOCH);
    assertThat(r.any()).isFalse();
  }
}
