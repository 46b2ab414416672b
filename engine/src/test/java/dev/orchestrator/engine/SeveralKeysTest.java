package dev.orchestrator.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.RateLimits;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Several keys per provider through the failover loop (docs/design.md §5): account failures cool
 * the key, not the route, while another key serves; a key whose limits are spent is not sent to.
 */
class SeveralKeysTest {
  private final FakeTime time = new FakeTime();

  /** Answers by key: a failure for the keys named in {@code failing}, else an answer. */
  private final class ByKey implements ProviderClient {
    final Map<String, ProviderFailure> failing = new ConcurrentHashMap<>();
    final Map<String, RateLimits> headers = new ConcurrentHashMap<>();
    final List<String> sent = new ArrayList<>();

    @Override
    public synchronized AttemptOutcome send(ProviderCall call) {
      String key = call.key() == null ? "-" : call.key().name();
      sent.add(call.route().id() + " " + key);
      time.advance(Duration.ofMillis(5));
      RateLimits seen = headers.get(key);
      if (seen != null) {
        call.rateLimits().accept(seen);
      }
      ProviderFailure f = failing.get(key);
      return f != null
          ? new AttemptOutcome.Failed(f, false)
          : new AttemptOutcome.Succeeded(
              new ChatResponse("ok", List.of(), "stop", new Usage(3, 5, 8), "m", null));
    }
  }

  private static ProviderFailure quota() {
    return ProviderFailure.builder(FailureCategory.QUOTA_EXHAUSTED, ReachedModel.NO)
        .retryable(false)
        .status(429)
        .message("quota exhausted")
        .build();
  }

  private static Catalog catalog(DeclaredLimits limits, Route... routes) {
    Catalog plain = Catalogs.of(routes);
    Catalog.Builder b = plain.toBuilder();
    for (Provider p : plain.providers().values()) {
      if (p.id().equals("g")) {
        b.provider(
            p.withKeys(
                List.of(
                    new ApiKey("a", List.of("G_KEY_A"), 1, null),
                    new ApiKey("b", List.of("G_KEY_B"), 1, null)),
                limits));
      }
    }
    return b.build();
  }

  private TaskOrchestrator orchestrator(ByKey client, Catalog catalog) {
    return ScriptedClient.orchestrator(client, time)
        .catalog(catalog)
        .policy(OrchestratorPolicy.builder().seed(11L).build())
        .build();
  }

  @Test
  void aQuotaFailureCoolsItsKeyWhileTheOtherKeyKeepsTheRouteServing() {
    ByKey client = new ByKey();
    client.failing.put("a", quota());
    TaskOrchestrator o =
        orchestrator(
            client, catalog(null, Catalogs.free("g", "m", 8000), Catalogs.free("h", "m", 4000)));
    int refused = 0;
    for (int i = 0; i < 20; i++) {
      try {
        ChatResult r = o.chat(ChatRequest.builder("g/m").user("hi " + i).build());
        assertThat(r.trace().attempts())
            .singleElement()
            .extracting(AttemptRecord::key)
            .isEqualTo("b");
      } catch (OrchestratorException e) {
        // A settled 4xx on a single route is handed back as itself, never re-sent (docs/design.md
        // §5).
        assertThat(e.trace().attempts())
            .singleElement()
            .extracting(AttemptRecord::key)
            .isEqualTo("a");
        refused++;
      }
    }
    assertThat(refused).isLessThanOrEqualTo(1);
    assertThat(client.sent.stream().filter(s -> s.endsWith(" a")).count())
        .as("the quota failure is met once: the key cools")
        .isLessThanOrEqualTo(1);
    assertThat(o.health().cooldownRemaining("g/m")).isZero();
    assertThat(o.keys().status(o.catalog().provider("g").orElseThrow()))
        .extracting(s -> s.out() == null)
        .containsExactly(false, true);
  }

  @Test
  void whenEveryKeyIsOutTheRouteCoolsAndTheRequestFailsOver() {
    ByKey client = new ByKey();
    client.failing.put("a", quota());
    client.failing.put("b", quota());
    TaskOrchestrator o =
        orchestrator(
            client, catalog(null, Catalogs.free("g", "m", 8000), Catalogs.free("h", "m", 4000)));
    for (int i = 0; i < 3; i++) {
      ChatResult r = o.chat(ChatRequest.builder(RoutePlanner.FREE).user("hi " + i).build());
      assertThat(r.route()).isEqualTo("h/m");
    }
    assertThat(client.sent.stream().filter(s -> s.startsWith("g/m")).count()).isEqualTo(2);
    assertThat(o.health().cooldownRemaining("g/m")).isPositive();
  }

