package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Time limits that fire while this process runs late are no evidence against healthy routes (ADR
 * 0056), through a real orchestrator and the real provider clients on a loopback upstream, on fake
 * time: the attempts' limits and the orchestrator's lateness probe run on one {@link
 * ManualScheduler}. Both routes answer nothing to their first four calls and then answer. Late, the
 * time jumps past each limit at once, so the probe's timer runs as late as the limit fires; on
 * time, it moves in the probe's own steps, the probe never late. Late, the breakers stay closed and
 * the next request is answered plainly; on time they open, as they always did, and the next request
 * is answered in panic mode.
 */
class LocalTimeoutIT {
  private static final String ALPHA = "alpha/m";
  private static final String BETA = "beta/m";
  private static final Duration LIMIT = Duration.ofMillis(300);
  private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(30);

  private final FakeTime time = new FakeTime();
  private final ManualScheduler scheduler = new ManualScheduler(time);
  private final ExecutorService callers = Executors.newSingleThreadExecutor();
  private final AtomicInteger sent = new AtomicInteger();
  private ScriptedUpstream upstream;

  private TaskOrchestrator orchestrator() {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("alpha", "beta")) {
      b.provider(Fixtures.provider(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT));
    }
    b.route(Route.builder("alpha", "m").tier(Tier.FREE).contextWindow(8_000).quality(0.9).build());
    b.route(Route.builder("beta", "m").tier(Tier.FREE).contextWindow(8_000).quality(0.5).build());
    b.pool(new Pool("pair", PoolKind.VIRTUAL, List.of(ALPHA, BETA)));
    return TaskOrchestrator.builder()
        .catalog(b.build())
        .providers(scheduler.clients())
        .credentials(dev.orchestrator.engine.spi.Credentials.constant(Fixtures.SECRET))
        .ticker(time)
        .sleeper(time)
        .lateness(Lateness.probing(time, scheduler))
        .policy(
            OrchestratorPolicy.builder()
                .connectTimeout(Duration.ofSeconds(2))
                .attemptTimeout(LIMIT)
                .firstTokenTimeout(LIMIT)
                .streamIdleTimeout(LIMIT)
                .deadline(Duration.ofSeconds(60))
                .breaker(3, Duration.ofSeconds(30))
                .seed(7L)
                .build())
        .listener(
            new OrchestratorListener() {
              @Override
              public void onAttemptStart(String model, String route, int attempt) {
                sent.incrementAndGet();
              }
            })
        .build();
  }

  private static ScriptedUpstream silentFourTimesThenAnswering() {
    List<Step> silentFourTimes = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      silentFourTimes.add(Step.fault(Fault.NO_RESPONSE));
    }
    List<Step> alpha = new ArrayList<>(silentFourTimes);
    alpha.add(Step.ok("alpha answers"));
    List<Step> beta = new ArrayList<>(silentFourTimes);
    beta.add(Step.ok("beta answers"));
    return ScriptedUpstream.start(Map.of(ALPHA, alpha, BETA, beta));
  }

  /**
   * One request for the pair, on another thread; while one of its attempts is in flight — its limit
   * armed beside the probe, its request at the upstream — the time moves by {@code step} and what
   * is due runs.
   */
  private Object request(TaskOrchestrator o, Duration step) throws Exception {
    CompletableFuture<Object> running =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return o.chat(ChatRequest.builder("pair").user("hello").build());
              } catch (OrchestratorException e) {
                return e;
              }
            },
            callers);
    long patience = System.nanoTime() + PATIENCE_NANOS;
    while (!running.isDone()) {
      if (System.nanoTime() - patience > 0) {
        throw new AssertionError("the request did not end; fake time " + time.read());
      }
      if (scheduler.pending() >= 2 && upstream.calls().size() >= sent.get()) {
        time.advance(step);
        scheduler.runDue();
      }
      LockSupport.parkNanos(200_000);
    }
    return running.get();
  }

  private static Trace answered(Object r) {
    if (r instanceof OrchestratorException e) {
      throw new AssertionError("not answered: " + e.getMessage() + " " + e.trace().attempts(), e);
    }
    return ((ChatResult) r).trace();
  }

  /** Two requests meet four silences on each route: both routes, then the second pass. */
  private List<AttemptRecord> silences(TaskOrchestrator o, Duration step) throws Exception {
    List<AttemptRecord> attempts = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Object r = request(o, step);
      assertThat(r).isInstanceOf(OrchestratorException.class);
      attempts.addAll(((OrchestratorException) r).trace().attempts());
    }
    assertThat(attempts)
        .hasSize(8)
        .allMatch(a -> a.category() == FailureCategory.TIMEOUT && a.status() == null);
    return attempts;
  }

  @Test
  void healthyRoutesKeepTheirBreakersClosedWhileTheProcessIsLate() throws Exception {
    try (ScriptedUpstream u = silentFourTimesThenAnswering()) {
      upstream = u;
      TaskOrchestrator o = orchestrator();
      // Each move of the time passes the limit at once: the probe's timer, due 20 ms after the
      // attempt began, runs with it, a whole limit late.
      List<AttemptRecord> attempts = silences(o, LIMIT.plusMillis(100));

      assertThat(attempts).allMatch(AttemptRecord::localTimeout);
      assertThat(o.health().breaker(ALPHA)).isEqualTo(BreakerState.CLOSED);
      assertThat(o.health().breaker(BETA)).isEqualTo(BreakerState.CLOSED);
      // The answer comes at once; the time stands still so that no limit can pass before it does.
      Trace t = answered(request(o, Duration.ZERO));
      assertThat(t.attempts()).extracting(AttemptRecord::route).containsExactly(ALPHA);
      assertThat(t.servingRoute()).isEqualTo(ALPHA);
      assertThat(t.panic()).isFalse();
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void theSameSilencesOnTimeOpenTheBreakersAsTheyAlwaysDid() throws Exception {
    try (ScriptedUpstream u = silentFourTimesThenAnswering()) {
      upstream = u;
      TaskOrchestrator o = orchestrator();
      // The time moves in the probe's own period: its timer is never late.
      List<AttemptRecord> attempts = silences(o, Duration.ofMillis(Lateness.PERIOD_MILLIS));

      assertThat(attempts).noneMatch(AttemptRecord::localTimeout);
      assertThat(o.health().breaker(ALPHA)).isEqualTo(BreakerState.OPEN);
      assertThat(o.health().breaker(BETA)).isEqualTo(BreakerState.OPEN);
      // The answer comes at once; the time stands still so that no limit can pass before it does.
      Trace t = answered(request(o, Duration.ZERO));
      assertThat(t.attempts()).extracting(AttemptRecord::route).containsExactly(ALPHA);
      assertThat(t.servingRoute()).isEqualTo(ALPHA);
      assertThat(t.panic()).isTrue();
    } finally {
      callers.shutdownNow();
    }
  }
}
