package dev.orchestrator.engine.health;

import java.time.Duration;

/**
 * Where route health lives (docs/design.md §5, §11): each route's circuit breaker with its owned
 * half-open probe, cooldowns, account states, retirements, and the process- or fleet-wide retry
 * budget. The engine asks it before every dispatch ({@link #admit}) and tells it the outcome of
 * every admitted attempt ({@link #report}) — exactly once, on every path.
 *
 * <p>In memory by default ({@link RouteHealthRegistry}); shared by a fleet in {@code health-redis}.
 * A store carries its own {@link HealthSettings} ({@link #settings()}). Implementations are
 * thread-safe, and never block a request on the network longer than their own bounded command
 * timeout: {@link #admit} and {@link HealthView#marks} read a local view. A store that cannot reach
 * its backing service keeps working on local state and says so through {@link #status()}.
 */
public interface HealthStore extends HealthView, AutoCloseable {

  /**
   * Asks to dispatch one attempt to {@code route}. A closed breaker admits ({@link
   * Admission.Kind#ADMITTED}); an open breaker whose open time has passed admits exactly one probe
   * ({@link Admission.Kind#PROBE}, holding a lease that expires after {@link
   * HealthSettings#probeLease()} if never reported); otherwise the attempt is shed ({@link
   * Admission.Kind#SHED}) with the time until the next probe is due.
   */
  Admission admit(String route);

  /**
   * Reports the outcome of an admitted attempt. Only the holder of a probe's lease can close or
   * re-open the breaker with it; a report for a lease that has expired or is not held is ignored
   * for the breaker (counts still apply). Reporting a shed admission does nothing. Callers report
   * each admission exactly once; for a probe a repeated report is ignored (its lease is gone),
   * while an ordinary admission carries no identity, so a repeated report counts again. A {@link
   * Admission.Kind#PANIC} dispatch never moves the breaker with a failure; its success ends an open
   * time early, so that the next admission is the probe.
   */
  void report(Admission admission, AttemptHealth outcome);

  /**
   * Cools {@code route} down for {@code duration} (the longer of this and any current one): a wait
   * the provider gave (a {@code Retry-After} or a reset). A request whose deadline it fits waits
   * for it ({@link RouteCondition#COOLING_DOWN}). It ends at its time: no report ends it, not even
   * the success of an attempt admitted before it was set.
   */
  void coolDown(String route, Duration duration);

  /**
   * Holds {@code route} out for {@code duration} (the longer of this and any current hold) for an
   * account state the provider gave no end for — {@code auth_failed}, {@code permission_denied}, a
   * quota with no reset time — so {@code duration} is the configured account cool-down, a guess.
   * Unlike a {@link #coolDown}, it is never waited for and panic mode does not lift it ({@link
   * RouteCondition#ACCOUNT_STATE}). Like a cool-down, it ends at its time and no report ends it.
   */
  void accountState(String route, Duration duration);

  /**
   * Tells of a rate limit ({@code 429}) that asked to wait {@code retryAfter}; the attempt itself
   * is reported as a breaker failure. A {@code Retry-After} up to {@link
   * HealthSettings#shortRetryAfter()} is evidence about the route's next seconds, not a verdict for
   * every concurrent request: it cools nothing, and the route is excluded only when its breaker
   * opens on the failure rate. A longer one cools the route for {@code retryAfter}, as {@link
   * #coolDown} does.
   */
  default void rateLimited(String route, Duration retryAfter) {
    if (retryAfter.compareTo(settings().shortRetryAfter()) > 0) {
      coolDown(route, retryAfter);
    }
  }

  /** Marks {@code route} retired (a remembered {@code not_found}) for {@code ttl}. */
  void retire(String route, Duration ttl);

  /** The breaker state of {@code route} as this store knows it now. */
  BreakerState breaker(String route);

  /**
   * How long until {@code route} is no longer held out by a cool-down or an account state (the
   * later of the two), or zero.
   */
  Duration cooldownRemaining(String route);

  /**
   * How long {@code route} is still held out for an account state ({@link #accountState}), or zero.
   */
  Duration accountStateRemaining(String route);

  /**
   * Whether {@code route} is retired now (a remembered {@code not_found}, {@link #retire}). By
   * default read from {@link #marks()}, where a retirement outranks every other condition.
   */
  default boolean retired(String route) {
    HealthMark m = marks().get(route);
    return m != null && m.condition() == RouteCondition.RETIRED;
  }

  /** Counts one request towards the retry budget. */
  void recordRequest();

  /** Takes one same-route retry from the budget; {@code false} when the budget is spent. */
  boolean tryAcquireRetry();

  /** The settings this store judges routes by. */
  HealthSettings settings();

  /** Whether the store is working on its backing service or degraded to local state. */
  StoreStatus status();

  /**
   * What the fleet shares besides route health: key counters and sessions (docs/design.md §5).
   * Default: {@link SharedState#NONE}, for a store of one process.
   */
  default SharedState shared() {
    return SharedState.NONE;
  }

  /** Releases the store's resources (connections, threads). Default: nothing to release. */
  @Override
  default void close() {}
}
