package dev.orchestrator.engine.preflight;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.Sleeper;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.internal.AttemptContext;
import dev.orchestrator.engine.internal.AttemptPath;
import dev.orchestrator.engine.internal.FailoverTable;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.plan.TierGuard;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Proves which candidates of a pool answer right now, before a job depends on them. {@link
 * #check(String)} plans the model as a request would, sends each candidate one minimal chat request
 * (a one-word prompt, {@code max_tokens} 1–5) in parallel with at most {@link
 * Builder#concurrency(int)} probes in flight, and returns a {@link PreflightReport}.
 *
 * <p>Robust by construction: each route gets at most {@value #MAX_ATTEMPTS} attempts, the second
 * only when the first failure is retryable — decided from the typed failure (its category and the
 * classifier's {@code retryable()}, which come from status and exception type), never from text.
 * Priced routes are never probed for a free pool (the tier boundary is checked before every probe);
 * for any other pool only with {@link Builder#allowPriced(boolean)}, and then after every free
 * candidate. Each attempt goes through the engine's one attempt path, as a request's do: the same
 * admission, free-tier check, health report and account effects ({@code not_found} retires a route,
 * quota and auth failures cool it down, never for longer than the {@code Retry-After} cap), so the
 * next requests skip what the preflight found dead.
 *
 * <pre>{@code
 * Preflight preflight = Preflight.builder()
 *     .orchestrator(orchestrator)      // shares its catalog, clients and route health
 *     .concurrency(4)
 *     .attemptTimeout(Duration.ofSeconds(10))
 *     .build();
 * PreflightReport report = preflight.check("orchestrator/free");
 * if (!report.anyViable()) {
 *   throw new IllegalStateException("no route of orchestrator/free answers");
 * }
 * }</pre>
 *
 * <p>Immutable once built and thread-safe; checks may run concurrently.
 */
public final class Preflight {
  /** The most attempts one route gets: the first, and one more after a retryable failure. */
  public static final int MAX_ATTEMPTS = 2;

  /** The most probes in flight at once that {@link Builder#concurrency(int)} accepts. */
  public static final int MAX_CONCURRENCY = 64;

  /** The one-word prompt every probe sends. */
  public static final String PROBE_PROMPT = "ping";

  private final Function<ChatRequest, Plan> planner;
  private final Supplier<Catalog> catalog;
  private final ProviderClients clients;
  private final HealthStore health;
  private final Duration retiredTtl;
  private final Duration accountCooldown;
  private final Duration retryAfterCap;
  private final int concurrency;
  private final AttemptLimits limits;
  private final Duration attemptTimeout;
  private final Duration retryBackoff;
  private final Duration maxRetryWait;
  private final boolean allowPriced;
  private final int maxRoutes;
  private final int maxTokens;
  private final Executor executor;
  private final Ticker ticker;
  private final Sleeper sleeper;
  private final Lateness lateness;

  private Preflight(Builder b) {
    if (b.orchestrator != null) {
      TaskOrchestrator o = b.orchestrator;
      this.planner = o::plan;
      this.catalog = o::catalog;
      this.clients = o.providers();
      this.health = o.health();
      this.lateness = o.lateness();
      this.retiredTtl = o.policy().retiredTtl();
      this.retryAfterCap = o.policy().retries().retryAfterCap();
      this.accountCooldown =
          b.accountCooldown != null ? b.accountCooldown : o.policy().accountCooldown();
    } else {
      OrchestratorPolicy defaults = OrchestratorPolicy.defaults();
      Catalog c = b.catalog;
      RoutePlanner rp = RoutePlanner.create(c, b.clock);
      Credentials credentials =
          b.credentials != null
              ? b.credentials
              : b.clients.credentials().orElseGet(Credentials::fromEnvironment);
      boolean onlyConfigured = b.onlyConfigured;
      Strategy strategy = b.strategy;
      this.health =
          b.health != null
              ? b.health
              : RouteHealthRegistry.create(
                  b.ticker, defaults.breakers(), RetryBudget.defaults(b.ticker));
      this.retiredTtl = defaults.retiredTtl();
      this.retryAfterCap = defaults.retries().retryAfterCap();
      HealthStore h = this.health;
      this.planner =
          r -> rp.plan(PlanRequest.from(r, strategy, onlyConfigured), h, credentials::configured);
      this.catalog = () -> c;
      this.clients = b.clients;
      this.lateness = Lateness.defaultFor(b.ticker);
      this.accountCooldown =
          b.accountCooldown != null ? b.accountCooldown : defaults.accountCooldown();
    }
    this.concurrency = b.concurrency;
    this.limits = AttemptLimits.uniform(b.attemptTimeout);
    this.attemptTimeout = b.attemptTimeout;
    this.retryBackoff = b.retryBackoff;
    this.maxRetryWait = b.maxRetryWait;
    this.allowPriced = b.allowPriced;
    this.maxRoutes = b.maxRoutes;
    this.maxTokens = b.maxTokens;
    this.executor = b.executor;
    this.ticker = b.ticker;
    this.sleeper = b.sleeper;
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Checks every candidate of {@code model} and waits for the verdicts.
   *
   * @param model {@code orchestrator/free}, {@code orchestrator/auto}, a pool name or a route id
   * @throws dev.orchestrator.engine.plan.UnknownModelException when the model is unknown
   * @throws TierGuard.FreeTierViolation if a priced route ever reached a probe for a free pool (a
   *     bug; nothing is skipped silently)
   */
  public PreflightReport check(String model) {
    return check(model, new Cancellation());
  }

  /**
   * As {@link #check(String)}; {@code cancellation} stops new probes and cancels the ones in flight
   * (they are reported as skipped). An interrupt of the calling thread cancels the same way and is
   * preserved.
   */
  public PreflightReport check(String model, Cancellation cancellation) {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(cancellation, "cancellation");
    long start = ticker.read();
    ChatRequest probe = ChatRequest.builder(model).user(PROBE_PROMPT).maxTokens(maxTokens).build();
    Plan plan = planner.apply(probe);
    Catalog cat = catalog.get();

    List<Candidate> candidates = plan.candidates();
    RouteVerdict[] verdicts = new RouteVerdict[candidates.size()];
    List<Integer> free = new ArrayList<>();
    List<Integer> priced = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      Route r = candidates.get(i).route();
      if (r.tier() == Tier.FREE) {
        free.add(i);
      } else if (plan.freeOnly()) {
        // Unreachable through the planner; a violation is a bug and throws.
        TierGuard.checkDispatch(plan, r);
      } else if (allowPriced) {
        priced.add(i);
      } else {
        verdicts[i] =
            skipped(
                candidates.get(i),
                "priced route not probed: allowPriced (--allow-priced) was not given");
      }
    }
    // Free candidates are queued first: no priced probe starts before every free one has.
    List<Integer> queue = new ArrayList<>(free);
    queue.addAll(priced);
    while (queue.size() > maxRoutes) {
      int i = queue.remove(queue.size() - 1);
      verdicts[i] = skipped(candidates.get(i), "not probed: beyond maxRoutes " + maxRoutes);
    }

    AttemptPath path =
        new AttemptPath(
            new AttemptContext(
                plan,
                cat,
                clients,
                health,
                ticker,
                cancellation,
                route -> limits,
                retryAfterCap,
                accountCooldown,
                retiredTtl,
                true,
                (route, n) -> {},
                null, // probes go out with each provider's first set key
                sample -> {},
                lateness));
    runProbes(path, candidates, queue, verdicts);

    List<RouteVerdict> routes = new ArrayList<>(verdicts.length);
    for (RouteVerdict v : verdicts) {
      routes.add(v);
    }
    List<Exclusion> others = new ArrayList<>();
    Map<String, HealthMark> marks = health.marks();
    for (Exclusion x : plan.excluded()) {
      String note = healthNote(x, marks);
      if (note == null) {
        others.add(x);
      } else {
        Tier tier = cat.route(x.route()).map(Route::tier).orElse(Tier.PRICED);
        routes.add(notProbed(x.route(), 0, tier, note));
      }
    }
    return new PreflightReport(
        model, plan.pool(), allowPriced, routes, others, Duration.ofNanos(ticker.read() - start));
  }

  private void runProbes(
      AttemptPath path, List<Candidate> candidates, List<Integer> queue, RouteVerdict[] verdicts) {
    Cancellation cancel = path.context().cancellation();
    if (queue.isEmpty()) {
      return;
    }
    int workers = Math.min(concurrency, queue.size());
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> bug = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(workers);
    // Exactly `workers` tasks, each draining the shared queue in order: the bound on probes in
    // flight holds for any executor, and none of its threads blocks waiting for a permit.
    Runnable worker =
        () -> {
          try {
            int q;
            while (!cancel.isCancelled() && (q = next.getAndIncrement()) < queue.size()) {
              int i = queue.get(q);
              verdicts[i] = probe(path, candidates.get(i));
            }
          } catch (RuntimeException | Error e) {
            bug.compareAndSet(null, e);
            cancel.cancel();
          } finally {
            done.countDown();
          }
        };
    ExecutorService owned =
        executor == null ? Executors.newFixedThreadPool(workers, THREADS) : null;
    Executor ex = owned != null ? owned : executor;
    try {
      for (int w = 0; w < workers; w++) {
        try {
          ex.execute(worker);
        } catch (RejectedExecutionException e) {
          worker.run();
        }
      }
      awaitUninterruptibly(done, cancel);
    } finally {
      if (owned != null) {
        owned.shutdown();
      }
    }
    Throwable t = bug.get();
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    for (int i : queue) {
      if (verdicts[i] == null) {
        verdicts[i] = skipped(candidates.get(i), "not probed: the check was cancelled");
      }
    }
  }

  /** Waits for the workers; an interrupt cancels the probes, which then end promptly. */
  private static void awaitUninterruptibly(CountDownLatch done, Cancellation cancel) {
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
        cancel.cancel();
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Probes one route through the shared attempt path: at most two attempts, the second only after a
   * retryable failure whose category the failover table retries on the same route.
   */
  private RouteVerdict probe(AttemptPath path, Candidate c) {
    Route route = c.route();
    Plan plan = path.context().plan();
    Cancellation cancel = path.context().cancellation();
    Optional<AttemptPath.Target> target = path.target(route);
    if (target.isEmpty()) {
      return skipped(c, "not probed: no client for provider " + route.provider());
    }
    ChatRequest request =
        ChatRequest.builder(plan.model()).user(PROBE_PROMPT).maxTokens(maxTokens).build();
    String pricedWhy =
        route.tier() == Tier.PRICED
            ? "priced route probed: allowPriced (--allow-priced) was given for the "
                + plan.pool().planName()
                + " pool; queued after every free candidate"
            : null;
    long start = ticker.read();
    ProviderFailure previous = null;
    for (int attempt = 1; ; attempt++) {
      Admission admission = path.admit(target.get());
      if (!admission.dispatch()) {
        return skipped(
            c,
            "not probed: the route's circuit is open (next probe in "
                + admission.retryIn().toMillis()
                + " ms)");
      }
      AttemptPath.Sent sent = path.dispatch(admission, target.get(), request, null, attemptTimeout);
      if (sent.answered()) {
        String note = previous == null ? null : "answered on attempt 2 after " + describe(previous);
        return verdict(c, Verdict.VIABLE, null, attempt, sent, start, join(note, pricedWhy));
      }
      ProviderFailure f = sent.failure();
      String why;
      if (neverSent(f)) {
        // Nothing left this process (no key to send with, a body the route's client would not
        // build): the route was not probed, and the verdict says why instead of rejecting it.
        return verdict(
            c, Verdict.SKIPPED, f, 0, sent, start, join("not probed: " + f.message(), pricedWhy));
      }
      if (f.category() == FailureCategory.CANCELLED) {
        return verdict(
            c, Verdict.SKIPPED, f, attempt, sent, start, join("probe cancelled", pricedWhy));
      } else if (attempt >= MAX_ATTEMPTS) {
        why = "rejected after " + attempt + " attempts: " + describe(f);
      } else if (!FailoverTable.rowFor(f.category()).sameRoute() || !f.retryable()) {
        why = "not retried: " + f.category().wireName() + " is settled";
      } else {
        Duration wait = f.retryAfter() != null ? f.retryAfter() : retryBackoff;
        if (wait.compareTo(maxRetryWait) <= 0) {
          pause(wait, cancel);
          previous = f;
          if (!cancel.isCancelled()) {
            continue;
          }
          return verdict(
              c,
              Verdict.SKIPPED,
              f,
              attempt,
              sent,
              start,
              join("probe cancelled before its second attempt", pricedWhy));
        }
        why =
            "not retried: the provider asked to wait "
                + wait.toMillis()
                + " ms (more than maxRetryWait "
                + maxRetryWait.toMillis()
                + " ms)";
      }
      return verdict(c, Verdict.REJECTED, f, attempt, sent, start, join(why, pricedWhy));
    }
  }

  private RouteVerdict verdict(
      Candidate c,
      Verdict verdict,
      ProviderFailure f,
      int attempts,
      AttemptPath.Sent sent,
      long start,
      String note) {
    Route route = c.route();
    return new RouteVerdict(
        route.id(),
        c.rank(),
        route.tier(),
        verdict,
        f == null ? null : f.category(),
        f == null ? null : f.status(),
        attempts,
        sent.latency(),
        since(start),
        sent.health(),
        note,
        f);
  }

  private void pause(Duration wait, Cancellation cancel) {
    if (wait.isZero()) {
      return;
    }
    try {
      sleeper.sleep(wait.toNanos(), cancel);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel.cancel();
    }
  }

  /** Why a route the plan left out is reported as skipped, or {@code null} when it is not. */
  private String healthNote(Exclusion x, Map<String, HealthMark> marks) {
    if (x.reason() == ExclusionReason.COOLING_DOWN) {
      long ms = health.cooldownRemaining(x.route()).toMillis();
      return "not probed: cooling down for another " + (ms + 999) / 1000 + " s";
    }
    if (x.reason() == ExclusionReason.ACCOUNT_STATE) {
      long ms = health.accountStateRemaining(x.route()).toMillis();
      return "not probed: its provider refused the account; held out for another "
          + (ms + 999) / 1000
          + " s";
    }
    if (x.reason() == ExclusionReason.CIRCUIT_OPEN) {
      return "not probed: circuit breaker open after consecutive failures";
    }
    HealthMark m = marks.get(x.route());
    if (x.reason() == ExclusionReason.RETIRED
        && m != null
        && m.condition() == RouteCondition.RETIRED) {
      return "not probed: retired after not_found";
    }
    return null;
  }

  private Duration since(long start) {
    return Duration.ofNanos(ticker.read() - start);
  }

  private static RouteVerdict skipped(Candidate c, String note) {
    return notProbed(c.route().id(), c.rank(), c.route().tier(), note);
  }

  private static RouteVerdict notProbed(String route, int rank, Tier tier, String note) {
    return new RouteVerdict(
        route,
        rank,
        tier,
        Verdict.SKIPPED,
        null,
        null,
        0,
        Duration.ZERO,
        Duration.ZERO,
        AttemptHealth.NEUTRAL,
        note,
        null);
  }

  /**
   * Whether {@code f} was decided before anything was sent: no status, no transport fault, and the
   * model not reached (a missing key, a request the client refused to build).
   */
  private static boolean neverSent(ProviderFailure f) {
    return f.status() == null && f.transportFault() == null && f.reachedModel() == ReachedModel.NO;
  }

  private static String describe(ProviderFailure f) {
    return f.category().wireName() + (f.status() == null ? "" : " (" + f.status() + ")");
  }

  private static String join(String a, String b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : a + "; " + b;
  }

  private static final ThreadFactory THREADS =
      new ThreadFactory() {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
          Thread t = new Thread(r, "orchestrator-preflight-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        }
      };

  /**
   * Builder for {@link Preflight}. Give either {@link #orchestrator(TaskOrchestrator)} (shares its
   * catalog, clients, credentials, route health and cooldown policy) or {@link #catalog(Catalog)}
   * and {@link #providers(ProviderClients)}. Not thread-safe.
   */
  public static final class Builder {
    private TaskOrchestrator orchestrator;
    private Catalog catalog;
    private ProviderClients clients;
    private Credentials credentials; // null: the clients', else the environment
    private boolean onlyConfigured = true;
    private Strategy strategy = Strategy.COST;
    private HealthStore health;
    private Clock clock = Clock.systemUTC();
    private Duration accountCooldown;
    private int concurrency = 4;
    private Duration attemptTimeout = Duration.ofSeconds(15);
    private Duration retryBackoff = Duration.ofMillis(250);
    private Duration maxRetryWait = Duration.ofSeconds(5);
    private boolean allowPriced;
    private int maxRoutes = Integer.MAX_VALUE;
    private int maxTokens = 5;
    private Executor executor;
    private Ticker ticker = Ticker.systemTicker();
    private Sleeper sleeper = Sleeper.system();

    private Builder() {}

    /**
     * Plan, probe and record health exactly as {@code o} would: its catalog (read at each check),
     * provider clients, credentials, strategy, route health and account cooldown.
     */
    public Builder orchestrator(TaskOrchestrator o) {
      orchestrator = Objects.requireNonNull(o, "orchestrator");
      return this;
    }

    /** The catalog to plan from (instead of an orchestrator). */
    public Builder catalog(Catalog v) {
      catalog = Objects.requireNonNull(v, "catalog");
      return this;
    }

    /** The provider clients to probe through (instead of an orchestrator). */
    public Builder providers(ProviderClients v) {
      clients = Objects.requireNonNull(v, "providers");
      return this;
    }

    /**
     * Credentials, to leave out providers without a key (default: the provider clients' own, else
     * the environment).
     */
    public Builder credentials(Credentials v) {
      credentials = Objects.requireNonNull(v, "credentials");
      return this;
    }

    /** Whether routes of providers without credentials are left out (default: true). */
    public Builder onlyConfigured(boolean v) {
      onlyConfigured = v;
      return this;
    }

    /** Ranking of {@code orchestrator/auto} (default: cost). */
    public Builder strategy(Strategy v) {
      strategy = Objects.requireNonNull(v, "strategy");
      return this;
    }

    /** The route health to read and feed (default: a new registry with the default policy). */
    public Builder health(HealthStore v) {
      health = Objects.requireNonNull(v, "health");
      return this;
    }

    /** The calendar clock deciding which models have expired (default: UTC system clock). */
    public Builder clock(Clock v) {
      clock = Objects.requireNonNull(v, "clock");
      return this;
    }

    /**
     * How long a quota, auth or permission failure cools a route down when the provider gave no
     * {@code Retry-After} (default: the orchestrator's policy, else its default of 5 minutes).
     */
    public Builder accountCooldown(Duration v) {
      accountCooldown = positive("accountCooldown", v);
      return this;
    }

    /** The most probes in flight at once, 1..{@value Preflight#MAX_CONCURRENCY} (default: 4). */
    public Builder concurrency(int v) {
      if (v < 1 || v > MAX_CONCURRENCY) {
        throw new IllegalArgumentException(
            "concurrency: " + v + " (expected: 1.." + MAX_CONCURRENCY + ")");
      }
      concurrency = v;
      return this;
    }

    /** The limit on each attempt: connect, headers and whole answer (default: 15 s). */
    public Builder attemptTimeout(Duration v) {
      attemptTimeout = positive("attemptTimeout", v);
      return this;
    }

    /** The wait before a second attempt when the provider named none (default: 250 ms). */
    public Builder retryBackoff(Duration v) {
      Objects.requireNonNull(v, "retryBackoff");
      if (v.isNegative()) {
        throw new IllegalArgumentException("retryBackoff: " + v + " (expected: >= 0)");
      }
      retryBackoff = v;
      return this;
    }

    /**
     * The longest {@code Retry-After} a probe waits for its second attempt (default: 5 s); a longer
     * one rejects the route after one attempt.
     */
    public Builder maxRetryWait(Duration v) {
      Objects.requireNonNull(v, "maxRetryWait");
      if (v.isNegative()) {
        throw new IllegalArgumentException("maxRetryWait: " + v + " (expected: >= 0)");
      }
      maxRetryWait = v;
      return this;
    }

    /**
     * Whether priced routes of a non-free pool ({@code orchestrator/auto}, a group, a route) may be
     * probed (default: false). They are queued after every free candidate. A free pool never probes
     * a priced route, whatever this says.
     */
    public Builder allowPriced(boolean v) {
      allowPriced = v;
      return this;
    }

    /** Probe at most this many routes, in queue order; the rest are skipped (default: all). */
    public Builder maxRoutes(int v) {
      if (v < 1) {
        throw new IllegalArgumentException("maxRoutes: " + v + " (expected: >= 1)");
      }
      maxRoutes = v;
      return this;
    }

    /** The probe's {@code max_tokens}, 1..5 (default: 5). */
    public Builder maxTokens(int v) {
      if (v < 1 || v > 5) {
        throw new IllegalArgumentException("maxTokens: " + v + " (expected: 1..5)");
      }
      maxTokens = v;
      return this;
    }

    /**
     * Where probes run (default: a fixed pool of {@code concurrency} daemon threads per check, shut
     * down after it). The bound on probes in flight holds for any executor, which must eventually
     * run what it accepts; a rejected task runs on the calling thread.
     */
    public Builder executor(Executor v) {
      executor = Objects.requireNonNull(v, "executor");
      return this;
    }

    /** The time source for latencies (default: the system ticker). */
    public Builder ticker(Ticker v) {
      ticker = Objects.requireNonNull(v, "ticker");
      return this;
    }

    /** How to wait before a second attempt (default: {@link Sleeper#system()}). */
    public Builder sleeper(Sleeper v) {
      sleeper = Objects.requireNonNull(v, "sleeper");
      return this;
    }

    /**
     * Builds the preflight.
     *
     * @throws IllegalStateException when neither an orchestrator nor a catalog and providers were
     *     given, or both
     */
    public Preflight build() {
      if (orchestrator != null && (catalog != null || clients != null || health != null)) {
        throw new IllegalStateException(
            "orchestrator(…) excludes catalog(…), providers(…) and health(…): it brings its own");
      }
      if (orchestrator == null && (catalog == null || clients == null)) {
        throw new IllegalStateException(
            "missing "
                + (catalog == null ? "catalog(…)" : "providers(…)")
                + " (expected: orchestrator(…), or catalog(…) and providers(…))");
      }
      return new Preflight(this);
    }

    private static Duration positive(String name, Duration d) {
      Objects.requireNonNull(d, name);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + ": " + d.toMillis() + " ms (expected: > 0 ms)");
      }
      return d;
    }
  }
}
