package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.cutAfter;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ForwardingHealthStore;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A route the plan admitted, then cooled (a concurrent request's {@code 429 Retry-After}) or held
 * for an account state (its {@code 401}) before this request came to it: out of panic mode too, a
 * cool-down is waited for when it fits the deadline and never sent through, and an account state is
 * neither (docs/design.md §5); a route retired since (its {@code 404}) is not sent either. Before,
 * the request sent to it regardless, met the provider's refusal again, and — with an answer that
 * came through — its success ended the cool-down for every request.
 */
class CooledSinceThePlanTest {
  private static final Duration WAIT = Duration.ofSeconds(30);
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog PAIR =
      Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000));

  private static OrchestratorPolicy policy(Duration deadline) {
    return OrchestratorPolicy.builder().seed(3L).sameRouteRetries(0).deadline(deadline).build();
  }

  /**
   * An orchestrator on {@code catalog} whose provider runs {@code meanwhile} (what concurrent
   * requests did to the store) while {@code route}'s first attempt is in flight.
   */
  private TaskOrchestrator orchestrator(
      Catalog catalog, Duration deadline, String route, Consumer<TaskOrchestrator> meanwhile) {
    TaskOrchestrator[] o = new TaskOrchestrator[1];
    AtomicBoolean done = new AtomicBoolean();
    ProviderClient concurrent =
        call -> {
          if (call.route().id().equals(route) && done.compareAndSet(false, true)) {
            meanwhile.accept(o[0]);
          }
          return client.send(call);
        };
    o[0] =
        ScriptedClient.orchestrator(concurrent, time)
            .catalog(catalog)
            .policy(policy(deadline))
            .build();
    return o[0];
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  private long slept() {
    return time.sleeps().stream().mapToLong(Long::longValue).sum();
  }

  @Test
  void aRouteCooledWhileTheRequestTriedAnotherIsWaitedForNotSentThrough() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", ok("b after its wait"));
    TaskOrchestrator o =
        orchestrator(PAIR, Duration.ofSeconds(60), "a/m", x -> x.health().coolDown("b/m", WAIT));

    ChatResult r = o.chat(request("v"));

    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().panic()).isFalse();
    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(slept()).isGreaterThanOrEqualTo(WAIT.toNanos()); // b was sent after its wait
    assertThat(o.health().cooldownRemaining("b/m")).isZero();
  }

  @Test
  void aRouteCooledWhileTheRequestTriedAnotherIsNotSentWhenItsWaitOutlastsTheDeadline() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", ok("never sent"));
    TaskOrchestrator o =
        orchestrator(PAIR, Duration.ofSeconds(10), "a/m", x -> x.health().coolDown("b/m", WAIT));

    OrchestratorException e = failure(o, request("v"));

    assertThat(client.calls()).containsExactly("a/m");
    assertThat(time.sleeps()).isEmpty();
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(o.health().cooldownRemaining("b/m")).isBetween(WAIT.minusMillis(10), WAIT);
  }

  @Test
  void aRouteRefusedWhileTheRequestTriedAnotherIsNeitherSentNorWaitedFor() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", ok("never sent"));
    TaskOrchestrator o =
        orchestrator(
            PAIR,
            Duration.ofSeconds(60),
            "a/m",
            x -> x.health().accountState("b/m", Duration.ofMinutes(5)));

    OrchestratorException e = failure(o, request("v"));

    assertThat(client.calls()).containsExactly("a/m");
    assertThat(time.sleeps()).isEmpty();
    assertThat(e.getMessage()).contains("refused the account", "check the key of b/m");
  }

  @Test
  void aRouteRetiredWhileTheRequestTriedAnotherIsNotSent() {
    // A concurrent request met b's 404: b is retired, and this request does not send it that 404
    // again (docs/design.md §5: retirements exclude, in panic mode too).
    Catalog three =
        Catalogs.virtualPool("v", free("a", "m", 8000), free("b", "m", 8000), free("c", "m", 8000));
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", fail(404, FailureCategory.NOT_FOUND, false));
    client.script("c/m", ok("c answers"));
    TaskOrchestrator o =
        orchestrator(
            three,
            Duration.ofSeconds(60),
            "a/m",
            x -> x.health().retire("b/m", Duration.ofHours(1)));

    ChatResult r = o.chat(request("v"));

    assertThat(client.calls()).containsExactly("a/m", "c/m");
    assertThat(r.route()).isEqualTo("c/m");
  }

  /** The store cools {@code route} for {@link #WAIT} right after the request's plan read it. */
  private static final class CooledAfterThePlan extends ForwardingHealthStore {
    private final String route;
    private final AtomicBoolean planned = new AtomicBoolean();

    CooledAfterThePlan(RouteHealthRegistry delegate, String route) {
      super(delegate);
      this.route = route;
    }

    @Override
    public Map<String, HealthMark> marks() {
      Map<String, HealthMark> m = super.marks();
      if (planned.compareAndSet(false, true)) {
        coolDown(route, WAIT); // a concurrent request's 429 Retry-After: 30
      }
      return m;
    }
  }

  @Test
  void aSingleRouteCooledAfterThePlanIsRefusedAsRateLimitedWithItsWaitNotSentThrough() {
    client.script("b/m", ok("never sent"));
    TaskOrchestrator o =
        client
            .orchestrator()
            .catalog(PAIR)
            .policy(policy(Duration.ofSeconds(10)))
            .healthStore(new CooledAfterThePlan(RouteHealthRegistry.create(time), "b/m"))
            .build();

    OrchestratorException e = failure(o, request("b/m"));

    assertThat(client.calls()).isEmpty();
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(e.retryAfter()).isEqualTo(WAIT);
    assertThat(e.getMessage())
        .isEqualTo("every candidate of b/m is cooling down; earliest retry in 30000 ms");
  }

  @Test
  void aStreamIsNotContinuedOnARouteCooledSinceThePlan() {
    // a cannot take a prefill, b can: the cut stream would be continued on b.
    Catalog catalog =
        Catalogs.of(priced("a", "m", 8000), priced("b", "m", 8000, Capability.PREFILL)).toBuilder()
            .pool(new Pool("ab", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
            .build();
    client.script("a/m", cutAfter("Hello "));
    client.script("b/m", ok("world"));
    TaskOrchestrator[] o = new TaskOrchestrator[1];
    AtomicBoolean done = new AtomicBoolean();
    ProviderClient concurrent =
        call -> {
          if (done.compareAndSet(false, true)) {
            o[0].health().coolDown("b/m", WAIT);
          }
          return client.send(call);
        };
    o[0] =
        ScriptedClient.orchestrator(concurrent, time)
            .catalog(catalog)
            .policy(
                OrchestratorPolicy.builder()
                    .seed(11L)
                    .streamContinuation(true)
                    .deadline(Duration.ofSeconds(60))
                    .build())
            .build();

    assertThatThrownBy(() -> o[0].stream(request("ab"), d -> {}))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED));
    assertThat(client.calls()).containsExactly("a/m");
  }
}
