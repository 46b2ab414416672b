package dev.orchestrator.micrometer;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.route;
import static dev.orchestrator.engine.testing.ScriptedClient.cutAfter;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

class OrchestratorMetricsTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final Catalog catalog =
      Catalogs.of(
              route("a", "m", "1", "2", 8000),
              route("b", "m", "1", "2", 8000),
              free("f", "m", 8000))
          .toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .build();
  private final TaskOrchestrator orchestrator =
      client
          .orchestrator()
          .catalog(catalog)
          .policy(OrchestratorPolicy.builder().seed(1L).build())
          .build();
  private final OrchestratorMetrics metrics = OrchestratorMetrics.bind(orchestrator, registry);

  private double requests(String model, String outcome) {
    var c =
        registry
            .find("orchestrator.requests")
            .tag("model", model)
            .tag("outcome", outcome)
            .counter();
    return c == null ? 0 : c.count();
  }

  private double attempts(String route, String category, String decision) {
    var c =
        registry
            .find("orchestrator.attempts")
            .tag("route", route)
            .tag("category", category)
            .tag("decision", decision)
            .counter();
    return c == null ? 0 : c.count();
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hi").build();
  }

  private static double gauge(MeterRegistry r, String name) {
    return r.get(name).gauge().value();
  }

  @Test
  void showsTheLoadLimitThePlacesTakenAndTheRequestsWaiting() throws Exception {
    assertThat(gauge(registry, "orchestrator.load.limit")).isInfinite(); // unbounded by default
    assertThat(gauge(registry, "orchestrator.load.running")).isZero();

    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try {
      LoadLimit load = LoadLimit.adaptive(1, 1, time, timer);
      TaskOrchestrator limited = client.orchestrator().catalog(catalog).loadLimit(load).build();
      SimpleMeterRegistry r = new SimpleMeterRegistry();
      OrchestratorMetrics.bind(limited, r);
      assertThat(gauge(r, "orchestrator.load.limit")).isEqualTo(1);
      try (LoadLimit.Place place = load.enter(Duration.ZERO, new Cancellation())) {
        assertThat(place).isNotNull();
        assertThat(gauge(r, "orchestrator.load.running")).isEqualTo(1);
        assertThat(load.enter(Duration.ZERO, new Cancellation())).isNull(); // no place: refused
        assertThat(gauge(r, "orchestrator.load.waiting")).isZero();
      }
      assertThat(gauge(r, "orchestrator.load.running")).isZero();
    } finally {
      timer.shutdownNow();
    }
  }

  @Test
  void aLimitThatIsOffHasNoSeries() {
    SimpleMeterRegistry r = new SimpleMeterRegistry();
    OrchestratorMetrics.bind(
        client.orchestrator().catalog(catalog).loadLimit(LoadLimit.off()).build(), r);
    assertThat(r.find("orchestrator.load.limit").gauge()).isNull();
    assertThat(r.find("orchestrator.load.waiting").gauge()).isNull();
  }

  @Test
  void recordsTheGenAiSemanticConventionSeriesForSuccessAndFailure() {
    client.script("a/m", ok("hello"));
    orchestrator.chat(request("v"));
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false));
    failure(orchestrator, request("a/m"));

    var ok =
        registry
            .get("gen_ai.client.operation.duration")
            .tag("gen_ai.operation.name", "chat")
            .tag("gen_ai.provider.name", "a")
            .tag("gen_ai.request.model", "v")
            .tag("gen_ai.response.model", "m")
            .tag("error.type", "none")
            .timer();
    assertThat(ok.count()).isEqualTo(1);
    var failed =
        registry
            .get("gen_ai.client.operation.duration")
            .tag("gen_ai.provider.name", "none")
            .tag("gen_ai.request.model", "a/m")
            .tag("error.type", "request_rejected")
            .timer();
    assertThat(failed.count()).isEqualTo(1);
    // ScriptedClient answers with 3 prompt and 5 completion tokens.
    assertThat(
            registry
                .get("gen_ai.client.token.usage")
                .tag("gen_ai.token.type", "input")
                .tag("gen_ai.provider.name", "a")
                .summary()
                .totalAmount())
        .isEqualTo(3);
    assertThat(
            registry
                .get("gen_ai.client.token.usage")
                .tag("gen_ai.token.type", "output")
                .summary()
                .totalAmount())
        .isEqualTo(5);
  }

  @Test
  void anAnswerWithoutReportedUsageRecordsNoTokens() {
    client.script("a/m", ok("hello", Usage.NONE));
    orchestrator.chat(request("a/m"));
    assertThat(registry.find("gen_ai.client.token.usage").summaries()).isEmpty();
    client.script("a/m", ok("hello"));
    orchestrator.chat(request("a/m"));

    // Only the answer that reported usage is a sample: no answer of zero tokens is made up.
    for (String type : List.of("input", "output")) {
      assertThat(
              registry
                  .get("gen_ai.client.token.usage")
                  .tag("gen_ai.token.type", type)
                  .summary()
                  .count())
          .as(type)
          .isEqualTo(1);
    }
    assertThat(registry.get("orchestrator.cost.unknown").tag("route", "a/m").counter().count())
        .isEqualTo(1);
  }

  @Test
  void eachLabelSetCountsOnOneSeriesHoweverOftenItRecurs() {
    for (int i = 0; i < 3; i++) {
      client.script("a/m", ok("hello"));
      orchestrator.chat(request("a/m"));
    }
    client.script("b/m", ok("hello"));
    orchestrator.chat(request("b/m"));

    assertThat(requests("a/m", "success")).isEqualTo(3);
    assertThat(requests("b/m", "success")).isEqualTo(1);
    assertThat(attempts("a/m", "none", "success")).isEqualTo(3);
    assertThat(registry.find("orchestrator.requests").counters()).hasSize(2);
    assertThat(registry.find("orchestrator.request.duration").timers()).hasSize(2);
    assertThat(registry.find("orchestrator.attempts").counters()).hasSize(2);
    assertThat(registry.find("gen_ai.client.operation.duration").timers()).hasSize(2);
    assertThat(
            registry
                .get("gen_ai.client.operation.duration")
                .tag("gen_ai.provider.name", "a")
                .timer()
                .count())
        .isEqualTo(3);
    // input and output, for each of the two attribute sets
    assertThat(registry.find("gen_ai.client.token.usage").summaries()).hasSize(4);
  }

  @Test
  void countsASuccessItsAttemptAndItsCost() {
    client.script("a/m", ok("hello"));
    orchestrator.chat(request("a/m"));
    assertThat(requests("a/m", "success")).isEqualTo(1);
    assertThat(attempts("a/m", "none", "success")).isEqualTo(1);
    // 3 prompt + 5 completion tokens at $1 / $2 per Mtok.
    assertThat(registry.get("orchestrator.cost.usd").tag("route", "a/m").counter().count())
        .isEqualTo(0.000013);
    assertThat(registry.get("orchestrator.request.duration").tag("model", "a/m").timer().count())
        .isEqualTo(1);
  }

  @Test
  void countsAFailoverAsOneRequestAndTwoAttempts() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", ok("hello"));
    orchestrator.chat(request("v"));
    assertThat(requests("v", "success")).isEqualTo(1);
    assertThat(
            attempts("a/m", "server_error", "retry_same_route")
                + attempts("a/m", "server_error", "failover"))
        .isGreaterThanOrEqualTo(1);
    assertThat(attempts("a/m", "server_error", "failover")).isEqualTo(1);
    assertThat(attempts("b/m", "none", "success")).isEqualTo(1);
    assertThat(registry.get("orchestrator.retries").counter().count())
        .isEqualTo(attempts("a/m", "server_error", "retry_same_route"));
  }

  @Test
  void countsASettledClientErrorByItsType() {
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false));
    assertThatThrownBy(() -> orchestrator.chat(request("a/m")))
        .isInstanceOf(OrchestratorException.class);
    assertThat(requests("a/m", "request_rejected")).isEqualTo(1);
    assertThat(attempts("a/m", "request_invalid", "stop")).isEqualTo(1);
    assertThat(registry.find("orchestrator.cost.usd").counters()).isEmpty();
  }

  @Test
  void countsACutStreamAsInterrupted() {
    client.script("a/m", cutAfter("partial"));
    assertThatThrownBy(() -> orchestrator.stream(request("a/m"), delta -> {}))
        .isInstanceOf(OrchestratorException.class);
    assertThat(requests("a/m", "stream_interrupted")).isEqualTo(1);
  }

  @Test
  void countsAnUnknownModelAsModelNotFound() {
    assertThatThrownBy(() -> orchestrator.chat(request("no-such/model")))
        .isInstanceOf(UnknownModelException.class);
    assertThat(requests(OrchestratorMetrics.OTHER, "model_not_found")).isEqualTo(1);
    assertThat(requests(OrchestratorMetrics.OTHER, "no_candidates")).isZero();
    assertThat(
            registry
                .get("gen_ai.client.operation.duration")
                .tag("error.type", "model_not_found")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void unknownModelNamesShareOneLabel() {
    assertThat(metrics.modelLabel("orchestrator/free")).isEqualTo("orchestrator/free");
    assertThat(metrics.modelLabel("v")).isEqualTo("v");
    assertThat(metrics.modelLabel("a/m")).isEqualTo("a/m");
    assertThat(metrics.modelLabel("gpt-4o-typo")).isEqualTo(OrchestratorMetrics.OTHER);
    metrics.recordTimeToFirstToken("no-such-model", Duration.ofMillis(300));
    assertThat(
            registry.get("orchestrator.time.to.first.token").tag("model", "other").timer().count())
        .isEqualTo(1);
    // Without the front label, a front given is not a label.
    metrics.recordTimeToFirstToken("chat", "no-such-model", Duration.ofMillis(300));
    Timer ttft = registry.get("orchestrator.time.to.first.token").tag("model", "other").timer();
    assertThat(ttft.count()).isEqualTo(2);
    assertThat(ttft.getId().getTag("front")).isNull();
  }

  @Test
  void countsARequestThatRanInPanicMode() {
    client.script("a/m", ok("hello"));
    orchestrator.chat(request("v"));
    assertThat(registry.get("orchestrator.panic.requests").counter().count()).isZero();
    // Every candidate cooling for a second: the request waits for one in panic mode.
    orchestrator.health().coolDown("a/m", Duration.ofSeconds(1));
    orchestrator.health().coolDown("b/m", Duration.ofSeconds(1));
    orchestrator.chat(request("v"));
    assertThat(registry.get("orchestrator.panic.requests").counter().count()).isEqualTo(1);
  }

  @Test
  void breakerGaugeFollowsTheRoutesHealth() {
    for (int i = 0; i < 10; i++) {
      client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
      try {
        orchestrator.chat(request("a/m"));
      } catch (OrchestratorException expected) {
        // keep failing until the breaker opens
      }
    }
    assertThat(registry.get("orchestrator.breaker.open").tag("route", "a/m").gauge().value())
        .isEqualTo(1);
    client.script("b/m", ok("hi"));
    orchestrator.chat(request("b/m"));
    assertThat(registry.get("orchestrator.breaker.open").tag("route", "b/m").gauge().value())
        .isZero();
  }

  @Test
  void routesTheHealthStoreMarksGetGaugesThoughThisProcessNeverTriedThem() {
    // What a fleet's store learns from other replicas: health this process saw no attempt for.
    HealthStore health = orchestrator.health();
    for (int i = 0; i < 50 && health.breaker("a/m") == BreakerState.CLOSED; i++) {
      health.report(health.admit("a/m"), AttemptHealth.BREAKER_FAILURE);
    }
    health.coolDown("b/m", Duration.ofSeconds(60));
    assertThat(registry.find("orchestrator.breaker.open").gauges()).isEmpty();

    metrics.gaugeMarkedRoutes();

    assertThat(registry.get("orchestrator.breaker.open").tag("route", "a/m").gauge().value())
        .isEqualTo(1);
    assertThat(registry.get("orchestrator.route.cooldown").tag("route", "b/m").gauge().value())
        .isEqualTo(60);
    // A healthy route gets no series: thousands of routes in a catalog cost nothing.
    assertThat(registry.find("orchestrator.breaker.open").tag("route", "f/m").gauge()).isNull();
    // A mark on a route the catalog does not hold (another fleet member's catalog) gets none.
    health.coolDown("elsewhere/m", Duration.ofSeconds(60));
    metrics.gaugeMarkedRoutes();
    assertThat(registry.find("orchestrator.route.cooldown").tag("route", "elsewhere/m").gauge())
        .isNull();
  }

  @Test
  void withTheFrontLabelEachRequestCountsUnderTheFrontItRanIn() {
    SimpleMeterRegistry fronts = new SimpleMeterRegistry();
    OrchestratorMetrics m = OrchestratorMetrics.bindWithFrontLabel(orchestrator, fronts);
    client.script("a/m", ok("hello"));
    m.inFront("messages", () -> orchestrator.chat(request("a/m")));
    assertThatThrownBy(() -> m.inFront("chat", () -> orchestrator.chat(request("no-such/model"))))
        .isInstanceOf(UnknownModelException.class);
    m.refused("responses", "v", "budget_exceeded", Duration.ofMillis(3));

    assertThat(frontCount(fronts, "messages", "a/m", "success")).isEqualTo(1);
    assertThat(frontCount(fronts, "chat", OrchestratorMetrics.OTHER, "model_not_found"))
        .isEqualTo(1);
    assertThat(frontCount(fronts, "responses", "v", "budget_exceeded")).isEqualTo(1);
    assertThat(
            fronts
                .get("orchestrator.request.duration")
                .tags("front", "responses", "model", "v", "outcome", "budget_exceeded")
                .timer()
                .count())
        .isEqualTo(1);
    // The time to first token: the front a server names once the stream ended, or the enclosing
    // one.
    m.recordTimeToFirstToken("messages", "a/m", Duration.ofMillis(40));
    m.inFront(
        "responses",
        () -> {
          m.recordTimeToFirstToken("a/m", Duration.ofMillis(50));
          return null;
        });
    for (String front : List.of("messages", "responses")) {
      assertThat(
              fronts
                  .get("orchestrator.time.to.first.token")
                  .tags("front", front, "model", "a/m")
                  .timer()
                  .count())
          .isEqualTo(1);
    }
    // The plain binding keeps its {model, outcome} series.
    assertThat(requests("a/m", "success")).isEqualTo(1);
    assertThat(registry.get("orchestrator.requests").counter().getId().getTag("front")).isNull();
  }

  private static double frontCount(
      SimpleMeterRegistry r, String front, String model, String outcome) {
    var c =
        r.find("orchestrator.requests")
            .tags("front", front, "model", model, "outcome", outcome)
            .counter();
    return c == null ? 0 : c.count();
  }
}