  @Test
  void keysAtZeroRemainingAreNotSentToAndTheRequestIsRateLimitedWithTheirReset() {
    ByKey client = new ByKey();
    RateLimits spent = new RateLimits(0L, null, 30L, null, Duration.ofMinutes(6), null);
    client.headers.put("a", spent);
    client.headers.put("b", spent);
    TaskOrchestrator o = orchestrator(client, catalog(null, Catalogs.free("g", "m", 8000)));
    o.chat(ChatRequest.builder("g/m").user("one").build());
    o.chat(ChatRequest.builder("g/m").user("two").build());
    assertThat(client.sent).containsExactlyInAnyOrder("g/m a", "g/m b");
    assertThatThrownBy(
            () ->
                o.chat(
                    ChatRequest.builder("g/m").user("three").build(),
                    new Cancellation(),
                    Duration.ofSeconds(10)))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> {
              assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
              assertThat(e.retryAfter()).isPositive();
              assertThat(e.trace().attempts()).isEmpty();
              assertThat(e.trace().limited())
                  .singleElement()
                  .asString()
                  .contains("g/m: key 'a' requests_exhausted", "key 'b' requests_exhausted");
            });
    assertThat(client.sent).hasSize(2);
  }

  @Test
  void aDeclaredDailyCapMovesAFreeRequestToAnotherFreeRouteNeverToAPricedOne() {
    ByKey client = new ByKey();
    Catalog c =
        catalog(
            new DeclaredLimits(1, null, null),
            Catalogs.free("g", "m", 64000),
            Catalogs.free("h", "m", 4000),
            Catalogs.priced("p", "m", 128000));
    TaskOrchestrator o = orchestrator(client, c);
    List<String> served = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      served.add(o.chat(ChatRequest.builder(RoutePlanner.FREE).user("q" + i).build()).route());
    }
    assertThat(served).containsExactly("g/m", "g/m", "h/m", "h/m");
    assertThat(client.sent)
        .allSatisfy(
            s ->
                assertThat(o.catalog().route(s.split(" ")[0]).orElseThrow().tier())
                    .isEqualTo(Tier.FREE));
  }

  @Test
  void learningRanksAProviderWhoseEveryKeyIsNearItsLimitAfterItsPeersAndTheStaticPlanDoesNot() {
    ByKey client = new ByKey();
    RateLimits low = new RateLimits(2L, null, 100L, null, Duration.ofMinutes(1), null);
    client.headers.put("a", low);
    client.headers.put("b", low);
    Catalog c = catalog(null, Catalogs.free("g", "m", 64000), Catalogs.free("h", "m", 4000));
    for (boolean learning : new boolean[] {true, false}) {
      TaskOrchestrator o =
          ScriptedClient.orchestrator(client, time)
              .catalog(c)
              .policy(OrchestratorPolicy.builder().seed(11L).learning(learning).build())
              .build();
      o.chat(ChatRequest.builder("g/m").user("one").build());
      o.chat(ChatRequest.builder("g/m").user("two").build());
      assertThat(o.keys().status(c.provider("g").orElseThrow()))
          .allSatisfy(k -> assertThat(k.low()).isTrue());
      var plan = o.plan(ChatRequest.builder(RoutePlanner.FREE).user("three").build());
      if (learning) {
        assertThat(plan.candidates()).extracting(x -> x.route().id()).containsExactly("h/m", "g/m");
        assertThat(plan.candidates().get(1).why()).contains("near their limits");
        assertThat(o.chat(ChatRequest.builder(RoutePlanner.FREE).user("three").build()).route())
            .isEqualTo("h/m");
      } else {
        assertThat(plan.candidates()).extracting(x -> x.route().id()).containsExactly("g/m", "h/m");
      }
    }
  }

  @Test
  void aKeyRefusedBesideAKeyCoolingBrieflyHoldsTheRouteOnlyUntilThatKeyReturns() {
    ByKey client = new ByKey();
    ProviderFailure limited =
        ProviderFailure.builder(FailureCategory.RATE_LIMITED, ReachedModel.NO)
            .retryable(true)
            .status(429)
            .retryAfter(Duration.ofSeconds(20))
            .message("rate limited")
            .build();
    client.failing.put("b", limited);
    TaskOrchestrator o =
        orchestrator(
            client, catalog(null, Catalogs.free("g", "m", 8000), Catalogs.free("h", "m", 4000)));
    // Until key b has met its 429 (the keys are drawn at random): b cools for 20 s, a serves.
    for (int i = 0; i < 20 && client.sent.stream().noneMatch(s -> s.equals("g/m b")); i++) {
      assertThat(o.chat(ChatRequest.builder("g/m").user("hi " + i).build()).route())
          .isEqualTo("g/m");
    }
    assertThat(client.sent).contains("g/m b");
    assertThat(o.health().cooldownRemaining("g/m")).isZero();

    // Then key a is refused (no end given): every key is out, but b returns in 20 s.
    client.failing.put(
        "a",
        ProviderFailure.builder(FailureCategory.AUTH_FAILED, ReachedModel.NO)
            .retryable(false)
            .status(401)
            .message("invalid api key")
            .build());
    assertThat(o.chat(ChatRequest.builder(RoutePlanner.FREE).user("next").build()).route())
        .isEqualTo("h/m");
    assertThat(client.sent).contains("g/m a");
    assertThat(o.health().accountStateRemaining("g/m"))
        .as("the route is not held for key a's account state while key b only waits")
        .isZero();
    assertThat(o.health().cooldownRemaining("g/m"))
        .isPositive()
        .isLessThanOrEqualTo(Duration.ofSeconds(20));

    client.failing.remove("b");
    time.advance(Duration.ofSeconds(20));
    ChatResult back = o.chat(ChatRequest.builder("g/m").user("later").build());
    assertThat(back.trace().attempts())
        .singleElement()
        .extracting(AttemptRecord::key)
        .isEqualTo("b");
  }
}
