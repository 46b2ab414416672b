package dev.orchestrator.engine;

import dev.orchestrator.engine.plan.Strategy;
import java.time.Duration;
import java.util.Objects;

/**
 * The bounds and choices of the failover loop. Immutable and thread-safe; build with {@link
 * #builder()} ({@code withX} sets a value; {@code build()} validates and copies).
 *
 * @param sameRouteRetries retries of the same route after a retryable failure (0..4, default 1)
 * @param backoffInitial first backoff ceiling (full jitter: the wait is uniform in [0, ceiling])
 * @param backoffMax largest backoff ceiling
 * @param connectTimeout per-attempt connect limit
 * @param attemptTimeout per-attempt total limit (and time to response headers)
 * @param firstTokenTimeout time to first token
 * @param streamIdleTimeout longest silence between stream chunks
 * @param deadline per-request deadline covering every attempt, wait and failover
 * @param breakerFailureThreshold consecutive retryable failures that open a route's breaker
 * @param breakerOpenDuration how long a breaker stays open before one half-open probe
 * @param accountCooldown cooldown after quota/auth/permission failures without a reset time
 * @param retiredTtl how long a route that answered {@code not_found} stays retired
 * @param retryBudgetRatio same-route retries allowed per request over the window (e.g. 0.2)
 * @param retryBudgetMinRetries retries always allowed in a window, however few requests
 * @param retryBudgetWindow the retry budget's sliding window
 * @param failoverOnContentFilter whether a virtual pool fails over after a content-policy rejection
 *     (default: stop and return the provider's reason)
 * @param strategy ranking of {@code orchestrator/auto}
 * @param seed seed of the jitter random, or {@code null} for an unseeded one
 */
