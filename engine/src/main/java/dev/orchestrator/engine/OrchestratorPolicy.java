package dev.orchestrator.engine;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.spi.StreamBounds;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The bounds and choices of the failover loop (docs/design.md §5), composed of small settings
 * records: {@link Retries}, {@link Timeouts}, the breakers' {@link HealthSettings}, the
 * process-wide {@link RetryBudget} and the {@link StreamBounds}. Immutable and thread-safe; build
 * with {@link #builder()} (one noun per setting, {@code build()} validates) or copy with {@link
 * #toBuilder()}.
 *
 * @param retries how one route is retried and how long a {@code Retry-After} is honoured
 * @param timeouts the per-attempt limits and the per-request deadline
 * @param breakers how route health judges routes (ADR 0007); its probe lease defaults to the
 *     attempt timeout plus 10 s, so a live probe is never taken over
 * @param panicThreshold the panic threshold (default 0.5, Envoy's): when fewer than this share of a
 *     request's eligible candidates are admissible on short-term health (an open breaker, a
 *     cool-down that ends within the deadline), that health no longer excludes any of them and they
 *     are tried in plan order; {@code 0} turns panic mode off
 * @param retryBudget the process-wide budget of retries (ADR 0008)
 * @param streamBounds memory bounds on each attempt's response (event, whole response, tool-call
 *     arguments; default {@link StreamBounds#DEFAULTS}), handed to the client in {@link
 *     dev.orchestrator.engine.spi.AttemptLimits}
 * @param accountCooldown cooldown after quota/auth/permission failures without a reset time
 * @param retiredTtl how long a route that answered {@code not_found} stays retired
 * @param failoverOnContentFilter whether a virtual pool fails over after a content-policy rejection
 *     (default: stop and return the provider's reason)
 * @param streamContinuation whether a stream cut after visible text is continued on a
 *     prefill-capable candidate (the same route first), so the caller gets one whole answer
 *     (default off)
 * @param strategy ranking of {@code orchestrator/auto}
 * @param seed seed of the jitter random, or {@code null} for an unseeded one
 * @param sessionTtl how long a session stays on the route that last answered it (default 5 min,
 *     prompt caches' usual lifetime); {@link Duration#ZERO} turns session affinity off
 * @param learning whether observations correct the cost and quality orders of pools too (default
 *     off: plans are the catalog's); the latency, throughput and reliability strategies always rank
 *     by observations (docs/design.md §14)
 * @param exploration the share of observed-ranked requests (0..1, default 0.05) whose least
 *     measured candidate goes first, so a recovered or new route is measured again
 * @param observationHalfLife how fast observations fade (default 5 min)
 */
public record OrchestratorPolicy(
    Retries retries,
    Timeouts timeouts,
    HealthSettings breakers,
    double panicThreshold,
    RetryBudget retryBudget,
    StreamBounds streamBounds,
    Duration accountCooldown,
    Duration retiredTtl,
    boolean failoverOnContentFilter,
    boolean streamContinuation,
    Strategy strategy,
    Long seed,
    Duration sessionTtl,
    boolean learning,
    double exploration,
    Duration observationHalfLife) {

  /** The default {@link #sessionTtl()}: prompt caches' usual lifetime. */
  public static final Duration DEFAULT_SESSION_TTL = Duration.ofMinutes(5);

  /** The hard ceiling on same-route retries (docs/design.md §5). */
  public static final int MAX_SAME_ROUTE_RETRIES = 4;

  /** Validates every value, naming it and the expectation. */
  public OrchestratorPolicy {
    Objects.requireNonNull(retries, "retries");
    Objects.requireNonNull(timeouts, "timeouts");
    Objects.requireNonNull(breakers, "breakers");
    Objects.requireNonNull(retryBudget, "retryBudget");
    Objects.requireNonNull(streamBounds, "streamBounds");
    if (!(panicThreshold >= 0 && panicThreshold <= 1)) {
      throw new IllegalArgumentException("panicThreshold: " + panicThreshold + " (expected: 0..1)");
    }
    positive("accountCooldown", accountCooldown, false);
    positive("retiredTtl", retiredTtl, false);
    positive("sessionTtl", sessionTtl, true);
    positive("observationHalfLife", observationHalfLife, false);
    if (!(exploration >= 0 && exploration <= 1)) {
      throw new IllegalArgumentException("exploration: " + exploration + " (expected: 0..1)");
    }
    strategy = strategy == null ? Strategy.COST : strategy;
  }

  /**
   * How one route is retried.
   *
   * @param sameRoute retries of the same route after a retryable failure (0..4, default 1)
   * @param backoffInitial first backoff ceiling (full jitter: the wait is uniform in [0, ceiling])
   * @param backoffMax largest backoff ceiling
   * @param retryAfterCap the longest {@code Retry-After} honoured (default 5 min): a longer one
   *     cools the route for the cap and the request fails over
   * @param poolRetryAfterThreshold in a heterogeneous pool, the longest {@code Retry-After} waited
   *     on the same route while another candidate remains (default 1 s); a longer one cools the
   *     route and fails over at once
   */
  public record Retries(
      int sameRoute,
      Duration backoffInitial,
      Duration backoffMax,
      Duration retryAfterCap,
      Duration poolRetryAfterThreshold) {

    /** Validates, naming the builder's setting. */
    public Retries {
      if (sameRoute < 0 || sameRoute > MAX_SAME_ROUTE_RETRIES) {
        throw new IllegalArgumentException("sameRouteRetries: " + sameRoute + " (expected: 0..4)");
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
      positive("retryAfterCap", retryAfterCap, false);
      positive("poolRetryAfterThreshold", poolRetryAfterThreshold, true);
    }

    /** {@code retryAfter} bounded by {@link #retryAfterCap()}; {@code null} stays {@code null}. */
    public Duration capRetryAfter(Duration retryAfter) {
      return retryAfter == null || retryAfter.compareTo(retryAfterCap) <= 0
          ? retryAfter
          : retryAfterCap;
    }
  }

  /**
   * The limits of each attempt and of the whole request; each attempt's limits are capped at what
   * the deadline leaves (ADR 0008).
   *
   * @param connect per-attempt connect limit
   * @param attempt per-attempt total limit (and time to response headers)
   * @param firstToken time to first token on a route the catalog marks as reasoning (default 45 s:
   *     a reasoning model legitimately thinks before it speaks)
   * @param nonReasoningFirstToken time to first token on every other route (default 15 s)
   * @param routeFirstToken per-route time-to-first-token limits by route id, overriding both
   * @param streamIdle longest silence between stream chunks
   * @param deadline per-request deadline covering every attempt, wait and failover
   * @param silenceGrace how long a route may hold an accepted request without a status line before
   *     a connection that then breaks counts as silence (not retried on the same route; default 5
   *     s)
   */
  public record Timeouts(
      Duration connect,
      Duration attempt,
      Duration firstToken,
      Duration nonReasoningFirstToken,
      Map<String, Duration> routeFirstToken,
      Duration streamIdle,
      Duration deadline,
      Duration silenceGrace) {

    /** Validates, naming the builder's setting; copies the per-route map. */
    public Timeouts {
      positive("connectTimeout", connect, false);
      positive("attemptTimeout", attempt, false);
      positive("firstTokenTimeout", firstToken, false);
      positive("nonReasoningFirstTokenTimeout", nonReasoningFirstToken, false);
      routeFirstToken = Map.copyOf(routeFirstToken);
      routeFirstToken.forEach(
          (route, d) -> positive("routeFirstTokenTimeout[" + route + "]", d, false));
      positive("streamIdleTimeout", streamIdle, false);
      positive("deadline", deadline, false);
      positive("silenceGrace", silenceGrace, false);
    }
  }

  /**
   * The process-wide retry budget (ADR 0008): over a sliding {@code window}, retries may not exceed
   * {@code max(minRetries, ratio × requests)}.
   *
   * @param ratio retries allowed per request over the window (default 0.2)
   * @param minRetries retries always allowed in a window, however few requests (default 10)
   * @param window the sliding window (default 10 s)
   */
  public record RetryBudget(double ratio, int minRetries, Duration window) {

    /** Validates, naming the setting. */
    public RetryBudget {
      if (!(ratio >= 0 && ratio <= 10)) {
        throw new IllegalArgumentException("retryBudgetRatio: " + ratio + " (expected: 0..10)");
      }
      if (minRetries < 0) {
        throw new IllegalArgumentException(
            "retryBudgetMinRetries: " + minRetries + " (expected: >= 0)");
      }
      positive("retryBudgetWindow", window, false);
    }
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
    b.sameRouteRetries = retries.sameRoute();
    b.backoffInitial = retries.backoffInitial();
    b.backoffMax = retries.backoffMax();
    b.retryAfterCap = retries.retryAfterCap();
    b.poolRetryAfterThreshold = retries.poolRetryAfterThreshold();
    b.connectTimeout = timeouts.connect();
    b.attemptTimeout = timeouts.attempt();
    b.firstTokenTimeout = timeouts.firstToken();
    b.nonReasoningFirstTokenTimeout = timeouts.nonReasoningFirstToken();
    b.routeFirstTokenTimeouts = new LinkedHashMap<>(timeouts.routeFirstToken());
    b.streamIdleTimeout = timeouts.streamIdle();
    b.deadline = timeouts.deadline();
    b.silenceGrace = timeouts.silenceGrace();
    b.breakers = breakers.toBuilder();
    b.openInitial = breakers.openInitial();
    b.openMax = breakers.openMax();
    // A derived lease keeps following the attempt timeout.
    b.probeLease =
        breakers.probeLease().equals(timeouts.attempt().plusSeconds(10))
            ? null
            : breakers.probeLease();
    b.panicThreshold = panicThreshold;
    b.retryBudget = retryBudget;
    b.streamBounds = streamBounds;
    b.accountCooldown = accountCooldown;
    b.retiredTtl = retiredTtl;
    b.failoverOnContentFilter = failoverOnContentFilter;
    b.streamContinuation = streamContinuation;
    b.strategy = strategy;
    b.seed = seed;
    b.sessionTtl = sessionTtl;
    b.learning = learning;
    b.exploration = exploration;
    b.observationHalfLife = observationHalfLife;
    return b;
  }

  /**
   * Mutable builder; not thread-safe. One noun per setting (the settings records' fields, by the
   * names the validation messages use); {@link #build()} validates and copies.
   */
  public static final class Builder {
    private int sameRouteRetries = 1;
    private Duration backoffInitial = Duration.ofMillis(250);
    private Duration backoffMax = Duration.ofSeconds(4);
    private Duration retryAfterCap = Duration.ofMinutes(5);
    private Duration poolRetryAfterThreshold = Duration.ofSeconds(1);
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration attemptTimeout = Duration.ofSeconds(120);
    private Duration firstTokenTimeout = Duration.ofSeconds(45);
    private Duration nonReasoningFirstTokenTimeout = Duration.ofSeconds(15);
    private Map<String, Duration> routeFirstTokenTimeouts = new LinkedHashMap<>();
    private Duration streamIdleTimeout = Duration.ofSeconds(30);
    private Duration deadline = Duration.ofSeconds(300);
    private Duration silenceGrace = Duration.ofSeconds(5);
    private HealthSettings.Builder breakers = HealthSettings.builder();
    private Duration openInitial = HealthSettings.defaults().openInitial();
    private Duration openMax = HealthSettings.defaults().openMax();
    private Duration probeLease;
    private double panicThreshold = 0.5;
    private RetryBudget retryBudget = new RetryBudget(0.2, 10, Duration.ofSeconds(10));
    private StreamBounds streamBounds = StreamBounds.DEFAULTS;
    private Duration accountCooldown = Duration.ofMinutes(5);
    private Duration retiredTtl = Duration.ofHours(1);
    private boolean failoverOnContentFilter;
    private boolean streamContinuation;
    private Strategy strategy = Strategy.COST;
    private Long seed;
    private Duration sessionTtl = DEFAULT_SESSION_TTL;
    private boolean learning;
    private double exploration = 0.05;
    private Duration observationHalfLife = Duration.ofMinutes(5);

    private Builder() {}

    /** Same-route retries after a retryable failure (0..4). */
    public Builder sameRouteRetries(int v) {
      sameRouteRetries = v;
      return this;
    }

    /** Backoff ceilings (full jitter). */
    public Builder backoff(Duration initial, Duration max) {
      backoffInitial = initial;
      backoffMax = max;
      return this;
    }

    /** The longest {@code Retry-After} honoured; a longer one cools the route for this long. */
    public Builder retryAfterCap(Duration v) {
      retryAfterCap = v;
      return this;
    }

    /** In a heterogeneous pool, the longest same-route wait before failing over instead. */
    public Builder poolRetryAfterThreshold(Duration v) {
      poolRetryAfterThreshold = v;
      return this;
    }

    /** Per-attempt connect limit. */
    public Builder connectTimeout(Duration v) {
      connectTimeout = v;
      return this;
    }

    /** Per-attempt total limit. */
    public Builder attemptTimeout(Duration v) {
      attemptTimeout = v;
      return this;
    }

    /**
     * Time-to-first-token limit on every route (reasoning or not); per-route limits still win. Use
     * {@link #firstTokenTimeouts} to set the two defaults apart.
     */
    public Builder firstTokenTimeout(Duration v) {
      firstTokenTimeout = v;
      nonReasoningFirstTokenTimeout = v;
      return this;
    }

    /** Time-to-first-token limits for reasoning routes and for all others. */
    public Builder firstTokenTimeouts(Duration reasoning, Duration nonReasoning) {
      firstTokenTimeout = reasoning;
      nonReasoningFirstTokenTimeout = nonReasoning;
      return this;
    }

    /** A time-to-first-token limit for one route id, overriding the defaults. */
    public Builder routeFirstTokenTimeout(String route, Duration v) {
      routeFirstTokenTimeouts.put(Objects.requireNonNull(route, "route"), v);
      return this;
    }

    /** Stream-idle limit. */
    public Builder streamIdleTimeout(Duration v) {
      streamIdleTimeout = v;
      return this;
    }

    /** Per-request deadline. */
    public Builder deadline(Duration v) {
      deadline = v;
      return this;
    }

    /** How long an accepted request may go without a status line before it counts as silence. */
    public Builder silenceGrace(Duration v) {
      silenceGrace = v;
      return this;
    }

    /**
     * Every breaker setting at once (ADR 0007): the evidence window, minimum calls and failure rate
     * as well. Its probe lease is kept unless {@link #probeLease} sets one.
     */
    public Builder breakers(HealthSettings v) {
      breakers = v.toBuilder();
      openInitial = v.openInitial();
      openMax = v.openMax();
      probeLease = v.probeLease();
      return this;
    }

    /**
     * Breaker: consecutive failures to open while volume is low, and its first open time. The cap
     * on the open time is raised to {@code openDuration} when it was lower.
     */
    public Builder breaker(int failureThreshold, Duration openDuration) {
      breakers.breakerThreshold(failureThreshold);
      openInitial = openDuration;
      if (openDuration != null && openMax != null && openMax.compareTo(openDuration) < 0) {
        openMax = openDuration;
      }
      return this;
    }

    /** The cap on a breaker's open time while its probes keep failing. */
    public Builder breakerOpenMax(Duration v) {
      openMax = v;
      return this;
    }

    /** How long a half-open probe's lease lives if its holder never reports. */
    public Builder probeLease(Duration v) {
      probeLease = v;
      return this;
    }

    /** Consecutive stream cuts after output that open a route's breaker. */
    public Builder streamCutThreshold(int v) {
      breakers.streamCutThreshold(v);
      return this;
    }

    /**
     * The share of a request's eligible candidates below which short-term health (open breakers,
     * cool-downs ending within the deadline) no longer excludes them (0..1; 0 turns panic off).
     */
    public Builder panicThreshold(double v) {
      panicThreshold = v;
      return this;
    }

    /** Process-wide retry budget: {@code ratio} of requests, at least {@code minRetries}. */
    public Builder retryBudget(double ratio, int minRetries, Duration window) {
      retryBudget = new RetryBudget(ratio, minRetries, window);
      return this;
    }

    /**
     * Memory bounds on each response (default {@link StreamBounds#DEFAULTS}); {@link StreamBounds}
     * validates each value.
     */
    public Builder streamBounds(StreamBounds v) {
      streamBounds = v;
      return this;
    }

    /** Cooldown after account-state failures without a reset time. */
    public Builder accountCooldown(Duration v) {
      accountCooldown = v;
      return this;
    }

    /** How long a {@code not_found} route stays retired. */
    public Builder retiredTtl(Duration v) {
      retiredTtl = v;
      return this;
    }

    /** Whether virtual pools fail over after a content-policy rejection. */
    public Builder failoverOnContentFilter(boolean v) {
      failoverOnContentFilter = v;
      return this;
    }

    /** Whether cut streams are continued on prefill-capable candidates (default off). */
    public Builder streamContinuation(boolean v) {
      streamContinuation = v;
      return this;
    }

    /** Ranking of {@code orchestrator/auto}. */
    public Builder strategy(Strategy v) {
      strategy = v;
      return this;
    }

    /** Seed of the jitter random ({@code null}: unseeded). */
    public Builder seed(Long v) {
      seed = v;
      return this;
    }

    /**
     * How long a session stays on the route that last answered it (default 5 min); {@link
     * Duration#ZERO} turns session affinity off.
     */
    public Builder sessionTtl(Duration v) {
      sessionTtl = v;
      return this;
    }

    /** Whether observations correct the cost and quality orders too (default off). */
    public Builder learning(boolean v) {
      learning = v;
      return this;
    }

    /** The share of observed-ranked requests whose least measured candidate goes first. */
    public Builder exploration(double v) {
      exploration = v;
      return this;
    }

    /** How fast observations fade: their weight halves every {@code v} (default 5 min). */
    public Builder observationHalfLife(Duration v) {
      observationHalfLife = v;
      return this;
    }

    /** Validates and builds. */
    public OrchestratorPolicy build() {
      Timeouts timeouts =
          new Timeouts(
              connectTimeout,
              attemptTimeout,
              firstTokenTimeout,
              nonReasoningFirstTokenTimeout,
              routeFirstTokenTimeouts,
              streamIdleTimeout,
              deadline,
              silenceGrace);
      return new OrchestratorPolicy(
          new Retries(
              sameRouteRetries, backoffInitial, backoffMax, retryAfterCap, poolRetryAfterThreshold),
          timeouts,
          breakers
              .openTime(openInitial, openMax)
              .probeLease(probeLease != null ? probeLease : timeouts.attempt().plusSeconds(10))
              .build(),
          panicThreshold,
          retryBudget,
          streamBounds,
          accountCooldown,
          retiredTtl,
          failoverOnContentFilter,
          streamContinuation,
          strategy,
          seed,
          sessionTtl,
          learning,
          exploration,
          observationHalfLife);
    }
  }
}
