package dev.orchestrator.serve;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.serve.budget.BudgetGate;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.ConnectionCap;
import dev.orchestrator.serve.http.DisconnectWatch;
import dev.orchestrator.serve.http.HeadTimeout;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.ProtocolErrors;
import dev.orchestrator.serve.http.Responses;
import dev.orchestrator.serve.http.Workers;
import dev.orchestrator.serve.ops.CredentialReport;
import dev.orchestrator.serve.ops.Readiness;
import dev.orchestrator.serve.ops.ServeMetrics;
import dev.orchestrator.serve.responses.LocalResponseStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The engine behind the OpenAI wire formats (docs/reference.md §5): {@code POST
 * /v1/chat/completions} and {@code POST /v1/responses} (JSON and SSE), {@code GET}/{@code DELETE
 * /v1/responses/{id}}, {@code GET /v1/models}, {@code GET /healthz}, {@code GET /readyz} and {@code
 * GET /metrics}. One {@link TaskOrchestrator} serves every request, so route health (breakers,
 * cooldowns) and the retry budget are shared across requests.
 *
 * <pre>{@code
 * try (OrchestratorServer server = OrchestratorServer.builder()
 *     .catalog(catalog)
 *     .options(ServerOptions.builder().port(8080).build())
 *     .start()) {
 *   server.awaitShutdown();
 * }
 * }</pre>
 *
 * <p>This class only wires the parts: {@link RequestRouter} (which endpoint), {@link Authenticator}
 * (who is calling), {@link BudgetGate} with its {@link SpendStore} (allow-lists and spend), {@link
 * Dispatch} (the path every front shares), {@link Readiness}, {@link ServeMetrics}, {@link
 * LiveCatalog} (refreshed on a timer) and {@link AccessLog}. Built on Jetty 12's core API (ADR
 * 0011): {@link ServerOptions#threads()} places ({@link Workers}) where a front's request holds a
 * thread while its upstream answers — the thread that read its body when it came with the head,
 * else a queue thread (ADR 0059) — beside the threads of Jetty's own pool that read request bodies
 * and answer what needs no place ({@code /healthz}, {@code /readyz}, {@code /metrics}, {@code
 * /v1/models}, refusals) even while every place waits; the access log is written by one background
 * thread. Thread-safe.
 */
public final class OrchestratorServer implements AutoCloseable {
  /** Jetty logs through SLF4J to java.util.logging; its start-up INFO lines are noise here. */
  private static final Logger JETTY_LOG = Logger.getLogger("org.eclipse.jetty");

  static {
    if (JETTY_LOG.getLevel() == null) {
      JETTY_LOG.setLevel(Level.WARNING);
    }
  }

  /**
   * Threads of Jetty's pool beyond the places, its acceptors, selectors and reserved threads: what
   * answers {@code /healthz}, {@code /readyz}, {@code /metrics} and refusals while every place is
   * held.
   */
  static final int JETTY_THREADS = 6;

  /** The most threads Jetty keeps reserved for running a task at once (one per core below it). */
  private static final int RESERVED_THREADS_MAX = 8;

  private final TaskOrchestrator orchestrator;
  private final Dispatch dispatch;
  private final ServerOptions options;
  private final LiveCatalog catalog;
  private final RequestRouter router;
  private final Readiness readiness;
  private final ServeMetrics metrics;
  private final Server http;
  private final int port;
  // The errors: rules of the catalog in force, read by the server-built clients at each failure.
  private final AtomicReference<List<ErrorRule>> errorRules;
  private final ScheduledExecutorService refresher;
  // The places of the requests a front runs (ServerOptions#threads): Jetty's pool keeps threads
  // beyond them, so a server whose every place waits on an upstream still answers /healthz,
  // /readyz and refusals at once.
  private final Workers workers;
  private final AccessLog accessLog;
  private final SpendStore spend;
  private final boolean ownsSpend;
  private final ResponseStore responseStore;

  /** Cancels a whole answer's upstream work when its client goes away (issue #30). */
  private final DisconnectWatch disconnects = DisconnectWatch.start();

  // Requests in flight, with the sign bit set once draining: a request is admitted and counted in
  // one step, so one counted before close() is never refused, and none is admitted after it.
  private final AtomicInteger admissions = new AtomicInteger();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CountDownLatch terminated = new CountDownLatch(1);

  private OrchestratorServer(Builder b) throws IOException {
    this.options = b.options;
    Catalog fixed = b.orchestrator != null ? b.orchestrator.catalog() : b.catalog;
    this.catalog = b.liveCatalog != null ? b.liveCatalog : LiveCatalog.fixed(fixed, b.clock);
    this.errorRules = new AtomicReference<>(catalog.current().errorRules());
    this.orchestrator =
        b.orchestrator != null ? b.orchestrator : orchestrator(b, catalog.current(), errorRules);
    if (b.orchestrator != null && b.liveCatalog != null) {
      orchestrator.updateCatalog(catalog.current());
    }
    if (options.streamContinuation() && !orchestrator.policy().streamContinuation()) {
      throw new IllegalArgumentException(
          "options.streamContinuation: true, but the orchestrator's policy has it off (expected:"
              + " OrchestratorPolicy.builder().streamContinuation(true))");
    }
    // First of what the server holds: a spend file another process holds stops it here.
    this.ownsSpend = b.spendStore == null;
    this.spend = spendStore(b);
    catalog.onChange(this::updateCatalog);
    this.metrics = new ServeMetrics(orchestrator, catalog, options.clients());
    this.accessLog = AccessLog.to(options.accessLog());
    metrics.bindAccessLog(accessLog);
    // Its own thread: a refresh may take seconds (3 attempts, a large source parsed).
    this.refresher =
        Executors.newSingleThreadScheduledExecutor(daemon("orchestrator-serve-catalog-"));
    this.responseStore =
        b.responseStore != null
            ? b.responseStore
            : LocalResponseStore.create(
                options.responsesMaxEntries(),
                options.responsesMaxBytes(),
                options.responsesTtl(),
                b.clock);
    this.readiness =
        new Readiness(
            orchestrator,
            catalog,
            options.maxCatalogAge(),
            options.readyzIgnoresHealthStore(),
            this::draining,
            b.readinessChecks);
    this.http = jetty(options, orchestrator.policy().timeouts().deadline().toMillis());
    // A request queued for a place is answered at its deadline, on Jetty's own threads (ADR 0059).
    this.workers =
        new Workers(
            options.threads(),
            daemon("orchestrator-serve-worker-"),
            http.getScheduler(),
            http.getThreadPool());
    // The orchestrator's own load limit (ADR 0058): at most --threads of it run at once here.
    metrics.bindLoadLimit(orchestrator.loadLimit(), options.threads());
    this.dispatch = new Dispatch(orchestrator, options, new BudgetGate(spend, b.clock), metrics);
    try {
      Authenticator authenticator = new Authenticator(options.clients());
      this.router =
          RequestRouter.of(
              authenticator,
              new Operations(
                  authenticator, readiness, metrics, this::inFlight, options.publicHealth()),
              dispatch,
              responseStore);
      metrics.bindJetty(http);
      metrics.bindWorkers(workers);
      http.start();
    } catch (Exception e) {
      refresher.shutdownNow();
      workers.shutdownNow();
      accessLog.close();
      metrics.close();
      stopQuietly(http);
      disconnects.close();
      closeSpend();
      throw e instanceof IOException ? (IOException) e : new IOException(e.getMessage(), e);
    }
    this.port = ((ServerConnector) http.getConnectors()[0]).getLocalPort();
    if (!catalog.sources().isEmpty()) {
      long every = options.refreshInterval().toMillis();
      refresher.scheduleWithFixedDelay(this::refreshCatalog, every, every, TimeUnit.MILLISECONDS);
    }
  }

  /** The orchestrator the builder describes: its clients, credentials, policy and settings. */
  private static TaskOrchestrator orchestrator(
      Builder b, Catalog catalog, AtomicReference<List<ErrorRule>> errorRules) {
    TaskOrchestrator.Builder ob =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(
                b.providers != null
                    ? b.providers
                    : HttpProviderClients.builder()
                        .credentials(b.credentials)
                        .errorRules(errorRules::get)
                        .build())
            // Continuation runs in the engine, which knows the plan's order and the deadline.
            .policy(
                b.options.streamContinuation()
                    ? b.policy.toBuilder().streamContinuation(true).build()
                    : b.policy);
    if (b.providers == null || b.credentialsGiven) {
      ob.credentials(b.credentials); // else the caller's clients' own credentials
    }
    if (b.configure != null) {
      b.configure.accept(ob);
    }
    return ob.build();
  }

  /**
   * The builder's store, else one in {@link ServerOptions#spendFile()} when a client has a budget
   * (it holds the file until {@link #close()}), else one in memory: without a budget nothing is
   * counted, and a process that counts nothing leaves the file to one that does.
   *
   * @throws java.io.UncheckedIOException when the file is unreadable or another process holds it
   */
  private static SpendStore spendStore(Builder b) {
    if (b.spendStore != null) {
      return b.spendStore;
    }
    Path file = b.options.spendFile();
    boolean budgets = b.options.clients().stream().anyMatch(ClientToken::budgeted);
    return file == null || !budgets ? LocalSpendStore.inMemory() : LocalSpendStore.open(file);
  }

  /** Closes the spend store the server opened itself (a builder's store is the caller's). */
  private void closeSpend() {
    if (ownsSpend) {
      spend.close();
    }
  }

  /**
   * The largest declared body of a request the server refuses that it reads (and drops) before
   * answering, so that the connection stays open: enough for any real request a client sends with a
   * mistyped token.
   */
  static final int REFUSED_BODY_READ_BYTES = 64 * 1024;

  /**
   * How long, at most, the server goes on reading and dropping a refused body after answering
   * before it closes the connection (nginx's {@code lingering_time} does the same): long enough for
   * a client to finish sending a body within the limit, short enough that a refused client holds
   * its connection only briefly.
   */
  static final Duration REFUSED_BODY_LINGER = Duration.ofSeconds(5);

  private Server jetty(ServerOptions options, long deadlineMs) {
    QueuedThreadPool pool =
        new QueuedThreadPool(
            options.threads() + JETTY_THREADS, Math.min(8, options.threads() + JETTY_THREADS));
    pool.setName("orchestrator-serve");
    pool.setDaemon(true);
    Server server = new Server(pool);
    HttpConfiguration config = new HttpConfiguration();
    config.setSendServerVersion(false);
    config.setSendXPoweredBy(false);
    ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(config));
    connector.setHost(options.host());
    connector.setPort(options.port());
    connector.setAcceptQueueSize(1024);
    // A request may wait silently for its upstream up to the deadline: never idle it out sooner.
    connector.setIdleTimeout(Math.max(30_000, deadlineMs + 10_000));
    server.addConnector(connector);
    // A front's request may hold the Jetty thread that read it (ADR 0059), and Jetty's acceptors,
    // selectors and reserved threads come out of the same pool, as many as the machine has cores
    // for: with every place held, JETTY_THREADS still answer /healthz, /readyz and refusals.
    int reserved = Math.min(RESERVED_THREADS_MAX, Runtime.getRuntime().availableProcessors());
    pool.setReservedThreads(reserved);
    pool.setMaxThreads(
        options.threads()
            + JETTY_THREADS
            + connector.getAcceptors()
            + connector.getSelectorManager().getSelectorCount()
            + reserved);
    // At the cap Jetty stops accepting: a further connection waits in the accept queue until one
    // closes, so that no number of clients can take every file descriptor (docs/reference.md §5).
    // Jetty's NetworkConnectionLimit, counting for /metrics how often the cap is reached.
    server.addBean(new ConnectionCap(options.maxConnections(), server));
    // Jetty's idle timeout restarts at every byte: a head trickled a byte at a time is bounded here
    // (ADR 0037).
    HeadTimeout heads = new HeadTimeout(options.headTimeout(), server.getScheduler());
    connector.addBean(heads);
    // Jetty's own refusals (unparseable requests, oversized headers) in the fronts' JSON shape.
    server.setErrorHandler(new ProtocolErrors());
    // A body is read before a worker takes the request, so a client trickling its body holds a
    // buffer, not a thread; past the body timeout it is a 408 (docs/reference.md §5). Only a body
    // a front will read is: a caller without a valid token is refused from the request head.
    Duration bodyDeadline = options.bodyTimeout();
    Duration refusedLinger =
        bodyDeadline.compareTo(REFUSED_BODY_LINGER) < 0 ? bodyDeadline : REFUSED_BODY_LINGER;
    // A client that takes no byte of its answer for this long is gone (docs/reference.md §5).
    Duration writeTimeout = options.writeTimeout();
    int bodyLimit = (int) Math.min(options.maxBodyBytes(), Integer.MAX_VALUE - 8);
    Duration queuedDeadline = orchestrator.policy().timeouts().deadline();
    server.setHandler(
        new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
          @Override
          public boolean handle(Request request, Response response, Callback exchange) {
            if (!heads.headArrived(request)) {
              exchange.failed(new HeadTimeout.Expired()); // given up already: the 408 is sent
              return true;
            }
            Callback callback = heads.untilNextHead(request, exchange);
            HttpCall call = new HttpCall(request, response, disconnects, writeTimeout);
            Runnable serve = answering(call, callback, false);
            long length = call.declaredLength(); // 0 for a GET: no body, nothing left unread
            if (length == 0) {
              serve.run(); // nothing to read, and the connection stays open for the next request
            } else if (length > bodyLimit
                || !OrchestratorServer.this.router.takesBody(
                    call.method(), call.path(), call::header)) {
              // Refused from its head (an oversized body; no valid token; another path or method),
              // and the body is never kept. Closing on a body in flight resets the connection and
              // the client, still sending, loses the answer: so a small declared body is read and
              // dropped first, and the connection stays open; any other is answered at once, with
              // Connection: close, and what the client still sends of it within the body limit is
              // read and dropped for a short while before the close.
              // A declared length past the limit is never read (ADR 0038), however small.
              if (length > 0 && length <= REFUSED_BODY_READ_BYTES && length <= bodyLimit) {
                call.discardBody(
                    REFUSED_BODY_READ_BYTES, bodyDeadline, server.getScheduler(), serve);
              } else {
                call.closeAfterAnswer();
                OrchestratorServer.this.handle(call);
                if (length > bodyLimit) {
                  call.complete(callback);
                } else {
                  call.discardBody(
                      bodyLimit,
                      refusedLinger,
                      server.getScheduler(),
                      () -> call.complete(callback));
                }
              }
            } else {
              // Only a front's request takes a place: what is answered from its head above runs on
              // Jetty's thread, quickly. A body that came with its head (read before readBody
              // returns) runs here when a place is free: no hand-off to another thread (ADR 0059).
              // A body refused (late, cut off, over the limit) is answered at once, in no place.
              // Queued, it is answered 504 at its deadline if no place is free by then.
              long deadline = call.beginNanos() + queuedDeadline.toNanos();
              Runnable expired = answering(call, callback, true);
              if (call.readBody(
                  bodyLimit,
                  bodyDeadline,
                  server.getScheduler(),
                  task -> workers.execute(task, deadline, expired),
                  server.getThreadPool(),
                  serve)) {
                if (call.bodyRefused()) {
                  serve.run();
                } else {
                  workers.runHereOrQueue(serve, deadline, expired);
                }
              }
            }
            return true;
          }
        });
    return server;
  }

  /**
   * What answers {@code call} on whichever thread runs it — the request, or with {@code expired}
   * the {@code 504} of a request whose deadline passed while it waited for a place — then completes
   * the exchange.
   */
  private Runnable answering(HttpCall call, Callback callback, boolean expired) {
    return () -> {
      try {
        handle(call, expired);
      } catch (Throwable t) {
        // What handle() does not catch (an Error): failed, as Jetty fails a handler that throws on
        // its own thread — a 500, or the connection broken off — and logged by Jetty; a queue
        // thread would otherwise die leaving no answer.
        callback.failed(t);
        return;
      }
      call.complete(callback);
    };
  }

  private void refreshCatalog() {
    try {
      catalog.refresh();
    } catch (RuntimeException e) {
      // A scheduled task that throws is never run again: log and keep the schedule.
      System.getLogger(OrchestratorServer.class.getName())
          .log(System.Logger.Level.WARNING, "catalog refresh failed: {0}", e.toString());
    }
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Jetty's server, for tests of how it is configured. */
  Server jettyServer() {
    return http;
  }

  /** The bound port (the chosen one when {@link ServerOptions#port()} was 0). */
  public int port() {
    return port;
  }

  /** The base URL an OpenAI client should use: {@code http://HOST:PORT/v1}. */
  public String baseUrl() {
    String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
    return "http://" + host + ":" + port() + "/v1";
  }

  /** The orchestrator serving every request (shared health, policy, listeners). */
  public TaskOrchestrator orchestrator() {
    return orchestrator;
  }

  /** The live catalog: its sources, age and {@link LiveCatalog#refresh()}. */
  public LiveCatalog catalog() {
    return catalog;
  }

  /** Where client spend is counted (the builder's store, or the local one). */
  public SpendStore spendStore() {
    return spend;
  }

  /** Where Responses-API responses are stored (the builder's store, or one in memory). */
  public ResponseStore responseStore() {
    return responseStore;
  }

  /** The registry behind {@code /metrics}, for an embedding application's own meters. */
  public MeterRegistry meterRegistry() {
    return metrics.registry();
  }

  /**
   * Which key variables would give {@code orchestrator/free} or {@code orchestrator/auto} a
   * candidate, when none has credentials now; empty when one has (for a start-up hint).
   */
  public List<String> missingKeyVariables() {
    CredentialReport r = readiness.credentials();
    return r.problem().isPresent() ? r.missingVariables() : List.of();
  }

  /** Requests being handled right now. */
  public int inFlight() {
    return admissions.get() & Integer.MAX_VALUE;
  }

  /**
   * Replaces the catalog, and the {@code errors:} rules the server-built clients classify with;
   * requests in flight keep the catalog they planned with.
   */
  public void updateCatalog(Catalog catalog) {
    errorRules.set(catalog.errorRules());
    orchestrator.updateCatalog(catalog);
  }

  /** Blocks until {@link #close()} has finished (from another thread or a shutdown hook). */
  public void awaitShutdown() throws InterruptedException {
    terminated.await();
  }

  /**
   * Stops gracefully: new requests get {@code 503}, in-flight ones get up to {@link
   * ServerOptions#shutdownGrace()} to finish, then the rest are cancelled and the port is closed.
   * Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    admissions.getAndUpdate(s -> s | Integer.MIN_VALUE);
    long deadline = System.nanoTime() + options.shutdownGrace().toNanos();
    try {
      // A request waiting for a place was received before the close: it is answered too (a 503
      // once a place frees) before the port closes.
      while (!drained() && System.nanoTime() - deadline < 0) {
        Thread.sleep(10);
      }
      if (!drained()) {
        dispatch.cancelAll();
        long hard = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (!drained() && System.nanoTime() - hard < 0) {
          Thread.sleep(10);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stopQuietly(http);
    workers.shutdownNow();
    disconnects.close();
    refresher.shutdownNow();
    accessLog.close();
    metrics.close();
    closeSpend();
    terminated.countDown();
  }

  @Override
  public String toString() {
    return "OrchestratorServer{" + baseUrl() + ", " + options + "}";
  }

  private static void stopQuietly(Server server) {
    try {
      server.stop();
    } catch (Exception ignored) {
      // closing anyway
    }
  }

  // ---- request handling

  private void handle(HttpCall ex) {
    handle(ex, false);
  }

  /**
   * Answers {@code ex}; with {@code expired}, a front's request whose deadline passed while it
   * waited for a place: {@code 504 deadline_exceeded} in its front's shape, never planned, counted
   * as the orchestrator counts a wait under its load limit that outlives the deadline.
   */
  private void handle(HttpCall ex, boolean expired) {
    String path = ex.path();
    AccessLog.Entry entry = new AccessLog.Entry(ex.method(), path, ex.beginNanos());
    if (!admit()) {
      entry.error = "shutting_down";
      Responses.error(
          ex,
          entry,
          ApiError.of(
                  503,
                  "service_unavailable_error",
                  "the server is shutting down",
                  null,
                  "shutting_down")
              .header("Connection", "close"));
      accessLog.log(entry);
      return;
    }
    try {
      if (expired) {
        String front = Objects.requireNonNullElse(Dispatch.front(path), "none");
        Duration deadline = orchestrator.policy().timeouts().deadline();
        metrics.refused(
            front,
            null,
            null,
            "deadline_exceeded",
            Duration.ofNanos(System.nanoTime() - ex.beginNanos()));
        router.expired(
            ex,
            entry,
            path,
            ApiError.of(
                504,
                "timeout_error",
                "deadline of "
                    + deadline.toMillis()
                    + " ms exceeded while waiting for a place: every one of the "
                    + options.threads()
                    + " places (--threads) was held",
                null,
                "deadline_exceeded"));
      } else {
        router.route(ex, entry, path);
      }
    } catch (ApiError e) {
      entry.error = e.code();
      Responses.error(ex, entry, e);
    } catch (RuntimeException e) {
      entry.error = "internal_error";
      Responses.error(ex, entry, ApiError.internal(e));
    } finally {
      admissions.decrementAndGet();
      String front = Dispatch.front(path);
      if (front != null) {
        metrics.request(front, entry.status);
      }
      accessLog.log(entry);
    }
  }

  /** Whether no request is in flight, runs in a place or waits for one. */
  private boolean drained() {
    return inFlight() == 0 && workers.idle();
  }

  private boolean draining() {
    return admissions.get() < 0;
  }

  /** Counts the request in, unless the server is draining. */
  private boolean admit() {
    while (true) {
      int s = admissions.get();
      if (s < 0) {
        return false;
      }
      if (admissions.compareAndSet(s, s + 1)) {
        return true;
      }
    }
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /** Builder for {@link OrchestratorServer}; not thread-safe. */
  public static final class Builder {
    private Catalog catalog;
    private LiveCatalog liveCatalog;
    private TaskOrchestrator orchestrator;
    private ProviderClients providers;
    private Credentials credentials = Credentials.fromEnvironment();
    private OrchestratorPolicy policy = OrchestratorPolicy.defaults();
    private Consumer<TaskOrchestrator.Builder> configure;
    private boolean credentialsGiven;
    private boolean policyGiven;
    private ServerOptions options = ServerOptions.defaults();
    private Clock clock = Clock.systemUTC();
    private SpendStore spendStore;
    private ResponseStore responseStore;
    private final List<ReadinessCheck> readinessChecks = new ArrayList<>();

    private Builder() {}

    /**
     * A catalog that never changes (this, {@link #liveCatalog} or {@link #orchestrator} is
     * required).
     */
    public Builder catalog(Catalog v) {
      catalog = Objects.requireNonNull(v, "catalog");
      return this;
    }

    /** A catalog refreshed from its sources every {@link ServerOptions#refreshInterval()}. */
    public Builder liveCatalog(LiveCatalog v) {
      liveCatalog = Objects.requireNonNull(v, "liveCatalog");
      return this;
    }

    /** The provider clients (default: {@link HttpProviderClients} with {@link #credentials}). */
    public Builder providers(ProviderClients v) {
      providers = Objects.requireNonNull(v, "providers");
      return this;
    }

    /**
     * Credentials for planning and the default clients (default: the environment; beside {@link
     * #providers} of your own, their credentials).
     */
    public Builder credentials(Credentials v) {
      credentials = Objects.requireNonNull(v, "credentials");
      credentialsGiven = true;
      return this;
    }

    /** The failover policy (default: {@link OrchestratorPolicy#defaults()}). */
    public Builder policy(OrchestratorPolicy v) {
      policy = Objects.requireNonNull(v, "policy");
      policyGiven = true;
      return this;
    }

    /**
     * Further settings of the orchestrator the server builds (listeners, ticker, shared health…),
     * applied last.
     */
    public Builder configure(Consumer<TaskOrchestrator.Builder> v) {
      configure = v;
      return this;
    }

    /**
     * An orchestrator built by the caller, to serve with as it is: its catalog (unless a {@link
     * #liveCatalog} is given, which then replaces it at start and on every refresh), clients,
     * credentials, policy, health store and listeners; the server adds its metrics listener.
     * Excludes {@link #catalog}, {@link #providers}, {@link #credentials}, {@link #policy} and
     * {@link #configure}; with {@link ServerOptions#streamContinuation()} its policy must have
     * continuation on.
     */
    public Builder orchestrator(TaskOrchestrator v) {
      orchestrator = Objects.requireNonNull(v, "orchestrator");
      return this;
    }

    /** How the server listens (default: {@link ServerOptions#defaults()}). */
    public Builder options(ServerOptions v) {
      options = Objects.requireNonNull(v, "options");
      return this;
    }

    /** The clock for budget windows and a fixed catalog's age (default: UTC system clock). */
    public Builder clock(Clock v) {
      clock = Objects.requireNonNull(v, "clock");
      return this;
    }

    /**
     * Where client spend is counted (default: {@link LocalSpendStore} in {@link
     * ServerOptions#spendFile()}, or in memory without one). A fleet passes the one its health
     * store shares ({@code RedisHealthStore.spendStore()}), so replicas enforce one budget. The
     * caller closes it after the server.
     */
    public Builder spendStore(SpendStore v) {
      spendStore = Objects.requireNonNull(v, "spendStore");
      return this;
    }

    /**
     * Where Responses-API responses are stored for {@code previous_response_id} and {@code GET
     * /v1/responses/{id}} (default: {@link LocalResponseStore} in memory, bounded by {@link
     * ServerOptions#responsesMaxEntries()}, {@link ServerOptions#responsesMaxBytes()} and {@link
     * ServerOptions#responsesTtl()} on {@link #clock}). A fleet passes one it shares. The caller
     * closes it after the server.
     */
    public Builder responseStore(ResponseStore v) {
      responseStore = Objects.requireNonNull(v, "responseStore");
      return this;
    }

    /** Adds a condition {@code /readyz} requires (e.g. a health store's connection). */
    public Builder readinessCheck(ReadinessCheck v) {
      readinessChecks.add(Objects.requireNonNull(v, "readinessCheck"));
      return this;
    }

    /**
     * Binds and starts the server.
     *
     * @throws UncheckedIOException when the address cannot be bound or the spend file is unreadable
     * @throws IllegalStateException when no catalog (nor an orchestrator) is set, or an
     *     orchestrator is set beside settings it brings itself
     */
    public OrchestratorServer start() {
      if (orchestrator != null
          && (catalog != null
              || providers != null
              || credentialsGiven
              || policyGiven
              || configure != null)) {
        throw new IllegalStateException(
            "orchestrator(…) excludes catalog(…), providers(…), credentials(…), policy(…) and"
                + " configure(…): it brings its own");
      }
      if (orchestrator == null && catalog == null && liveCatalog == null) {
        throw new IllegalStateException(
            "catalog: not set (expected: .catalog(Catalog), .liveCatalog(LiveCatalog) or"
                + " .orchestrator(TaskOrchestrator))");
      }
      try {
        return new OrchestratorServer(this);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot start on " + options.host() + ":" + options.port() + ": " + e.getMessage(), e);
      }
    }
  }
}
