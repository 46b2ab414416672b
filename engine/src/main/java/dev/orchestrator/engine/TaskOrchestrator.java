package dev.orchestrator.engine;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.Headroom;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.internal.AttemptContext;
import dev.orchestrator.engine.internal.AttemptPath;
import dev.orchestrator.engine.internal.SessionAffinity;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.observe.RouteFigures;
import dev.orchestrator.engine.observe.RouteObservations;
import dev.orchestrator.engine.plan.ObservedRanking;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Plans a request's candidates, calls them, and after every failure decides — from the typed
 * failure alone — whether to retry the same route, fail over, or stop (docs/design.md §5). The
 * free-tier boundary is checked when the plan is built and again before every dispatch; every
 * request ends within its deadline with an answer or one {@link OrchestratorException}.
 *
 * <p>One request, end to end: {@code chat}/{@code stream} plan it on the current catalog, then
 * build its {@code RunRecord} (plan, deadline, trace) and its {@link
 * dev.orchestrator.engine.internal.AttemptPath} (an immutable context: plan, catalog, clients,
 * health store, cancellation, limits); {@code FailoverRun} walks the candidates, sending each
 * attempt through the path (admit → dispatch → report: the {@link
 * dev.orchestrator.engine.spi.ProviderClient} puts it on the wire) and deciding from the typed
 * failure what comes next; {@code StreamContinuation} continues a cut stream through the same path.
 * Nothing calls back into this class. Listeners hear {@link OrchestratorListener#onAttemptStart}
 * before each attempt is sent and {@link OrchestratorListener#onAttempt} after it ends; a stream
 * listener hears {@link StreamListener#onAttemptStart} too.
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
  private final HealthStore health;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final Random random;
  private final Clock clock;
  private final boolean onlyConfigured;
  private final Listeners listeners;
  private final SessionAffinity sessions;
  private final RouteObservations observations;
  private final Supplier<Map<String, RouteFigures>> figures;
  private final ObservedRanking ranking;
  private final KeyBook keys;
  private final Lateness lateness;
  private final LoadLimit load;

  private TaskOrchestrator(Builder b) {
    this.clock = b.clock;
    this.planner = RoutePlanner.create(b.catalog, b.clock);
    this.clients = b.clients;
    this.credentials =
        b.credentials != null
            ? b.credentials
            : clients.credentials().orElseGet(Credentials::fromEnvironment);
    this.policy = b.policy;
    this.ticker = b.ticker;
    this.sleeper = b.sleeper;
    this.random = policy.seed() == null ? new Random() : new Random(policy.seed());
    this.onlyConfigured = b.onlyConfigured;
    this.listeners = new Listeners(b.listeners);
    this.observations = RouteObservations.create(ticker, policy.observationHalfLife());
    this.figures = b.figures != null ? b.figures : observations::figures;
    this.ranking = new ObservedRanking(policy.strategy(), policy.learning(), policy.exploration());
    this.health =
        b.health != null
            ? b.health
            : RouteHealthRegistry.create(
                ticker,
                policy.breakers(),
                new RetryBudget(
                    ticker,
                    policy.retryBudget().ratio(),
                    policy.retryBudget().minRetries(),
                    policy.retryBudget().window()));
    this.sessions = SessionAffinity.of(policy.sessionTtl(), ticker, health.shared());
    this.keys = new KeyBook(credentials, ticker, clock, random::nextDouble, health);
    this.lateness = b.lateness != null ? b.lateness : Lateness.defaultFor(ticker);
    this.load = b.load != null ? b.load : LoadLimit.defaultFor(ticker);
    if (load.isOn()) {
      // For the orchestrator's life: a limit listens to one orchestrator's probe (ADR 0058).
      lateness.onSample(load::sample);
    }
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The policy in force. */
  public OrchestratorPolicy policy() {
    return policy;
  }

  /**
   * The shared route health: the store given to {@link Builder#healthStore}, or the in-memory
   * {@link RouteHealthRegistry} built from the policy.
   */
  public HealthStore health() {
    return health;
  }

  /**
   * Per-key state of every provider (docs/design.md §5): cool-downs, the limits the providers'
   * headers report and the counts against declared limits; names only.
   */
  public KeyBook keys() {
    return keys;
  }

  /**
   * How late this process runs: a time limit that fired while it ran late for a large share of the
   * limit is no evidence against the route (docs/design.md §5, ADR 0056).
   */
  public Lateness lateness() {
    return lateness;
  }

  /**
   * How many requests this orchestrator runs at once (docs/design.md §5, ADR 0058): the requests
   * beyond it wait for a place in arrival order, within their deadline.
   */
  public LoadLimit loadLimit() {
    return load;
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
    this.planner = RoutePlanner.create(Objects.requireNonNull(catalog, "catalog"), clock);
  }

  /**
   * What this orchestrator has observed of its routes (docs/design.md §14): every dispatched
   * attempt is recorded here, whatever the strategy.
   */
  public RouteObservations observations() {
    return observations;
  }

  /** Plans {@code request} with the current health and observations, without sending anything. */
  public Plan plan(ChatRequest request) {
    return plan(planner, Objects.requireNonNull(request, "request"));
  }

  private Plan plan(RoutePlanner p, ChatRequest request) {
    Plan catalogPlan =
        p.plan(
            PlanRequest.from(request, ranking.strategyFor(request.provider()), onlyConfigured),
            health,
            credentials::configured);
    Catalog catalog = p.catalog();
    return ranking.apply(
        catalogPlan,
        request.provider(),
        !request.models().isEmpty(),
        figures,
        route -> catalog.provider(route.provider()).map(keys::headroom).orElse(Headroom.READY),
        random::nextDouble);
  }

  /**
   * The plan with the session's route first (session affinity), unless learning observed that
   * route's usable share fall below {@link ObservedRanking#HEALTHY}: a session is kept where its
   * cache is warm only while the route serves it.
   */
  private Plan withAffinity(SessionAffinity.Session session, Plan plan) {
    Plan kept = sessions.apply(session, plan);
    if (kept.affinity() == null || !policy.learning()) {
      return kept;
    }
    RouteFigures f = figures.get().get(kept.affinity());
    return f != null && f.usable() < ObservedRanking.HEALTHY ? plan : kept;
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
    return chat(request, cancellation, policy.timeouts().deadline());
  }

  /**
   * As {@link #chat(ChatRequest, Cancellation)}, ending within {@code deadline} from now (capped at
   * the policy's deadline) — for callers whose request already waited, such as a server queue.
   */
  public ChatResult chat(ChatRequest request, Cancellation cancellation, Duration deadline) {
    Objects.requireNonNull(request, "request");
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
    return stream(request, listener, cancellation, policy.timeouts().deadline());
  }

  /** As {@link #stream(ChatRequest, StreamListener, Cancellation)}, within {@code deadline}. */
  public ChatResult stream(
      ChatRequest request, StreamListener listener, Cancellation cancellation, Duration deadline) {
    ChatRequest r =
        Objects.requireNonNull(request, "request").stream()
            ? request
            : request.toBuilder().stream(true).build();
    return run(r, Objects.requireNonNull(listener, "listener"), cancellation, deadline);
  }

  /** Adds a listener. */
  public void addListener(OrchestratorListener l) {
    listeners.add(Objects.requireNonNull(l, "listener"));
  }

  /**
   * One request, from the plan to the answer: takes a place under the load limit (the wait counts
   * against the deadline), plans on the current catalog, builds the request's record and attempt
   * path from that plan, and runs the failover loop over them; the place is given back however the
   * request ends.
   */
  private ChatResult run(
      ChatRequest request, StreamListener listener, Cancellation cancel, Duration deadline) {
    Objects.requireNonNull(cancel, "cancellation");
    Objects.requireNonNull(deadline, "deadline");
    long start = ticker.read();
    Duration d =
        deadline.compareTo(policy.timeouts().deadline()) < 0
            ? deadline
            : policy.timeouts().deadline();
    RunRecord record = null;
    LoadLimit.Place place = null;
    try {
      place = enter(start, d, cancel);
      // One planner for the whole request: it plans and dispatches on one catalog, whatever
      // refreshes happen meanwhile.
      RoutePlanner p = planner;
      health.recordRequest();
      SessionAffinity.Session session = sessions.session(request);
      Plan plan = withAffinity(session, plan(p, request));
      listeners.emit(l -> l.onPlan(plan));
      if (listener != null && plan.affinity() != null) {
        listener.onAffinity(plan.affinity());
      }
      String model = request.model();
      record =
          new RunRecord(
              request,
              plan,
              p.catalog(),
              start,
              ticker,
              sleeper,
              health,
              d,
              policy.retries().retryAfterCap(),
              a -> {
                if (a.category() == FailureCategory.TIMEOUT) {
                  load.timedOut();
                }
                listeners.emit(l -> l.onAttempt(model, a));
              });
      AttemptPath path =
          new AttemptPath(
              new AttemptContext(
                  plan,
                  p.catalog(),
                  clients,
                  health,
                  ticker,
                  cancel,
                  route -> FailoverRun.limits(policy, route),
                  policy.retries().retryAfterCap(),
                  policy.accountCooldown(),
                  policy.retiredTtl(),
                  false,
                  (route, n) -> {
                    listeners.emit(l -> l.onAttemptStart(model, route, n));
                    if (listener != null) {
                      listener.onAttemptStart(route, n);
                    }
                  },
                  keys,
                  observations,
                  lateness));
      ChatResult result =
          new FailoverRun(path, record, request, listener, policy, random).execute();
      sessions.answered(session, result.route());
      listeners.emit(l -> l.onSuccess(result));
      return result;
    } catch (OrchestratorException e) {
      listeners.emit(l -> l.onFailure(e));
      throw e;
    } catch (RuntimeException e) {
      // The caller gets the exception unchanged; listeners get it as an outcome with it as cause.
      OrchestratorException outcome =
          record != null
              ? record.foreignExit(e)
              : RunRecord.foreignExit(
                  e,
                  new Trace(null, List.of(), null, null, Duration.ofNanos(ticker.read() - start)));
      listeners.emit(l -> l.onFailure(outcome));
      throw e;
    } finally {
      if (place != null) {
        place.close();
      }
    }
  }

  /**
   * A place under the load limit for a request that started at {@code start} with {@code deadline}.
   *
   * @throws OrchestratorException {@code deadline_exceeded} when none came free before the
   *     deadline, {@code cancelled} when the request was cancelled (or its thread interrupted)
   *     first
   */
  private LoadLimit.Place enter(long start, Duration deadline, Cancellation cancel) {
    LoadLimit.Place place;
    try {
      place = load.enter(deadline.minusNanos(ticker.read() - start), cancel);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel.cancel();
      place = null;
    }
    if (place != null) {
      return place;
    }
    Trace trace = new Trace(null, List.of(), null, null, Duration.ofNanos(ticker.read() - start));
    if (cancel.isCancelled()) {
      throw new OrchestratorException(
          OrchestratorException.Type.CANCELLED,
          "the request was cancelled while it waited for a place",
          null,
          trace,
          null);
    }
    throw new OrchestratorException(
        OrchestratorException.Type.DEADLINE_EXCEEDED,
        "deadline of "
            + deadline.toMillis()
            + " ms exceeded while waiting for a place: this process runs at most "
            + load.limit()
            + " requests at once while it is short of CPU",
        null,
        trace,
        null);
  }

  /** How many listener calls have thrown (each is ignored; the first per listener is logged). */
  public long listenerFailures() {
    return listeners.failures();
  }

  /** Builder for {@link TaskOrchestrator}; not thread-safe. */
  public static final class Builder {
    private Catalog catalog;
    private ProviderClients clients;
    private Credentials credentials; // null: the clients', else the environment
    private OrchestratorPolicy policy = OrchestratorPolicy.defaults();
    private Ticker ticker = Ticker.systemTicker();
    private Sleeper sleeper = Sleeper.system();
    private Clock clock = Clock.systemUTC();
    private boolean onlyConfigured = true;
    private HealthStore health;
    private Supplier<Map<String, RouteFigures>> figures;
    private Lateness lateness;
    private LoadLimit load;
    private final List<OrchestratorListener> listeners = new ArrayList<>();

    private Builder() {}

    /** The catalog (required). */
    public Builder catalog(Catalog v) {
      catalog = Objects.requireNonNull(v, "catalog");
      return this;
    }

    /** The provider clients (required). */
    public Builder providers(ProviderClients v) {
      clients = Objects.requireNonNull(v, "providers");
      return this;
    }

    /**
     * Credentials, used to leave out providers without a key and to choose among a provider's keys
     * (default: the provider clients' own, {@link ProviderClients#credentials()}, else the
     * environment). The clients send the keys: give them the same credentials.
     */
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

    /**
     * Where route health lives (default: a new in-memory {@link RouteHealthRegistry} from the
     * policy). Give one store to several orchestrators, or a fleet-wide one, to share health; the
     * store's own {@link dev.orchestrator.engine.health.HealthSettings} then apply, not the
     * policy's breaker values.
     */
    public Builder healthStore(HealthStore v) {
      health = Objects.requireNonNull(v, "healthStore");
      return this;
    }

    /**
     * A shared health registry.
     *
     * @deprecated use {@link #healthStore(HealthStore)}
     */
    @Deprecated
    public Builder health(RouteHealthRegistry v) {
      return healthStore(v);
    }

    /**
     * Where the observed ranking reads route figures (default: this orchestrator's own {@link
     * #observations()}); a fixed map makes a run's decisions reproducible ({@code simulate} with an
     * observations file).
     */
    public Builder observedFigures(Supplier<Map<String, RouteFigures>> v) {
      figures = Objects.requireNonNull(v, "observedFigures");
      return this;
    }

    /**
     * How late this process runs (default: {@link Lateness#defaultFor} the ticker — a probe on the
     * system ticker, none on another): asked whether a time limit that fired was the process's own.
     * Give a probe on the fake time when the ticker is one.
     */
    public Builder lateness(Lateness v) {
      lateness = Objects.requireNonNull(v, "lateness");
      return this;
    }

    /**
     * How many requests run at once (default: {@link LoadLimit#defaultFor} the ticker: unbounded
     * until this process's timers run late and attempts time out, then adaptive; docs/design.md §5,
     * ADR 0058). {@link LoadLimit#off()} turns it off. Give each orchestrator its own: the
     * orchestrator feeds it its probe's samples and its attempts' timeouts. Give one on the fake
     * time when the ticker is one ({@link LoadLimit#adaptive}).
     */
    public Builder loadLimit(LoadLimit v) {
      load = Objects.requireNonNull(v, "loadLimit");
      return this;
    }

    /** Adds a listener. */
    public Builder listener(OrchestratorListener l) {
      listeners.add(Objects.requireNonNull(l, "listener"));
      return this;
    }

    /**
     * Builds the orchestrator.
     *
     * @throws IllegalStateException when the catalog or the provider clients are not set
     */
    public TaskOrchestrator build() {
      if (catalog == null) {
        throw new IllegalStateException(
            "catalog: not set (expected: .catalog(Catalog), e.g. CatalogLoader.loadDefault())");
      }
      if (clients == null) {
        throw new IllegalStateException(
            "providers: not set (expected: .providers(ProviderClients), e.g."
                + " HttpProviderClients.builder().build())");
      }
      return new TaskOrchestrator(this);
    }
  }
}
