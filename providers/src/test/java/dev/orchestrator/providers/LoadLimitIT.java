package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The orchestrator's load limit (ADR 0058) with the real provider clients on a loopback upstream,
 * on fake time: the attempts' limits and the waits' deadlines run on one {@link ManualScheduler}.
 * The limit holds one place. A request beyond it waits while the first one's upstream is silent,
 * and is sent, and answered, once the first one's limit fires; one whose deadline passes while it
 * waits ends as {@code deadline_exceeded} and never reaches the upstream.
 */
class LoadLimitIT {
  private static final String ALPHA = "alpha/m";
  private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(30);

  private final FakeTime time = new FakeTime();
  private final ManualScheduler scheduler = new ManualScheduler(time);
  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final LoadLimit limit = LoadLimit.adaptive(1, 1, time, scheduler);

  @AfterEach
  void stop() {
    callers.shutdownNow();
  }

  private TaskOrchestrator orchestrator(ScriptedUpstream upstream, Duration attemptLimit) {
    Catalog catalog =
        Catalog.builder()
            .provider(Fixtures.provider("alpha", upstream.baseUrl("alpha"), Protocol.OPENAI_CHAT))
            .route(Route.builder("alpha", "m").tier(Tier.FREE).contextWindow(8_000).build())
            .build();
    return TaskOrchestrator.builder()
        .catalog(catalog)
        .providers(scheduler.clients())
        .credentials(dev.orchestrator.engine.spi.Credentials.constant(Fixtures.SECRET))
        .ticker(time)
        .sleeper(time)
        .loadLimit(limit)
        .policy(
            OrchestratorPolicy.builder()
                .connectTimeout(Duration.ofSeconds(2))
                .attemptTimeout(attemptLimit)
                .firstTokenTimeout(attemptLimit)
                .streamIdleTimeout(attemptLimit)
                .deadline(Duration.ofSeconds(10))
                .seed(7L)
                .build())
        .build();
  }

  private CompletableFuture<Object> async(Supplier<Object> call) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return call.get();
          } catch (OrchestratorException e) {
            return e;
          }
        },
        callers);
  }

  /** Waits (spinning, bounded on the wall clock, never slept on) until {@code condition} holds. */
  private static void await(String what, BooleanSupplier condition) {
    long patience = System.nanoTime() + PATIENCE_NANOS;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - patience > 0) {
        throw new AssertionError("never happened: " + what);
      }
      LockSupport.parkNanos(100_000);
    }
  }

  private static ChatRequest request() {
    return ChatRequest.builder(ALPHA).user("hello").build();
  }

  @Test
  void aRequestBeyondTheLimitIsSentAndAnsweredOnceThePlaceIsGivenBack() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(ALPHA, List.of(Step.fault(Fault.NO_RESPONSE), Step.ok("second answer"))))) {
      TaskOrchestrator o = orchestrator(upstream, Duration.ofMillis(300));
      CompletableFuture<Object> first = async(() -> o.chat(request()));
      await("the first request at the upstream", () -> upstream.calls().size() == 1);
      await("its limits armed", () -> scheduler.pending() >= 1);
      CompletableFuture<Object> second = async(() -> o.chat(request()));
      await("the second request waiting", () -> limit.waiting() == 1);
      assertThat(upstream.calls()).hasSize(1);

      time.advance(Duration.ofMillis(400));
      scheduler.runDue(); // the first one's limit fires: its route was silent
      Object ended = first.get(30, TimeUnit.SECONDS);
      assertThat(ended).isInstanceOf(OrchestratorException.class);
      ChatResult r = (ChatResult) second.get(30, TimeUnit.SECONDS);
      assertThat(r.response().content()).isEqualTo("second answer");
      assertThat(r.trace().attempts()).hasSize(1);
      assertThat(upstream.calls()).hasSize(2);
      assertThat(limit.running()).isZero();
      assertThat(limit.waiting()).isZero();
    }
  }

  @Test
  void aRequestWhoseDeadlinePassesWhileItWaitsNeverReachesTheUpstream() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(Map.of(ALPHA, List.of(Step.fault(Fault.NO_RESPONSE))))) {
      TaskOrchestrator o = orchestrator(upstream, Duration.ofSeconds(5));
      CompletableFuture<Object> first = async(() -> o.chat(request()));
      await("the first request at the upstream", () -> upstream.calls().size() == 1);
      int armed = scheduler.pending();
      CompletableFuture<Object> second =
          async(() -> o.chat(request(), new Cancellation(), Duration.ofSeconds(1)));
      await("the second request waiting", () -> limit.waiting() == 1);
      await("its deadline armed", () -> scheduler.pending() > armed);

      time.advance(Duration.ofSeconds(1));
      scheduler.runDue();
      OrchestratorException e = (OrchestratorException) second.get(30, TimeUnit.SECONDS);
      assertThat(e.type()).isEqualTo(OrchestratorException.Type.DEADLINE_EXCEEDED);
      assertThat(e.trace().attempts()).isEmpty();
      assertThat(first).isNotDone();

      time.advance(Duration.ofSeconds(5));
      scheduler.runDue();
      assertThat(first.get(30, TimeUnit.SECONDS)).isInstanceOf(OrchestratorException.class);
      assertThat(upstream.calls()).hasSize(1);
      assertThat(limit.running()).isZero();
    }
  }
}
