package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Several keys of one provider against a real loopback upstream that sends the providers' real
 * rate-limit headers and 429 bodies (docs/design.md §5, ADR 0033): each key is used until its
 * headers say it is spent, then the other; with both spent nothing more is sent; a quota 429 cools
 * the key, not the route. The orchestrator runs on fake time: nothing sleeps.
 */
class SeveralKeysIT {
  private static final String SECRET_A = "sk-live-aaaa-0123456789";
  private static final String SECRET_B = "sk-live-bbbb-9876543210";
  private static final Instant NOW = Instant.parse("2026-04-28T18:30:00Z");
  private static final Credentials KEYS =
      Credentials.of(Map.of("G_KEY_A", SECRET_A, "G_KEY_B", SECRET_B));

  private static TaskOrchestrator orchestrator(ScriptedUpstream upstream, Protocol protocol) {
    return orchestrator(upstream, protocol, new FakeTime());
  }

  private static TaskOrchestrator orchestrator(
      ScriptedUpstream upstream, Protocol protocol, FakeTime time) {
    Provider g =
        Provider.of("g", upstream.baseUrl("g"), protocol, List.of())
            .withKeys(
                List.of(
                    new ApiKey("team-a", List.of("G_KEY_A"), 1, null),
                    new ApiKey("team-b", List.of("G_KEY_B"), 1, null)),
                null);
    Catalog catalog =
        Catalog.builder()
            .provider(g)
            .route(
                Route.builder("g", "m")
                    .prices(java.math.BigDecimal.ZERO, java.math.BigDecimal.ZERO)
                    .build())
            .build();
    Clock wall = time.clock(NOW);
    return TaskOrchestrator.builder()
        .catalog(catalog)
        .providers(HttpProviderClients.builder().credentials(KEYS).ticker(time).clock(wall).build())
        .credentials(KEYS)
        .ticker(time)
        .sleeper(time)
        .clock(wall)
        .policy(OrchestratorPolicy.builder().seed(5L).deadline(Duration.ofSeconds(5)).build())
        .build();
  }

  private static Set<String> bearerTokens(ScriptedUpstream upstream) {
    return upstream.received().stream()
        .map(r -> r.headers().getOrDefault("authorization", r.headers().get("x-api-key")))
        .collect(Collectors.toSet());
  }

