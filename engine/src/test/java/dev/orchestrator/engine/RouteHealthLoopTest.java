package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.cutAfter;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static dev.orchestrator.engine.testing.ScriptedClient.rateLimited;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Route health as the failover loop uses it (issue #20): the probe never leaks, never doubles. */
class RouteHealthLoopTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog CATALOG =
      Catalogs.of(priced("a", "m", 8000), priced("b", "m", 8000)).toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .pool(new Pool("g", PoolKind.GROUP, List.of("a/m", "b/m")))
          .build();

  private static final OrchestratorPolicy POLICY =
      OrchestratorPolicy.builder().seed(3L).breaker(2, Duration.ofSeconds(1)).build();

  private TaskOrchestrator orchestrator(ProviderClient c, OrchestratorPolicy policy) {
    return ScriptedClient.orchestrator(c, time).catalog(CATALOG).policy(policy).build();
  }

  private TaskOrchestrator orchestrator() {
    return orchestrator(client, POLICY);
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  /** Opens a/m's breaker: one request, two 503s (the first try and its one retry). */
  private void openA(TaskOrchestrator o) {
    failure(o, request("a/m"));
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void probeAnsweredWithAnAccountFailureIsReleasedAndTheRouteRecovers() {
    client.script(
        "a/m",
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(401, FailureCategory.AUTH_FAILED, false),
        ok("fixed"));
    TaskOrchestrator o = orchestrator();
    openA(o);
    time.advance(Duration.ofSeconds(1));
    assertThat(failure(o, request("a/m")).lastFailure().category())
        .isEqualTo(FailureCategory.AUTH_FAILED);
    // The key is fixed; once the account cooldown has passed the route is probed again.
    time.advance(o.policy().accountCooldown());
    assertThat(o.chat(request("a/m")).response().content()).isEqualTo("fixed");
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void probeWhoseClientThrowsAnErrorIsStillReleased() {
    AtomicInteger calls = new AtomicInteger();
    ProviderClient exploding =
        call -> {
          int n = calls.incrementAndGet();
          if (n == 3) {
            throw new StackOverflowError("client bug");
          }
          return client.send(call);
        };
    client.script(
        "a/m",
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(503, FailureCategory.SERVER_ERROR, true),
        ok("back"));
    TaskOrchestrator o = orchestrator(exploding, POLICY);
    failure(o, request("a/m"));
    time.advance(Duration.ofSeconds(1));
    assertThatThrownBy(() -> o.chat(request("a/m"))).isInstanceOf(StackOverflowError.class);
    // The probe's holder reported ABANDONED on its way out: the next request may probe at once.
    assertThat(o.chat(request("a/m")).response().content()).isEqualTo("back");
  }

  @Test
  void failedProbeFailsOverInsteadOfRetryingTheSameRoute() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o = orchestrator();
    openA(o);
    time.advance(Duration.ofSeconds(1));
    ChatResult r = o.chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(client.calls()).containsExactly("a/m", "a/m", "a/m", "b/m");
    assertThat(r.trace().attempts().get(0).decision()).isEqualTo(Decision.FAILOVER);
  }

  @Test
  void onlyCandidateIsShedWhileOpenWithTheTimeUntilTheNextProbe() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    // Panic mode off, and a deadline shorter than the open time: nothing to wait for either.
    TaskOrchestrator o =
        orchestrator(
            client, POLICY.toBuilder().panicThreshold(0).deadline(Duration.ofMillis(500)).build());
    openA(o);
    int dispatchedBefore = client.calls().size();
    for (int i = 0; i < 100; i++) {
      OrchestratorException e = failure(o, request("a/m"));
      assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
      assertThat(e.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
      assertThat(e.getMessage()).contains("a/m").contains("next probe in");
    }
    assertThat(client.calls()).hasSize(dispatchedBefore);
    time.advance(Duration.ofSeconds(1));
    failure(o, request("a/m"));
    assertThat(client.calls()).hasSize(dispatchedBefore + 1); // the one probe
  }

  @Test
  void repeatedStreamCutsMoveTrafficToTheHealthyAlternative() {
    client.script("a/m", cutAfter("partial "));
    TaskOrchestrator o = orchestrator();
    int cuts = 0;
    int served = 0;
    for (int i = 0; i < 20; i++) {
      try {
        o.stream(request("v"), d -> {});
        served++;
      } catch (OrchestratorException e) {
        assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED);
        cuts++;
      }
    }
    assertThat(cuts).isEqualTo(o.policy().breakers().streamCutThreshold());
    assertThat(served).isEqualTo(20 - cuts);
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void catalogSwapMidRequestFinishesOnThePlannedCatalog() {
    Catalog onlyA =
        Catalogs.of(priced("a", "m", 8000)).toBuilder()
            .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m")))
            .build();
    TaskOrchestrator[] holder = new TaskOrchestrator[1];
    ProviderClient swapping =
        call -> {
          if (call.route().id().equals("a/m")) {
            holder[0].updateCatalog(onlyA); // a refresh drops provider b meanwhile
            return client.send(call);
          }
          return client.send(call);
        };
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, false));
    holder[0] = orchestrator(swapping, POLICY);
    ChatResult r = holder[0].chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(holder[0].catalog().provider("b")).isEmpty();
  }

  @Test
  void singleRouteExhaustedBy429sAnswersRateLimitedWithTheUpstreamRetryAfter() {
    client.script("a/m", rateLimited(Duration.ofSeconds(2)));
    TaskOrchestrator o = orchestrator();
    OrchestratorException e = failure(o, request("a/m"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(2));
    assertThat(e.status()).isEqualTo(429);
    assertThat(client.calls()).containsExactly("a/m", "a/m");
  }

  @Test
  void groupExhaustedBy429sAnswersRateLimited() {
    client.script("a/m", rateLimited(Duration.ofSeconds(2)));
    client.script("b/m", rateLimited(Duration.ofSeconds(3)));
    OrchestratorException e = failure(orchestrator(), request("g"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void heterogeneousPoolFailsOverAtOnceOnALongRetryAfterWithoutCoolingTheRouteForOthers() {
    // 5 s is past the pool's wait threshold but short: evidence about this route's next seconds,
    // not a verdict that keeps every concurrent request off it (issue #26, cause 3).
    client.script("a/m", rateLimited(Duration.ofSeconds(5)));
    TaskOrchestrator o = orchestrator();
    ChatResult r = o.chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(time.sleeps()).isEmpty();
    assertThat(o.health().cooldownRemaining("a/m")).isZero();
  }

  @Test
  void heterogeneousPoolCoolsARouteWhoseRetryAfterIsAVerdict() {
    client.script("a/m", rateLimited(Duration.ofSeconds(60)));
    TaskOrchestrator o = orchestrator();
    ChatResult r = o.chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(time.sleeps()).isEmpty();
    assertThat(o.health().cooldownRemaining("a/m"))
        .isBetween(Duration.ofSeconds(59), Duration.ofSeconds(60));
  }

  @Test
  void heterogeneousPoolWaitsOutAShortRetryAfter() {
    client.script("a/m", rateLimited(Duration.ofMillis(800)), ok("waited"));
    ChatResult r = orchestrator().chat(request("v"));
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(time.sleeps()).containsExactly(Duration.ofMillis(800).toNanos());
  }

  @Test
  void retryAfterBeyondTheCapIsNeverWaitedNorPassedOn() {
    client.script("a/m", rateLimited(Duration.ofDays(366)));
    TaskOrchestrator o = orchestrator();
    OrchestratorException e = failure(o, request("a/m"));
    assertThat(time.sleeps()).isEmpty();
    assertThat(e.retryAfter())
        .isBetween(
            o.policy().retries().retryAfterCap().minusSeconds(1),
            o.policy().retries().retryAfterCap());
    assertThat(o.health().cooldownRemaining("a/m"))
        .isBetween(
            o.policy().retries().retryAfterCap().minusSeconds(1),
            o.policy().retries().retryAfterCap());
  }

  @Test
  void deadlineMessageNamesTheEffectiveDeadline() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o =
        orchestrator(
            client,
            POLICY.toBuilder().backoff(Duration.ofSeconds(3), Duration.ofSeconds(3)).build());
    Cancellation never = new Cancellation();
    assertThatThrownBy(() -> o.chat(request("a/m"), never, Duration.ZERO))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> {
              assertThat(e.type()).isEqualTo(OrchestratorException.Type.DEADLINE_EXCEEDED);
              assertThat(e.getMessage()).startsWith("deadline of 0 ms exceeded");
            });
    assertThat(client.calls()).isEmpty();
  }

  @Test
  void everyExitReachesTheListenersAndListenerThrowsAreCounted() {
    List<String> events = new ArrayList<>();
    TaskOrchestrator o = orchestrator();
    o.addListener(
        new OrchestratorListener() {
          @Override
          public void onPlan(dev.orchestrator.engine.plan.Plan plan) {
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void onSuccess(ChatResult result) {
            events.add("success");
          }

          @Override
          public void onFailure(OrchestratorException error) {
            events.add(error.type().wireName() + ":" + error.getCause().getClass().getSimpleName());
          }
        });
    o.chat(request("a/m"));
    o.chat(request("a/m"));
    assertThatThrownBy(() -> o.chat(request("nope/none")))
        .isExactlyInstanceOf(UnknownModelException.class);
    assertThat(events)
        .containsExactly("success", "success", "model_not_found:UnknownModelException");
    assertThat(o.listenerFailures()).isEqualTo(2);
  }
}
