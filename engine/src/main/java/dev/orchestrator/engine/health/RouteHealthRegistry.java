package dev.orchestrator.engine.health;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Route health shared by every request of one orchestrator: a circuit breaker per route, cooldowns
 * for account state and rate limits, and remembered retirements. Bounded (a Caffeine cache, least
 * recently used routes are forgotten) and driven by an injected {@link Ticker}. Thread-safe.
 *
 * <p>Settled 4xx, size and content-policy failures never touch a breaker; account-state failures
 * cool a route down without touching its breaker (docs/design.md §5).
 */
public final class RouteHealthRegistry implements HealthView {
  private final Cache<String, State> states;
  private final Ticker ticker;
  private final int threshold;
  private final long openNanos;
  private final long retiredNanos;

  private RouteHealthRegistry(
      Ticker ticker, int threshold, Duration open, Duration retiredTtl, long maxRoutes) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    if (threshold < 1) {
      throw new IllegalArgumentException("threshold: " + threshold + " (expected: >= 1)");
    }
    this.threshold = threshold;
    this.openNanos = open.toNanos();
    this.retiredNanos = retiredTtl.toNanos();
    this.states =
        Caffeine.newBuilder()
            .ticker(ticker)
            .maximumSize(maxRoutes)
            .expireAfterAccess(Duration.ofHours(6))
            .build();
  }

  /**
   * A registry.
   *
   * @param ticker time source
   * @param breakerThreshold consecutive retryable failures that open a breaker
   * @param breakerOpen how long a breaker stays open before a half-open probe
   * @param retiredTtl how long a {@code not_found} route stays retired
   */
  public static RouteHealthRegistry create(
      Ticker ticker, int breakerThreshold, Duration breakerOpen, Duration retiredTtl) {
    return new RouteHealthRegistry(ticker, breakerThreshold, breakerOpen, retiredTtl, 10_000);
  }

  private State state(String route) {
    return states.get(route, r -> new State());
  }

  /**
   * Asks to dispatch to {@code route}. A closed breaker admits; an open one admits exactly one
   * probe (moving to half-open) — the planner only offers an open route before its open time has
   * passed when every candidate is open; a half-open breaker with its probe in flight refuses.
   */
  public boolean tryAcquire(String route) {
    State s = states.getIfPresent(route);
    return s == null || s.tryAcquire();
  }

  /** The route answered: close its breaker and end any cooldown. */
  public void onSuccess(String route) {
    State s = states.getIfPresent(route);
    if (s != null) {
      s.onSuccess();
    }
  }

  /** A retryable failure: counts towards opening the breaker. */
  public void onBreakerFailure(String route) {
    state(route).onFailure(ticker.read(), threshold, openNanos);
  }

  /**
   * A failure that says nothing about the route's health (a settled 4xx): the breaker is untouched,
   * but a half-open probe is released so another request may probe.
   */
  public void onNeutral(String route) {
    State s = states.getIfPresent(route);
    if (s != null) {
      s.releaseProbe();
    }
  }

  /** Cools the route down for {@code duration} (the longer of this and any current cooldown). */
  public void coolDown(String route, Duration duration) {
    state(route).coolDown(ticker.read() + duration.toNanos(), ticker.read());
  }

  /** Marks the route retired for the TTL. */
  public void retire(String route) {
    state(route).retire(ticker.read() + retiredNanos, ticker.read());
  }

  /** The breaker state of {@code route}. */
  public BreakerState breaker(String route) {
    State s = states.getIfPresent(route);
    return s == null ? BreakerState.CLOSED : s.breaker();
  }

  /** How long until {@code route}'s cooldown ends, or zero. */
  public Duration cooldownRemaining(String route) {
    State s = states.getIfPresent(route);
    long left = s == null ? 0 : s.cooldownUntil() - ticker.read();
    return left > 0 ? Duration.ofNanos(left) : Duration.ZERO;
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

  /** One route's mutable health; every method synchronised on it. */
  private static final class State {
    private BreakerState breaker = BreakerState.CLOSED;
    private int consecutiveFailures;
    private long openUntil;
    private boolean probeInFlight;
    private long cooldownUntil;
    private long retiredUntil;
    private long lastFailure = Long.MIN_VALUE;

    synchronized boolean tryAcquire() {
      switch (breaker) {
        case CLOSED:
          return true;
        case OPEN:
          move(BreakerState.HALF_OPEN);
          probeInFlight = true;
          return true;
        case HALF_OPEN:
          if (probeInFlight) {
            return false;
          }
          probeInFlight = true;
          return true;
      }
      throw new AssertionError(breaker);
    }

    synchronized void onSuccess() {
      if (breaker == BreakerState.HALF_OPEN) {
        move(BreakerState.CLOSED);
      } else if (breaker == BreakerState.OPEN) {
        // A request that was admitted before the breaker opened succeeded: trust it.
        move(BreakerState.HALF_OPEN);
        move(BreakerState.CLOSED);
      }
      consecutiveFailures = 0;
      probeInFlight = false;
      cooldownUntil = 0;
    }

    synchronized void onFailure(long now, int threshold, long openNanos) {
      lastFailure = now;
      consecutiveFailures++;
      if (breaker == BreakerState.HALF_OPEN) {
        move(BreakerState.OPEN);
        openUntil = now + openNanos;
        probeInFlight = false;
      } else if (breaker == BreakerState.CLOSED && consecutiveFailures >= threshold) {
        move(BreakerState.OPEN);
        openUntil = now + openNanos;
      }
    }

    synchronized void releaseProbe() {
      probeInFlight = false;
    }

    synchronized void coolDown(long until, long now) {
      lastFailure = now;
      cooldownUntil = Math.max(cooldownUntil, until);
    }

    synchronized void retire(long until, long now) {
      lastFailure = now;
      retiredUntil = Math.max(retiredUntil, until);
    }

    synchronized BreakerState breaker() {
      return breaker;
    }

    synchronized long cooldownUntil() {
      return cooldownUntil;
    }

    synchronized HealthMark mark(long now) {
      if (retiredUntil - now > 0) {
        return new HealthMark(RouteCondition.RETIRED, retiredUntil, lastFailure);
      }
      if (cooldownUntil - now > 0) {
        return new HealthMark(RouteCondition.COOLING_DOWN, cooldownUntil, lastFailure);
      }
      if ((breaker == BreakerState.OPEN && openUntil - now > 0)
          || (breaker == BreakerState.HALF_OPEN && probeInFlight)) {
        return new HealthMark(RouteCondition.CIRCUIT_OPEN, openUntil, lastFailure);
      }
      return null;
    }

    private void move(BreakerState next) {
      if (!breaker.canTransitionTo(next)) {
        throw new IllegalStateException("breaker: " + breaker + " -> " + next + " is not legal");
      }
      breaker = next;
    }
  }
}
