package dev.orchestrator.serve.chat;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.ServerOptions;
import dev.orchestrator.serve.budget.BudgetGate;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.CostField;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Responses;
import dev.orchestrator.serve.ops.ServeMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code POST /v1/chat/completions}: reads and parses the body, admits the request for its client
 * (allow-list and budget), runs it on the orchestrator — whole or as an event stream, with optional
 * stream continuation — and answers with the serving route, attempts and cost; the cost is then
 * counted against the client's budget. It keeps the cancel signal of every request in flight, so
 * that shutdown can cancel them ({@link #cancelAll()}). Thread-safe: one instance serves every
 * request; per-request state lives on the request's thread.
 */
public final class ChatEndpoint {
  private final TaskOrchestrator orchestrator;
  private final Set<Cancellation> inFlight = ConcurrentHashMap.newKeySet();
  private final ServerOptions options;
  private final BudgetGate budgets;
  private final ServeMetrics metrics;

  /** The endpoint for {@code orchestrator}, admitting requests through {@code budgets}. */
  public ChatEndpoint(
      TaskOrchestrator orchestrator,
      ServerOptions options,
      BudgetGate budgets,
      ServeMetrics metrics) {
    this.orchestrator = orchestrator;
    this.options = options;
    this.budgets = budgets;
    this.metrics = metrics;
  }

  /**
   * Answers one request of {@code client}, filling in {@code entry}.
   *
   * @throws ApiError when the request fails before an event stream has started
   */
  public void handle(HttpCall ex, AccessLog.Entry entry, ClientToken client) {
    byte[] body = readBody(ex, entry);
    ChatCompletionParser.Parsed parsed = ChatCompletionParser.parse(body);
    entry.model = parsed.request().model();
    entry.stream = parsed.request().stream();
    Cancellation cancel = new Cancellation();
    inFlight.add(cancel);
    try {
      ChatRequest request = admit(client, parsed.request());
      if (request.stream()) {
        stream(ex, entry, parsed, request, client, cancel);
      } else {
        complete(ex, entry, request, client, cancel);
      }
    } catch (UnknownModelException e) {
      throw ErrorMapper.unknownModel(e);
    } finally {
      inFlight.remove(cancel);
    }
  }

  /** Cancels every request in flight (shutdown after the grace period). */
  public void cancelAll() {
    for (Cancellation c : inFlight) {
      c.cancel();
    }
  }

  private ChatRequest admit(ClientToken client, ChatRequest request) {
    try {
      return budgets.admit(client, request, orchestrator);
    } catch (ApiError e) {
      if ("budget_exceeded".equals(e.code())) {
        metrics.budgetRefused(client.name());
      }
      throw e;
    }
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

  private void complete(
      HttpCall ex,
      AccessLog.Entry entry,
      ChatRequest request,
      ClientToken client,
      Cancellation cancel) {
    ChatResult r;
    try {
      r = orchestrator.chat(request, cancel, remaining(ex));
    } catch (OrchestratorException e) {
      failed(entry, e);
      throw ErrorMapper.map(e, request);
    }
    served(entry, client, r);
    byte[] json =
        Completions.completion(
            System.currentTimeMillis() / 1000, r.route(), r.response(), r.costUsd());
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("x-orchestrator-route", r.route());
    headers.put("x-orchestrator-attempts", Integer.toString(entry.attempts));
    headers.put(CostField.HEADER, CostField.header(r.costUsd()));
    Responses.send(ex, entry, 200, json, headers);
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

  private void stream(
      HttpCall ex,
      AccessLog.Entry entry,
      ChatCompletionParser.Parsed parsed,
      ChatRequest request,
      ClientToken client,
      Cancellation cancel) {
    SseStream sse = new SseStream(ex, cancel);
    try {
      ChatResult r = orchestrator.stream(request, sse, cancel, remaining(ex));
      sse.finish(r, parsed.includeUsage());
      entry.status = 200;
      served(entry, client, r);
    } catch (OrchestratorException e) {
      failed(entry, e);
      ApiError error = ErrorMapper.map(e, request);
      if (!sse.committed()) {
        throw error; // nothing sent yet: a plain JSON error with its proper status
      }
      entry.status = 200;
      entry.error = error.code();
      String continuation = lastContinuation(e);
      if (continuation != null) {
        // The engine's continuation did not complete the answer: the original failure stands.
        error.extra("continuation", continuation);
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
      sse.fail(ApiError.internal(e));
    } finally {
      sse.close();
      if (entry.route == null) {
        entry.route = sse.speaking();
      }
      if (entry.attempts == 0) {
        entry.attempts = sse.attempts();
      }
      Duration ttft = ex.timeToFirstByte();
      if (!ttft.isZero()) {
        entry.ttftNanos = ttft.toNanos();
        metrics.timeToFirstToken(request.model(), ttft);
      }
    }
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
}