  private static void spentThenNothingSent(ScriptedUpstream upstream, TaskOrchestrator o) {
    ChatResult first = o.chat(ChatRequest.builder("g/m").user("one").build());
    ChatResult second = o.chat(ChatRequest.builder("g/m").user("two").build());
    assertThat(
            List.of(first.trace().attempts().get(0).key(), second.trace().attempts().get(0).key()))
        .containsExactlyInAnyOrder("team-a", "team-b");
    assertThat(bearerTokens(upstream)).hasSize(2);
    assertThatThrownBy(() -> o.chat(ChatRequest.builder("g/m").user("three").build()))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> {
              assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
              assertThat(e.trace().attempts()).isEmpty();
              assertThat(e.getMessage() + e.trace().limited())
                  .contains("key 'team-a' requests_exhausted", "key 'team-b' requests_exhausted")
                  .doesNotContain(SECRET_A, SECRET_B);
            });
    assertThat(upstream.callCount("g/m")).as("shed before it would 429").isEqualTo(2);
  }

  @Test
  void openAiStyleHeadersSpendEachKeyAndThenNothingMoreIsSent() {
    // OpenAI/Groq: counts and Go-style durations ("6m0s", "1.2s").
    Map<String, String> spent =
        Map.of(
            "x-ratelimit-limit-requests", "30",
            "x-ratelimit-remaining-requests", "0",
            "x-ratelimit-reset-requests", "6m0s",
            "x-ratelimit-limit-tokens", "6000",
            "x-ratelimit-remaining-tokens", "5800",
            "x-ratelimit-reset-tokens", "1.2s");
    Step step = Step.ok("hello").withHeaders(spent);
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of("g/m", List.of(step)))) {
      spentThenNothingSent(upstream, orchestrator(upstream, Protocol.OPENAI_CHAT));
    }
  }

  @Test
  void anthropicHeadersWithAnRfc3339ResetSpendEachKeyAndThenNothingMoreIsSent() {
    String reset = NOW.plus(10, ChronoUnit.MINUTES).toString();
    Map<String, String> spent =
        Map.of(
            "anthropic-ratelimit-requests-limit", "50",
            "anthropic-ratelimit-requests-remaining", "0",
            "anthropic-ratelimit-requests-reset", reset);
    Step step = Step.ok("hello").withHeaders(spent);
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of("g/m", List.of(step)))) {
      spentThenNothingSent(upstream, orchestrator(upstream, Protocol.ANTHROPIC_MESSAGES));
    }
  }

  @Test
  void aQuota429CoolsItsKeyAndTheOtherKeyServesTheRoute() {
    String quota =
        "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan and"
            + " billing details.\",\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}";
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("g/m", List.of(Step.answer(429, quota), Step.ok("fine"))))) {
      TaskOrchestrator o = orchestrator(upstream, Protocol.OPENAI_CHAT);
      String cooled;
      try {
        o.chat(ChatRequest.builder("g/m").user("one").build());
        throw new AssertionError("the first answer is the quota 429");
      } catch (OrchestratorException e) {
        cooled = e.trace().attempts().get(0).key();
        assertThat(e.trace().attempts().get(0).category().wireName()).isEqualTo("quota_exhausted");
      }
      for (int i = 0; i < 5; i++) {
        ChatResult r = o.chat(ChatRequest.builder("g/m").user("again " + i).build());
        assertThat(r.trace().attempts())
            .singleElement()
            .extracting(a -> a.key())
            .isNotEqualTo(cooled);
      }
      assertThat(o.health().cooldownRemaining("g/m")).as("the route stays up").isZero();
      assertThat(upstream.callCount("g/m")).isEqualTo(6);
    }
  }

  /**
   * A rate limit with a {@code Retry-After} asked of one key cools that key, not the route: the
   * request is sent again at once with the other key. Before, the request waited the whole {@code
   * Retry-After} for the same route (up to the five-minute cap) while the other key was ready, and
   * with less deadline left than that it was refused — and the route was cooled for the wait, so
   * every request after it was refused too while the other key could answer.
   */
  @Test
  void aRetryAfterAskedOfOneKeyIsNotWaitedForWhileTheOtherKeyServes() {
    String limited =
        "{\"error\":{\"message\":\"Rate limit reached for requests\",\"type\":\"requests\","
            + "\"code\":\"rate_limit_exceeded\"}}";
    Step retryAfter = Step.answer(429, limited).withHeaders(Map.of("Retry-After", "30"));
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of("g/m", List.of(retryAfter, Step.ok("fine"))))) {
      FakeTime time = new FakeTime();
      TaskOrchestrator o = orchestrator(upstream, Protocol.OPENAI_CHAT, time);
      long start = time.read();
      ChatResult r = o.chat(ChatRequest.builder("g/m").user("one").build());
      assertThat(r.trace().attempts()).hasSize(2);
      assertThat(r.trace().attempts().get(0).category().wireName()).isEqualTo("rate_limited");
      assertThat(r.trace().attempts().get(1).key()).isNotEqualTo(r.trace().attempts().get(0).key());
      assertThat(Duration.ofNanos(time.read() - start)).isLessThan(Duration.ofSeconds(1));
      assertThat(o.health().cooldownRemaining("g/m")).as("the route stays up").isZero();
      for (int i = 0; i < 3; i++) {
        assertThat(o.chat(ChatRequest.builder("g/m").user("again " + i).build()).trace().attempts())
            .singleElement()
            .extracting(a -> a.key())
            .isEqualTo(r.trace().attempts().get(1).key());
      }
    }
  }

  @Test
  void openRoutersDaily429KeepsItsKeyOutUntilMidnightWhileTheOtherKeyServes() {
    // OpenRouter's answer when a key's free-model requests of the day are spent: suffix-less
    // headers, the reset in epoch milliseconds (midnight UTC).
    Map<String, String> headers =
        Map.of(
            "X-RateLimit-Limit", "50",
            "X-RateLimit-Remaining", "0",
            "X-RateLimit-Reset",
                Long.toString(Instant.parse("2026-04-29T00:00:00Z").toEpochMilli()));
    String body =
        "{\"error\":{\"message\":\"Rate limit exceeded: free-models-per-day. Add 10 credits to"
            + " unlock 1000 free model requests per day\",\"code\":429}}";
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of("g/m", List.of(Step.answer(429, body).withHeaders(headers), Step.ok("fine"))))) {
      TaskOrchestrator o = orchestrator(upstream, Protocol.OPENAI_CHAT);
      String spent;
      try {
        spent =
            o.chat(ChatRequest.builder("g/m").user("one").build()).trace().attempts().get(0).key();
      } catch (OrchestratorException e) {
        spent = e.trace().attempts().get(0).key();
      }
      String spentKey = spent;
      String other = spent.equals("team-a") ? "team-b" : "team-a";
      for (int i = 0; i < 5; i++) {
        ChatResult r = o.chat(ChatRequest.builder("g/m").user("again " + i).build());
        assertThat(r.trace().attempts()).extracting(a -> a.key()).containsOnly(other);
      }
      Provider g = o.catalog().provider("g").orElseThrow();
      String why =
          o.keys().status(g).stream()
              .filter(k -> k.name().equals(spentKey))
              .findFirst()
              .orElseThrow()
              .out();
      assertThat(why).contains("until its reset in 19800 s");
    }
  }

  /**
   * A reset no provider means — centuries away, past what a duration holds, or negative once
   * multiplied out — is left out, as a {@code Retry-After} past a year is: the answer it came with
   * is still the answer, and the key is not kept out for it (it once overflowed into an "unexpected
   * client error" that threw the answer away, or kept the key out for a hundred years).
   */
  @Test
  void aRateLimitResetFarPastAYearNeitherBreaksTheAnswerNorKeepsTheKeyOut() {
    List<Map.Entry<Protocol, Map<String, String>>> absurd =
        List.of(
            Map.entry(
                Protocol.ANTHROPIC_MESSAGES,
                Map.of(
                    "anthropic-ratelimit-requests-remaining", "0",
                    "anthropic-ratelimit-requests-reset", "9999-12-31T23:59:59Z")),
            Map.entry(
                Protocol.OPENAI_CHAT,
                Map.of("x-ratelimit-remaining", "0", "x-ratelimit-reset", "999999999999999")),
            Map.entry(
                Protocol.OPENAI_CHAT,
                Map.of(
                    "x-ratelimit-remaining-requests", "0",
                    "x-ratelimit-reset-requests", "99999999999999999999999h")),
            Map.entry(
                Protocol.OPENAI_CHAT,
                Map.of(
                    "x-ratelimit-remaining-requests", "0",
                    "x-ratelimit-reset-requests", "876000h")));
    for (Map.Entry<Protocol, Map<String, String>> row : absurd) {
      Step step = Step.ok("hello").withHeaders(row.getValue());
      try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of("g/m", List.of(step)))) {
        TaskOrchestrator o = orchestrator(upstream, row.getKey());
        for (int i = 0; i < 4; i++) {
          ChatResult r = o.chat(ChatRequest.builder("g/m").user("ask " + i).build());
          assertThat(r.response().content()).as(row.toString()).isEqualTo("hello");
        }
        Provider g = o.catalog().provider("g").orElseThrow();
        assertThat(o.keys().status(g)).as(row.toString()).allMatch(k -> k.out() == null);
        assertThat(upstream.callCount("g/m")).isEqualTo(4);
      }
    }
  }
}
