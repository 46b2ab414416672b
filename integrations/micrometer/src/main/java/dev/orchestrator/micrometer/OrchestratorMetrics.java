package dev.orchestrator.micrometer;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.plan.RoutePlanner;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Records what an orchestrator does on a Micrometer {@link MeterRegistry}. In the Prometheus format
 * the series are:
 *
 * <table>
 *   <caption>series</caption>
 *   <tr><th>series</th><th>labels</th><th>what</th></tr>
 *   <tr><td>{@code orchestrator_requests_total}</td><td>model, outcome (and front)</td>
 *       <td>finished requests; outcome {@code success}, the error type ({@code
 *       candidates_exhausted}, {@code stream_interrupted}…; {@value #MODEL_NOT_FOUND} for a model
 *       the catalog does not know), or the code of a request refused before it ran ({@link
 *       #refused})</td></tr>
 *   <tr><td>{@code orchestrator_request_duration_seconds}</td><td>model, outcome (and front)</td>
 *       <td>histogram of the whole request: every attempt, backoff and failover</td></tr>
 *   <tr><td>{@code orchestrator_time_to_first_token_seconds}</td><td>model (and front)</td>
 *       <td>histogram, fed by {@link #recordTimeToFirstToken} (the caller sees the first byte)</td></tr>
 *   <tr><td>{@code orchestrator_attempts_total}</td><td>route, category, decision</td>
 *       <td>attempts; category {@code none} on success</td></tr>
 *   <tr><td>{@code orchestrator_retries_total}</td><td></td>
 *       <td>same-route retries, each taken from the retry budget</td></tr>
 *   <tr><td>{@code orchestrator_panic_requests_total}</td><td></td>
 *       <td>finished requests that ran in panic mode ({@link Trace#panic()})</td></tr>
 *   <tr><td>{@code orchestrator_cost_usd_total}</td><td>route</td>
 *       <td>the serving routes' cost ({@link ChatResult#costUsd()})</td></tr>
 *   <tr><td>{@code orchestrator_cost_unknown_total}</td><td>route</td>
 *       <td>answers whose cost is unknown (a price or the usage missing)</td></tr>
 *   <tr><td>{@code orchestrator_breaker_open}</td><td>route</td>
 *       <td>1 while the route's breaker is open or half-open, else 0</td></tr>
 *   <tr><td>{@code orchestrator_route_cooldown_seconds}</td><td>route</td>
 *       <td>what is left of the route's cooldown, 0 when none</td></tr>
 *   <tr><td>{@code orchestrator_load_limit}</td><td></td>
 *       <td>requests the orchestrator's {@link LoadLimit} lets run at once: {@code +Inf} until the
 *       process is overloaded (not registered for {@link LoadLimit#off()})</td></tr>
 *   <tr><td>{@code orchestrator_load_running}, {@code orchestrator_load_waiting}</td><td></td>
 *       <td>requests holding a place under the load limit, and those waiting for one</td></tr>
 *   <tr><td>{@code gen_ai_client_operation_duration_seconds}</td><td>gen_ai.operation.name,
 *       gen_ai.provider.name, gen_ai.request.model, gen_ai.response.model, error.type</td>
 *       <td>histogram of the whole request, under the OpenTelemetry GenAI semantic conventions'
 *       name and attributes: the provider and model of the serving route ({@code none} when no
 *       route answered), {@code error.type} the outcome's error or {@code none}</td></tr>
 *   <tr><td>{@code gen_ai_client_token_usage}</td><td>gen_ai.token.type (input, output) and the
 *       four above but {@code error.type}</td>
 *       <td>tokens of each answer whose upstream reported usage (a distribution: {@code _count},
 *       {@code _sum}); an answer without usage is no sample</td></tr>
 * </table>
 *
 * <p>The {@code gen_ai_*} series let dashboards built for Spring AI's and LangChain4j's GenAI
 * metrics read the orchestrator unchanged; where a framework's own chat-model observation also
 * records them for the same call (Spring AI's {@code ChatModel} observation), bind this listener to
 * another registry or filter one of the two.
 *
 * <p>Label values are bounded: {@code model} is {@code orchestrator/free}, {@code
 * orchestrator/auto}, a catalog pool or a catalog route id, and {@code other} for anything else (a
 * caller's typo never becomes a series); {@code route} is always a catalog route; categories,
 * decisions and outcomes are closed enums. Route gauges are registered the first time a route is
 * attempted, or by {@link #gaugeMarkedRoutes()} once the health store marks it (a state a fleet's
 * store learnt from another process): a route in the default state costs no series.
 *
 * <p>Bound with {@link #bindWithFrontLabel}, the two request series and the time to first token
 * carry a {@code front} label as well: the front a request came through ({@link #inFront}), {@code
 * none} outside any.
 *
 * <pre>{@code
 * TaskOrchestrator orchestrator = TaskOrchestrator.builder()...build();
 * OrchestratorMetrics.bind(orchestrator, meterRegistry);
 * }</pre>
 *
 * <p>Thread-safe; every event costs a few map look-ups: each meter is built and registered once per
 * label set and then kept (registering again on every event rebuilt and sorted its tags each time).
 * A meter removed from the registry by its owner stays detached for this listener.
 */
public final class OrchestratorMetrics implements OrchestratorListener {
  /** The {@code model} label of a model name the catalog does not know. */
  public static final String OTHER = "other";

  /**
   * The {@code outcome} of a request for a model the catalog does not know: the engine's {@link
   * OrchestratorException.Type#MODEL_NOT_FOUND}, as {@code serve}'s {@code 404} and access log call
   * it.
   */
  public static final String MODEL_NOT_FOUND = "model_not_found";

  private static final Duration[] LATENCY_BUCKETS = {
    Duration.ofMillis(100),
    Duration.ofMillis(250),
    Duration.ofMillis(500),
    Duration.ofSeconds(1),
    Duration.ofMillis(2500),
    Duration.ofSeconds(5),
    Duration.ofSeconds(10),
    Duration.ofSeconds(30),
    Duration.ofSeconds(60),
    Duration.ofSeconds(120),
    Duration.ofSeconds(300)
  };

  private final TaskOrchestrator orchestrator;
  private final MeterRegistry registry;
  // Whether the request series carry `front`, and the front of the request on this thread.
  private final boolean frontLabel;
  private final ThreadLocal<String> front = new ThreadLocal<>();
  private final Counter retries;
  private final Counter panics;
  private final Set<String> gaugedRoutes = ConcurrentHashMap.newKeySet();
  private final Map<AttemptKey, Counter> attempts = new ConcurrentHashMap<>();
  private final Map<OutcomeKey, RequestMeters> requests = new ConcurrentHashMap<>();
  private final Map<String, Counter> costs = new ConcurrentHashMap<>();
  private final Map<String, Counter> unknownCosts = new ConcurrentHashMap<>();
  private final Map<FirstTokenKey, Timer> timesToFirstToken = new ConcurrentHashMap<>();
  private final Map<GenAiKey, GenAiMeters> genAi = new ConcurrentHashMap<>();

  // The keys of the meter maps are looked up on every event. Their hashCode and equals are written
  // out: a record's own go through method handles, which cost more than the map look-up itself
  // (docs/benchmarks.md §2).

  private record AttemptKey(String route, String category, String decision) {
    @Override
    public int hashCode() {
      return (route.hashCode() * 31 + category.hashCode()) * 31 + decision.hashCode();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof AttemptKey k
          && route.equals(k.route)
          && category.equals(k.category)
          && decision.equals(k.decision);
    }
  }

  /** A time-to-first-token series' labels; {@code front} is {@code null} without the label. */
  private record FirstTokenKey(String front, String model) {
    @Override
    public int hashCode() {
      return Objects.hashCode(front) * 31 + model.hashCode();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof FirstTokenKey k
          && Objects.equals(front, k.front)
          && model.equals(k.model);
    }
  }

  /** The GenAI semantic conventions' attributes of one request. */
  private record GenAiKey(
      String provider, String requestModel, String responseModel, String error) {
    @Override
    public int hashCode() {
      return ((provider.hashCode() * 31 + requestModel.hashCode()) * 31 + responseModel.hashCode())
              * 31
          + error.hashCode();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof GenAiKey k
          && provider.equals(k.provider)
          && requestModel.equals(k.requestModel)
          && responseModel.equals(k.responseModel)
          && error.equals(k.error);
    }
  }

  /** The value of a GenAI attribute that does not apply (no serving route, no error). */
  private static final String NONE = "none";

  /** A request series' labels; {@code front} is {@code null} without the front label. */
  private record OutcomeKey(String front, String model, String outcome) {
    @Override
    public int hashCode() {
      return (Objects.hashCode(front) * 31 + model.hashCode()) * 31 + outcome.hashCode();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof OutcomeKey k
          && Objects.equals(front, k.front)
          && model.equals(k.model)
          && outcome.equals(k.outcome);
    }
  }

  /** The two series of one request label set, found by one look-up. */
  private record RequestMeters(Counter requests, Timer duration) {}

  /**
   * The GenAI series of one attribute set: the duration, and the token counts once an answer of
   * that set reported usage (made then, so that a set without usage has no token series).
   */
  private static final class GenAiMeters {
    final GenAiKey key;
    final Timer duration;
    volatile DistributionSummary[] tokens;

    GenAiMeters(GenAiKey key, Timer duration) {
      this.key = key;
      this.duration = duration;
    }
  }

  private OrchestratorMetrics(
      TaskOrchestrator orchestrator, MeterRegistry registry, boolean frontLabel) {
    this.orchestrator = orchestrator;
    this.registry = registry;
    this.frontLabel = frontLabel;
    this.retries =
        Counter.builder("orchestrator.retries")
            .description("Same-route retries, each taken from the retry budget")
            .register(registry);
    this.panics =
        Counter.builder("orchestrator.panic.requests")
            .description("Finished requests that ran in panic mode (too few candidates healthy)")
            .register(registry);
    LoadLimit load = orchestrator.loadLimit();
    if (load.isOn()) {
      Gauge.builder("orchestrator.load.limit", load, OrchestratorMetrics::limit)
          .description("Requests the load limit lets run at once; +Inf until overload lowers it")
          .strongReference(true)
          .register(registry);
      Gauge.builder("orchestrator.load.running", load, LoadLimit::running)
          .description("Requests holding a place under the load limit")
          .strongReference(true)
          .register(registry);
      Gauge.builder("orchestrator.load.waiting", load, LoadLimit::waiting)
          .description("Requests waiting for a place under the load limit")
          .strongReference(true)
          .register(registry);
    }
  }

  private static double limit(LoadLimit load) {
    int limit = load.limit();
    return limit == LoadLimit.UNBOUNDED ? Double.POSITIVE_INFINITY : limit;
  }

  /**
   * Creates the metrics for {@code orchestrator} on {@code registry} and registers them as one of
   * its listeners.
   */
  public static OrchestratorMetrics bind(TaskOrchestrator orchestrator, MeterRegistry registry) {
    return bind(orchestrator, registry, false);
  }

  /**
   * As {@link #bind}, with a {@code front} label on {@code orchestrator_requests_total}, {@code
   * orchestrator_request_duration_seconds} and {@code orchestrator_time_to_first_token_seconds}:
   * the front a request came through, named by {@link #inFront} around the call that runs it — what
   * a server with several fronts (the chat, Messages and Responses fronts of {@code serve}) binds.
   */
  public static OrchestratorMetrics bindWithFrontLabel(
      TaskOrchestrator orchestrator, MeterRegistry registry) {
    return bind(orchestrator, registry, true);
  }

  private static OrchestratorMetrics bind(
      TaskOrchestrator orchestrator, MeterRegistry registry, boolean frontLabel) {
    OrchestratorMetrics m =
        new OrchestratorMetrics(
            Objects.requireNonNull(orchestrator, "orchestrator"),
            Objects.requireNonNull(registry, "registry"),
            frontLabel);
    orchestrator.addListener(m);
    return m;
  }

  /**
   * Runs {@code call} on this thread with {@code frontName} as the {@code front} label of the
   * requests it finishes (the orchestrator tells its listeners on the caller's thread), and returns
   * what it returns. Without the front label it just runs {@code call}.
   */
  public <T> T inFront(String frontName, Supplier<T> call) {
    Objects.requireNonNull(frontName, "frontName");
    String outer = front.get();
    front.set(frontName);
    try {
      return call.get();
    } finally {
      if (outer == null) {
        front.remove();
      } else {
        front.set(outer);
      }
    }
  }

  /**
   * Counts a request refused before the orchestrator ran it — a client's budget spent, a model
   * outside its allow-list — as finished with {@code outcome} (the refusal's error code, such as
   * {@code budget_exceeded}) after {@code elapsed}; {@code frontName} is its front (ignored without
   * the front label).
   */
  public void refused(String frontName, String model, String outcome, Duration elapsed) {
    Objects.requireNonNull(outcome, "outcome");
    count(new OutcomeKey(frontLabel ? frontName : null, modelLabel(model), outcome), elapsed);
  }

  /**
   * Registers the breaker and cool-down gauges of every catalog route the health store marks open,
   * cooling down or refused for its account that has none yet — state a fleet's store learnt from
   * other processes included, for routes this process never tried. Call it before a scrape ({@code
   * serve} does at every {@code GET /metrics}); a gauge, once there, stays.
   */
  public void gaugeMarkedRoutes() {
    Catalog c = orchestrator.catalog();
    for (Map.Entry<String, HealthMark> e : orchestrator.health().marks().entrySet()) {
      if (e.getValue().condition() != RouteCondition.RETIRED
          && !gaugedRoutes.contains(e.getKey())
          && c.route(e.getKey()).isPresent()) {
        gauge(e.getKey());
      }
    }
  }

  /**
   * The bounded {@code model} label for a requested model name: the name itself when it is a
   * virtual model, a pool or a route of the current catalog, otherwise {@value #OTHER}.
   */
  public String modelLabel(String model) {
    if (model == null) {
      return OTHER;
    }
    if (model.equals(RoutePlanner.FREE) || model.equals(RoutePlanner.AUTO)) {
      return model;
    }
    Catalog c = orchestrator.catalog();
    return c.pool(model).isPresent() || c.route(model).isPresent() ? model : OTHER;
  }

  /**
   * Records the time from a request's arrival to the first byte of its streamed answer, with the
   * front named by an enclosing {@link #inFront} (if any) as its {@code front} label.
   */
  public void recordTimeToFirstToken(String model, Duration ttft) {
    recordTimeToFirstToken(Objects.requireNonNullElse(front.get(), NONE), model, ttft);
  }

  /**
   * Records the time from a request's arrival to the first byte of its streamed answer, for a
   * request that came through {@code frontName} (ignored without the front label): what a server
   * records once the stream has ended, outside the {@link #inFront} call that ran it.
   */
  public void recordTimeToFirstToken(String frontName, String model, Duration ttft) {
    Objects.requireNonNull(frontName, "frontName");
    timesToFirstToken
        .computeIfAbsent(
            new FirstTokenKey(frontLabel ? frontName : null, modelLabel(model)),
            k ->
                Timer.builder("orchestrator.time.to.first.token")
                    .description("Time from the request's arrival to the first streamed byte")
                    .tags(withFront(Tags.of("model", k.model()), k.front()))
                    .serviceLevelObjectives(LATENCY_BUCKETS)
                    .register(registry))
        .record(ttft);
  }

  @Override
  public void onAttempt(String model, AttemptRecord a) {
    gauge(a.route());
    AttemptKey key =
        new AttemptKey(
            a.route(),
            a.category() == null ? "none" : a.category().wireName(),
            a.decision().wireName());
    attempts
        .computeIfAbsent(
            key,
            k ->
                Counter.builder("orchestrator.attempts")
                    .description("Attempts, by route, failure category and the engine's decision")
                    .tag("route", k.route())
                    .tag("category", k.category())
                    .tag("decision", k.decision())
                    .register(registry))
        .increment();
    if (a.decision() == Decision.RETRY_SAME_ROUTE) {
      retries.increment();
    }
  }

  @Override
  public void onSuccess(ChatResult result) {
    Trace t = result.trace();
    String model = requestedModel(t);
    finished(t, model, "success");
    GenAiMeters meters = genAi(genAiKey(model, result.route(), NONE), t);
    Usage usage = result.response().usage();
    if (!usage.isNone()) {
      // An answer whose upstream reported no usage is no sample: zero tokens would be made up.
      DistributionSummary[] tokens = tokens(meters);
      tokens[0].record(usage.promptTokens());
      tokens[1].record(usage.completionTokens());
    }
    BigDecimal cost = result.costUsd();
    if (cost == null) {
      unknownCosts
          .computeIfAbsent(
              result.route(),
              route ->
                  Counter.builder("orchestrator.cost.unknown")
                      .description("Answers whose cost is unknown (a price or the usage missing)")
                      .tag("route", route)
                      .register(registry))
          .increment();
    } else {
      costs
          .computeIfAbsent(
              result.route(),
              route ->
                  Counter.builder("orchestrator.cost.usd")
                      .description("Cost of the serving routes' answers in USD")
                      .tag("route", route)
                      .register(registry))
          .increment(cost.doubleValue());
    }
  }

  @Override
  public void onFailure(OrchestratorException error) {
    String outcome = error.type().wireName();
    String model = requestedModel(error.trace());
    finished(error.trace(), model, outcome);
    genAi(genAiKey(model, null, outcome), error.trace());
  }

  /** The {@code model} label of a finished request: the model its plan was asked for. */
  private String requestedModel(Trace t) {
    return modelLabel(t == null || t.plan() == null ? null : t.plan().model());
  }

  /** The GenAI attributes of a request for {@code requested} that {@code route} served, or none. */
  private GenAiKey genAiKey(String requested, String route, String error) {
    Route r = route == null ? null : orchestrator.catalog().route(route).orElse(null);
    return r == null
        ? new GenAiKey(NONE, requested, NONE, error)
        : new GenAiKey(r.provider(), requested, r.model(), error);
  }

  /** Records the request's duration under {@code key}; returns that set's meters. */
  private GenAiMeters genAi(GenAiKey key, Trace t) {
    GenAiMeters m =
        genAi.computeIfAbsent(
            key,
            k ->
                new GenAiMeters(
                    k,
                    Timer.builder("gen_ai.client.operation.duration")
                        .description("GenAI operation duration (OpenTelemetry GenAI conventions)")
                        .tags(genAiTags(k))
                        .tag("error.type", k.error())
                        .serviceLevelObjectives(LATENCY_BUCKETS)
                        .register(registry)));
    m.duration.record(t == null ? Duration.ZERO : t.elapsed());
    return m;
  }

  /** The token series of {@code m}'s attribute set, made at the first answer with usage. */
  private DistributionSummary[] tokens(GenAiMeters m) {
    DistributionSummary[] s = m.tokens;
    if (s == null) {
      // Registering twice returns the same meters: a race here makes no second series.
      s = tokenSummaries(m.key);
      m.tokens = s;
    }
    return s;
  }

  private DistributionSummary[] tokenSummaries(GenAiKey k) {
    DistributionSummary[] s = new DistributionSummary[2];
    String[] types = {"input", "output"};
    for (int i = 0; i < 2; i++) {
      s[i] =
          DistributionSummary.builder("gen_ai.client.token.usage")
              .description("Tokens used per answer (OpenTelemetry GenAI conventions)")
              .tags(genAiTags(k))
              .tag("gen_ai.token.type", types[i])
              .register(registry);
    }
    return s;
  }

  private static Tags genAiTags(GenAiKey k) {
    return Tags.of(
        "gen_ai.operation.name", "chat",
        "gen_ai.provider.name", k.provider(),
        "gen_ai.request.model", k.requestModel(),
        "gen_ai.response.model", k.responseModel());
  }

  /** Counts a finished request for {@code model} (its label) with {@code outcome}. */
  private void finished(Trace t, String model, String outcome) {
    if (t != null && t.panic()) {
      panics.increment();
    }
    String f = frontLabel ? Objects.requireNonNullElse(front.get(), NONE) : null;
    count(new OutcomeKey(f, model, outcome), t == null ? Duration.ZERO : t.elapsed());
  }

  private void count(OutcomeKey key, Duration elapsed) {
    RequestMeters m =
        requests.computeIfAbsent(
            key,
            k ->
                new RequestMeters(
                    Counter.builder("orchestrator.requests")
                        .description("Finished requests, by requested model and outcome")
                        .tags(outcomeTags(k))
                        .register(registry),
                    Timer.builder("orchestrator.request.duration")
                        .description("Whole-request latency: every attempt, backoff and failover")
                        .tags(outcomeTags(k))
                        .serviceLevelObjectives(LATENCY_BUCKETS)
                        .register(registry)));
    m.requests().increment();
    m.duration().record(elapsed);
  }

  private static Tags outcomeTags(OutcomeKey k) {
    return withFront(Tags.of("model", k.model(), "outcome", k.outcome()), k.front());
  }

  /** {@code tags} with the {@code front} label, when the series carry it ({@code front} set). */
  private static Tags withFront(Tags tags, String front) {
    return front == null ? tags : tags.and("front", front);
  }

  private void gauge(String route) {
    if (!gaugedRoutes.add(route)) {
      return;
    }
    HealthStore health = orchestrator.health();
    Gauge.builder(
            "orchestrator.breaker.open",
            health,
            h -> h.breaker(route) == BreakerState.CLOSED ? 0 : 1)
        .description("1 while the route's circuit breaker is open or half-open")
        .tag("route", route)
        .strongReference(true)
        .register(registry);
    Gauge.builder(
            "orchestrator.route.cooldown", health, h -> h.cooldownRemaining(route).toNanos() / 1e9)
        .description("What is left of the route's cooldown")
        .baseUnit("seconds")
        .tag("route", route)
        .strongReference(true)
        .register(registry);
  }
}
