package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ForwardingHealthStore;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A time limit that fired while this process ran late is no evidence against the route
 * (docs/design.md §5, ADR 0056): the attempt path reports it neutral and the trace says so; the
 * request goes on as it always did. Fake time; the process's lateness is told to the orchestrator's
 * {@link Lateness} while the attempt is in flight, as its probe would.
 */
class LocalTimeoutTest {
  private static final Duration LIMIT = Duration.ofMillis(300);

  private final FakeTime time = new FakeTime();
  private final Lateness lateness = Lateness.unprobed(time);
  private final List<AttemptHealth> reported = new ArrayList<>();

  private static final Catalog CATALOG =
      Catalogs.of(free("a", "m", 8000), free("b", "m", 8000)).toBuilder()
          .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
          .build();

  private static final OrchestratorPolicy POLICY =
      OrchestratorPolicy.builder()
          .seed(7L)
          .deadline(Duration.ofSeconds(10))
          .attemptTimeout(Duration.ofMillis(600))
          .firstTokenTimeout(LIMIT)
          .streamIdleTimeout(LIMIT)
          .sameRouteRetries(0)
          .panicThreshold(0)
          .breaker(5, Duration.ofSeconds(30))
          .build();

  /**
   * A route whose every attempt takes {@code takes}, during which this process's timers ran {@code
   * lateMs} late, then fails with {@code f} after streaming {@code streamed} (or nothing).
   */
  private ProviderClient client(ProviderFailure f, Duration takes, long lateMs, String streamed) {
    return call -> {
      time.advance(takes);
      lateness.record(TimeUnit.MILLISECONDS.toNanos(lateMs));
      if (streamed != null && call.listener() != null) {
        call.listener().onContent(streamed);
      }
      return new AttemptOutcome.Failed(f, false);
    };
  }

  private TaskOrchestrator orchestrator(ProviderClient c) {
    HealthStore store =
        new ForwardingHealthStore(
            RouteHealthRegistry.create(time, POLICY.breakers(), RetryBudget.defaults(time))) {
          @Override
          public void report(Admission admission, AttemptHealth outcome) {
            reported.add(outcome);
            super.report(admission, outcome);
          }
        };
    return ScriptedClient.orchestrator(c, time)
        .catalog(CATALOG)
        .policy(POLICY)
        .healthStore(store)
        .lateness(lateness)
        .build();
  }

  private static ProviderFailure timeout(TransportFault fault, Integer status) {
    return ProviderFailure.builder(FailureCategory.TIMEOUT, ReachedModel.UNKNOWN)
        .retryable(true)
        .status(status)
        .transportFault(fault)
        .message("no answer in time")
        .build();
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  @ParameterizedTest(name = "{0} {1} after {2} ms, {3} ms late: local {4}")
  @CsvSource(
      textBlock =
          """
          # the attempt's failure                   ms   late  the process's own  reported
          timeout,         read_timeout,        , 300,    75, true,             neutral
          timeout,         read_timeout,        , 300,    74, false,            breaker_failure
          timeout,         read_timeout,        , 300,     0, false,            breaker_failure
          timeout,         first_token_timeout, , 300,   150, true,             neutral
          timeout,         first_token_timeout, , 600,   149, false,            breaker_failure
          timeout,         stream_idle_timeout, , 900,    75, true,             neutral
          timeout,         read_timeout,     504, 300,   300, false,            breaker_failure
          timeout,         ,                    , 300,   300, false,            breaker_failure
          server_error,    ,                 503, 300,   300, false,            breaker_failure
          connection_failed, connect_timeout,   , 300,   300, false,            breaker_failure
          """)
  void onlyTheAttemptsOwnTimeLimitsFiringWhileTheProcessRanLateAreItsOwn(
      String category,
      String fault,
      Integer status,
      long takesMs,
      long lateMs,
      boolean local,
      String reportedHealth) {
    ProviderFailure f =
        ProviderFailure.builder(
                FailureCategory.valueOf(category.toUpperCase(Locale.ROOT)), ReachedModel.UNKNOWN)
            .retryable(true)
            .status(status)
            .transportFault(fault == null ? null : TransportFault.fromWireName(fault))
            .message("failed")
            .build();
    TaskOrchestrator o = orchestrator(client(f, Duration.ofMillis(takesMs), lateMs, null));
    OrchestratorException e = failure(o, request("a/m"));
    AttemptRecord a = e.trace().attempts().get(0);
    assertThat(a.localTimeout()).isEqualTo(local);
    assertThat(a.category()).isEqualTo(f.category()); // the failure is recorded as it is
    assertThat(reported)
        .containsExactly(AttemptHealth.valueOf(reportedHealth.toUpperCase(Locale.ROOT)));
  }

  @Test
  void healthyRoutesTimingOutWhileTheProcessIsLateKeepTheirBreakersClosed() {
    TaskOrchestrator o =
        orchestrator(client(timeout(TransportFault.READ_TIMEOUT, null), LIMIT, 150, null));
    for (int i = 0; i < 20; i++) {
      OrchestratorException e = failure(o, request("v"));
      assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANDIDATES_EXHAUSTED);
      assertThat(e.trace().attempts()).allMatch(AttemptRecord::localTimeout);
    }
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
    assertThat(o.health().breaker("b/m")).isEqualTo(BreakerState.CLOSED);
    assertThat(reported).hasSizeGreaterThanOrEqualTo(40).containsOnly(AttemptHealth.NEUTRAL);
  }

