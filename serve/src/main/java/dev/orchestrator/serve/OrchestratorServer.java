package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.providers.HttpProviderClients;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
 * The engine behind the OpenAI wire format (CONTRACT §5): {@code POST /v1/chat/completions} (JSON
 * and SSE), {@code GET /v1/models}, {@code GET /healthz} and {@code GET /readyz}. One {@link
 * TaskOrchestrator} serves every request, so route health (breakers, cooldowns) and the retry
 * budget are shared across requests.
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
 * <p>Built on Jetty 12's core API (ADR 0011): a pool of {@link ServerOptions#threads()} request
 * threads (plus Jetty's acceptor and selector) where a request holds one thread while its upstream
 * answers; the access log is written by one background thread. Thread-safe.
 */
public final class OrchestratorServer implements AutoCloseable {
  /** Jetty logs through SLF4J to java.util.logging; its start-up INFO lines are noise here. */
  private static final Logger JETTY_LOG = Logger.getLogger("org.eclipse.jetty");

  static {
    if (JETTY_LOG.getLevel() == null) {
      JETTY_LOG.setLevel(Level.WARNING);
    }
  }

  /** Threads Jetty needs besides request handling: acceptor, selector and some slack. */
  private static final int JETTY_THREADS = 6;

  private static final byte[] OK = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);

  private final TaskOrchestrator orchestrator;
  private final DispatchTracker tracker;
  private final ServerOptions options;
  private final Server http;
  private final ServerConnector connector;
  private final int port;
  private final ScheduledExecutorService timer;
  private final AccessLog accessLog;
  private final byte[] tokenDigest;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CountDownLatch terminated = new CountDownLatch(1);
  private volatile boolean draining;
  private volatile Instant catalogLoadedAt = Instant.now();
  private volatile ModelList models;

  private OrchestratorServer(Builder b) throws IOException {
    this.options = b.options;
    this.tracker =
        new DispatchTracker(
            b.providers != null
                ? b.providers
                : HttpProviderClients.builder().credentials(b.credentials).build());
    TaskOrchestrator.Builder ob =
        TaskOrchestrator.builder()
            .catalog(Objects.requireNonNull(b.catalog, "catalog"))
            .providers(tracker)
            .credentials(b.credentials)
            .policy(b.policy);
    if (b.configure != null) {
      b.configure.accept(ob);
      ob.providers(tracker); // the tracker must stay in front of the clients
    }
    this.orchestrator = ob.build();
    this.tokenDigest = options.token() == null ? null : sha256(options.token());
    this.accessLog = AccessLog.to(options.accessLog());
    this.timer = Executors.newSingleThreadScheduledExecutor(daemon("orchestrator-serve-timer-"));
    QueuedThreadPool pool =
        new QueuedThreadPool(
            options.threads() + JETTY_THREADS, Math.min(8, options.threads() + JETTY_THREADS));
    pool.setName("orchestrator-serve");
    pool.setDaemon(true);
    this.http = new Server(pool);
    HttpConfiguration config = new HttpConfiguration();
    config.setSendServerVersion(false);
    config.setSendXPoweredBy(false);
    this.connector = new ServerConnector(http, new HttpConnectionFactory(config));
    connector.setHost(options.host());
    connector.setPort(options.port());
    connector.setAcceptQueueSize(1024);
    // A request may wait silently for its upstream up to the deadline: never idle it out sooner.
    long deadlineMs = orchestrator.policy().deadline().toMillis();
    connector.setIdleTimeout(Math.max(30_000, deadlineMs + 10_000));
    http.addConnector(connector);
    http.setHandler(
        new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            HttpCall call = new HttpCall(request, response);
            OrchestratorServer.this.handle(call);
            call.complete(callback);
            return true;
          }
        });
    try {
      http.start();
    } catch (Exception e) {
      timer.shutdownNow();
      accessLog.close();
      stopQuietly(http);
      throw e instanceof IOException ? (IOException) e : new IOException(e.getMessage(), e);
    }
    this.port = connector.getLocalPort();
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
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

  /** Requests being handled right now. */
  public int inFlight() {
    return inFlight.get();
  }

  /** Replaces the catalog (after a refresh) and marks it fresh for {@code /readyz}. */
  public void updateCatalog(Catalog catalog) {
    orchestrator.updateCatalog(catalog);
    catalogLoadedAt = Instant.now();
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
    draining = true;
    long deadline = System.nanoTime() + options.shutdownGrace().toNanos();
    try {
      while (inFlight.get() > 0 && System.nanoTime() - deadline < 0) {
        Thread.sleep(10);
      }
      if (inFlight.get() > 0) {
        tracker.cancelAll();
        long hard = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (inFlight.get() > 0 && System.nanoTime() - hard < 0) {
          Thread.sleep(10);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stopQuietly(http);
    timer.shutdownNow();
    accessLog.close();
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
    String path = ex.path();
    AccessLog.Entry entry = new AccessLog.Entry(ex.method(), path);
    inFlight.incrementAndGet();
    try {
      route(ex, entry, path);
    } catch (ApiError e) {
      entry.error = e.code();
      respond(ex, entry, e);
    } catch (RuntimeException e) {
      entry.error = "internal_error";
      if (!ex.answered()) {
        respond(
            ex,
            entry,
            ApiError.of(
                500,
                "server_error",
                "internal error (" + e.getClass().getSimpleName() + ")",
                null,
                "internal_error"));
      }
    } finally {
      inFlight.decrementAndGet();
      accessLog.log(entry);
    }
  }

  private void route(HttpCall ex, AccessLog.Entry entry, String path) {
    String method = ex.method();
    if (draining) {
      throw ApiError.of(
              503,
              "service_unavailable_error",
              "the server is shutting down",
              null,
              "shutting_down")
          .header("Connection", "close");
    }
    switch (path) {
      case "/healthz":
        requireGet(method);
        send(ex, entry, 200, OK, Map.of());
        return;
      case "/readyz":
        requireGet(method);
        readiness(ex, entry);
        return;
      default:
        break;
    }
    if (!path.startsWith("/v1/")) {
      throw notFound(path);
    }
    authorize(ex);
    if (path.equals("/v1/chat/completions")) {
      if (!method.equals("POST")) {
        throw ApiError.of(
                405,
                "invalid_request_error",
                "method " + method + " on " + path + " (expected: POST)",
                null,
                "method_not_allowed")
            .header("Allow", "POST");
      }
      chat(ex, entry);
      return;
    }
    if (path.equals("/v1/models")) {
      requireGet(method);
      send(ex, entry, 200, modelList().all(), Map.of());
      return;
    }
    if (path.startsWith("/v1/models/")) {
      requireGet(method);
      String id = path.substring("/v1/models/".length());
      byte[] one = modelList().one(id);
      if (one == null) {
        throw ErrorMapper.unknownModel(modelList().unknown(id));
      }
      send(ex, entry, 200, one, Map.of());
      return;
    }
    throw notFound(path);
  }

  private static ApiError notFound(String path) {
    return ApiError.of(
        404,
        "invalid_request_error",
        "no such endpoint: "
            + path
            + " (expected: /v1/chat/completions, /v1/models, /healthz or /readyz)",
        null,
        "not_found");
  }

  private static void requireGet(String method) {
    if (!method.equals("GET") && !method.equals("HEAD")) {
      throw ApiError.of(
              405,
              "invalid_request_error",
              "method " + method + " (expected: GET)",
              null,
              "method_not_allowed")
          .header("Allow", "GET, HEAD");
    }
  }

  /** Constant-time bearer check: both sides are hashed first, so length leaks nothing either. */
  private void authorize(HttpCall ex) {
    if (tokenDigest == null) {
      return;
    }
    String h = ex.header("Authorization");
    String given =
        h != null && h.regionMatches(true, 0, "Bearer ", 0, 7) ? h.substring(7).trim() : "";
    if (!MessageDigest.isEqual(tokenDigest, sha256(given))) {
      throw ApiError.of(
              401,
              "invalid_request_error",
              "missing or invalid bearer token (expected: Authorization: Bearer <token>)",
              null,
              "invalid_api_key")
          .header("WWW-Authenticate", "Bearer");
    }
  }

  private void chat(HttpCall ex, AccessLog.Entry entry) {
    byte[] body = readBody(ex, entry);
    ChatCompletionParser.Parsed parsed = ChatCompletionParser.parse(body);
    ChatRequest request = parsed.request();
    entry.model = request.model();
    entry.stream = request.stream();
    Cancellation cancel = new Cancellation();
    DispatchTracker.Dispatches dispatches = tracker.open(cancel);
    try {
      if (request.stream()) {
        stream(ex, entry, parsed, cancel, dispatches);
      } else {
        complete(ex, entry, request, cancel);
      }
    } catch (UnknownModelException e) {
      throw ErrorMapper.unknownModel(e);
    } finally {
      tracker.close(cancel);
      if (entry.route == null) {
        entry.route = dispatches.route();
      }
      if (entry.attempts == 0) {
        entry.attempts = dispatches.count();
      }
    }
  }

  /**
   * What the deadline leaves once the time the request spent queued for a worker thread is taken
   * off: a request never waits longer than the deadline in total.
   */
  private Duration remaining(HttpCall ex) {
    return orchestrator.policy().deadline().minusNanos(System.nanoTime() - ex.beginNanos());
  }

  private void complete(
      HttpCall ex, AccessLog.Entry entry, ChatRequest request, Cancellation cancel) {
    ChatResult r;
    try {
      r = orchestrator.chat(request, cancel, remaining(ex));
    } catch (OrchestratorException e) {
      entry.attempts = ErrorMapper.attempts(e);
      throw ErrorMapper.map(e, request);
    }
    entry.route = r.route();
    entry.attempts = r.trace().attempts().size();
    byte[] json =
        Completions.completion(System.currentTimeMillis() / 1000, r.route(), r.response());
    send(
        ex,
        entry,
        200,
        json,
        Map.of(
            "x-orchestrator-route", r.route(),
            "x-orchestrator-attempts", Integer.toString(entry.attempts)));
  }

  private void stream(
      HttpCall ex,
      AccessLog.Entry entry,
      ChatCompletionParser.Parsed parsed,
      Cancellation cancel,
      DispatchTracker.Dispatches dispatches) {
    long deadlineAt = ex.beginNanos() + orchestrator.policy().deadline().toNanos();
    SseStream sse = new SseStream(ex, dispatches, cancel);
    ChatRequest request = parsed.request();
    try {
      ChatResult r = orchestrator.stream(request, sse, cancel, remaining(ex));
      sse.finish(r, parsed.includeUsage());
      entry.status = 200;
      entry.route = r.route();
      entry.attempts = r.trace().attempts().size();
    } catch (OrchestratorException e) {
      entry.attempts = dispatches.count();
      ApiError error = ErrorMapper.map(e, request);
      if (!sse.committed()) {
        throw error; // nothing sent yet: a plain JSON error with its proper status
      }
      entry.status = 200;
      entry.error = error.code();
      if (e.type() == OrchestratorException.Type.STREAM_INTERRUPTED
          && options.streamContinuation()
          && continueStream(entry, parsed, sse, cancel, error, deadlineAt)) {
        return;
      }
      sse.fail(error);
    } catch (UncheckedIOException gone) {
      entry.status = sse.committed() ? 200 : 499;
      entry.error = "client_closed";
    } catch (UnknownModelException e) {
      throw e;
    } catch (RuntimeException e) {
      if (!sse.committed()) {
        throw e;
      }
      entry.status = 200;
      entry.error = "internal_error";
      sse.fail(
          ApiError.of(
              500,
              "server_error",
              "internal error (" + e.getClass().getSimpleName() + ")",
              null,
              "internal_error"));
    }
  }

  /**
   * Stream continuation (ADR 0011): asks a prefill-capable candidate to continue from the partial
   * answer, within what is left of the original deadline. Returns whether the stream was finished
   * (successfully, or with the continuation's own error after it had added output); {@code false}
   * leaves the original failure to be reported.
   */
  private boolean continueStream(
      AccessLog.Entry entry,
      ChatCompletionParser.Parsed parsed,
      SseStream sse,
      Cancellation cancel,
      ApiError original,
      long deadlineAt) {
    long remaining = deadlineAt - System.nanoTime();
    String partial = sse.text();
    if (remaining <= 0 || partial.isEmpty() || sse.toolCalls() > 0 || cancel.isCancelled()) {
      return false;
    }
    ChatRequest continuation =
        parsed.request().toBuilder()
            .message(ChatMessage.assistant(partial))
            .require(Capability.PREFILL)
            .build();
    int before = partial.length();
    ScheduledFuture<?> guard = timer.schedule(cancel::cancel, remaining, TimeUnit.NANOSECONDS);
    try {
      ChatResult r = orchestrator.stream(continuation, sse, cancel);
      sse.finish(r, parsed.includeUsage());
      entry.route = r.route();
      entry.error = null;
      return true;
    } catch (OrchestratorException | UnknownModelException e) {
      if (sse.text().length() > before && e instanceof OrchestratorException) {
        ApiError second = ErrorMapper.map((OrchestratorException) e);
        entry.error = second.code();
        sse.fail(second);
        return true;
      }
      // The continuation added nothing: the original failure stands, never masked.
      original.extra(
          "continuation",
          e instanceof OrchestratorException
              ? ((OrchestratorException) e).type().wireName()
              : "no_candidates");
      return false;
    } finally {
      guard.cancel(false);
    }
  }

  private byte[] readBody(HttpCall ex, AccessLog.Entry entry) {
    long max = options.maxBodyBytes();
    if (ex.declaredLength() > max) {
      throw tooLarge(max);
    }
    try (InputStream in = ex.body()) {
      byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
      entry.bytesIn = body.length;
      if (body.length > max) {
        throw tooLarge(max);
      }
      return body;
    } catch (IOException e) {
      throw ApiError.badRequest(null, "request body: unreadable (" + e.getMessage() + ")");
    }
  }

  private static ApiError tooLarge(long max) {
    return ApiError.of(
            413,
            "invalid_request_error",
            "request body larger than " + max + " bytes (expected: at most " + max + ")",
            null,
            "request_too_large")
        .header("Connection", "close");
  }

  private void readiness(HttpCall ex, AccessLog.Entry entry) {
    Catalog catalog = orchestrator.catalog();
    Instant loaded = catalogLoadedAt;
    long age = Duration.between(loaded, Instant.now()).getSeconds();
    Duration maxAge = options.maxCatalogAge();
    boolean fresh = maxAge == null || age <= maxAge.getSeconds();
    int routes = catalog.routes().size();
    int open = 0;
    int cooling = 0;
    for (HealthMark m : orchestrator.health().marks().values()) {
      if (m.condition() == RouteCondition.CIRCUIT_OPEN) {
        open++;
      } else if (m.condition() == RouteCondition.COOLING_DOWN) {
        cooling++;
      }
    }
    boolean ready = fresh && routes > 0 && !draining;
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("status", ready ? "ready" : "not_ready");
    ObjectNode c = root.putObject("catalog");
    c.put("routes", routes);
    ArrayNode sources = c.putArray("sources");
    catalog.sources().forEach(sources::add);
    c.put("loadedAt", loaded.toString());
    c.put("ageSeconds", age);
    if (maxAge == null) {
      c.putNull("maxAgeSeconds");
    } else {
      c.put("maxAgeSeconds", maxAge.getSeconds());
    }
    c.put("fresh", fresh);
    ObjectNode h = root.putObject("health");
    h.put("circuitOpen", open);
    h.put("coolingDown", cooling);
    root.put("inFlight", inFlight.get() - 1);
    send(ex, entry, ready ? 200 : 503, bytes(root), Map.of());
  }

  private ModelList modelList() {
    Catalog catalog = orchestrator.catalog();
    ModelList m = models;
    if (m == null || m.catalog() != catalog) {
      m = ModelList.of(catalog);
      models = m;
    }
    return m;
  }

  private void respond(HttpCall ex, AccessLog.Entry entry, ApiError e) {
    if (ex.answered()) {
      return;
    }
    send(ex, entry, e.status(), bytes(e.body()), e.headers());
  }

  private static void send(
      HttpCall ex, AccessLog.Entry entry, int status, byte[] body, Map<String, String> extra) {
    entry.status = status;
    try {
      ex.send(status, "application/json", body, extra);
    } catch (IOException e) {
      entry.error = "client_closed";
    }
  }

  private static byte[] bytes(ObjectNode node) {
    try {
      return Json.MAPPER.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] sha256(String s) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
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
    private ProviderClients providers;
    private Credentials credentials = Credentials.fromEnvironment();
    private OrchestratorPolicy policy = OrchestratorPolicy.defaults();
    private Consumer<TaskOrchestrator.Builder> configure;
    private ServerOptions options = ServerOptions.defaults();

    private Builder() {}

    /** The catalog (required). */
    public Builder catalog(Catalog v) {
      catalog = Objects.requireNonNull(v, "catalog");
      return this;
    }

    /** The provider clients (default: {@link HttpProviderClients} with {@link #credentials}). */
    public Builder providers(ProviderClients v) {
      providers = Objects.requireNonNull(v, "providers");
      return this;
    }

    /** Credentials for planning and the default clients (default: the environment). */
    public Builder credentials(Credentials v) {
      credentials = Objects.requireNonNull(v, "credentials");
      return this;
    }

    /** The failover policy (default: {@link OrchestratorPolicy#defaults()}). */
    public Builder policy(OrchestratorPolicy v) {
      policy = Objects.requireNonNull(v, "policy");
      return this;
    }

    /**
     * Further settings of the orchestrator (listeners, ticker, shared health…), applied last. The
     * provider clients stay the ones given to {@link #providers}.
     */
    public Builder configure(Consumer<TaskOrchestrator.Builder> v) {
      configure = v;
      return this;
    }

    /** How the server listens (default: {@link ServerOptions#defaults()}). */
    public Builder options(ServerOptions v) {
      options = Objects.requireNonNull(v, "options");
      return this;
    }

    /**
     * Binds and starts the server.
     *
     * @throws UncheckedIOException when the address cannot be bound
     */
    public OrchestratorServer start() {
      try {
        return new OrchestratorServer(this);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot bind " + options.host() + ":" + options.port() + ": " + e.getMessage(), e);
      }
    }
  }
}
