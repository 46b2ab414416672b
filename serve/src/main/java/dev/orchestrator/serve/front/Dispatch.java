package dev.orchestrator.serve.front;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.micrometer.OrchestratorMetrics;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.ServerOptions;
import dev.orchestrator.serve.budget.BudgetGate;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.ContentEncoding;
import dev.orchestrator.serve.http.CostField;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.ops.ServeMetrics;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one path every front shares between its parser and its encoders (docs/design.md §12): read
 * the body within the size limit, admit the request for its client (allow-list and budget), run it
 * on the orchestrator whole or as an event stream within what is left of the deadline, fill in the
 * access-log entry, and count the cost against the client's budget. A front parses its protocol
 * into a {@link ChatRequest} before and encodes the {@link ChatResult} after; failures reach it as
 * an {@link ApiError} (the engine's failure mapped once by {@link ErrorMapper}) for it to render in
 * its own shape. It keeps the cancel signal of every request in flight so that shutdown can cancel
 * them ({@link #cancelAll()}). Thread-safe: one instance serves every front and request.
 */
public final class Dispatch {
  /** The answer header naming the route a session was kept on (docs/design.md §5). */
  public static final String AFFINITY = "x-orchestrator-affinity";

  /**
   * The header that counts the changes made to the history so that the serving route's provider
   * family accepts it (docs/design.md §13); each change is named in the trace ({@code
   * Trace.adapted()}).
   */
  public static final String ADAPTED = "x-orchestrator-adapted";

  /**
   * The headers that name an agent's session, after the body's {@code prompt_cache_key}: the
   * orchestrator's own, Claude Code's, and Codex's.
   */
  static final List<String> SESSION_HEADERS =
      List.of("x-session-id", "x-claude-code-session-id", "session-id", "session_id");

  private final TaskOrchestrator orchestrator;
  private final Set<Cancellation> inFlight = ConcurrentHashMap.newKeySet();
  private final long maxBodyBytes;
  private final BudgetGate budgets;
  private final ServeMetrics metrics;

  /**
   * The path for {@code orchestrator}, admitting requests through {@code budgets}; the
   * orchestrator's own load limit decides how many run at once ({@link
   * TaskOrchestrator#loadLimit()}). Of {@code options} it keeps the body limit.
   */
  public Dispatch(
      TaskOrchestrator orchestrator,
      ServerOptions options,
      BudgetGate budgets,
      ServeMetrics metrics) {
    this.orchestrator = orchestrator;
    this.maxBodyBytes = options.maxBodyBytes();
    this.budgets = budgets;
    this.metrics = metrics;
  }

  /** The orchestrator requests run on. */
  public TaskOrchestrator orchestrator() {
    return orchestrator;
  }

  /** The protocol of {@code route}, or {@code null} when the catalog no longer has it. */
  public Protocol protocolOf(String route) {
    if (route == null) {
      return null;
    }
    return orchestrator
        .catalog()
        .route(route)
        .map(Route::provider)
        .flatMap(p -> orchestrator.catalog().provider(p))
        .map(Provider::protocol)
        .orElse(null);
  }

  /**
   * The request body, at most {@link ServerOptions#maxBodyBytes()} bytes — as sent, or inflated
   * when its {@code Content-Encoding} is gzip, the limit then bounding what it inflates to.
   *
   * @throws ApiError {@code 413 request_too_large} beyond the limit, {@code 415} for a {@code
   *     Content-Encoding} other than gzip, {@code 400} when unreadable or not gzip as it says,
   *     {@code 499 client_closed} when the client closed its connection before the body was whole
   */
  public byte[] readBody(HttpCall ex, AccessLog.Entry entry) {
    boolean gzip = ContentEncoding.gzip(ex.header("Content-Encoding"));
    if (ex.declaredLength() > maxBodyBytes) {
      throw tooLarge(maxBodyBytes);
    }
    int cap = (int) Math.min(Integer.MAX_VALUE - 8, maxBodyBytes + 1);
    byte[] body;
    try {
      body = ex.body(cap);
    } catch (IOException e) {
      throw ApiError.badRequest(null, "request body: unreadable (" + e.getMessage() + ")");
    }
    entry.bytesIn = body.length;
    if (body.length > maxBodyBytes) {
      throw tooLarge(maxBodyBytes);
    }
    if (gzip) {
      try {
        // Inflated no further than the limit: a bomb costs the limit, not what it would become.
        body = ContentEncoding.inflate(new ByteArrayInputStream(body), cap);
      } catch (IOException e) {
        throw ApiError.badRequest(
            null, "request body: not gzip as Content-Encoding: gzip says (" + e.getMessage() + ")");
      }
      if (body.length > maxBodyBytes) {
        throw tooLarge(maxBodyBytes);
      }
    }
    return body;
  }

  /**
   * Runs {@code request} of {@code client} to a whole answer.
   *
   * @throws ApiError the refusal or failure, mapped once for every front
   */
  public ChatResult complete(
      HttpCall ex, AccessLog.Entry entry, ClientToken client, ChatRequest request) {
    Cancellation cancel = new Cancellation();
    return run(
        ex,
        entry,
        client,
        request,
        cancel,
        admitted -> orchestrator.chat(admitted, cancel, remaining(ex)),
        r -> {},
        (e, error) -> {
          throw error;
        });
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // A watch's handle only cancels a selection key.
    }
  }

  /**
   * Runs {@code request} of {@code client} as an event stream written by {@code stream}: on success
   * {@link EventStream#finish} ends it; a failure before the stream committed is thrown, so that
   * the front answers with a plain error and its proper status; after commit the stream ends with
   * {@link EventStream#fail} and the body is broken off.
   *
   * @return the result, or {@code null} when the stream failed after commit or the caller left
   * @throws ApiError the refusal or failure when nothing was sent yet
   */
  public ChatResult stream(
      HttpCall ex,
      AccessLog.Entry entry,
      ClientToken client,
      ChatRequest request,
      EventStream stream) {
    entry.stream = true;
    Cancellation cancel = stream.cancellation();
    try {
      return run(
          ex,
          entry,
          client,
          request,
          cancel,
          admitted -> orchestrator.stream(admitted, stream, cancel, remaining(ex)),
          r -> {
            stream.finish(r);
            entry.status = 200;
          },
          (e, error) -> {
            if (!stream.committed()) {
              throw error; // nothing sent yet: a plain error with its proper status
            }
            entry.status = 200;
            // A client that left or stopped reading cancelled the request: its doing, not a cut.
            entry.error = stream.clientGone() ? "client_closed" : error.code();
            String continuation = lastContinuation(e);
            if (continuation != null) {
              // The engine's continuation did not complete the answer: the original failure stands.
              error.extra("continuation", continuation);
            }
            stream.fail(error);
            return null;
          });
    } catch (UncheckedIOException gone) {
      entry.status = stream.committed() ? 200 : 499;
      entry.error = "client_closed";
      return null;
    } catch (ApiError e) {
      throw e;
    } catch (RuntimeException e) {
      if (!stream.committed()) {
        throw e;
      }
      entry.status = 200;
      entry.error = "internal_error";
      stream.fail(ApiError.internal(e));
      return null;
    } finally {
      stream.close();
      if (entry.route == null) {
        entry.route = stream.speaking();
      }
      if (entry.attempts == 0) {
        entry.attempts = stream.attempts();
      }
      Duration ttft = ex.timeToFirstByte();
      if (!ttft.isZero()) {
        entry.ttftNanos = ttft.toNanos();
        metrics.timeToFirstToken(frontOf(ex), request.model(), ttft);
      }
    }
  }

  /**
   * The headers of a whole answer: {@code x-orchestrator-route}, {@code x-orchestrator-attempts},
   * {@code x-orchestrator-cost-usd}, {@link #ADAPTED} when the history was adapted, and {@link
   * #AFFINITY} (the route the session was kept on) when session affinity applied.
   */
  public static Map<String, String> answerHeaders(ChatResult r) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("x-orchestrator-route", r.route());
    if (r.trace().plan() != null && r.trace().plan().affinity() != null) {
      headers.put(AFFINITY, r.trace().plan().affinity());
    }
    headers.put("x-orchestrator-attempts", Integer.toString(r.trace().attempts().size()));
    headers.put(CostField.HEADER, CostField.header(r.costUsd()));
    if (!r.trace().adapted().isEmpty()) {
      headers.put(ADAPTED, Integer.toString(r.trace().adapted().size()));
    }
    return headers;
  }

  /** Cancels every request in flight (shutdown after the grace period). */
  public void cancelAll() {
    for (Cancellation c : inFlight) {
      c.cancel();
    }
  }

  /**
   * The path both ways of answering share: admits {@code request} for {@code client}, runs it with
   * {@code call} (the orchestrator waits for a place under its load limit within what is left of
   * the deadline, and a wait past it is {@code deadline_exceeded}), logs and counts the result, and
   * only then hands it to {@code deliver} to be written: an answer the upstream served counts
   * against the client's budget even when writing it to the client fails (a client that left or
   * stopped reading). An engine failure is logged, mapped once and handed to {@code failure}.
   * {@code cancel} is in flight meanwhile, and fires when the client closes its connection: a whole
   * answer writes nothing until it is done, and a stream nothing until its first output or while
   * its upstream is silent, so only the socket tells that the client has left (a write would only
   * tell at the first token, after a failover to every candidate in turn).
   */
  private ChatResult run(
      HttpCall ex,
      AccessLog.Entry entry,
      ClientToken client,
      ChatRequest request,
      Cancellation cancel,
      Function<ChatRequest, ChatResult> call,
      Consumer<ChatResult> deliver,
      BiFunction<OrchestratorException, ApiError, ChatResult> failure) {
    entry.model = request.model();
    inFlight.add(cancel);
    AutoCloseable watch = ex.onClientGone(cancel::cancel);
    ChatRequest admitted = withSession(ex, request);
    String front = frontOf(ex);
    try {
      admitted = admit(ex, front, client, admitted);
      ChatRequest run = admitted;
      ChatResult r = metrics.inFront(front, () -> call.apply(run));
      served(entry, client, r);
      deliver.accept(r);
      return r;
    } catch (UnknownModelException e) {
      throw ErrorMapper.unknownModel(e, client, request);
    } catch (OrchestratorException e) {
      failed(entry, e);
      return failure.apply(e, ErrorMapper.map(e, admitted));
    } finally {
      closeQuietly(watch);
      inFlight.remove(cancel);
    }
  }

  /**
   * Admits {@code request} for {@code client}; a refusal is counted as a finished request. A spent
   * budget has the gate plan the request (for the free routes left to it), and an unknown model
   * ends it there, before the engine (whose listener counts its own): counted as {@code
   * model_not_found}, as the {@code 404} and the access log say.
   */
  private ChatRequest admit(HttpCall ex, String front, ClientToken client, ChatRequest request) {
    try {
      return budgets.admit(client, request, orchestrator);
    } catch (ApiError e) {
      refused(ex, front, client, request, e.code());
      throw e;
    } catch (UnknownModelException e) {
      refused(ex, front, client, request, OrchestratorMetrics.MODEL_NOT_FOUND);
      throw e;
    }
  }

  private void refused(
      HttpCall ex, String front, ClientToken client, ChatRequest request, String outcome) {
    metrics.refused(
        front,
        client.name(),
        request.model(),
        outcome,
        Duration.ofNanos(System.nanoTime() - ex.beginNanos()));
  }

  /** The {@code front} label of {@code ex}'s request series ({@link #front}; {@code none}). */
  private static String frontOf(HttpCall ex) {
    return Objects.requireNonNullElse(front(ex.path()), "none");
  }

  /**
   * The front a request path belongs to, the {@code front} label of the request series: {@code
   * chat}, {@code messages}, {@code responses}, or {@code null} for a path of none.
   */
  public static String front(String path) {
    if (path.equals("/v1/chat/completions")) {
      return "chat";
    }
    if (path.startsWith("/v1/messages")) {
      return "messages";
    }
    if (path.startsWith("/v1/responses")) {
      return "responses";
    }
    return null;
  }

  /**
   * What the deadline leaves once the time the request spent queued for a worker thread is taken
   * off: a request never waits longer than the deadline in total.
   */
  private Duration remaining(HttpCall ex) {
    return orchestrator
        .policy()
        .timeouts()
        .deadline()
        .minusNanos(System.nanoTime() - ex.beginNanos());
  }

  /**
   * {@code request} with its session (docs/design.md §5): the front's own, else the body's {@code
   * prompt_cache_key}, else the first of {@link #SESSION_HEADERS}; one longer than 256 characters
   * is replaced by its digest.
   */
  static ChatRequest withSession(HttpCall ex, ChatRequest request) {
    if (request.session() != null) {
      return request;
    }
    Object key = request.extraBody().get("prompt_cache_key");
    String session = key instanceof String k && !k.isEmpty() ? k : null;
    for (int i = 0; session == null && i < SESSION_HEADERS.size(); i++) {
      String h = ex.header(SESSION_HEADERS.get(i));
      session = h == null || h.isEmpty() ? null : h;
    }
    if (session == null) {
      return request;
    }
    return request.toBuilder().session(session.length() <= 256 ? session : digest(session)).build();
  }

  private static String digest(String s) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JDK", e);
    }
  }

  /** The access log names the last route tried and the attempts of a failed request. */
  private static void failed(AccessLog.Entry entry, OrchestratorException e) {
    entry.attempts = ErrorMapper.attempts(e);
    List<AttemptRecord> attempts = e.trace() == null ? List.of() : e.trace().attempts();
    if (!attempts.isEmpty()) {
      entry.route = attempts.get(attempts.size() - 1).route();
    }
  }

  private void served(AccessLog.Entry entry, ClientToken client, ChatResult r) {
    entry.route = r.route();
    entry.attempts = r.trace().attempts().size();
    entry.hasCost = true;
    entry.cost = r.costUsd();
    budgets.spent(client, r.costUsd());
  }

  /** The category of the last continuation attempt of a failed stream, or null when none ran. */
  private static String lastContinuation(OrchestratorException e) {
    if (e.trace() == null) {
      return null;
    }
    String last = null;
    for (AttemptRecord a : e.trace().attempts()) {
      if (a.continuation() && a.category() != null) {
        last = a.category().wireName();
      }
    }
    return last;
  }

  private static ApiError tooLarge(long max) {
    return ApiError.invalidRequest(
            413,
            "request body larger than " + max + " bytes (expected: at most " + max + ")",
            "request_too_large")
        .header("Connection", "close");
  }
}
