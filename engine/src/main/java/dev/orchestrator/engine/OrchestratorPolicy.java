package dev.orchestrator.engine;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.spi.StreamBounds;
import java.time.Duration;
import java.util.Map;
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
 * @param firstTokenTimeout time to first token on a route the catalog marks as reasoning (default
 *     45 s: a reasoning model legitimately thinks before it speaks)
 * @param nonReasoningFirstTokenTimeout time to first token on every other route (default 15 s)
 * @param routeFirstTokenTimeouts per-route time-to-first-token limits by route id, overriding both
 * @param streamIdleTimeout longest silence between stream chunks
 * @param deadline per-request deadline covering every attempt, wait and failover
 * @param breakerFailureThreshold consecutive retryable failures that open a route's breaker while
 *     its window holds too few calls for the failure rate to decide ({@link HealthSettings})
 * @param breakerOpenDuration the first open time of a breaker before one half-open probe (default 1
 *     s); it doubles while probes keep failing, up to {@code breakerOpenMax}
 * @param breakerOpenMax the cap on a breaker's open time (default 8 s)
 * @param probeLease how long a half-open probe's lease lives if its holder never reports (default:
 *     the attempt timeout plus 10 s, so a live probe is never taken over)
 * @param streamCutThreshold consecutive stream cuts after output that open a route's breaker while
 *     volume is low (default 3)
 * @param panicThreshold the panic threshold (default 0.5, Envoy's): when fewer than this share of a
 *     request's eligible candidates are admissible on short-term health (an open breaker, a
 *     cool-down that ends within the deadline), that health no longer excludes any of them and they
 *     are tried in plan order (docs/design.md §5); {@code 0} turns panic mode off
 * @param retryAfterCap the longest {@code Retry-After} honoured (default 5 min): a longer one cools
 *     the route for the cap and the request fails over
 * @param silenceGrace how long a route may hold an accepted request without a status line before a
 *     connection that then breaks counts as silence (not retried on the same route; default 5 s)
 * @param poolRetryAfterThreshold in a heterogeneous pool, the longest {@code Retry-After} waited on
 *     the same route while another candidate remains (default 1 s); a longer one cools the route
 *     and fails over at once
 * @param accountCooldown cooldown after quota/auth/permission failures without a reset time
 * @param retiredTtl how long a route that answered {@code not_found} stays retired
 * @param retryBudgetRatio same-route retries allowed per request over the window (e.g. 0.2)
 * @param retryBudgetMinRetries retries always allowed in a window, however few requests
 * @param retryBudgetWindow the retry budget's sliding window
 * @param failoverOnContentFilter whether a virtual pool fails over after a content-policy rejection
 *     (default: stop and return the provider's reason)
 * @param streamContinuation whether a stream cut after visible text is continued on a
 *     prefill-capable candidate (the same route first), so the caller gets one whole answer
 *     (default off)
 * @param streamBounds memory bounds on each attempt's response (event, whole response, tool-call
 *     arguments; default {@link StreamBounds#DEFAULTS}), handed to the client in {@link
 *     dev.orchestrator.engine.spi.AttemptLimits}
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
    Duration nonReasoningFirstTokenTimeout,
    Map<String, Duration> routeFirstTokenTimeouts,
    Duration streamIdleTimeout,
    Duration deadline,
    int breakerFailureThreshold,
    Duration breakerOpenDuration,
    Duration breakerOpenMax,
    Duration probeLease,
    int streamCutThreshold,
    double panicThreshold,
    Duration retryAfterCap,
    Duration poolRetryAfterThreshold,
    Duration silenceGrace,
    Duration accountCooldown,
    Duration retiredTtl,
    double retryBudgetRatio,
    int retryBudgetMinRetries,
    Duration retryBudgetWindow,
    boolean failoverOnContentFilter,
    boolean streamContinuation,
    StreamBounds streamBounds,
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
    positive("nonReasoningFirstTokenTimeout", nonReasoningFirstTokenTimeout, false);
    routeFirstTokenTimeouts = Map.copyOf(routeFirstTokenTimeouts);
    routeFirstTokenTimeouts.forEach(
        (route, d) -> positive("routeFirstTokenTimeouts[" + route + "]", d, false));
    positive("streamIdleTimeout", streamIdleTimeout, false);
    positive("deadline", deadline, false);
    if (breakerFailureThreshold < 1) {
      throw new IllegalArgumentException(
          "breakerFailureThreshold: " + breakerFailureThreshold + " (expected: >= 1)");
    }
    positive("breakerOpenDuration", breakerOpenDuration, false);
    positive("breakerOpenMax", breakerOpenMax, false);
    if (breakerOpenMax.compareTo(breakerOpenDuration) < 0) {
      throw new IllegalArgumentException(
          "breakerOpenMax: "
              + breakerOpenMax
              + " (expected: >= breakerOpenDuration "
              + breakerOpenDuration
              + ")");
    }
    positive("probeLease", probeLease, false);
    if (streamCutThreshold < 1) {
      throw new IllegalArgumentException(
          "streamCutThreshold: " + streamCutThreshold + " (expected: >= 1)");
    }
    if (!(panicThreshold >= 0 && panicThreshold <= 1)) {
      throw new IllegalArgumentException("panicThreshold: " + panicThreshold + " (expected: 0..1)");
    }
    positive("retryAfterCap", retryAfterCap, false);
    Objects.requireNonNull(streamBounds, "streamBounds");
    positive("poolRetryAfterThreshold", poolRetryAfterThreshold, true);
    positive("silenceGrace", silenceGrace, false);
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

  /** The route-health settings a store built from this policy judges routes by. */
  public HealthSettings healthSettings() {
    return new HealthSettings(
        breakerFailureThreshold,
        breakerOpenDuration,
        breakerOpenMax,
        probeLease,
        streamCutThreshold);
  }

  /** {@code retryAfter} bounded by {@link #retryAfterCap()}; {@code null} stays {@code null}. */
  public Duration capRetryAfter(Duration retryAfter) {
    return retryAfter == null || retryAfter.compareTo(retryAfterCap) <= 0
        ? retryAfter
        : retryAfterCap;
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
    b.nonReasoningFirstTokenTimeout = nonReasoningFirstTokenTimeout;
    b.routeFirstTokenTimeouts = new java.util.LinkedHashMap<>(routeFirstTokenTimeouts);
    b.streamIdleTimeout = streamIdleTimeout;
    b.deadline = deadline;
    b.breakerFailureThreshold = breakerFailureThreshold;
    b.breakerOpenDuration = breakerOpenDuration;
    b.breakerOpenMax = breakerOpenMax;
    // A derived lease keeps following the attempt timeout.
    b.probeLease = probeLease.equals(attemptTimeout.plusSeconds(10)) ? null : probeLease;
    b.streamCutThreshold = streamCutThreshold;
    b.panicThreshold = panicThreshold;
    b.retryAfterCap = retryAfterCap;
    b.poolRetryAfterThreshold = poolRetryAfterThreshold;
    b.silenceGrace = silenceGrace;
    b.accountCooldown = accountCooldown;
    b.retiredTtl = retiredTtl;
    b.retryBudgetRatio = retryBudgetRatio;
    b.retryBudgetMinRetries = retryBudgetMinRetries;
    b.retryBudgetWindow = retryBudgetWindow;
    b.failoverOnContentFilter = failoverOnContentFilter;
    b.streamContinuation = streamContinuation;
    b.streamBounds = streamBounds;
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
    private Duration nonReasoningFirstTokenTimeout = Duration.ofSeconds(15);
    private Map<String, Duration> routeFirstTokenTimeouts = new java.util.LinkedHashMap<>();
    private Duration streamIdleTimeout = Duration.ofSeconds(30);
    private Duration deadline = Duration.ofSeconds(300);
    private int breakerFailureThreshold = 5;
    private Duration breakerOpenDuration = Duration.ofSeconds(1);
    private Duration breakerOpenMax = Duration.ofSeconds(8);
    private Duration probeLease;
    private int streamCutThreshold = 3;
    private double panicThreshold = 0.5;
    private Duration retryAfterCap = Duration.ofMinutes(5);
    private Duration poolRetryAfterThreshold = Duration.ofSeconds(1);
    private Duration silenceGrace = Duration.ofSeconds(5);
    private Duration accountCooldown = Duration.ofMinutes(5);
    private Duration retiredTtl = Duration.ofHours(1);
    private double retryBudgetRatio = 0.2;
    private int retryBudgetMinRetries = 10;
    private Duration retryBudgetWindow = Duration.ofSeconds(10);
    private boolean failoverOnContentFilter;
    private boolean streamContinuation;
    private StreamBounds streamBounds = StreamBounds.DEFAULTS;
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

    /**
     * Time-to-first-token limit on every route (reasoning or not); per-route limits still win. Use
     * {@link #withFirstTokenTimeouts} to set the two defaults apart.
     */
    public Builder withFirstTokenTimeout(Duration v) {
      firstTokenTimeout = v;
      nonReasoningFirstTokenTimeout = v;
      return this;
    }

    /** Time-to-first-token limits for reasoning routes and for all others. */
    public Builder withFirstTokenTimeouts(Duration reasoning, Duration nonReasoning) {
      firstTokenTimeout = reasoning;
      nonReasoningFirstTokenTimeout = nonReasoning;
      return this;
    }

    /** A time-to-first-token limit for one route id, overriding the defaults. */
    public Builder withRouteFirstTokenTimeout(String route, Duration v) {
      routeFirstTokenTimeouts.put(Objects.requireNonNull(route, "route"), v);
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

    /**
     * Breaker: consecutive failures to open, and its first open time. The cap on the open time is
     * raised to {@code openDuration} when it was lower.
     */
    public Builder withBreaker(int failureThreshold, Duration openDuration) {
      breakerFailureThreshold = failureThreshold;
      breakerOpenDuration = openDuration;
      if (openDuration != null
          && breakerOpenMax != null
          && breakerOpenMax.compareTo(openDuration) < 0) {
        breakerOpenMax = openDuration;
      }
      return this;
    }

    /** The cap on a breaker's open time while its probes keep failing. */
    public Builder withBreakerOpenMax(Duration v) {
      breakerOpenMax = v;
      return this;
    }

    /** How long a half-open probe's lease lives if its holder never reports. */
    public Builder withProbeLease(Duration v) {
      probeLease = v;
      return this;
    }

    /** Consecutive stream cuts after output that open a route's breaker. */
    public Builder withStreamCutThreshold(int v) {
      streamCutThreshold = v;
      return this;
    }

    /**
     * The share of a request's eligible candidates below which short-term health (open breakers,
     * cool-downs ending within the deadline) no longer excludes them (0..1; 0 turns panic off).
     */
    public Builder withPanicThreshold(double v) {
      panicThreshold = v;
      return this;
    }

    /** The longest {@code Retry-After} honoured; a longer one cools the route for this long. */
    public Builder withRetryAfterCap(Duration v) {
      retryAfterCap = v;
      return this;
    }

    /** How long an accepted request may go without a status line before it counts as silence. */
    public Builder withSilenceGrace(Duration v) {
      silenceGrace = v;
      return this;
    }

    /** In a heterogeneous pool, the longest same-route wait before failing over instead. */
    public Builder withPoolRetryAfterThreshold(Duration v) {
      poolRetryAfterThreshold = v;
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

    /** Whether cut streams are continued on prefill-capable candidates (default off). */
    public Builder withStreamContinuation(boolean v) {
      streamContinuation = v;
      return this;
    }

    /**
     * Memory bounds on each response (default {@link StreamBounds#DEFAULTS}); {@link StreamBounds}
     * validates each value.
     */
    public Builder withStreamBounds(StreamBounds v) {
      streamBounds = v;
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
          nonReasoningFirstTokenTimeout,
          routeFirstTokenTimeouts,
          streamIdleTimeout,
          deadline,
          breakerFailureThreshold,
          breakerOpenDuration,
          breakerOpenMax,
          probeLease != null
              ? probeLease
              : attemptTimeout == null ? null : attemptTimeout.plusSeconds(10),
          streamCutThreshold,
          panicThreshold,
          retryAfterCap,
          poolRetryAfterThreshold,
          silenceGrace,
          accountCooldown,
          retiredTtl,
          retryBudgetRatio,
          retryBudgetMinRetries,
          retryBudgetWindow,
          failoverOnContentFilter,
          streamContinuation,
          streamBounds,
          strategy,
          seed);
    }
  }
}
