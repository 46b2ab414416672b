package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two orchestrators on one real Redis share what they learn about keys and sessions (ADR 0033): a
 * key one replica found spent, a declared daily limit counted across both, and the route a session
 * last answered on.
 */
class FleetKeysIT {
  @RegisterExtension static final SharedRedis REDIS = new SharedRedis();

  /** One upstream and two stores in one namespace; closed together. */
  private record Fleet2(ScriptedUpstream upstream, RedisHealthStore a, RedisHealthStore b)
      implements AutoCloseable {
    static Fleet2 start(String namespace, Map<String, List<Step>> scripts) {
      return new Fleet2(ScriptedUpstream.start(scripts), store(namespace), store(namespace));
    }

    private static RedisHealthStore store(String namespace) {
      return RedisHealthStore.builder()
          .uri(REDIS.uri())
          .namespace(namespace)
          .commandTimeout(Duration.ofMillis(500))
          .resyncEvery(Duration.ofMillis(500))
          .build();
    }

    @Override
    public void close() {
      a.close();
      b.close();
      upstream.close();
    }
  }

  /** A replica on {@code upstream} whose {@code alpha} provider is changed by {@code alpha}. */
  private TaskOrchestrator replica(
      ScriptedUpstream upstream, RedisHealthStore store, UnaryOperator<Provider> alpha) {
    Catalog plain = Upstreams.catalog(upstream);
    Catalog c =
        plain.toBuilder().provider(alpha.apply(plain.provider("alpha").orElseThrow())).build();
    return Upstreams.orchestrator(upstream, store).catalog(c).build();
  }

  private static UnaryOperator<Provider> twoKeys() {
    return p ->
        p.withKeys(
            List.of(
                new ApiKey("one", List.of("SIM_KEY_ONE"), 1, null),
                new ApiKey("two", List.of("SIM_KEY_TWO"), 1, null)),
            null);
  }

  private static ChatRequest ask(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  @Test
  void aKeyOneReplicaFoundSpentIsNotSentToByTheOther() {
    Step spent =
        Step.ok("hi")
            .withHeaders(
                Map.of(
                    "x-ratelimit-limit-requests", "10",
                    "x-ratelimit-remaining-requests", "0",
                    "x-ratelimit-reset-requests", "24h0m0s"));
    try (Fleet2 f = Fleet2.start("keys", Map.of("alpha/small", List.of(spent)))) {
      spentKeysAreShared(f.upstream(), f.a(), f.b());
    }
  }

  private void spentKeysAreShared(
      ScriptedUpstream upstream, RedisHealthStore storeA, RedisHealthStore storeB) {
    TaskOrchestrator a = replica(upstream, storeA, twoKeys());
    TaskOrchestrator b = replica(upstream, storeB, twoKeys());

    String first = a.chat(ask("alpha/small")).trace().attempts().get(0).key();
    Provider alpha = a.catalog().provider("alpha").orElseThrow();
    ApiKey firstKey = alpha.keys().stream().filter(k -> k.name().equals(first)).findFirst().get();
    Eventually.await(
        "B sees the spent key",
        () ->
            storeB.cooldownRemaining(KeyBook.healthId(alpha, firstKey)).compareTo(Duration.ZERO)
                > 0);
    String second = b.chat(ask("alpha/small")).trace().attempts().get(0).key();
    assertThat(second).isNotEqualTo(first);
    ApiKey secondKey = alpha.keys().stream().filter(k -> k.name().equals(second)).findFirst().get();
    Eventually.await(
        "A sees the other spent key",
        () ->
            storeA.cooldownRemaining(KeyBook.healthId(alpha, secondKey)).compareTo(Duration.ZERO)
                > 0);
    assertThatThrownBy(() -> a.chat(ask("alpha/small")))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED));
    assertThat(upstream.callCount("alpha/small")).isEqualTo(2);
  }

  @Test
  void aDeclaredDailyLimitIsCountedAcrossTheFleet() {
    try (Fleet2 f = Fleet2.start("cap", Map.of())) {
      dailyLimitIsShared(f);
    }
  }

  private void dailyLimitIsShared(Fleet2 f) {
    ScriptedUpstream upstream = f.upstream();
    UnaryOperator<Provider> capped = p -> p.withKeys(List.of(), new DeclaredLimits(3, null, null));
    TaskOrchestrator a = replica(upstream, f.a(), capped);
    TaskOrchestrator b = replica(upstream, f.b(), capped);
    a.chat(ask("alpha/small"));
    a.chat(ask("alpha/small"));
    b.chat(ask("alpha/small"));
    for (TaskOrchestrator o : List.of(b, a)) {
      assertThatThrownBy(() -> o.chat(ask("alpha/small")))
          .isInstanceOfSatisfying(
              OrchestratorException.class,
              e -> {
                assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
                assertThat(e.trace().limited().toString()).contains("daily_limit");
              });
    }
    assertThat(upstream.callCount("alpha/small")).isEqualTo(3);
    // A free request that cannot go to alpha goes to another free route, never to a priced one.
    ChatResult r = b.chat(ask("orchestrator/free"));
    assertThat(r.route()).isNotEqualTo("alpha/small").isNotEqualTo("gamma/priced");
  }

  @Test
  void aSessionAnsweredOnOneReplicaStaysOnItsRouteOnTheOther() {
    Step down = Step.answer(503, "{\"error\":{\"message\":\"down\"}}");
    try (Fleet2 f = Fleet2.start("sess", Map.of("alpha/small", List.of(down, Step.ok("back"))))) {
      sessionIsShared(f);
    }
  }

  private void sessionIsShared(Fleet2 f) {
    TaskOrchestrator a = Upstreams.orchestrator(f.upstream(), f.a()).build();
    TaskOrchestrator b = Upstreams.orchestrator(f.upstream(), f.b()).build();
    ChatRequest turn = ChatRequest.builder("pair").session("conversation-7").user("hi").build();
    assertThat(a.chat(turn).route()).isEqualTo("beta/large");

    ChatResult onB = b.chat(turn);
    assertThat(onB.route()).as("the session's route, though alpha is back").isEqualTo("beta/large");
    assertThat(onB.trace().attempts()).hasSize(1);
    ChatResult other = b.chat(ChatRequest.builder("pair").session("another").user("hi").build());
    assertThat(other.route()).isEqualTo("alpha/small");
  }
}
