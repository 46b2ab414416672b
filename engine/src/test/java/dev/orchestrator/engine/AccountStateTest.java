package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two kinds of cool-down (docs/design.md §5, ADR 0048): a wait the provider gave (a {@code
 * Retry-After} or a reset) is waited for when it fits the deadline; an account state it gave no end
 * for (auth, permission, a quota without a reset time, held for the configured account cool-down)
 * still excludes in panic mode and is never waited for.
 */
class AccountStateTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000), free("c", "m", 8000));

  /** The probe's policy: a 20 s account cool-down, a 60 s deadline. */
  private static final OrchestratorPolicy POLICY =
      OrchestratorPolicy.builder()
          .seed(3L)
          .breaker(2, Duration.ofSeconds(1))
          .accountCooldown(Duration.ofSeconds(20))
          .deadline(Duration.ofSeconds(60))
          .build();

  private TaskOrchestrator orchestrator(Catalog catalog) {
    return client.orchestrator().catalog(catalog).policy(POLICY).build();
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  private static ScriptedClient.Step authFailed() {
    return fail(401, FailureCategory.AUTH_FAILED, false);
  }

  private static ScriptedClient.Step quota(Duration reset) {
    return failure(
        ProviderFailure.builder(FailureCategory.QUOTA_EXHAUSTED, ReachedModel.NO)
            .retryable(false)
            .status(429)
            .retryAfter(reset)
            .message("quota exhausted")
            .build());
  }

  private long slept() {
    return time.sleeps().stream().mapToLong(Long::longValue).sum();
  }

  @Test
  void routesWhoseKeysWereRefusedAreNeitherWaitedForNorSentAgain() {
    // The probe: a and b answer 401; a request to the pool slept ~19 s and re-sent to both.
    client.script("a/m", authFailed());
    client.script("b/m", authFailed());
    client.script("c/m", authFailed());
    TaskOrchestrator o = orchestrator(CATALOG);
    failure(o, request("a/m"));
    failure(o, request("b/m"));
    failure(o, request("c/m"));
    assertThat(o.health().marks().get("a/m").condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    assertThat(o.health().accountStateRemaining("a/m")).isGreaterThan(Duration.ofSeconds(19));
    int calls = client.calls().size();

    OrchestratorException e = failure(o, request("v"));

    assertThat(time.sleeps()).isEmpty();
    assertThat(client.calls()).hasSize(calls);
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.NO_CANDIDATES);
    assertThat(e.retryAfter()).isNull(); // no wait is suggested: nobody said when it ends
    assertThat(e.getMessage())
        .isEqualTo(
            "no eligible route for v (excluded: 3 account_state); their providers refused the"
                + " account (auth, permission or a quota with no reset time): check the keys of"
                + " a/m, b/m, c/m");
    assertThat(e.trace().plan().excluded())
        .extracting(Exclusion::reason)
        .containsOnly(ExclusionReason.ACCOUNT_STATE);
    assertThat(e.trace().panic()).isFalse();
  }

  @Test
  void aSingleRouteWhoseKeyWasRefusedIsNotAnsweredAsRateLimited() {
    client.script("a/m", authFailed());
    TaskOrchestrator o = orchestrator(CATALOG);
    failure(o, request("a/m")); // the 401 itself, handed back

    // Before: rate_limited, "earliest retry in 20000 ms" (serve: 429 + Retry-After: 20).
    OrchestratorException e = failure(o, request("a/m"));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.NO_CANDIDATES);
    assertThat(e.retryAfter()).isNull();
    assertThat(e.getMessage()).contains("refused the account", "check the key of a/m");
    assertThat(time.sleeps()).isEmpty();
  }

  @Test
  void panicModeWaitsForACoolDownTheProviderTimedAndNeverForAnAccountState() {
    client.script("a/m", authFailed());
    client.script("b/m", quota(Duration.ofSeconds(4)), ok("b after its reset"));
    client.script("c/m", quota(null));
    TaskOrchestrator o = orchestrator(CATALOG);
    failure(o, request("a/m")); // refused: no end given
    failure(o, request("b/m")); // a quota whose reset the provider gave: 4 s
    failure(o, request("c/m")); // a quota with no reset time
    assertThat(o.health().marks().get("b/m").condition()).isEqualTo(RouteCondition.COOLING_DOWN);
    assertThat(o.health().marks().get("c/m").condition()).isEqualTo(RouteCondition.ACCOUNT_STATE);
    int calls = client.calls().size();

    ChatResult r = o.chat(request("v"));

    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().panic()).isTrue();
    assertThat(r.trace().plan().standby()).extracting(c -> c.route().id()).containsExactly("b/m");
    assertThat(client.calls().subList(calls, client.calls().size())).containsExactly("b/m");
    assertThat(slept())
        .isGreaterThanOrEqualTo(Duration.ofSeconds(4).toNanos())
        .isLessThan(Duration.ofSeconds(5).toNanos());
  }

  @Test
  void panicModeSendsThroughAnOpenBreakerButNotThroughAnAccountState() {
    client.script(
        "a/m",
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(503, FailureCategory.SERVER_ERROR, true),
        ok("a answers"));
    client.script("b/m", authFailed());
    TaskOrchestrator o =
        orchestrator(Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000)));
    failure(o, request("a/m")); // the try and its retry: the breaker opens
    failure(o, request("b/m"));
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
    int calls = client.calls().size();

    ChatResult r = o.chat(request("v"));

    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.trace().panic()).isTrue();
    assertThat(client.calls().subList(calls, client.calls().size())).containsExactly("a/m");
  }

  @Test
  void aRouteRefusedWhileTheRequestWaitedForItIsNotSent() {
    client.script("a/m", ok("never"));
    client.script("b/m", ok("never"));
    TaskOrchestrator[] o = new TaskOrchestrator[1];
    o[0] =
        client
            .orchestrator()
            .catalog(Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000)))
            .policy(POLICY)
            .sleeper(
                (nanos, cancel) -> {
                  // Meanwhile, concurrent requests had both keys refused.
                  o[0].health().accountState("a/m", Duration.ofSeconds(20));
                  o[0].health().accountState("b/m", Duration.ofSeconds(20));
                  time.sleep(nanos, cancel);
                })
            .build();
    o[0].health().coolDown("a/m", Duration.ofSeconds(2));
    o[0].health().coolDown("b/m", Duration.ofSeconds(3));

    OrchestratorException e = failure(o[0], request("v"));

    assertThat(client.calls()).isEmpty();
    assertThat(e.trace().panic()).isTrue();
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.NO_CANDIDATES);
    assertThat(e.retryAfter()).isNull();
    assertThat(e.getMessage()).endsWith("check the keys of a/m, b/m");
  }

  @Test
  void anAccountStateEndsOnTimeAndTheRouteIsPlannedAgain() {
    client.script("a/m", authFailed(), ok("the key was fixed"));
    TaskOrchestrator o = orchestrator(CATALOG);
    failure(o, request("a/m"));
    time.advance(Duration.ofSeconds(20));
    assertThat(o.health().accountStateRemaining("a/m")).isZero();
    assertThat(o.chat(request("a/m")).route()).isEqualTo("a/m");
  }

  @Test
  void aRouteWhoseEveryKeyIsRefusedIsNotWaitedForAndTheErrorNamesTheKeys() {
    Catalog plain = Catalogs.virtualPool("v", free("g", "m", 8000), free("h", "m", 8000));
    Catalog.Builder b = plain.toBuilder();
    Provider g = plain.provider("g").orElseThrow();
    b.provider(
        g.withKeys(
            List.of(
                new ApiKey("k1", List.of("G_KEY_1"), 1, null),
                new ApiKey("k2", List.of("G_KEY_2"), 1, null)),
            null));
    Catalog catalog = b.build();
    TaskOrchestrator o = orchestrator(catalog);
    Provider keyed = catalog.provider("g").orElseThrow();
    for (ApiKey k : keyed.keys()) {
      // Refused on another replica, say: the route itself is not held, its keys are.
      o.keys().accountState(keyed, k, Duration.ofSeconds(20), "auth_failed");
    }
    o.health().coolDown("h/m", Duration.ofSeconds(90)); // longer than the deadline: not waited

    OrchestratorException e = failure(o, request("g/m"));

    assertThat(time.sleeps()).isEmpty();
    assertThat(client.calls()).isEmpty();
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.NO_CANDIDATES);
    assertThat(e.retryAfter()).isNull();
    assertThat(e.trace().limited())
        .singleElement()
        .asString()
        .contains("g/m: key 'k1' account_state (auth_failed)", "key 'k2' account_state");
    assertThat(e.getMessage()).contains("refused the account", "check the key of g/m: key 'k1'");

    // Keys the provider timed are waited for, as before.
    TaskOrchestrator timed = orchestrator(catalog);
    for (ApiKey k : keyed.keys()) {
      timed.keys().coolDown(keyed, k, Duration.ofSeconds(3), "rate_limited");
    }
    assertThat(timed.chat(request("g/m")).route()).isEqualTo("g/m");
    assertThat(slept()).isGreaterThanOrEqualTo(Duration.ofSeconds(3).toNanos());
  }
}
