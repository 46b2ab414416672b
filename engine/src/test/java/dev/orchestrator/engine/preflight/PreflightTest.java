package dev.orchestrator.engine.preflight;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static dev.orchestrator.engine.testing.ScriptedClient.rateLimited;
import static dev.orchestrator.engine.testing.ScriptedClient.silent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PreflightTest {
  private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
  private static final AttemptOutcome PONG =
      new AttemptOutcome.Succeeded(
          new ChatResponse("pong", List.of(), "stop", new Usage(1, 1, 2), "m", null));

  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);
  private final RouteHealthRegistry health =
      RouteHealthRegistry.create(
          time,
          HealthSettings.builder()
              .breakerThreshold(5)
              .openTime(Duration.ofSeconds(30), Duration.ofSeconds(30))
              .probeLease(Duration.ofSeconds(60))
              .streamCutThreshold(3)
              .build(),
          RetryBudget.defaults(time));

  private static final Catalog FREE_AND_PRICED =
      Catalogs.of(free("a", "m", 8000), free("b", "m", 8000), priced("p", "m", 8000));

  /** Sequential, on fake time: probes run in queue order on the calling thread. */
  private Preflight.Builder preflight(Catalog catalog) {
    return Preflight.builder()
        .catalog(catalog)
        .providers(ProviderClients.single(client))
        .credentials(Credentials.constant("test-key"))
        .health(health)
        .attemptTimeout(ATTEMPT_TIMEOUT)
        .concurrency(1)
        .executor(Runnable::run)
        .ticker(time)
        .sleeper(time);
  }

  private TaskOrchestrator orchestrator(Catalog catalog) {
    return client
        .orchestrator()
        .catalog(catalog)
        .policy(OrchestratorPolicy.builder().seed(7L).build())
        .build();
  }

  private static ProviderFailure quota(Duration retryAfter) {
    return ProviderFailure.builder(FailureCategory.QUOTA_EXHAUSTED, ReachedModel.NO)
        .status(429)
        .retryAfter(retryAfter)
        .errorType("insufficient_quota")
        .message("You exceeded your current quota")
        .build();
  }

  @Test
  void aTransient503ThenAnAnswerIsViableAfterTwoAttempts() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true), ok("pong"));

    PreflightReport r = preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m");

    RouteVerdict v = r.verdict("a/m").orElseThrow();
    assertThat(v.verdict()).isEqualTo(Verdict.VIABLE);
    assertThat(v.attempts()).isEqualTo(2);
    assertThat(v.category()).isNull();
    assertThat(v.note()).contains("answered on attempt 2 after server_error (503)");
    assertThat(v.health()).isEqualTo(AttemptHealth.SUCCESS);
    assertThat(time.sleeps()).containsExactly(Duration.ofMillis(250).toNanos());
    assertThat(health.breaker("a/m")).isEqualTo(BreakerState.CLOSED);
    assertThat(r.anyViable()).isTrue();
  }

  @Test
  void aNotFoundIsRejectedAfterOneAttemptAndRetiresTheRoute() {
    client.script("a/m", fail(404, FailureCategory.NOT_FOUND, false), ok("pong"));

    PreflightReport r = preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m");

    RouteVerdict v = r.verdict("a/m").orElseThrow();
    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.attempts()).isEqualTo(1);
    assertThat(v.category()).isEqualTo(FailureCategory.NOT_FOUND);
    assertThat(v.httpStatus()).isEqualTo(404);
    assertThat(v.health()).isEqualTo(AttemptHealth.RETIRE);
    assertThat(v.note()).contains("not retried: not_found is settled");
    assertThat(client.calls()).containsExactly("a/m");
    assertThat(health.marks().get("a/m").condition()).isEqualTo(RouteCondition.RETIRED);
    assertThat(r.anyViable()).isFalse();
  }

  @Test
  void aSilentRouteIsRejectedAfterTwoAttempts() {
    client.script("a/m", silent(Duration.ofMinutes(1)));

    PreflightReport r = preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m");

    RouteVerdict v = r.verdict("a/m").orElseThrow();
    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.attempts()).isEqualTo(2);
    assertThat(v.category()).isEqualTo(FailureCategory.TIMEOUT);
    assertThat(v.httpStatus()).isNull();
    assertThat(v.latency()).isEqualTo(ATTEMPT_TIMEOUT);
    assertThat(v.elapsed()).isEqualTo(ATTEMPT_TIMEOUT.multipliedBy(2).plusMillis(250));
    assertThat(v.health()).isEqualTo(AttemptHealth.BREAKER_FAILURE);
    assertThat(v.note()).startsWith("rejected after 2 attempts: timeout");
    assertThat(client.calls()).containsExactly("a/m", "a/m");
  }

  @Test
  void quotaExhaustedIsRejectedAfterOneAttemptAndCoolsTheRouteDown() {
    client.script("a/m", failure(quota(null)), ok("pong"));

    PreflightReport r =
        preflight(Catalogs.of(free("a", "m", 8000)))
            .accountCooldown(Duration.ofMinutes(7))
            .build()
            .check("a/m");

    RouteVerdict v = r.verdict("a/m").orElseThrow();
    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.attempts()).isEqualTo(1);
    assertThat(v.category()).isEqualTo(FailureCategory.QUOTA_EXHAUSTED);
    assertThat(v.httpStatus()).isEqualTo(429);
    assertThat(v.health()).isEqualTo(AttemptHealth.COOL_DOWN);
    assertThat(health.cooldownRemaining("a/m")).isEqualTo(Duration.ofMinutes(7));
    assertThat(health.breaker("a/m")).isEqualTo(BreakerState.CLOSED);
    assertThat(client.calls()).containsExactly("a/m");
  }

  @Test
  void aQuotaResetTimeSetsTheCooldownUpToTheRetryAfterCap() {
    client.script("a/m", failure(quota(Duration.ofHours(3))));

    preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m");

    assertThat(health.cooldownRemaining("a/m"))
        .isEqualTo(OrchestratorPolicy.defaults().retries().retryAfterCap());
  }

  @Test
  void neverContactsAPricedRouteForTheFreePool() {
    PreflightReport r =
        preflight(FREE_AND_PRICED).allowPriced(true).build().check("orchestrator/free");

    assertThat(r.pool()).isEqualTo(PoolKind.FREE);
    assertThat(client.calls()).containsExactlyInAnyOrder("a/m", "b/m");
    assertThat(r.verdict("p/m")).isEmpty();
    assertThat(r.excluded())
        .containsExactly(
            new Exclusion("p/m", ExclusionReason.PRICED_TIER_BOUNDARY, "$1 in / $2 out per Mtok"));
    assertThat(r.routes()).noneMatch(RouteVerdict::pricedProbed);
  }

  @Test
  void autoSkipsPricedRoutesWithoutAllowPriced() {
    PreflightReport r = preflight(FREE_AND_PRICED).build().check("orchestrator/auto");

    RouteVerdict p = r.verdict("p/m").orElseThrow();
    assertThat(p.verdict()).isEqualTo(Verdict.SKIPPED);
    assertThat(p.attempts()).isZero();
    assertThat(p.note()).contains("allowPriced (--allow-priced) was not given");
    assertThat(client.calls()).doesNotContain("p/m");
    assertThat(r.viableCount()).isEqualTo(2);
    assertThat(r.skippedCount()).isEqualTo(1);
  }

  @Test
  void autoProbesFreeCandidatesFirstAndSaysWhyAPricedRouteWasProbed() {
    // Quality-first ranks the priced route above the free ones; the probe queue does not.
    PreflightReport r =
        preflight(FREE_AND_PRICED)
            .strategy(Strategy.QUALITY)
            .allowPriced(true)
            .build()
            .check("orchestrator/auto");

    assertThat(r.routes().get(0).route()).isEqualTo("p/m");
    assertThat(client.calls()).containsExactly("a/m", "b/m", "p/m");
    RouteVerdict p = r.verdict("p/m").orElseThrow();
    assertThat(p.verdict()).isEqualTo(Verdict.VIABLE);
    assertThat(p.pricedProbed()).isTrue();
    assertThat(p.note())
        .contains("priced route probed: allowPriced (--allow-priced) was given for the auto pool");
  }

  @Test
  void maxRoutesProbesOnlyTheFirstRoutesInQueueOrder() {
    Catalog three = Catalogs.of(free("a", "m", 8000), free("b", "m", 8000), free("c", "m", 8000));

    PreflightReport r = preflight(three).maxRoutes(2).build().check("orchestrator/free");

    assertThat(client.calls()).hasSize(2);
    assertThat(r.skippedCount()).isEqualTo(1);
    RouteVerdict last = r.routes().get(2);
    assertThat(last.verdict()).isEqualTo(Verdict.SKIPPED);
    assertThat(last.note()).isEqualTo("not probed: beyond maxRoutes 2");
    assertThat(client.calls()).doesNotContain(last.route());
  }

  @Test
  void waitsForARetryAfterWithinTheBound() {
    client.script("a/m", rateLimited(Duration.ofSeconds(2)), ok("pong"));

    RouteVerdict v =
        preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m").routes().get(0);

    assertThat(v.verdict()).isEqualTo(Verdict.VIABLE);
    assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(2).toNanos());
  }

  @Test
  void doesNotWaitForARetryAfterBeyondTheBoundAndCoolsTheRouteDown() {
    client.script("a/m", rateLimited(Duration.ofMinutes(1)), ok("pong"));

    RouteVerdict v =
        preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m").routes().get(0);

    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.attempts()).isEqualTo(1);
    assertThat(v.category()).isEqualTo(FailureCategory.RATE_LIMITED);
    assertThat(v.note()).contains("asked to wait 60000 ms (more than maxRetryWait 5000 ms)");
    assertThat(v.health()).isEqualTo(AttemptHealth.BREAKER_FAILURE);
    assertThat(health.cooldownRemaining("a/m")).isEqualTo(Duration.ofMinutes(1));
    assertThat(time.sleeps()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"rate_limited", "quota_exhausted"})
  void coolsARouteForAtMostTheRetryAfterCapAsTheFailoverLoopDoes(String category) {
    Duration day = Duration.ofDays(1);
    client.script(
        "a/m",
        FailureCategory.fromWireName(category) == FailureCategory.RATE_LIMITED
            ? rateLimited(day)
            : failure(quota(day)));
    TaskOrchestrator o =
        client
            .orchestrator()
            .catalog(Catalogs.of(free("a", "m", 8000)))
            .policy(OrchestratorPolicy.builder().retryAfterCap(Duration.ofMinutes(3)).build())
            .build();

    RouteVerdict v =
        Preflight.builder()
            .orchestrator(o)
            .concurrency(1)
            .executor(Runnable::run)
            .ticker(time)
            .sleeper(time)
            .build()
            .check("a/m")
            .routes()
            .get(0);

    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(o.health().cooldownRemaining("a/m")).isEqualTo(Duration.ofMinutes(3));
  }

  @Test
  void skipsARouteWhoseAccountWasRefusedWithoutContactingIt() {
    health.accountState("a/m", Duration.ofMinutes(5));

    PreflightReport r = preflight(FREE_AND_PRICED).build().check("orchestrator/free");

    RouteVerdict v = r.verdict("a/m").orElseThrow();
    assertThat(v.verdict()).isEqualTo(Verdict.SKIPPED);
    assertThat(v.note())
        .isEqualTo("not probed: its provider refused the account; held out for another 300 s");
    assertThat(client.calls()).containsExactly("b/m");
  }

  @Test
  void skipsARouteThatIsAlreadyCoolingDownWithoutContactingIt() {
    health.coolDown("a/m", Duration.ofSeconds(90));

    PreflightReport r = preflight(FREE_AND_PRICED).build().check("orchestrator/free");

    RouteVerdict v = r.verdict("a/m").orElseThrow();
    assertThat(v.verdict()).isEqualTo(Verdict.SKIPPED);
    assertThat(v.rank()).isZero();
    assertThat(v.note()).isEqualTo("not probed: cooling down for another 90 s");
    assertThat(client.calls()).containsExactly("b/m");
    assertThat(r.excluded()).extracting(Exclusion::route).containsExactly("p/m");
  }

  @Test
  void theNextRequestsSkipRoutesThePreflightRetiredOrCooledDown() {
    Catalog c = Catalogs.of(free("a", "m", 8000), free("b", "m", 8000), free("c", "m", 8000));
    client.script("a/m", fail(404, FailureCategory.NOT_FOUND, false), ok("late"));
    client.script("b/m", failure(quota(null)), ok("late"));
    TaskOrchestrator o = orchestrator(c);

    PreflightReport r =
        Preflight.builder()
            .orchestrator(o)
            .executor(Runnable::run)
            .ticker(time)
            .sleeper(time)
            .build()
            .check("orchestrator/free");
    assertThat(r.viable()).extracting(RouteVerdict::route).containsExactly("c/m");

    ChatResult answer = o.chat(ChatRequest.builder("orchestrator/free").user("hi").build());
    assertThat(answer.route()).isEqualTo("c/m");
    assertThat(client.calls()).containsExactly("a/m", "b/m", "c/m", "c/m");
    assertThat(o.plan(ChatRequest.builder("orchestrator/free").user("hi").build()).excluded())
        .containsExactlyInAnyOrder(
            new Exclusion(
                "a/m",
                ExclusionReason.RETIRED,
                "answered not_found; left out until its retirement expires"),
            new Exclusion(
                "b/m",
                ExclusionReason.ACCOUNT_STATE,
                "its provider refused the account (auth, permission or a quota with no reset"
                    + " time); left out for the account cool-down"));
  }

  @Test
  void aClientThatThrowsRejectsItsRouteInsteadOfFailingTheCheck() {
    ProviderClient broken =
        call -> {
          throw new IllegalStateException("bug in client with sk-secret-123");
        };
    PreflightReport r =
        preflight(Catalogs.of(free("a", "m", 8000)))
            .providers(ProviderClients.single(broken))
            .build()
            .check("a/m");

    RouteVerdict v = r.routes().get(0);
    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.category()).isEqualTo(FailureCategory.UNKNOWN);
    assertThat(v.attempts()).isEqualTo(1);
    assertThat(v.failure().message())
        .isEqualTo("provider client threw java.lang.IllegalStateException")
        .doesNotContain("sk-secret");
  }

  @Test
  void aCancelledCheckProbesNothing() {
    Cancellation cancel = new Cancellation();
    cancel.cancel();

    PreflightReport r = preflight(FREE_AND_PRICED).build().check("orchestrator/free", cancel);

    assertThat(client.calls()).isEmpty();
    assertThat(r.routes())
        .extracting(RouteVerdict::note)
        .containsOnly("not probed: the check was cancelled");
  }

  @Test
  void anUnknownModelIsRefusedWithCloseMatches() {
    assertThatThrownBy(() -> preflight(FREE_AND_PRICED).build().check("a/mm"))
        .isInstanceOf(UnknownModelException.class)
        .hasMessageContaining("a/m");
  }

  /**
   * A client whose calls block at a closed gate and count how many are inside at once. The test
   * waits until {@code bound} calls are inside, gives any extra worker a moment to enter too, and
   * only then opens the gate: a preflight that broke the bound would have more calls inside.
   */
  private static final class GatedClient implements ProviderClient {
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger most = new AtomicInteger();
    final Semaphore entered = new Semaphore(0);
    final CountDownLatch gate = new CountDownLatch(1);

    @Override
    public AttemptOutcome send(ProviderCall call) {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      entered.release();
      try {
        gate.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        inFlight.decrementAndGet();
      }
      return PONG;
    }
  }

  private static Catalog freeRoutes(int n) {
    Catalog.Builder cb = Catalog.builder();
    for (int i = 0; i < n; i++) {
      cb.provider(Catalogs.provider("p" + i)).route(free("p" + i, "m", 8000));
    }
    return cb.build();
  }

  private static int mostInFlight(Preflight.Builder b, GatedClient client, int bound)
      throws Exception {
    ExecutorService caller = Executors.newSingleThreadExecutor();
    try {
      Future<PreflightReport> report = caller.submit(() -> b.build().check("orchestrator/free"));
      assertThat(client.entered.tryAcquire(bound, 10, TimeUnit.SECONDS)).isTrue();
      client.entered.tryAcquire(200, TimeUnit.MILLISECONDS); // room for a worker too many
      client.gate.countDown();
      assertThat(report.get(10, TimeUnit.SECONDS).viableCount()).isEqualTo(12);
      return client.most.get();
    } finally {
      client.gate.countDown();
      caller.shutdownNow();
    }
  }

  @Test
  void neverHasMoreProbesInFlightThanTheConcurrencyBound() throws Exception {
    GatedClient gated = new GatedClient();
    ExecutorService wide = Executors.newCachedThreadPool();
    try {
      Preflight.Builder b =
          Preflight.builder()
              .catalog(freeRoutes(12))
              .providers(ProviderClients.single(gated))
              .credentials(Credentials.constant("k"))
              .concurrency(3)
              .executor(wide);

      assertThat(mostInFlight(b, gated, 3)).isEqualTo(3);
    } finally {
      wide.shutdownNow();
    }
  }

  @Test
  void theDefaultExecutorAlsoBoundsConcurrency() throws Exception {
    GatedClient gated = new GatedClient();
    Preflight.Builder b =
        Preflight.builder()
            .catalog(freeRoutes(12))
            .providers(ProviderClients.single(gated))
            .credentials(Credentials.constant("k"))
            .concurrency(2);

    assertThat(mostInFlight(b, gated, 2)).isEqualTo(2);
  }

  @ParameterizedTest(name = "{0} (retryable={1}) -> {3} attempt(s), health {4}")
  @CsvSource(
      textBlock =
          """
          # category,              retryable, status, attempts, health
          rate_limited,             true,      429,    2,        breaker_failure
          overloaded,               true,      529,    2,        breaker_failure
          server_error,             true,      503,    2,        breaker_failure
          timeout,                  true,      504,    2,        breaker_failure
          connection_failed,        true,      ,       2,        breaker_failure
          server_error,             false,     501,    1,        breaker_failure
          quota_exhausted,          false,     402,    1,        cool_down
          quota_exhausted,          true,      429,    1,        cool_down
          auth_failed,              false,     401,    1,        cool_down
          permission_denied,        false,     403,    1,        cool_down
          not_found,                false,     404,    1,        retire
          empty_response,           true,      200,    1,        neutral
          request_invalid,          false,     400,    1,        neutral
          context_length_exceeded,  false,     400,    1,        neutral
          request_too_large,        false,     413,    1,        neutral
          content_filtered,         false,     400,    1,        neutral
          tool_execution_stopped,   false,     409,    1,        neutral
          unknown,                  false,     ,       1,        breaker_failure
          """)
  void aRouteThatAlwaysFailsGetsASecondAttemptOnlyForRetryableTransientFailures(
      String category, boolean retryable, Integer status, int attempts, String healthEffect) {
    FailureCategory c = FailureCategory.fromWireName(category);
    client.script(
        "a/m",
        failure(
            ProviderFailure.builder(c, ReachedModel.UNKNOWN)
                .retryable(retryable)
                .status(status)
                .message("x")
                .build()));

    RouteVerdict v =
        preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m").routes().get(0);

    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.attempts()).isEqualTo(attempts);
    assertThat(v.category()).isEqualTo(c);
    assertThat(v.httpStatus()).isEqualTo(status);
    assertThat(v.health().wireName()).isEqualTo(healthEffect);
    assertThat(client.calls()).hasSize(attempts);
  }

  @Test
  void theClassExampleGatesAJobOnAnyViableRoute() {
    TaskOrchestrator orchestrator = orchestrator(FREE_AND_PRICED);
    client.script("a/m", fail(404, FailureCategory.NOT_FOUND, false));
    client.script("b/m", failure(quota(null)));

    Preflight preflight =
        Preflight.builder()
            .orchestrator(orchestrator) // shares its catalog, clients and route health
            .concurrency(4)
            .attemptTimeout(Duration.ofSeconds(10))
            .build();
    PreflightReport report = preflight.check("orchestrator/free");

    assertThat(report.anyViable()).isFalse();
    assertThat(report.rejectedCount()).isEqualTo(2);
    assertThat(report.routes()).extracting(RouteVerdict::tier).containsOnly(Tier.FREE);
  }

  @Test
  void rejectsInvalidSettingsNamingTheValueAndTheExpectation() {
    assertThatThrownBy(() -> Preflight.builder().concurrency(0))
        .hasMessage("concurrency: 0 (expected: 1..64)");
    assertThatThrownBy(() -> Preflight.builder().maxTokens(6))
        .hasMessage("maxTokens: 6 (expected: 1..5)");
    assertThatThrownBy(() -> Preflight.builder().maxRoutes(0))
        .hasMessage("maxRoutes: 0 (expected: >= 1)");
    assertThatThrownBy(() -> Preflight.builder().attemptTimeout(Duration.ZERO))
        .hasMessage("attemptTimeout: 0 ms (expected: > 0 ms)");
    assertThatThrownBy(() -> Preflight.builder().catalog(FREE_AND_PRICED).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("missing providers(…)");
    assertThatThrownBy(
            () ->
                Preflight.builder()
                    .orchestrator(orchestrator(FREE_AND_PRICED))
                    .catalog(FREE_AND_PRICED)
                    .build())
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void probesAreOneWordWithAFewTokensAndNotStreamed() {
    preflight(Catalogs.of(free("a", "m", 8000))).maxTokens(1).build().check("a/m");

    ChatRequest sent = client.callDetails().get(0).request();
    assertThat(sent.messages()).hasSize(1);
    assertThat(sent.messages().get(0).content()).isEqualTo(Preflight.PROBE_PROMPT);
    assertThat(sent.maxTokens()).isEqualTo(1);
    assertThat(sent.stream()).isFalse();
    assertThat(client.callDetails().get(0).limits().total()).isEqualTo(ATTEMPT_TIMEOUT);
  }

  @Test
  void anEmptyAnswerToTheProbeIsRejectedWithoutPenalisingTheRoute() {
    client.script(
        "a/m",
        failure(
            ProviderFailure.builder(FailureCategory.EMPTY_RESPONSE, ReachedModel.YES)
                .retryable(true)
                .status(200)
                .message("HTTP 200 without usable output")
                .build()));

    RouteVerdict v =
        preflight(Catalogs.of(free("a", "m", 8000))).build().check("a/m").routes().get(0);

    assertThat(v.verdict()).isEqualTo(Verdict.REJECTED);
    assertThat(v.health()).isEqualTo(AttemptHealth.NEUTRAL);
    assertThat(health.marks()).isEmpty();
    assertThat(health.breaker("a/m")).isEqualTo(BreakerState.CLOSED);
  }
}
