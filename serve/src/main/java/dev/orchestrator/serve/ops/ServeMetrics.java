package dev.orchestrator.serve.ops;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.micrometer.OrchestratorMetrics;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.LiveCatalog;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ConnectionCap;
import dev.orchestrator.serve.http.HeadTimeout;
import dev.orchestrator.serve.http.Workers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.binder.jetty.JettyConnectionMetrics;
import io.micrometer.core.instrument.binder.jetty.JettyServerThreadPoolMetrics;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.thread.ThreadPool;

/**
 * {@code GET /metrics} (ADR 0016): a Micrometer {@link PrometheusMeterRegistry} holding the
 * engine's series ({@link OrchestratorMetrics}), the server's own (catalog age and refresh
 * failures, budget refusals by client, access-log drops, request heads cut off, the connection
 * cap), JVM basics and Jetty's thread pool and connections; {@link #scrape()} renders the
 * Prometheus text format. Thread-safe.
 */
public final class ServeMetrics implements AutoCloseable {
  /** The Prometheus text format's content type. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private static final Set<String> LINT_FAILING = Set.of("process.cpu.time", "system.cpu.count");

  private static final MeterFilter PREFIX =
      new MeterFilter() {
        @Override
        public Meter.Id map(Meter.Id id) {
          return id.getName().startsWith("orchestrator.")
              ? id
              : id.withName("orchestrator." + id.getName());
        }
      };

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final OrchestratorMetrics engine;
  private final JvmGcMetrics gc = new JvmGcMetrics();

  /** The request counters, each registered once rather than looked up per request. */
  private final Map<FrontStatus, Counter> requests = new ConcurrentHashMap<>();

  /** A registry bound to {@code orchestrator}, with a budget-refusal series per client. */
  public ServeMetrics(
      TaskOrchestrator orchestrator, LiveCatalog catalog, List<ClientToken> clients) {
    // Two of Micrometer's processor meters break Prometheus naming rules (promtool lints
    // "process_cpu_time_ns_total" and "system_cpu_count"); the scrape stays lint-clean without
    // them.
    // Every name on /metrics starts with orchestrator_ (docs/reference.md §5), the JVM's, Jetty's
    // and the GenAI conventions' series too: orchestrator_jvm_memory_used_bytes,
    // orchestrator_gen_ai_client_token_usage. Micrometer maps before it filters, so the denial
    // reads the prefixed names.
    registry.config().meterFilter(PREFIX);
    registry
        .config()
        .meterFilter(
            MeterFilter.deny(
                id -> LINT_FAILING.contains(id.getName().substring("orchestrator.".length()))));
    this.engine = OrchestratorMetrics.bindWithFrontLabel(orchestrator, registry);
    new ClassLoaderMetrics().bindTo(registry);
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    Gauge.builder("orchestrator.catalog.age", catalog, c -> c.age().toMillis() / 1000.0)
        .description("Age of the oldest catalog source copy in service")
        .baseUnit("seconds")
        .strongReference(true)
        .register(registry);
    Gauge.builder("orchestrator.catalog.routes", orchestrator, o -> o.catalog().routes().size())
        .description("Routes in the catalog in service")
        .strongReference(true)
        .register(registry);
    Gauge.builder("orchestrator.catalog.refresh.failures", catalog, LiveCatalog::failures)
        .description("Failed catalog fetches and merges since start-up")
        .strongReference(true)
        .register(registry);
    Gauge.builder(
            "orchestrator.health.store.degraded",
            orchestrator,
            o -> o.health().status().degraded() ? 1 : 0)
        .description("1 while a shared health store works on local health only")
        .strongReference(true)
        .register(registry);
    for (ClientToken c : clients) {
      refusals(c.name());
    }
  }

  /**
   * Adds Jetty's thread-pool and connection series for {@code server}, and those of the beans that
   * guard its connections: a {@link ConnectionCap} of the server's, a {@link HeadTimeout} of a
   * connector's.
   */
  public void bindJetty(Server server) {
    ThreadPool pool = server.getThreadPool();
    new JettyServerThreadPoolMetrics(pool, List.of()).bindTo(registry);
    JettyConnectionMetrics.addToAllConnectors(server, registry);
    ConnectionCap cap = server.getBean(ConnectionCap.class);
    if (cap != null) {
      bindConnectionCap(cap);
    }
    for (Connector c : server.getConnectors()) {
      HeadTimeout heads = c.getBean(HeadTimeout.class);
      if (heads != null) {
        bindHeadTimeout(heads);
        break; // one series: serve has one connector
      }
    }
  }

