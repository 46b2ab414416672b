package dev.orchestrator.engine.health;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The in-memory {@link HealthStore}: route health shared by every request of one process — a
 * circuit breaker per route with an adaptive open time and one owned half-open probe, cooldowns for
 * the waits providers give, account states held for the account cool-down, remembered retirements,
 * and the retry budget. Bounded (a Caffeine cache; least recently used routes are forgotten) and
 * driven by an injected {@link Ticker}. Thread-safe: each route's state is guarded by its own lock,
 * so routes never contend.
 *
 * <p>Breaker (ADR 0007): it opens on evidence ({@link BreakerEvidence}) — a failure rate of at
 * least {@link HealthSettings#failureRate()} over {@link HealthSettings#window()} once the window
 * holds {@link HealthSettings#minimumCalls()} calls, or {@link HealthSettings#breakerThreshold()}
 * consecutive failures ({@link HealthSettings#streamCutThreshold()} stream cuts) while it holds
 * fewer — for {@link HealthSettings#openInitial()}; after that exactly one probe is admitted,
 * holding a lease; the probe's success closes the breaker and resets the open time, its failure
 * re-opens it for twice the previous open time (capped at {@link HealthSettings#openMax()}), and a
 * neutral or abandoned probe frees the lease at once. A lease whose holder never reports expires
 * after {@link HealthSettings#probeLease()}, and the next request takes the probe over. Settled
 * 4xx, size and content-policy failures never touch a breaker; account-state failures hold a route
 * out (or cool it, when the provider said for how long) without touching its breaker; a rate limit
 * cools it only for a {@code Retry-After} longer than {@link HealthSettings#shortRetryAfter()}
 * (docs/design.md §5).
 */
public final class RouteHealthRegistry implements HealthStore {
  private final Cache<String, RouteState> states;
  private final Ticker ticker;
  private final HealthSettings settings;
  private final RetryBudget budget;
  private final AtomicLong leases = new AtomicLong();
  private final Supplier<String> tokens = () -> "lease-" + leases.incrementAndGet();

  private RouteHealthRegistry(
      Ticker ticker, HealthSettings settings, RetryBudget budget, long maxRoutes) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.budget = Objects.requireNonNull(budget, "budget");
    this.states =
        Caffeine.newBuilder()
            .executor(Runnable::run) // maintenance inline, no pool thread woken per write
            .ticker(ticker)
            .maximumSize(maxRoutes)
            .expireAfterAccess(Duration.ofHours(6))
            .build();
  }

  /**
   * A registry.
   *
   * @param ticker time source for breakers, leases, cooldowns and the retry budget
   * @param settings how routes are judged
   * @param budget the retry budget this store hands out
   */
  public static RouteHealthRegistry create(
      Ticker ticker, HealthSettings settings, RetryBudget budget) {
    return new RouteHealthRegistry(ticker, settings, budget, 10_000);
  }

  /** A registry with {@link HealthSettings#defaults()} and the default retry budget. */
  public static RouteHealthRegistry create(Ticker ticker) {
    return create(ticker, HealthSettings.defaults(), RetryBudget.defaults(ticker));
  }

  @Override
  public HealthSettings settings() {
    return settings;
  }

  private RouteState state(String route) {
    return states.get(route, r -> new RouteState(settings));
  }

  @Override
  public Admission admit(String route) {
    RouteState s = states.getIfPresent(route);
    return s == null ? Admission.admitted(route) : s.admit(route, ticker.read(), tokens);
  }

  @Override
  public void report(Admission admission, AttemptHealth outcome) {
    Objects.requireNonNull(outcome, "outcome");
    if (!admission.dispatch()) {
      return;
    }
    if (outcome == AttemptHealth.NEUTRAL || outcome == AttemptHealth.ABANDONED) {
      RouteState s = states.getIfPresent(admission.route());
      if (s != null) {
        s.report(admission, outcome, ticker.read());
      }
      return;
    }
    // Successes count too: the failure rate is a share of every call.
    state(admission.route()).report(admission, outcome, ticker.read());
  }

  @Override
  public void coolDown(String route, Duration duration) {
    long now = ticker.read();
    state(route).coolDown(now + duration.toNanos(), now);
  }

  @Override
  public void accountState(String route, Duration duration) {
    long now = ticker.read();
    state(route).accountState(now + duration.toNanos(), now);
  }

  @Override
  public void retire(String route, Duration ttl) {
    long now = ticker.read();
    state(route).retire(now + ttl.toNanos(), now);
  }

  @Override
  public BreakerState breaker(String route) {
    RouteState s = states.getIfPresent(route);
    return s == null ? BreakerState.CLOSED : s.breaker();
  }

  /** Whether a half-open probe of {@code route} holds a live lease now. */
  public boolean probeInFlight(String route) {
    RouteState s = states.getIfPresent(route);
    return s != null && s.probeInFlight(ticker.read());
  }

  @Override
  public Duration cooldownRemaining(String route) {
    RouteState s = states.getIfPresent(route);
    if (s == null) {
      return Duration.ZERO;
    }
    long now = ticker.read();
    return left(Math.max(s.cooldownUntil() - now, s.accountUntil() - now));
  }

  @Override
  public Duration accountStateRemaining(String route) {
    RouteState s = states.getIfPresent(route);
    return s == null ? Duration.ZERO : left(s.accountUntil() - ticker.read());
  }

  @Override
  public boolean retired(String route) {
    RouteState s = states.getIfPresent(route);
    return s != null && s.retiredUntil() - ticker.read() > 0;
  }

  private static Duration left(long nanos) {
    return nanos > 0 ? Duration.ofNanos(nanos) : Duration.ZERO;
  }

  @Override
  public void recordRequest() {
    budget.recordRequest();
  }

  @Override
  public boolean tryAcquireRetry() {
    return budget.tryAcquireRetry();
  }

  @Override
  public StoreStatus status() {
    return StoreStatus.OK;
  }

  @Override
  public Map<String, HealthMark> marks() {
    if (states.estimatedSize() == 0) {
      return Map.of();
    }
    long now = ticker.read();
    Map<String, HealthMark> out = new HashMap<>();
    states
        .asMap()
        .forEach(
            (route, s) -> {
              HealthMark m = s.mark(now);
              if (m != null) {
                out.put(route, m);
              }
            });
    return out;
  }
}