public record OrchestratorPolicy(
    int sameRouteRetries,
    Duration backoffInitial,
    Duration backoffMax,
    Duration connectTimeout,
    Duration attemptTimeout,
    Duration firstTokenTimeout,
    Duration streamIdleTimeout,
    Duration deadline,
    int breakerFailureThreshold,
    Duration breakerOpenDuration,
    Duration accountCooldown,
    Duration retiredTtl,
    double retryBudgetRatio,
    int retryBudgetMinRetries,
    Duration retryBudgetWindow,
    boolean failoverOnContentFilter,
    Strategy strategy,
    Long seed) {

  /** The hard ceiling on same-route retries (docs/design.md §5). */
  public static final int MAX_SAME_ROUTE_RETRIES = 4;

  /** Validates every value, naming it and the expectation. */
  public OrchestratorPolicy {
    if (sameRouteRetries < 0 || sameRouteRetries > MAX_SAME_ROUTE_RETRIES) {
      throw new IllegalArgumentException(
          "sameRouteRetries: " + sameRouteRetries + " (expected: 0..4)");
    }
    positive("backoffInitial", backoffInitial, true);
    positive("backoffMax", backoffMax, true);
    if (backoffMax.compareTo(backoffInitial) < 0) {
      throw new IllegalArgumentException(
          "backoffMax: "
              + ms(backoffMax)
              + " (expected: >= backoffInitial "
              + ms(backoffInitial)
              + ")");
    }
    positive("connectTimeout", connectTimeout, false);
    positive("attemptTimeout", attemptTimeout, false);
    positive("firstTokenTimeout", firstTokenTimeout, false);
    positive("streamIdleTimeout", streamIdleTimeout, false);
    positive("deadline", deadline, false);
    if (breakerFailureThreshold < 1) {
      throw new IllegalArgumentException(
          "breakerFailureThreshold: " + breakerFailureThreshold + " (expected: >= 1)");
    }
    positive("breakerOpenDuration", breakerOpenDuration, false);
    positive("accountCooldown", accountCooldown, false);
    positive("retiredTtl", retiredTtl, false);
    if (!(retryBudgetRatio >= 0 && retryBudgetRatio <= 10)) {
      throw new IllegalArgumentException(
          "retryBudgetRatio: " + retryBudgetRatio + " (expected: 0..10)");
    }
    if (retryBudgetMinRetries < 0) {
      throw new IllegalArgumentException(
          "retryBudgetMinRetries: " + retryBudgetMinRetries + " (expected: >= 0)");
    }
    positive("retryBudgetWindow", retryBudgetWindow, false);
    strategy = strategy == null ? Strategy.COST : strategy;
  }

  private static void positive(String name, Duration d, boolean zeroOk) {
    Objects.requireNonNull(d, name);
    if (d.isNegative() || (!zeroOk && d.isZero())) {
      throw new IllegalArgumentException(
          name + ": " + ms(d) + " (expected: " + (zeroOk ? ">= 0 ms" : "> 0 ms") + ")");
    }
  }

  // Durations in messages as people write them: "0 ms", never ISO-8601 "PT0S".
  private static String ms(Duration d) {
    return d.toMillis() + " ms";
  }

  /** The defaults. */
  public static OrchestratorPolicy defaults() {
    return builder().build();
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this policy. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.sameRouteRetries = sameRouteRetries;
    b.backoffInitial = backoffInitial;
    b.backoffMax = backoffMax;
    b.connectTimeout = connectTimeout;
    b.attemptTimeout = attemptTimeout;
    b.firstTokenTimeout = firstTokenTimeout;
    b.streamIdleTimeout = streamIdleTimeout;
    b.deadline = deadline;
    b.breakerFailureThreshold = breakerFailureThreshold;
    b.breakerOpenDuration = breakerOpenDuration;
    b.accountCooldown = accountCooldown;
    b.retiredTtl = retiredTtl;
    b.retryBudgetRatio = retryBudgetRatio;
    b.retryBudgetMinRetries = retryBudgetMinRetries;
    b.retryBudgetWindow = retryBudgetWindow;
    b.failoverOnContentFilter = failoverOnContentFilter;
    b.strategy = strategy;
    b.seed = seed;
    return b;
  }

  /** Mutable builder; not thread-safe. */
  public static final class Builder {
    private int sameRouteRetries = 1;
    private Duration backoffInitial = Duration.ofMillis(250);
    private Duration backoffMax = Duration.ofSeconds(4);
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration attemptTimeout = Duration.ofSeconds(120);
    private Duration firstTokenTimeout = Duration.ofSeconds(45);
    private Duration streamIdleTimeout = Duration.ofSeconds(30);
    private Duration deadline = Duration.ofSeconds(300);
    private int breakerFailureThreshold = 5;
    private Duration breakerOpenDuration = Duration.ofSeconds(30);
    private Duration accountCooldown = Duration.ofMinutes(5);
    private Duration retiredTtl = Duration.ofHours(1);
    private double retryBudgetRatio = 0.2;
    private int retryBudgetMinRetries = 10;
    private Duration retryBudgetWindow = Duration.ofSeconds(10);
    private boolean failoverOnContentFilter;
    private Strategy strategy = Strategy.COST;
    private Long seed;

    private Builder() {}

    /** Same-route retries after a retryable failure (0..4). */
    public Builder withSameRouteRetries(int v) {
      sameRouteRetries = v;
      return this;
    }

    /** Backoff ceilings (full jitter). */
    public Builder withBackoff(Duration initial, Duration max) {
      backoffInitial = initial;
      backoffMax = max;
      return this;
    }

    /** Per-attempt connect limit. */
    public Builder withConnectTimeout(Duration v) {
      connectTimeout = v;
      return this;
    }

    /** Per-attempt total limit. */
    public Builder withAttemptTimeout(Duration v) {
      attemptTimeout = v;
      return this;
    }

    /** Time-to-first-token limit. */
    public Builder withFirstTokenTimeout(Duration v) {
      firstTokenTimeout = v;
      return this;
    }

    /** Stream-idle limit. */
    public Builder withStreamIdleTimeout(Duration v) {
      streamIdleTimeout = v;
      return this;
    }

    /** Per-request deadline. */
    public Builder withDeadline(Duration v) {
      deadline = v;
      return this;
    }

    /** Breaker: consecutive failures to open, and how long it stays open. */
    public Builder withBreaker(int failureThreshold, Duration openDuration) {
      breakerFailureThreshold = failureThreshold;
      breakerOpenDuration = openDuration;
      return this;
    }

    /** Cooldown after account-state failures without a reset time. */
    public Builder withAccountCooldown(Duration v) {
      accountCooldown = v;
      return this;
    }

    /** How long a {@code not_found} route stays retired. */
    public Builder withRetiredTtl(Duration v) {
      retiredTtl = v;
      return this;
    }

    /** Process-wide retry budget. */
    public Builder withRetryBudget(double ratio, int minRetries, Duration window) {
      retryBudgetRatio = ratio;
      retryBudgetMinRetries = minRetries;
      retryBudgetWindow = window;
      return this;
    }

    /** Whether virtual pools fail over after a content-policy rejection. */
    public Builder withFailoverOnContentFilter(boolean v) {
      failoverOnContentFilter = v;
      return this;
    }

    /** Ranking of {@code orchestrator/auto}. */
    public Builder withStrategy(Strategy v) {
      strategy = v;
      return this;
    }

    /** Seed of the jitter random ({@code null}: unseeded). */
    public Builder withSeed(Long v) {
      seed = v;
      return this;
    }

    /** Validates and builds. */
    public OrchestratorPolicy build() {
      return new OrchestratorPolicy(
          sameRouteRetries,
          backoffInitial,
          backoffMax,
          connectTimeout,
          attemptTimeout,
          firstTokenTimeout,
          streamIdleTimeout,
          deadline,
          breakerFailureThreshold,
          breakerOpenDuration,
          accountCooldown,
          retiredTtl,
          retryBudgetRatio,
          retryBudgetMinRetries,
          retryBudgetWindow,
          failoverOnContentFilter,
          strategy,
          seed);
    }
  }
}