  private void bindConnectionCap(ConnectionCap cap) {
    Gauge.builder("orchestrator.serve.connection.limit", cap, ConnectionCap::max)
        .description("Client connections held at once at most (--max-connections)")
        .strongReference(true)
        .register(registry);
    FunctionCounter.builder(
            "orchestrator.serve.connection.limit.reached", cap, ConnectionCap::reached)
        .description(
            "Times the server came to hold --max-connections connections and stopped accepting;"
                + " further connections wait in the accept queue")
        .register(registry);
    FunctionCounter.builder(
            "orchestrator.serve.connection.limit.refused", cap, ConnectionCap::refused)
        .description("Connections accepted past --max-connections all the same, and closed at once")
        .register(registry);
  }

  private void bindHeadTimeout(HeadTimeout heads) {
    String name = "orchestrator.serve.head.timeouts";
    String description =
        "Connections cut off by the request-head timeout: head=partial, a head begun and not whole"
            + " in time (answered 408); head=none, a new connection that sent nothing (closed)";
    FunctionCounter.builder(name, heads, HeadTimeout::partialHeads)
        .description(description)
        .tag("head", "partial")
        .register(registry);
    FunctionCounter.builder(name, heads, HeadTimeout::silentConnections)
        .description(description)
        .tag("head", "none")
        .register(registry);
  }

  /**
   * Adds the series of the places that run the fronts' requests: {@code
   * orchestrator.serve.workers.busy}, the requests running, and {@code
   * orchestrator.serve.workers.waiting}, those waiting for a place.
   */
  public void bindWorkers(Workers workers) {
    Gauge.builder("orchestrator.serve.workers.busy", workers, Workers::busy)
        .description("Requests of the fronts running now, at most --threads")
        .strongReference(true)
        .register(registry);
    Gauge.builder("orchestrator.serve.workers.waiting", workers, Workers::waiting)
        .description("Requests of the fronts waiting for one of the --threads places")
        .strongReference(true)
        .register(registry);
  }

  /**
   * Adds the load limit's series: how many requests run at once (the orchestrator's {@code limit},
   * at most the {@code workers}) and the requests waiting for a place under it.
   */
  public void bindLoadLimit(LoadLimit limit, int workers) {
    Gauge.builder("orchestrator.serve.concurrency.limit", limit, l -> Math.min(workers, l.limit()))
        .description(
            "Requests run at once; below the worker count while the process is short of CPU")
        .strongReference(true)
        .register(registry);
    Gauge.builder("orchestrator.serve.queued", limit, LoadLimit::waiting)
        .description("Requests waiting for a place under the concurrency limit")
        .strongReference(true)
        .register(registry);
  }

  /** Adds the access log's series: lines dropped because its writer fell behind. */
  public void bindAccessLog(AccessLog log) {
    FunctionCounter.builder("orchestrator.access.log.dropped", log, AccessLog::dropped)
        .description("Access-log lines dropped because the writer fell behind")
        .register(registry);
  }

  /**
   * Records the time to the first streamed byte of a request of {@code front} for {@code model}.
   */
  public void timeToFirstToken(String front, String model, Duration d) {
    engine.recordTimeToFirstToken(front, model, d);
  }

  /**
   * Counts one answered request of {@code front} ({@code chat}, {@code messages} or {@code
   * responses}) by its HTTP status.
   */
  public void request(String front, int status) {
    requests.computeIfAbsent(new FrontStatus(front, status), this::requests).increment();
  }

  /**
   * One series of {@code orchestrator.serve.requests}; hashCode and equals written out, as a
   * record's own go through method handles on every request.
   */
  private record FrontStatus(String front, int status) {
    @Override
    public int hashCode() {
      return front.hashCode() * 31 + status;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof FrontStatus k && status == k.status && front.equals(k.front);
    }
  }

  private Counter requests(FrontStatus key) {
    return Counter.builder("orchestrator.serve.requests")
        .description("Requests answered by serve, by front and HTTP status")
        .tag("front", key.front())
        .tag("status", Integer.toString(key.status()))
        .register(registry);
  }

  /**
   * Runs {@code call}, which runs one request on the orchestrator, with {@code front} as the {@code
   * front} label of the engine's request series.
   */
  public <T> T inFront(String front, Supplier<T> call) {
    return engine.inFront(front, call);
  }

  /**
   * Counts a request of {@code front} for {@code model} refused before it ran, with its error
   * {@code code} as the outcome ({@code budget_exceeded}, {@code model_not_allowed}), {@code
   * elapsed} after it arrived; a budget refusal also counts for its {@code client}.
   */
  public void refused(String front, String client, String model, String code, Duration elapsed) {
    engine.refused(front, model, code, elapsed);
    if ("budget_exceeded".equals(code)) {
      refusals(client).increment();
    }
  }

  private Counter refusals(String client) {
    return Counter.builder("orchestrator.budget.refused")
        .description("Requests refused with budget_exceeded, by client name")
        .tag("client", client)
        .register(registry);
  }

  /** The registry, for embedding applications that add their own meters. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /**
   * The Prometheus text format; the breaker and cool-down gauges cover every route the health store
   * marks, learnt from a fleet or not.
   */
  public String scrape() {
    engine.gaugeMarkedRoutes();
    return registry.scrape();
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