  @Test
  void theRequestGoesOnAsItAlwaysDid() {
    ProviderFailure silence = timeout(TransportFault.READ_TIMEOUT, null);
    List<AttemptRecord> late =
        failure(orchestrator(client(silence, LIMIT, 300, null)), request("v")).trace().attempts();
    time.advance(Duration.ofMinutes(1)); // that lateness is long past
    List<AttemptRecord> onTime =
        failure(orchestrator(client(silence, LIMIT, 0, null)), request("v")).trace().attempts();
    assertThat(late).allMatch(AttemptRecord::localTimeout);
    assertThat(onTime).noneMatch(AttemptRecord::localTimeout);
    // Failover, the second pass over silent routes, the decisions: as they were.
    assertThat(late)
        .extracting(AttemptRecord::route, AttemptRecord::decision, AttemptRecord::category)
        .isEqualTo(
            onTime.stream()
                .map(
                    a -> org.assertj.core.groups.Tuple.tuple(a.route(), a.decision(), a.category()))
                .toList());
  }

  @Test
  void aSlowRouteOnAnIdleMachineOpensItsBreakerExactlyAsBefore() {
    TaskOrchestrator o =
        orchestrator(client(timeout(TransportFault.READ_TIMEOUT, null), LIMIT, 0, null));
    for (int i = 0; i < 4; i++) {
      assertThat(failure(o, request("a/m")).trace().attempts().get(0).localTimeout()).isFalse();
      assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
    }
    failure(o, request("a/m")); // the fifth failure in a row
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
    assertThat(reported).containsOnly(AttemptHealth.BREAKER_FAILURE).hasSize(5);
  }

  @Test
  void aStreamCutByItsIdleLimitWhileTheProcessIsLateIsNoCutAgainstTheRoute() {
    ProviderFailure idle =
        ProviderFailure.of(
            FailureCategory.TIMEOUT,
            true,
            ReachedModel.YES,
            TransportFault.STREAM_IDLE_TIMEOUT,
            "the stream was silent");
    TaskOrchestrator o = orchestrator(client(idle, Duration.ofSeconds(2), 100, "Hel"));
    for (int i = 0; i < 5; i++) {
      assertThatThrownBy(() -> o.stream(request("a/m"), delta -> {}))
          .isInstanceOfSatisfying(
              OrchestratorException.class,
              e -> {
                assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED);
                assertThat(e.trace().attempts().get(0).localTimeout()).isTrue();
              });
    }
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
    assertThat(reported).containsOnly(AttemptHealth.NEUTRAL);
  }
}
