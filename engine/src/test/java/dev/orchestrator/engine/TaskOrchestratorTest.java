package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.Catalogs.priced;
import static dev.orchestrator.engine.testing.ScriptedClient.cutAfter;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static dev.orchestrator.engine.testing.ScriptedClient.rateLimited;
import static dev.orchestrator.engine.testing.ScriptedClient.silent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import dev.orchestrator.engine.tool.ToolDecision;
import dev.orchestrator.engine.tool.ToolExecutionStoppedException;
import dev.orchestrator.engine.tool.ToolFailureClassifier;
import dev.orchestrator.engine.tool.ToolSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TaskOrchestratorTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static final Catalog TWO_PRICED =
      Catalogs.of(priced("a", "m", 8000), priced("b", "m", 8000));

  private static Catalog withPools(Catalog c) {
    return c.toBuilder()
        .pool(new Pool("g", PoolKind.GROUP, List.of("a/m", "b/m")))
        .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
        .build();
  }

  private TaskOrchestrator orchestrator(Catalog catalog) {
    return orchestrator(catalog, OrchestratorPolicy.builder().seed(7L).build());
  }

  private TaskOrchestrator orchestrator(Catalog catalog, OrchestratorPolicy policy) {
    return client.orchestrator().catalog(catalog).policy(policy).build();
  }

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  private static List<Decision> decisions(Trace t) {
    return t.attempts().stream().map(AttemptRecord::decision).collect(Collectors.toList());
  }

  private OrchestratorException failure(TaskOrchestrator o, ChatRequest r) {
    try {
      o.chat(r);
    } catch (OrchestratorException e) {
      return e;
    }
    throw new AssertionError("expected the request to fail");
  }

  @Test
  void aNullArgumentIsNamedInTheException() {
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED));
    ChatRequest r = request("v");
    Cancellation c = new Cancellation();
    Duration d = Duration.ofSeconds(1);

    assertThatThrownBy(() -> o.chat(null)).hasMessage("request");
    assertThatThrownBy(() -> o.plan(null)).hasMessage("request");
    assertThatThrownBy(() -> o.stream(null, delta -> {})).hasMessage("request");
    assertThatThrownBy(() -> o.chat(r, null)).hasMessage("cancellation");
    assertThatThrownBy(() -> o.chat(r, c, null)).hasMessage("deadline");
    assertThatThrownBy(() -> o.stream(r, delta -> {}, c, null)).hasMessage("deadline");
    assertThatThrownBy(() -> o.updateCatalog(null)).hasMessage("catalog");
    assertThatThrownBy(() -> TaskOrchestrator.builder().catalog(null)).hasMessage("catalog");
    assertThatThrownBy(() -> TaskOrchestrator.builder().providers(null)).hasMessage("providers");
    assertThat(client.calls()).isEmpty();
  }

  @Test
  void buildingWithoutCatalogOrProvidersSaysWhichToSetAndHow() {
    assertThatThrownBy(
            () -> TaskOrchestrator.builder().providers(ProviderClients.single(client)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "catalog: not set (expected: .catalog(Catalog), e.g. CatalogLoader.loadDefault())");
    assertThatThrownBy(() -> TaskOrchestrator.builder().catalog(TWO_PRICED).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "providers: not set (expected: .providers(ProviderClients), e.g."
                + " HttpProviderClients.builder().build())");
    assertThatThrownBy(() -> TaskOrchestrator.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("catalog: not set");
  }

  @Test
  void retriesSameRouteOnceAfterServerErrorThenSucceeds() {
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true), ok("hello"));
    ChatResult r =
        orchestrator(TWO_PRICED)
            .chat(request("v2").toBuilder().model("a/m").models(List.of("a/m", "b/m")).build());
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(r.response().content()).isEqualTo("hello");
    assertThat(client.calls()).containsExactly("a/m", "a/m");
    assertThat(decisions(r.trace())).containsExactly(Decision.RETRY_SAME_ROUTE, Decision.SUCCESS);
    assertThat(r.trace().attempts().get(1).attempt()).isEqualTo(2);
  }

  @Test
  void failsOverWhenQuotaExhaustedAndCoolsTheRouteDown() {
    client.script("a/m", fail(429, FailureCategory.QUOTA_EXHAUSTED, false));
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED));
    ChatResult r = o.chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(o.health().cooldownRemaining("a/m"))
        .isBetween(o.policy().accountCooldown().minusSeconds(1), o.policy().accountCooldown());
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
    // The next request skips the cooling route entirely.
    o.chat(request("v"));
    assertThat(client.calls()).containsExactly("a/m", "b/m", "b/m");
  }

  @Test
  void groupHandsBackASettled400WithoutRetryOrFailover() {
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false));
    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED)), request("g"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
    assertThat(e.status()).isEqualTo(400);
    assertThat(e.getMessage()).isEqualTo("upstream said 400");
    assertThat(client.calls()).containsExactly("a/m");
  }

  @Test
  void virtualPoolFailsOverASettled400() {
    client.script("a/m", fail(400, FailureCategory.REQUEST_INVALID, false));
    ChatResult r = orchestrator(withPools(TWO_PRICED)).chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
  }

  @Test
  void serverErrorWhoseBodySaysInvalidArgumentsStillFailsOver() {
    // The seed incident: the engine decides from the category, never from the text.
    client.script(
        "a/m",
        ScriptedClient.failure(
            new dev.orchestrator.engine.failure.ProviderFailure(
                FailureCategory.SERVER_ERROR,
                true,
                dev.orchestrator.engine.failure.ReachedModel.YES,
                500,
                null,
                null,
                null,
                null,
                null,
                "invalid arguments",
                "invalid arguments",
                false)));
    ChatResult r = orchestrator(withPools(TWO_PRICED)).chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(client.calls()).containsExactly("a/m", "a/m", "b/m");
    // The same words from a tool go through the tool classifier, which fails closed.
    ToolDecision tool =
        ToolFailureClassifier.INSTANCE.classify(
            new RuntimeException("invalid arguments"), ToolSpec.nonIdempotent("shell"));
    assertThat(tool.action()).isEqualTo(dev.orchestrator.engine.tool.ToolAction.FAIL_CLOSED);
  }

  @Test
  void silentRouteIsNotRetriedButFailedOver() {
    client.script("a/m", silent(Duration.ofSeconds(120)));
    ChatResult r = orchestrator(withPools(TWO_PRICED)).chat(request("v"));
    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(r.trace().attempts().get(0).decision()).isEqualTo(Decision.FAILOVER);
  }

  @Test
  void honoursRetryAfterWhenItFitsTheDeadline() {
    client.script("a/m", rateLimited(Duration.ofSeconds(2)), ok("later"));
    // A group waits: every alternative is the same model.
    ChatResult r = orchestrator(withPools(TWO_PRICED)).chat(request("g"));
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(2).toNanos());
    assertThat(r.trace().attempts().get(0).delay()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void failsOverAtOnceWhenRetryAfterExceedsTheDeadline() {
    client.script("a/m", rateLimited(Duration.ofHours(1)));
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED));
    ChatResult r = o.chat(request("v"));
    assertThat(r.route()).isEqualTo("b/m");
    assertThat(time.sleeps()).isEmpty();
    assertThat(o.health().cooldownRemaining("a/m")).isPositive();
  }

  @Test
  void everyCandidateCoolingDownIsRateLimitedWithTheEarliestRetryAfter() {
    client.script("a/m", rateLimited(Duration.ofMinutes(4)));
    client.script("b/m", rateLimited(Duration.ofMinutes(3)));
    // Neither wait fits the deadline, and both are under the Retry-After cap.
    TaskOrchestrator o =
        orchestrator(
            withPools(TWO_PRICED),
            OrchestratorPolicy.builder().seed(7L).deadline(Duration.ofSeconds(60)).build());
    OrchestratorException first = failure(o, request("v"));
    assertThat(first.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(first.retryAfter()).isLessThanOrEqualTo(Duration.ofMinutes(3));
    OrchestratorException second = failure(o, request("v"));
    assertThat(second.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(second.retryAfter()).isBetween(Duration.ofSeconds(170), Duration.ofMinutes(3));
    assertThat(client.calls()).containsExactly("a/m", "b/m");
  }

  @Test
  void everyCandidateAskingForAShortWaitIsRateLimitedWithTheEarliestWaitNotExhausted() {
    // Waits too short to cool a route: each is spent or failed over, and the pool runs out. Every
    // candidate said to slow down, so the caller gets that and the earliest wait, not a 502.
    client.script("a/m", rateLimited(Duration.ofSeconds(3)), rateLimited(Duration.ofSeconds(3)));
    client.script("b/m", rateLimited(Duration.ofSeconds(2)), rateLimited(Duration.ofSeconds(2)));
    TaskOrchestrator o =
        orchestrator(
            withPools(TWO_PRICED),
            OrchestratorPolicy.builder().seed(7L).deadline(Duration.ofSeconds(60)).build());

    OrchestratorException e = failure(o, request("v"));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.RATE_LIMITED);
    assertThat(e.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(3));
    assertThat(e.getMessage()).startsWith("every candidate is rate limited; earliest retry in ");
  }

  @Test
  void exhaustionWithOneFailureOtherThanARateLimitIsStillExhaustion() {
    client.script("a/m", rateLimited(Duration.ofSeconds(2)), rateLimited(Duration.ofSeconds(2)));
    client.script(
        "b/m",
        fail(500, FailureCategory.SERVER_ERROR, true),
        fail(500, FailureCategory.SERVER_ERROR, true));

    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED)), request("v"));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANDIDATES_EXHAUSTED);
    assertThat(e.retryAfter()).isNull();
  }

  @Test
  void contextLengthFailsOverOnlyToLargerKnownWindowsAndUnknownOnes() {
    Catalog c =
        Catalogs.of(
                priced("a", "m", 8000),
                priced("b", "m", 4000),
                Catalogs.route("c", "m", "1", "2", null),
                priced("d", "m", 32000))
            .toBuilder()
            .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m", "c/m", "d/m")))
            .build();
    client.script("a/m", fail(400, FailureCategory.CONTEXT_LENGTH_EXCEEDED, false));
    client.script("c/m", fail(400, FailureCategory.CONTEXT_LENGTH_EXCEEDED, false));
    TaskOrchestrator o = orchestrator(c);
    ChatResult r = o.chat(request("v"));
    assertThat(client.calls()).containsExactly("a/m", "c/m", "d/m");
    assertThat(r.route()).isEqualTo("d/m");
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void everyFailureASizeFailureIsRequestTooLarge() {
    client.script("a/m", fail(413, FailureCategory.REQUEST_TOO_LARGE, false));
    client.script("b/m", fail(400, FailureCategory.CONTEXT_LENGTH_EXCEEDED, false));
    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED)), request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.REQUEST_TOO_LARGE);
    assertThat(client.calls()).containsExactly("a/m", "b/m");
  }

  @Test
  void notFoundRetiresTheRouteForTheTtl() {
    client.script("a/m", fail(404, FailureCategory.NOT_FOUND, false));
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED));
    o.chat(request("v"));
    assertThat(o.plan(request("v")).excluded())
        .anySatisfy(x -> assertThat(x.reason().wireName()).isEqualTo("retired"));
    time.advance(o.policy().retiredTtl().plusSeconds(1));
    assertThat(o.plan(request("v")).candidates()).hasSize(2);
  }

  @Test
  void toolExecutionStoppedIsNeverFailedOver() {
    client.script("a/m", fail(409, FailureCategory.TOOL_EXECUTION_STOPPED, false));
    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED)), request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.TOOL_EXECUTION_STOPPED);
    assertThat(client.calls()).containsExactly("a/m");
  }

  @Test
  void aFailClosedToolStopInsideAnAttemptIsTerminal() {
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            new java.util.concurrent.TimeoutException("read timed out"),
            ToolSpec.nonIdempotent("shell"));
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(withPools(TWO_PRICED))
            .providers(
                ProviderClients.single(
                    call -> {
                      client.send(call);
                      throw new ToolExecutionStoppedException("shell", d);
                    }))
            .credentials(Credentials.constant("k"))
            .ticker(time)
            .sleeper(time)
            .build();
    OrchestratorException e = failure(o, request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.TOOL_EXECUTION_STOPPED);
    assertThat(client.calls()).containsExactly("a/m");
  }

  @Test
  void contentFilterStopsByDefaultAndFailsOverWhenConfigured() {
    client.script("a/m", fail(400, FailureCategory.CONTENT_FILTERED, false));
    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED)), request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
    assertThat(e.lastFailure().category()).isEqualTo(FailureCategory.CONTENT_FILTERED);
    OrchestratorPolicy p =
        OrchestratorPolicy.builder().failoverOnContentFilter(true).seed(1L).build();
    assertThat(orchestrator(withPools(TWO_PRICED), p).chat(request("v")).route()).isEqualTo("b/m");
  }

  @Test
  void emptyResponseAdvancesWhileCandidatesRemainThenReportsIt() {
    client.script("a/m", fail(200, FailureCategory.EMPTY_RESPONSE, true));
    client.script("b/m", fail(200, FailureCategory.EMPTY_RESPONSE, true));
    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED)), request("v"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANDIDATES_EXHAUSTED);
    assertThat(e.lastFailure().category()).isEqualTo(FailureCategory.EMPTY_RESPONSE);
    assertThat(client.calls()).containsExactly("a/m", "b/m");
    assertThat(e.getMessage()).contains("2 candidates").doesNotContain("all backends");
  }

  @Test
  void oneCandidateFailingIsBackendUnavailableNeverAllBackends() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    OrchestratorException e = failure(orchestrator(TWO_PRICED), request("a/m"));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(client.calls()).containsExactly("a/m", "a/m");
    assertThat(e.trace().attempts())
        .extracting(AttemptRecord::decision)
        .containsExactly(Decision.RETRY_SAME_ROUTE, Decision.STOP);
  }

  @Test
  void freeRequestNeverReachesAPricedRouteWhateverFails() {
    Catalog c = Catalogs.of(free("fa", "x", 8000), priced("pp", "y", 8000));
    client.script("fa/x", fail(503, FailureCategory.SERVER_ERROR, true));
    OrchestratorException e =
        failure(orchestrator(c), request(dev.orchestrator.engine.plan.RoutePlanner.FREE));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(client.calls()).containsExactly("fa/x", "fa/x");
  }

  @Test
  void nothingIsRetriedAfterVisibleOutput() {
    client.script("a/m", cutAfter("partial "));
    List<String> seen = new ArrayList<>();
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED));
    assertThatThrownBy(() -> o.stream(request("v"), seen::add))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED));
    assertThat(client.calls()).containsExactly("a/m");
    assertThat(seen).containsExactly("partial ");
  }

  @Test
  void breakerOpensAfterConsecutiveFailuresAndAHalfOpenProbeClosesIt() {
    OrchestratorPolicy p =
        OrchestratorPolicy.builder()
            .sameRouteRetries(0)
            .breaker(2, Duration.ofSeconds(30))
            .seed(1L)
            .build();
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED), p);
    client.script(
        "a/m",
        fail(503, FailureCategory.SERVER_ERROR, true),
        fail(503, FailureCategory.SERVER_ERROR, true),
        ok("back"));
    o.chat(request("v"));
    o.chat(request("v"));
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.OPEN);
    o.chat(request("v")); // goes straight to b/m
    assertThat(client.calls()).containsExactly("a/m", "b/m", "a/m", "b/m", "b/m");
    time.advance(Duration.ofSeconds(31));
    ChatResult r = o.chat(request("v"));
    assertThat(r.route()).isEqualTo("a/m");
    assertThat(o.health().breaker("a/m")).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void retryBudgetStopsRetryStormsDuringAnOutage() {
    OrchestratorPolicy p =
        OrchestratorPolicy.builder()
            .retryBudget(0.1, 2, Duration.ofSeconds(10))
            .breaker(1000, Duration.ofSeconds(1))
            .seed(1L)
            .build();
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    TaskOrchestrator o = orchestrator(TWO_PRICED, p);
    for (int i = 0; i < 10; i++) {
      failure(o, request("a/m"));
    }
    // 10 requests: at most max(2, 0.1 × 10) = 2 retries in the window.
    assertThat(client.calls()).hasSize(12);
  }

  @Test
  void deadlineBoundsTheWholeRequest() {
    OrchestratorPolicy p =
        OrchestratorPolicy.builder()
            .deadline(Duration.ofSeconds(5))
            .attemptTimeout(Duration.ofSeconds(4))
            .seed(1L)
            .build();
    client.script("a/m", silent(Duration.ofSeconds(60)));
    client.script("b/m", silent(Duration.ofSeconds(60)));
    long t0 = time.read();
    OrchestratorException e = failure(orchestrator(withPools(TWO_PRICED), p), request("v"));
    assertThat(Duration.ofNanos(time.read() - t0)).isLessThanOrEqualTo(Duration.ofSeconds(5));
    assertThat(e.type())
        .isIn(
            OrchestratorException.Type.DEADLINE_EXCEEDED,
            OrchestratorException.Type.CANDIDATES_EXHAUSTED);
    // The second attempt was capped to what the deadline left.
    assertThat(client.callDetails().get(1).limits().total())
        .isLessThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aFailureNamesThePoolMembersLeftOutWithoutAKeyAndTheVariableToSet() {
    client.script("a/m", fail(503, FailureCategory.OVERLOADED, false));
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(withPools(TWO_PRICED))
            .providers(ProviderClients.single(client))
            .credentials(Credentials.of(Map.of("A_KEY", "k")))
            .ticker(time)
            .sleeper(time)
            .build();

    OrchestratorException e = failure(o, request("v"));

    assertThat(client.calls()).containsExactly("a/m");
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.BACKEND_UNAVAILABLE);
    assertThat(e.getMessage())
        .isEqualTo(
            "a/m failed: 503 overloaded (upstream said 503); 1 route was left out without a key:"
                + " set B_KEY (1 route)");
  }

  @Test
  void noCandidatesNamesTheExclusions() {
    Catalog c = Catalogs.of(priced("pp", "y", 8000));
    OrchestratorException e =
        failure(orchestrator(c), request(dev.orchestrator.engine.plan.RoutePlanner.FREE));
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.NO_CANDIDATES);
    assertThat(e.getMessage()).contains("priced_tier_boundary");
    assertThat(client.calls()).isEmpty();
  }

  @Test
  void noCandidatesNamesTheVariablesThatWouldEnableRoutes() {
    Catalog c = Catalogs.of(free("fa", "x", 8000), free("fb", "x", 8000), free("fb", "z", 8000));
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(c)
            .providers(ProviderClients.single(client))
            .credentials(Credentials.of(java.util.Map.of()))
            .ticker(time)
            .sleeper(time)
            .build();

    OrchestratorException e = failure(o, request(dev.orchestrator.engine.plan.RoutePlanner.FREE));

    assertThat(e.type()).isEqualTo(OrchestratorException.Type.NO_CANDIDATES);
    assertThat(e.getMessage())
        .isEqualTo(
            "no eligible route for orchestrator/free (excluded: 3 no_credentials); to enable"
                + " routes, set FB_KEY (2 routes), FA_KEY (1 route)");
    assertThat(client.calls()).isEmpty();
  }

  @Test
  void routesWithoutCredentialsAreNotDispatched() {
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(withPools(TWO_PRICED))
            .providers(ProviderClients.single(client))
            .credentials(Credentials.of(java.util.Map.of("B_KEY", "k")))
            .ticker(time)
            .sleeper(time)
            .build();
    assertThat(o.chat(request("v")).route()).isEqualTo("b/m");
    assertThat(client.calls()).containsExactly("b/m");
  }

  @Test
  void usageIsTheServingRoutesOnly() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, false));
    ChatResult r = orchestrator(withPools(TWO_PRICED)).chat(request("v"));
    assertThat(r.trace().servingRoute()).isEqualTo("b/m");
    assertThat(r.trace().usage().totalTokens()).isEqualTo(8);
  }

  @Test
  void cancelledRequestStopsRetrying() {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    dev.orchestrator.engine.spi.Cancellation cancel =
        new dev.orchestrator.engine.spi.Cancellation();
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(withPools(TWO_PRICED))
            .providers(ProviderClients.single(client))
            .credentials(Credentials.constant("k"))
            .ticker(time)
            .sleeper((n, c) -> cancel.cancel())
            .build();
    assertThatThrownBy(() -> o.chat(request("v"), cancel))
        .isInstanceOfSatisfying(
            OrchestratorException.class,
            e -> assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANCELLED));
    assertThat(client.calls()).containsExactly("a/m");
  }

  @Test
  void listenersReceiveEveryAttempt() {
    List<AttemptRecord> events = new ArrayList<>();
    client.script("a/m", fail(500, FailureCategory.SERVER_ERROR, true), ok("x"));
    TaskOrchestrator o = orchestrator(withPools(TWO_PRICED));
    o.addListener(
        new OrchestratorListener() {
          @Override
          public void onAttempt(String model, AttemptRecord a) {
            events.add(a);
          }
        });
    ChatResult r = o.chat(request("v"));
    assertThat(events).isEqualTo(r.trace().attempts());
  }
}
