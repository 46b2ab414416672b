package dev.orchestrator.engine;

import dev.orchestrator.engine.FailoverTable.Row;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.TierGuard;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.tool.ToolExecutionStoppedException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One request's failover loop (docs/design.md §5): for each planned candidate, admission by the
 * health store, dispatch, the typed verdict, and the decision — retry the same route, fail over, or
 * stop. Every admission is reported exactly once, on every path ({@link AttemptHealth#ABANDONED}
 * when nothing was sent). The request runs on the catalog it planned with, whatever refreshes
 * happen meanwhile. Not thread-safe: one instance per request, on the request's thread.
 */
final class FailoverRun {
  private final TaskOrchestrator engine;
  private final OrchestratorPolicy policy;
  private final HealthStore store;
  private final Catalog catalog;
  private final ChatRequest request;
  private final StreamListener listener;
  private final Cancellation cancel;
  private final RunRecord record;
  private long largerThan = -1;

  FailoverRun(
      TaskOrchestrator engine,
      Catalog catalog,
      Plan plan,
      ChatRequest request,
      StreamListener listener,
      Cancellation cancel,
      RunRecord record) {
    this.engine = engine;
    this.policy = engine.policy();
    this.store = engine.health();
    this.catalog = catalog;
    this.request = request;
    this.listener = listener;
    this.cancel = cancel;
    this.record = record;
    record.plan(plan, catalog);
  }

  /** Runs the loop to an answer, or throws the request's one {@link OrchestratorException}. */
  ChatResult execute() {
    List<Candidate> candidates = record.plan().candidates();
    if (candidates.isEmpty()) {
      throw record.noCandidates();
    }
    for (int i = 0; i < candidates.size(); i++) {
      Route route = candidates.get(i).route();
      if (!fitsWindow(route)) {
        continue;
      }
      ChatResult ok = tryRoute(route, candidates, i);
      if (ok != null) {
        return ok;
      }
    }
    throw record.exhausted();
  }

  /** Attempts one route until success (returned), failover (null) or stop (thrown). */
  private ChatResult tryRoute(Route route, List<Candidate> candidates, int index) {
    Optional<Provider> provider = catalog.provider(route.provider());
    ProviderClient client = provider.isEmpty() ? null : clientFor(provider.get());
    if (client == null) {
      // Cannot happen with a consistent catalog; never a raw exception out of chat().
      record.unavailable(
          ProviderFailure.of(
              FailureCategory.UNKNOWN,
              false,
              ReachedModel.NO,
              null,
              "no client for provider " + route.provider() + " of the planned catalog"));
      return null;
    }
    while (true) {
      record.checkCancelledAndDeadline(cancel);
      Admission admission = store.admit(route.id());
      if (!admission.dispatch()) {
        record.shed(route.id(), admission.retryIn());
        return null;
      }
      int n = record.nextAttempt(route.id());
      VisibleOutput visible = listener == null ? null : new VisibleOutput(listener);
      Attempt a = attempt(admission, client, provider.get(), route, request, visible);
      if (a.failure == null) {
        record.success(route, n, a.latency, a.skippedEvents);
        return record.result(route, a.response);
      }
      ProviderFailure f = a.failure;
      Row row = FailoverTable.rowFor(f.category());
      applyAccountHealth(route, f, row);
      if (continuable(f, visible)) {
        StreamContinuation c = new StreamContinuation(this, route, visible.text(), f);
        if (c.possible()) {
          record.attempt(route, n, f, Decision.FAILOVER, Duration.ZERO, a.latency);
          return c.run();
        }
      }
      if (retried(route, n, f, row, admission, a.latency, hasNext(candidates, index))) {
        continue;
      }
      return decide(route, n, f, row, candidates, index, a.latency);
    }
  }

  ProviderClient clientFor(Provider provider) {
    try {
      return engine.providers().clientFor(provider);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The request's record (trace, deadline). */
  RunRecord record() {
    return record;
  }

  /** The catalog the request planned with. */
  Catalog catalog() {
    return catalog;
  }

  /** The request as the caller sent it. */
  ChatRequest request() {
    return request;
  }

  /** The caller's stream listener, or {@code null}. */
  StreamListener listener() {
    return listener;
  }

  /** The request's cancel signal. */
  Cancellation cancel() {
    return cancel;
  }

  /** Asks the store to dispatch to {@code route}. */
  Admission admit(String route) {
    return store.admit(route);
  }

  /** The outcome of one dispatched attempt, already reported to the store. */
  record Attempt(
      ChatResponse response, int skippedEvents, ProviderFailure failure, Duration latency) {}

  /**
   * Dispatches one admitted attempt and reports it to the store in a {@code finally}, so that an
   * exception anywhere between admission and the verdict still releases a probe.
   */
  Attempt attempt(
      Admission admission,
      ProviderClient client,
      Provider p,
      Route route,
      ChatRequest req,
      VisibleOutput visible) {
    AttemptHealth health = AttemptHealth.ABANDONED;
    try {
      // The free boundary, again, at dispatch: a violation is a bug and throws.
      TierGuard.checkDispatch(record.plan(), route);
      long remaining = record.remainingNanos();
      if (remaining <= 0) {
        throw record.deadlineExceeded();
      }
      AttemptLimits limits =
          new AttemptLimits(
                  policy.connectTimeout(),
                  policy.attemptTimeout(),
                  engine.firstTokenTimeout(route),
                  policy.streamIdleTimeout(),
                  policy.attemptTimeout(),
                  policy.streamBounds())
              .cappedAt(Duration.ofNanos(remaining));
      long t0 = engine.ticker().read();
      AttemptOutcome outcome = send(client, p, route, req, limits, visible);
      Duration latency = Duration.ofNanos(engine.ticker().read() - t0);
      record.tried(route.id());
      if (outcome instanceof AttemptOutcome.Succeeded s) {
        health = AttemptHealth.SUCCESS;
        return new Attempt(s.response(), s.skippedEvents(), null, latency);
      }
      AttemptOutcome.Failed failed = (AttemptOutcome.Failed) outcome;
      ProviderFailure f = failed.failure();
      boolean cut = failed.visibleOutput() || (visible != null && visible.started());
      if (cut && f.category() != FailureCategory.STREAM_INTERRUPTED) {
        f = f.withCategory(FailureCategory.STREAM_INTERRUPTED, false);
      }
      if (cancel.isCancelled()) {
        f = f.withCategory(FailureCategory.CANCELLED, false);
      }
      health = healthOf(f, cut);
      return new Attempt(null, 0, f, latency);
    } finally {
      store.report(admission, health);
    }
  }

  /** What an attempt's failure says about its route (ADR 0007). */
  private static AttemptHealth healthOf(ProviderFailure f, boolean cut) {
    if (f.category() == FailureCategory.STREAM_INTERRUPTED) {
      // A cut after output: counted separately; a cancel says nothing about the route.
      return cut ? AttemptHealth.STREAM_CUT : AttemptHealth.NEUTRAL;
    }
    return FailoverTable.rowFor(f.category()).health() == FailoverTable.Health.BREAKER_FAILURE
        ? AttemptHealth.BREAKER_FAILURE
        : AttemptHealth.NEUTRAL;
  }

  private AttemptOutcome send(
      ProviderClient client,
      Provider provider,
      Route route,
      ChatRequest req,
      AttemptLimits limits,
      StreamListener v) {
    try {
      return client.send(new ProviderCall(provider, route, req, limits, v, cancel));
    } catch (ToolExecutionStoppedException stop) {
      // A fail-closed tool stop raised inside the attempt (an agent backend running tools):
      // terminal, never failed over.
      return new AttemptOutcome.Failed(stop.toProviderFailure(), false);
    } catch (TierGuard.FreeTierViolation e) {
      throw e;
    } catch (RuntimeException e) {
      // A client broke its contract; never let that crash the loop.
      return new AttemptOutcome.Failed(
          ProviderFailure.clientThrew(e), v instanceof VisibleOutput vo && vo.started());
    }
  }

  /** Cooldowns and retirements: account facts, kept apart from the breaker. */
  void applyAccountHealth(Route route, ProviderFailure f, Row row) {
    Duration retryAfter = policy.capRetryAfter(f.retryAfter());
    switch (row.health()) {
      case BREAKER_FAILURE -> {
        if (f.category() == FailureCategory.RATE_LIMITED && retryAfter != null) {
          store.coolDown(route.id(), retryAfter);
        }
      }
      case COOL_DOWN ->
          store.coolDown(route.id(), retryAfter != null ? retryAfter : policy.accountCooldown());
      case RETIRE -> store.retire(route.id(), policy.retiredTtl());
      case NONE -> {}
    }
  }

  /**
   * Retries the same route when the failure allows it — a retryable, non-silent failure of an
   * ordinary admission (a failed probe fails over), within the retry bound, the budget, the
   * deadline, the {@code Retry-After} cap and, in a heterogeneous pool with another candidate left,
   * the pool threshold — and returns whether it waited for the retry.
   */
  private boolean retried(
      Route route,
      int n,
      ProviderFailure f,
      Row row,
      Admission admission,
      Duration latency,
      boolean another) {
    if (!row.sameRoute()
        || !f.retryable()
        || silent(f, latency)
        || admission.kind() == Admission.Kind.PROBE
        || n > policy.sameRouteRetries()) {
      return false;
    }
    Duration asked = f.retryAfter();
    Duration honoured = policy.capRetryAfter(asked);
    if (asked != null && honoured.compareTo(asked) < 0) {
      // Longer than the cap: not waited for; the route cools for the cap, the request fails over.
      store.coolDown(route.id(), honoured);
      return false;
    }
    if (asked != null
        && another
        && record.plan().pool().heterogeneous()
        && asked.compareTo(policy.poolRetryAfterThreshold()) > 0) {
      // A heterogeneous pool does not spend a long wait on one member: cool it and move on.
      store.coolDown(route.id(), asked);
      return false;
    }
    long delay = asked != null ? asked.toNanos() : engine.backoff(n);
    boolean fits = record.fits(delay);
    if (fits && store.tryAcquireRetry()) {
      record.attempt(route, n, f, Decision.RETRY_SAME_ROUTE, Duration.ofNanos(delay), latency);
      record.pause(delay, cancel);
      return true;
    }
    if (!fits && asked != null) {
      // The provider asked for more time than the deadline leaves: fail over at once and keep
      // other requests off the route until then.
      store.coolDown(route.id(), asked);
    }
    return false;
  }

  /**
   * Silence is evidence (docs/design.md §5): no status line before the attempt timed out, or before
   * the connection broke after a wait longer than the grace. An immediate reset is not silence.
   */
  private boolean silent(ProviderFailure f, Duration latency) {
    if (f.silent()) {
      return true;
    }
    TransportFault t = f.transportFault();
    boolean brokeWithoutAnswer =
        t == TransportFault.RESET_AFTER_REQUEST
            || t == TransportFault.EOF_BEFORE_RESPONSE
            || t == TransportFault.RESET_BEFORE_RESPONSE;
    return f.status() == null
        && brokeWithoutAnswer
        && latency.compareTo(policy.silenceGrace()) >= 0;
  }

  /** Fails over (returns null) or stops (throws) after a failure that is not retried. */
  private ChatResult decide(
      Route route,
      int n,
      ProviderFailure f,
      Row row,
      List<Candidate> candidates,
      int index,
      Duration latency) {
    boolean mayMove =
        switch (row.next()) {
          case ANY -> true;
          case LARGER_WINDOW -> {
            if (route.contextWindow() != null) {
              largerThan = Math.max(largerThan, route.contextWindow());
            }
            yield true;
          }
          case HETEROGENEOUS_ONLY -> record.plan().pool().heterogeneous();
          case CONTENT_FILTER_POLICY ->
              record.plan().pool().heterogeneous() && policy.failoverOnContentFilter();
          case NEVER -> false;
        };
    if (mayMove && hasNext(candidates, index)) {
      record.attempt(route, n, f, Decision.FAILOVER, Duration.ZERO, latency);
      return null;
    }
    record.attempt(route, n, f, Decision.STOP, Duration.ZERO, latency);
    throw mayMove ? record.exhausted() : record.stopped(route.id(), f);
  }

  /** A cut after visible text only, with continuation on: the stream may be continued. */
  private boolean continuable(ProviderFailure f, VisibleOutput visible) {
    return policy.streamContinuation()
        && f.category() == FailureCategory.STREAM_INTERRUPTED
        && visible != null
        && !visible.toolCalls()
        && !visible.text().isEmpty()
        && !cancel.isCancelled();
  }

  private boolean fitsWindow(Route route) {
    return largerThan < 0 || route.contextWindow() == null || route.contextWindow() > largerThan;
  }

  private boolean hasNext(List<Candidate> candidates, int index) {
    for (int j = index + 1; j < candidates.size(); j++) {
      if (fitsWindow(candidates.get(j).route())) {
        return true;
      }
    }
    return false;
  }
}
