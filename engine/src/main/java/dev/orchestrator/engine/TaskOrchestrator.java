package dev.orchestrator.engine;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.FailoverTable.Row;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.TierGuard;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.tool.ToolExecutionStoppedException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Plans a request's candidates, calls them, and after every failure decides — from the typed
 * failure alone — whether to retry the same route, fail over, or stop (DESIGN §5). The free-tier
 * boundary is checked when the plan is built and again before every dispatch; every request ends
 * within its deadline with an answer or one {@link OrchestratorException}.
 *
 * <p>Build one with {@link #builder()} (or the Guice module) and share it: route health and the
 * retry budget are shared by every request. Thread-safe.
 *
 * <pre>{@code
 * TaskOrchestrator orchestrator = TaskOrchestrator.builder()
 *     .catalog(catalog)
 *     .providers(clients)
 *     .policy(OrchestratorPolicy.defaults())
 *     .build();
 * ChatResult r = orchestrator.chat(
 *     ChatRequest.builder("orchestrator/free").user("Say hi").build());
 * }</pre>
 */
public final class TaskOrchestrator {
  private volatile RoutePlanner planner;
  private final ProviderClients clients;
  private final Credentials credentials;
  private final OrchestratorPolicy policy;
  private final RouteHealthRegistry health;
  private final RetryBudget budget;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final Random random;
  private final Clock clock;
  private final boolean onlyConfigured;
  private final List<OrchestratorListener> listeners;

  private TaskOrchestrator(Builder b) {
    this.clock = b.clock;
    this.planner = RoutePlanner.create(Objects.requireNonNull(b.catalog, "catalog"), b.clock);
    this.clients = Objects.requireNonNull(b.clients, "providers");
    this.credentials = b.credentials;
    this.policy = b.policy;
    this.ticker = b.ticker;
    this.sleeper = b.sleeper;
    this.random = policy.seed() == null ? new Random() : new Random(policy.seed());
    this.onlyConfigured = b.onlyConfigured;
    this.listeners = new CopyOnWriteArrayList<>(b.listeners);
    this.health =
        b.health != null
            ? b.health
            : RouteHealthRegistry.create(
                ticker,
                policy.breakerFailureThreshold(),
                policy.breakerOpenDuration(),
                policy.retiredTtl());
    this.budget =
        new RetryBudget(
            ticker,
            policy.retryBudgetRatio(),
            policy.retryBudgetMinRetries(),
            policy.retryBudgetWindow());
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The policy in force. */
  public OrchestratorPolicy policy() {
    return policy;
  }

  /** The shared route health. */
  public RouteHealthRegistry health() {
    return health;
  }

  /** The provider clients attempts are sent through (used by {@code preflight} probes). */
  public ProviderClients providers() {
    return clients;
  }

  /** The catalog in force. */
  public Catalog catalog() {
    return planner.catalog();
  }

  /** Replaces the catalog (e.g. after a refresh); in-flight requests keep their plan. */
  public void updateCatalog(Catalog catalog) {
    this.planner = RoutePlanner.create(catalog, clock);
  }

  /** Plans {@code request} with the current health, without sending anything. */
  public Plan plan(ChatRequest request) {
    return planner.plan(
        PlanRequest.from(request, policy.strategy(), onlyConfigured),
        health,
        credentials::configured);
  }

  /**
   * Answers {@code request}. When the request asks for a stream, the answer is streamed internally
   * and returned whole.
   *
   * @throws OrchestratorException when no candidate answers
   * @throws dev.orchestrator.engine.plan.UnknownModelException when the model is unknown
   */
  public ChatResult chat(ChatRequest request) {
    return chat(request, new Cancellation());
  }

  /** As {@link #chat(ChatRequest)}, cancellable through {@code cancellation}. */
  public ChatResult chat(ChatRequest request, Cancellation cancellation) {
    return chat(request, cancellation, policy.deadline());
  }

  /**
   * As {@link #chat(ChatRequest, Cancellation)}, ending within {@code deadline} from now (capped at
   * the policy's deadline) — for callers whose request already waited, such as a server queue.
   */
  public ChatResult chat(ChatRequest request, Cancellation cancellation, Duration deadline) {
    return run(request, request.stream() ? delta -> {} : null, cancellation, deadline);
  }

  /**
   * Streams the answer to {@code listener}. Failover happens only before the first content delta
   * reaches the listener; after that a failure ends the request with {@link
   * OrchestratorException.Type#STREAM_INTERRUPTED}, never with a truncated success.
   */
  public ChatResult stream(ChatRequest request, StreamListener listener) {
    return stream(request, listener, new Cancellation());
  }

  /** As {@link #stream(ChatRequest, StreamListener)}, cancellable. */
  public ChatResult stream(
      ChatRequest request, StreamListener listener, Cancellation cancellation) {
    return stream(request, listener, cancellation, policy.deadline());
  }

  /** As {@link #stream(ChatRequest, StreamListener, Cancellation)}, within {@code deadline}. */
  public ChatResult stream(
      ChatRequest request, StreamListener listener, Cancellation cancellation, Duration deadline) {
    ChatRequest r = request.stream() ? request : request.toBuilder().stream(true).build();
    return run(r, Objects.requireNonNull(listener, "listener"), cancellation, deadline);
  }

  /** Adds a listener. */
  public void addListener(OrchestratorListener l) {
    listeners.add(Objects.requireNonNull(l, "listener"));
  }

  private ChatResult run(
      ChatRequest request, StreamListener listener, Cancellation cancel, Duration deadline) {
    Duration d = deadline.compareTo(policy.deadline()) < 0 ? deadline : policy.deadline();
    Request r = new Request(request, listener, cancel, d);
    try {
      ChatResult result = r.execute();
      emit(l -> l.onSuccess(result));
      return result;
    } catch (OrchestratorException e) {
      emit(l -> l.onFailure(e));
      throw e;
    }
  }

  private void emit(java.util.function.Consumer<OrchestratorListener> event) {
    for (OrchestratorListener l : listeners) {
      try {
        event.accept(l);
      } catch (RuntimeException ignored) {
        // A listener must never break a request.
      }
    }
  }

  /** The state of one request's failover loop. */
  private final class Request {
    private final ChatRequest request;
    private final StreamListener listener;
    private final Cancellation cancel;
    private final long start = ticker.read();
    private final Duration deadline;
    private final long deadlineAt;
    private final List<AttemptRecord> attempts = new ArrayList<>();
    private final Map<String, Integer> perRoute = new HashMap<>();
    private final Set<String> tried = new LinkedHashSet<>();
    private final EnumMap<FailureCategory, Integer> seen = new EnumMap<>(FailureCategory.class);
    private Plan plan;
    private long largerThan = -1;

    Request(ChatRequest request, StreamListener listener, Cancellation cancel, Duration deadline) {
      this.request = request;
      this.listener = listener;
      this.cancel = cancel;
      this.deadline = deadline;
      this.deadlineAt = start + Math.max(0, deadline.toNanos());
    }

    ChatResult execute() {
      budget.recordRequest();
      plan = plan(request);
      emit(l -> l.onPlan(plan));
      List<Candidate> candidates = plan.candidates();
      if (candidates.isEmpty()) {
        throw noCandidates();
      }
      ProviderFailure last = null;
      for (int i = 0; i < candidates.size(); i++) {
        Route route = candidates.get(i).route();
        if (!fitsWindow(route) || !health.tryAcquire(route.id())) {
          continue;
        }
        // The free boundary, again, at dispatch: a violation is a bug and throws.
        TierGuard.checkDispatch(plan, route);
        ChatResult ok = tryRoute(route, candidates, i);
        if (ok != null) {
          return ok;
        }
        last = lastFailure();
      }
      throw exhausted(last);
    }

    /** Attempts one route until success (returned), failover (null) or stop (thrown). */
    private ChatResult tryRoute(Route route, List<Candidate> candidates, int index) {
      Provider provider = planner.catalog().provider(route.provider()).orElseThrow();
      ProviderClient client = clients.clientFor(provider);
      while (true) {
        checkCancelledAndDeadline();
        long remaining = deadlineAt - ticker.read();
        int n = perRoute.merge(route.id(), 1, Integer::sum);
        AttemptLimits limits =
            new AttemptLimits(
                    policy.connectTimeout(),
                    policy.attemptTimeout(),
                    policy.firstTokenTimeout(),
                    policy.streamIdleTimeout(),
                    policy.attemptTimeout())
                .cappedAt(Duration.ofNanos(remaining));
        VisibleOutput visible = listener == null ? null : new VisibleOutput(listener);
        long t0 = ticker.read();
        AttemptOutcome outcome = send(client, provider, route, limits, visible);
        Duration latency = Duration.ofNanos(ticker.read() - t0);
        tried.add(route.id());
        if (outcome instanceof AttemptOutcome.Succeeded) {
          ChatResponse resp = ((AttemptOutcome.Succeeded) outcome).response();
          health.onSuccess(route.id());
          record(route, n, 200, null, Decision.SUCCESS, Duration.ZERO, latency);
          Trace trace = trace(route.id(), resp);
          return new ChatResult(resp, route.id(), trace);
        }
        AttemptOutcome.Failed failed = (AttemptOutcome.Failed) outcome;
        ProviderFailure f = failed.failure();
        if ((failed.visibleOutput() || (visible != null && visible.started))
            && f.category() != FailureCategory.STREAM_INTERRUPTED) {
          f = f.withCategory(FailureCategory.STREAM_INTERRUPTED, false);
        }
        if (cancel.isCancelled()) {
          f = f.withCategory(FailureCategory.CANCELLED, false);
        }
        seen.merge(f.category(), 1, Integer::sum);
        Row row = FailoverTable.rowFor(f.category());
        applyHealth(route, f, row);

        // Same route again? Only a retryable, non-silent failure, within every bound.
        if (row.sameRoute() && f.retryable() && !f.silent() && n <= policy.sameRouteRetries()) {
          long delay = f.retryAfter() != null ? f.retryAfter().toNanos() : backoff(n);
          boolean fits = ticker.read() + delay < deadlineAt;
          if (fits && budget.tryAcquireRetry()) {
            record(route, n, f, Decision.RETRY_SAME_ROUTE, Duration.ofNanos(delay), latency);
            pause(delay);
            continue;
          }
          if (!fits && f.retryAfter() != null) {
            // The provider asked for more time than the deadline leaves: fail over at once and
            // keep other requests off the route until then.
            health.coolDown(route.id(), f.retryAfter());
          }
        }

        boolean mayMove =
            switch (row.next()) {
              case ANY -> true;
              case LARGER_WINDOW -> {
                if (route.contextWindow() != null) {
                  largerThan = Math.max(largerThan, route.contextWindow());
                }
                yield true;
              }
              case HETEROGENEOUS_ONLY -> plan.pool().heterogeneous();
              case CONTENT_FILTER_POLICY ->
                  plan.pool().heterogeneous() && policy.failoverOnContentFilter();
              case NEVER -> false;
            };
        if (mayMove && hasNext(candidates, index)) {
          record(route, n, f, Decision.FAILOVER, Duration.ZERO, latency);
          return null;
        }
        record(route, n, f, Decision.STOP, Duration.ZERO, latency);
        throw mayMove ? exhausted(f) : stopped(f);
      }
    }

    private AttemptOutcome send(
        ProviderClient client,
        Provider provider,
        Route route,
        AttemptLimits limits,
        StreamListener visible) {
      try {
        return client.send(new ProviderCall(provider, route, request, limits, visible, cancel));
      } catch (ToolExecutionStoppedException stop) {
        // A fail-closed tool stop raised inside the attempt (an agent backend running tools):
        // terminal, never failed over.
        return new AttemptOutcome.Failed(stop.toProviderFailure(), false);
      } catch (RuntimeException e) {
        if (e instanceof TierGuard.FreeTierViolation) {
          throw e;
        }
        // A client broke its contract; never let that crash the loop. Its type is evidence, its
        // message is not read.
        return new AttemptOutcome.Failed(
            ProviderFailure.of(
                FailureCategory.UNKNOWN,
                false,
                ReachedModel.UNKNOWN,
                null,
                "provider client threw " + e.getClass().getName()),
            visible instanceof VisibleOutput && ((VisibleOutput) visible).started);
      }
    }

    private void applyHealth(Route route, ProviderFailure f, Row row) {
      String id = route.id();
      switch (row.health()) {
        case BREAKER_FAILURE -> {
          health.onBreakerFailure(id);
          if (f.category() == FailureCategory.RATE_LIMITED && f.retryAfter() != null) {
            health.coolDown(id, f.retryAfter());
          }
        }
        case COOL_DOWN ->
            health.coolDown(id, f.retryAfter() != null ? f.retryAfter() : policy.accountCooldown());
        case RETIRE -> health.retire(id);
        case NONE -> health.onNeutral(id);
      }
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

    /** Full jitter: uniform in [0, min(max, initial × 2^(n-1))]. */
    private long backoff(int n) {
      long initial = policy.backoffInitial().toNanos();
      long ceiling = initial << Math.min(n - 1, 20);
      ceiling = Math.min(policy.backoffMax().toNanos(), ceiling < 0 ? Long.MAX_VALUE : ceiling);
      return ceiling <= 0 ? 0 : (long) (random.nextDouble() * (ceiling + 1));
    }

    private void pause(long nanos) {
      if (nanos <= 0) {
        return;
      }
      try {
        sleeper.sleep(nanos, cancel);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        cancel.cancel();
      }
      checkCancelledAndDeadline();
    }

    private void checkCancelledAndDeadline() {
      if (cancel.isCancelled()) {
        throw error(OrchestratorException.Type.CANCELLED, "the request was cancelled", null, null);
      }
      if (ticker.read() >= deadlineAt) {
        throw error(
            OrchestratorException.Type.DEADLINE_EXCEEDED,
            "deadline of "
                + policy.deadline().toMillis()
                + " ms exceeded after "
                + attempts.size()
                + " attempt(s)",
            lastFailure(),
            null);
      }
    }

    private ProviderFailure lastFailure() {
      for (int i = attempts.size() - 1; i >= 0; i--) {
        if (attempts.get(i).failure() != null) {
          return attempts.get(i).failure();
        }
      }
      return null;
    }

    private void record(
        Route route,
        int n,
        Integer status,
        ProviderFailure f,
        Decision d,
        Duration delay,
        Duration latency) {
      AttemptRecord a =
          new AttemptRecord(
              route.id(),
              n,
              status,
              f == null ? null : f.category(),
              f == null ? null : f.retryable(),
              d,
              delay,
              latency,
              f);
      attempts.add(a);
      emit(l -> l.onAttempt(request.model(), a));
    }

    private void record(
        Route route, int n, ProviderFailure f, Decision d, Duration delay, Duration latency) {
      record(route, n, f.status(), f, d, delay, latency);
    }

    private Trace trace(String serving, ChatResponse resp) {
      return new Trace(
          plan,
          attempts,
          serving,
          resp == null ? null : resp.usage(),
          Duration.ofNanos(ticker.read() - start));
    }

    private OrchestratorException error(
        OrchestratorException.Type type, String msg, ProviderFailure f, Duration retryAfter) {
      return new OrchestratorException(type, msg, f, trace(null, null), retryAfter);
    }

    /** A terminal failure: handed back as itself. */
    private OrchestratorException stopped(ProviderFailure f) {
      return switch (f.category()) {
        case STREAM_INTERRUPTED ->
            error(
                OrchestratorException.Type.STREAM_INTERRUPTED,
                "stream interrupted after output on "
                    + tried.iterator().next()
                    + ": "
                    + f.message(),
                f,
                null);
        case TOOL_EXECUTION_STOPPED ->
            error(OrchestratorException.Type.TOOL_EXECUTION_STOPPED, f.message(), f, null);
        case CANCELLED ->
            error(OrchestratorException.Type.CANCELLED, "the request was cancelled", f, null);
        default -> error(OrchestratorException.Type.REQUEST_REJECTED, f.message(), f, null);
      };
    }

    /** Nothing more to try. */
    private OrchestratorException exhausted(ProviderFailure last) {
      if (last == null) {
        // Every candidate was skipped before dispatch (half-open probes elsewhere, windows).
        return noCandidates();
      }
      boolean allSize = true;
      boolean allRateLimited = true;
      for (FailureCategory c : seen.keySet()) {
        allSize &=
            c == FailureCategory.CONTEXT_LENGTH_EXCEEDED || c == FailureCategory.REQUEST_TOO_LARGE;
        allRateLimited &= c == FailureCategory.RATE_LIMITED;
      }
      if (allSize) {
        return error(
            OrchestratorException.Type.REQUEST_TOO_LARGE,
            "request too large for every candidate tried (" + tried.size() + "): " + last.message(),
            last,
            null);
      }
      if (tried.size() == 1) {
        String route = tried.iterator().next();
        if (settled4xx(last)) {
          return error(OrchestratorException.Type.REQUEST_REJECTED, last.message(), last, null);
        }
        return error(
            OrchestratorException.Type.BACKEND_UNAVAILABLE,
            route + " failed: " + describe(last),
            last,
            null);
      }
      if (allRateLimited) {
        Duration earliest = earliestCooldown();
        if (earliest != null) {
          return error(
              OrchestratorException.Type.RATE_LIMITED,
              "every candidate is rate limited; earliest retry in " + earliest.toMillis() + " ms",
              last,
              earliest);
        }
      }
      return error(
          OrchestratorException.Type.CANDIDATES_EXHAUSTED,
          tried.size() + " candidates failed; last: " + describe(last),
          last,
          null);
    }

    private OrchestratorException noCandidates() {
      boolean cooling = false;
      Map<ExclusionReason, Integer> counts = new EnumMap<>(ExclusionReason.class);
      for (Exclusion x : plan.excluded()) {
        counts.merge(x.reason(), 1, Integer::sum);
        cooling |= x.reason() == ExclusionReason.COOLING_DOWN;
      }
      Duration earliest = cooling ? earliestCooldown() : null;
      if (earliest != null) {
        return error(
            OrchestratorException.Type.RATE_LIMITED,
            "every candidate of "
                + plan.model()
                + " is cooling down; earliest retry in "
                + earliest.toMillis()
                + " ms",
            null,
            earliest);
      }
      StringBuilder why = new StringBuilder();
      counts.forEach(
          (k, v) ->
              why.append(why.length() == 0 ? "" : ", ").append(v).append(' ').append(k.wireName()));
      return error(
          OrchestratorException.Type.NO_CANDIDATES,
          "no eligible route for "
              + plan.model()
              + (why.length() == 0 ? "" : " (excluded: " + why + ")"),
          null,
          null);
    }

    private Duration earliestCooldown() {
      long now = ticker.read();
      long best = Long.MAX_VALUE;
      for (Map.Entry<String, HealthMark> e : health.marks().entrySet()) {
        HealthMark m = e.getValue();
        if (m.condition() == RouteCondition.COOLING_DOWN && planned(e.getKey())) {
          best = Math.min(best, m.untilNanos() - now);
        }
      }
      return best == Long.MAX_VALUE ? null : Duration.ofNanos(Math.max(0, best));
    }

    private boolean planned(String route) {
      for (Exclusion x : plan.excluded()) {
        if (x.route().equals(route)) {
          return true;
        }
      }
      return tried.contains(route);
    }
  }

  private static boolean settled4xx(ProviderFailure f) {
    return f.status() != null && f.status() >= 400 && f.status() < 500 && !f.retryable();
  }

  private static String describe(ProviderFailure f) {
    return (f.status() == null ? "" : f.status() + " ")
        + f.category().wireName()
        + (f.message().isEmpty() ? "" : " (" + f.message() + ")");
  }

  /** Tracks whether visible output reached the caller's listener. */
  private static final class VisibleOutput implements StreamListener {
    private final StreamListener delegate;
    private volatile boolean started;

    VisibleOutput(StreamListener delegate) {
      this.delegate = delegate;
    }

    @Override
    public void onContent(String delta) {
      if (!delta.isEmpty()) {
        started = true;
      }
      delegate.onContent(delta);
    }

    @Override
    public void onToolCall(ToolCall call) {
      started = true;
      delegate.onToolCall(call);
    }

    @Override
    public void onResponseMetadata(String id, String systemFingerprint) {
      delegate.onResponseMetadata(id, systemFingerprint);
    }

    @Override
    public void onToolCallDelta(ToolCallDelta delta) {
      started = true;
      delegate.onToolCallDelta(delta);
    }

    @Override
    public void onReasoning(String delta) {
      if (!delta.isEmpty()) {
        started = true;
      }
      delegate.onReasoning(delta);
    }

    @Override
    public void onRefusal(String delta) {
      if (!delta.isEmpty()) {
        started = true;
      }
      delegate.onRefusal(delta);
    }
  }

  /** Builder for {@link TaskOrchestrator}; not thread-safe. */
  public static final class Builder {
    private Catalog catalog;
    private ProviderClients clients;
    private Credentials credentials = Credentials.fromEnvironment();
    private OrchestratorPolicy policy = OrchestratorPolicy.defaults();
    private Ticker ticker = Ticker.systemTicker();
    private Sleeper sleeper = Sleeper.system();
    private Clock clock = Clock.systemUTC();
    private boolean onlyConfigured = true;
    private RouteHealthRegistry health;
    private final List<OrchestratorListener> listeners = new ArrayList<>();

    private Builder() {}

    /** The catalog (required). */
    public Builder catalog(Catalog v) {
      catalog = v;
      return this;
    }

    /** The provider clients (required). */
    public Builder providers(ProviderClients v) {
      clients = v;
      return this;
    }

    /** Credentials, used to leave out providers without a key (default: the environment). */
    public Builder credentials(Credentials v) {
      credentials = Objects.requireNonNull(v, "credentials");
      return this;
    }

    /** Whether routes of providers without credentials are excluded (default: true). */
    public Builder onlyConfigured(boolean v) {
      onlyConfigured = v;
      return this;
    }

    /** The policy (default: {@link OrchestratorPolicy#defaults()}). */
    public Builder policy(OrchestratorPolicy v) {
      policy = Objects.requireNonNull(v, "policy");
      return this;
    }

    /** The time source for deadlines, backoff and health (default: the system ticker). */
    public Builder ticker(Ticker v) {
      ticker = Objects.requireNonNull(v, "ticker");
      return this;
    }

    /** How to wait between attempts (default: {@link Sleeper#system()}). */
    public Builder sleeper(Sleeper v) {
      sleeper = Objects.requireNonNull(v, "sleeper");
      return this;
    }

    /** The calendar clock deciding which models have expired (default: UTC system clock). */
    public Builder clock(Clock v) {
      clock = Objects.requireNonNull(v, "clock");
      return this;
    }

    /** A shared health registry (default: a new one from the policy). */
    public Builder health(RouteHealthRegistry v) {
      health = v;
      return this;
    }

    /** Adds a listener. */
    public Builder listener(OrchestratorListener l) {
      listeners.add(Objects.requireNonNull(l, "listener"));
      return this;
    }

    /** Builds the orchestrator. */
    public TaskOrchestrator build() {
      return new TaskOrchestrator(this);
    }
  }
}
