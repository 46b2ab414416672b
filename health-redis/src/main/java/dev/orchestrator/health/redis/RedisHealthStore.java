package dev.orchestrator.health.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.SharedState;
import dev.orchestrator.engine.health.StoreStatus;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Route health shared by a fleet of orchestrators on Redis (docs/design.md §11, ADR 0021): a
 * breaker opened, a probe taken, a cooldown, an account state or a retirement set by one process is
 * respected by every other on the same Redis and namespace.
 *
 * <pre>{@code
 * try (RedisHealthStore store = RedisHealthStore.builder()
 *     .uri("redis://user:password@redis.internal:6379")
 *     .namespace("prod")
 *     .settings(policy.breakers())
 *     .build()) {
 *   TaskOrchestrator orchestrator =
 *       TaskOrchestrator.builder().policy(policy).healthStore(store)...build();
 * }
 * }</pre>
 *
 * <p>The hot path never touches the network: {@link #admit}, {@link #marks()} and a success on a
 * closed breaker read and change only a local view, which the namespace's pub/sub channel keeps
 * current (a periodic read is the backstop). Only state changes are written, each by one Lua script
 * on the route's keys. Each process judges the failure rate over its own window; a breaker it opens
 * is open for the fleet; while its window holds too few calls its failures are counted for the
 * whole fleet, so the fleet's threshold-th consecutive failure opens the breaker everywhere; the
 * retry budget's counters are sent in batches. The one network wait a request can meet is taking a
 * half-open probe (once per open time per route, for the whole fleet), bounded by the command
 * timeout.
 *
 * <p>When Redis is unreachable or slower than the command timeout the store degrades: it keeps
 * working on local health exactly like the in-memory store, logs once, reports through {@link
 * #status()} and the status listener, reconnects with backoff, pushes what it learnt meanwhile and
 * resyncs. No request fails because of Redis. The same connection shares client spend ({@link
 * #spendStore()}). Thread-safe.
 */
public final class RedisHealthStore implements HealthStore {
  private final HealthSettings settings;
  private final Ticker ticker;
  private final Clock clock;
  private final Keys keys;
  private final LocalView view;
  private final FleetBudget budget;
  private final FleetSync sync;
  private final RedisLink link;
  private final FleetSpend spend;
  private final FleetShared shared;
  private final String tokenPrefix = UUID.randomUUID().toString().substring(0, 13) + "-";
  private final AtomicLong leases = new AtomicLong();

  private RedisHealthStore(Builder b, RedisTarget target) {
    this.settings = b.settings;
    this.ticker = b.ticker;
    this.clock = b.clock;
    this.keys = new Keys(b.namespace);
    this.view = new LocalView(settings, ticker, clock);
    this.budget = new FleetBudget(ticker, clock, b.budgetRatio, b.budgetMinRetries, b.budgetWindow);
    this.sync =
        new FleetSync(
            settings,
            clock,
            ticker,
            keys,
            view,
            target,
            b.commandTimeout,
            b.resyncEvery,
            b.onStatus);
    this.link = sync.link();
    this.spend =
        new FleetSpend(
            keys, link, sync::execute, b.spendFile == null ? null : new SpendFile(b.spendFile));
    this.shared = new FleetShared(keys, link);
  }

  /** A builder; {@link Builder#uri(String)} is required. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Admission admit(String route) {
    RouteEntry e = view.get(route);
    if (e == null) {
      return Admission.admitted(route);
    }
    Admission a = e.peek(route, ticker.read());
    if (a != null) {
      return a;
    }
    String token = tokenPrefix + leases.incrementAndGet();
    if (link.up()) {
      e.sent();
      try {
        List<Object> reply =
            link.await(
                link.<List<Object>>eval(
                    Script.PROBE,
                    keys.route(route),
                    sync.args(route, token, String.valueOf(settings.probeLease().toMillis()))));
        RouteSnapshot s = RouteSnapshot.parse((String) reply.get(1));
        view.apply(s, true);
        sync.index(s);
        if ("probe".equals(reply.get(0))) {
          // Held here even when other replies are still due (they must not hide the lease).
          e.hold(token, ticker.read() + settings.probeLease().toNanos());
          return new Admission(route, Admission.Kind.PROBE, token, Duration.ZERO);
        }
        Admission now = e.peek(route, ticker.read());
        return now != null ? now : Admission.shed(route, Duration.ZERO);
      } catch (IllegalStateException degraded) {
        e.unsent(false, false); // the link is degraded now: decide on local health
      }
    }
    return e.grant(route, ticker.read(), token);
  }

  @Override
  public void report(Admission admission, AttemptHealth outcome) {
    Objects.requireNonNull(admission, "admission");
    Objects.requireNonNull(outcome, "outcome");
    if (!admission.dispatch()) {
      return;
    }
    String route = admission.route();
    boolean failure =
        outcome == AttemptHealth.BREAKER_FAILURE || outcome == AttemptHealth.STREAM_CUT;
    // Every call is evidence (the failure rate is a share of all of them); a neutral outcome on a
    // route nothing is known about changes nothing.
    boolean evidence = failure || outcome == AttemptHealth.SUCCESS;
    RouteEntry e = evidence ? view.entry(route) : view.get(route);
    if (e == null) {
      return;
    }
    boolean up = link.up();
    Change c = e.report(admission, outcome, ticker.read(), up);
    if (c == Change.NONE || !up) {
      return;
    }
    String ms0 = String.valueOf(settings.openInitial().toMillis());
    String msMax = String.valueOf(settings.openMax().toMillis());
    switch (c) {
      case FAIL ->
          sync.sendChange(
              e, Script.FAIL, route, "f", String.valueOf(settings.breakerThreshold()), ms0, msMax);
      case TRIP -> sync.sendChange(e, Script.TRIP, route, ms0, msMax);
      case CUT ->
          sync.sendChange(
              e,
              Script.FAIL,
              route,
              "k",
              String.valueOf(settings.streamCutThreshold()),
              ms0,
              msMax);
      case REOPEN -> sync.sendChange(e, Script.REOPEN, route, admission.lease(), ms0, msMax);
      case CLOSE -> sync.sendChange(e, Script.CLOSE, route, admission.lease());
      case RELEASE -> sync.sendChange(e, Script.RELEASE, route, admission.lease());
      case SUCCEED -> sync.sendChange(e, Script.SUCCEED, route);
      case HASTEN -> sync.sendChange(e, Script.HASTEN, route);
      case NONE -> throw new AssertionError(c);
    }
  }

  @Override
  public void coolDown(String route, Duration duration) {
    hold(route, duration, Script.COOLDOWN, RouteEntry::coolDown);
  }

  @Override
  public void accountState(String route, Duration duration) {
    hold(route, duration, Script.ACCOUNT, RouteEntry::accountState);
  }

  /** How a route's entry takes a hold until a time: whether the fleet is to be told. */
  private interface Hold {
    boolean take(RouteEntry e, long until, long now, boolean sending);
  }

  // A cool-down or an account state: kept in the local view, and sent to the fleet when it changed
  private void hold(String route, Duration duration, Script script, Hold hold) {
    Objects.requireNonNull(route, "route");
    if (duration.isNegative() || duration.isZero()) {
      return;
    }
    long now = ticker.read();
    boolean up = link.up();
    RouteEntry e = view.entry(route);
    if (hold.take(e, now + duration.toNanos(), now, up) && up) {
      sync.sendChange(e, script, route, String.valueOf(clock.millis() + duration.toMillis()));
    }
  }

  @Override
  public void retire(String route, Duration ttl) {
    Objects.requireNonNull(route, "route");
    if (ttl.isNegative() || ttl.isZero()) {
      return;
    }
    long now = ticker.read();
    boolean up = link.up();
    RouteEntry e = view.entry(route);
    if (e.retire(now + ttl.toNanos(), now, up) && up) {
      sync.sendChange(e, Script.RETIRE, route, String.valueOf(clock.millis() + ttl.toMillis()));
    }
  }

  @Override
  public BreakerState breaker(String route) {
    RouteEntry e = view.get(route);
    return e == null ? BreakerState.CLOSED : e.breaker();
  }

  @Override
  public Duration cooldownRemaining(String route) {
    RouteEntry e = view.get(route);
    if (e == null) {
      return Duration.ZERO;
    }
    long now = ticker.read();
    return Duration.ofNanos(Math.max(left(e.coolUntil(), now), left(e.accountUntil(), now)));
  }

  @Override
  public Duration accountStateRemaining(String route) {
    RouteEntry e = view.get(route);
    return e == null ? Duration.ZERO : Duration.ofNanos(left(e.accountUntil(), ticker.read()));
  }

  @Override
  public boolean retired(String route) {
    RouteEntry e = view.get(route);
    return e != null && left(e.retiredUntil(), ticker.read()) > 0;
  }

  /** What is left at {@code now} of an end in ticker nanos (zero: none), in nanos. */
  private static long left(long until, long now) {
    return until == 0 ? 0 : Math.max(0, until - now);
  }

  @Override
  public Map<String, HealthMark> marks() {
    return view.marks();
  }

  @Override
  public void recordRequest() {
    budget.recordRequest();
  }

  @Override
  public boolean tryAcquireRetry() {
    return budget.tryAcquireRetry(link.up());
  }

  /** Whether the store works on Redis or degraded to local health; never shows the password. */
  @Override
  public StoreStatus status() {
    return link.status();
  }

  /**
   * Client spend shared through this store (ADR 0022): the same connection, namespace and degraded
   * mode. A budget check reads a local view (no round trip per request); spend counted while Redis
   * is unreachable is added when it returns, exactly once. Closing it does nothing: this store owns
   * the connection.
   */
  public SpendStore spendStore() {
    return spend;
  }

  /**
   * Stored responses shared through this store (ADR 0029): the same connection, namespace and
   * degraded mode, bounded by {@code maxEntries}, {@code maxBytes} and {@code ttl} on this store's
   * clock. Closing this store closes their connection.
   */
  public SharedResponses responses(long maxEntries, long maxBytes, Duration ttl) {
    return new SharedResponses(
        keys, link, clock, maxEntries, maxBytes, Objects.requireNonNull(ttl, "ttl"));
  }

  /** Key counters and sessions shared by the fleet on this store's connection (ADR 0033). */
  @Override
  public SharedState shared() {
    return shared;
  }

  @Override
  public HealthSettings settings() {
    return settings;
  }

  /** The namespace this store shares health in. */
  public String namespace() {
    return keys.namespace();
  }

  /**
   * Sends the spend not sent yet (waiting at most the command timeout) and writes the spend file,
   * then stops the timer and closes the connections; the fleet keeps what this store wrote.
   */
  @Override
  public void close() {
    spend.drain();
    spend.keep();
    sync.close();
  }

  /**
   * Builder for {@link RedisHealthStore}; validates each value as it is set. Not thread-safe.
   * {@link #build()} connects (waiting at most a few command timeouts) and reads the fleet's
   * current state; if Redis is unreachable the store starts degraded and keeps trying.
   */
  public static final class Builder {
    private String uri;
    private String namespace = "orchestrator";
    private HealthSettings settings = HealthSettings.defaults();
    private Duration commandTimeout = Duration.ofMillis(250);
    private Duration resyncEvery = Duration.ofSeconds(5);
    private Clock clock = Clock.systemUTC();
    private Ticker ticker = Ticker.systemTicker();
    private double budgetRatio = 0.2;
    private int budgetMinRetries = 10;
    private Duration budgetWindow = Duration.ofSeconds(10);
    private Consumer<StoreStatus> onStatus = s -> {};
    private Path spendFile;

    private Builder() {}

    /** {@code redis://[user:password@]host:port[/db]} or {@code rediss://…} (required). */
    public Builder uri(String v) {
      RedisTarget.parse(v); // validates now, with a message that never shows the password
      uri = v;
      return this;
    }

    /** Separates fleets on one Redis (default {@code orchestrator}). */
    public Builder namespace(String v) {
      new Keys(v);
      namespace = v;
      return this;
    }

    /**
     * How routes are judged (default {@link HealthSettings#defaults()}, whose probe lease is 30 s).
     * Pass the orchestrator's {@code OrchestratorPolicy.breakers()}, as its in-memory store would
     * use: that probe lease follows the attempt timeout, so a probe still answering is never taken
     * over and its success closes the breaker.
     */
    public Builder settings(HealthSettings v) {
      settings = Objects.requireNonNull(v, "settings");
      return this;
    }

    /** The longest any Redis command may take before the store degrades (default 250 ms). */
    public Builder commandTimeout(Duration v) {
      Objects.requireNonNull(v, "commandTimeout");
      if (v.toMillis() < 1 || v.compareTo(Duration.ofSeconds(10)) > 0) {
        throw new IllegalArgumentException(
            "commandTimeout: " + v.toMillis() + " ms (expected: 1..10000 ms)");
      }
      commandTimeout = v;
      return this;
    }

    /** How often the whole namespace is read as a backstop to the push (default 5 s). */
    public Builder resyncEvery(Duration v) {
      Objects.requireNonNull(v, "resyncEvery");
      if (v.toMillis() < 10 || v.compareTo(Duration.ofMinutes(10)) > 0) {
        throw new IllegalArgumentException(
            "resyncEvery: " + v.toMillis() + " ms (expected: 10..600000 ms)");
      }
      resyncEvery = v;
      return this;
    }

    /** Wall clock for times shared across processes (default: system UTC). */
    public Builder clock(Clock v) {
      clock = Objects.requireNonNull(v, "clock");
      return this;
    }

    /** The engine's time source the local view answers in (default: the system ticker). */
    public Builder ticker(Ticker v) {
      ticker = Objects.requireNonNull(v, "ticker");
      return this;
    }

    /**
     * The fleet's retry budget: retries ≤ {@code max(minRetries, ratio × requests)} over {@code
     * window} (default 0.2, 10, 10 s — the engine's defaults).
     */
    public Builder retryBudget(double ratio, int minRetries, Duration window) {
      if (!(ratio >= 0 && ratio <= 10)) {
        throw new IllegalArgumentException("retryBudget ratio: " + ratio + " (expected: 0..10)");
      }
      if (minRetries < 0) {
        throw new IllegalArgumentException(
            "retryBudget minRetries: " + minRetries + " (expected: >= 0)");
      }
      Objects.requireNonNull(window, "window");
      if (window.toMillis() < 10) {
        throw new IllegalArgumentException(
            "retryBudget window: " + window.toMillis() + " ms (expected: >= 10 ms)");
      }
      budgetRatio = ratio;
      budgetMinRetries = minRetries;
      budgetWindow = window;
      return this;
    }

    /**
     * A local file where the fleet's spend this process knows is kept (every second while it
     * changes, and at close), so that a process started while Redis is unreachable enforces budgets
     * from the last fleet total it or another process on this host kept, not from nothing (ADR
     * 0052; default none). Processes on one host may share it.
     */
    public Builder spendFile(Path v) {
      spendFile = Objects.requireNonNull(v, "spendFile");
      return this;
    }

    /** Told (on a store thread) whenever the store degrades or recovers. */
    public Builder onStatus(Consumer<StoreStatus> v) {
      onStatus = Objects.requireNonNull(v, "onStatus");
      return this;
    }

    /**
     * Connects and reads the fleet's state.
     *
     * @throws IllegalStateException when no URI was given
     */
    public RedisHealthStore build() {
      if (uri == null) {
        throw new IllegalStateException(
            "uri: none (expected: redis://[user:password@]host:port[/db] or rediss://…)");
      }
      RedisHealthStore store = new RedisHealthStore(this, RedisTarget.parse(uri));
      store.sync.start(store.budget, store.spend);
      return store;
    }
  }
}
