package dev.orchestrator.serve;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.serve.chat.ChatEndpoint;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.front.ErrorMapper;
import dev.orchestrator.serve.front.ModelList;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Responses;
import dev.orchestrator.serve.messages.MessagesEndpoint;
import dev.orchestrator.serve.ops.Readiness;
import dev.orchestrator.serve.ops.ServeMetrics;
import dev.orchestrator.serve.responses.ResponsesEndpoint;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * Sends each request to its endpoint: {@code /healthz} and {@code /readyz}'s status, and with
 * {@code --public-health} or a valid token {@code /readyz}'s detail and {@code /metrics} without a
 * token; everything under {@code /v1/} after {@link Authenticator} has named the client. Errors are
 * thrown as {@link ApiError} for the server to answer. Thread-safe.
 */
final class RequestRouter {
  private static final byte[] OK = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] READY = "{\"status\":\"ready\"}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] NOT_READY =
      "{\"status\":\"not_ready\"}".getBytes(StandardCharsets.UTF_8);

  private final TaskOrchestrator orchestrator;
  private final Authenticator authenticator;
  private final boolean publicHealth;
  private final ChatEndpoint chat;
  private final MessagesEndpoint messages;
  private final ResponsesEndpoint responses;
  private final Readiness readiness;
  private final ServeMetrics metrics;
  private final IntSupplier inFlight;
  private volatile ModelList models;

  RequestRouter(
      TaskOrchestrator orchestrator,
      Authenticator authenticator,
      Dispatch dispatch,
      Readiness readiness,
      ServeMetrics metrics,
      IntSupplier inFlight,
      ResponseStore responseStore,
      boolean publicHealth) {
    this.orchestrator = orchestrator;
    this.publicHealth = publicHealth;
    this.authenticator = authenticator;
    this.chat = new ChatEndpoint(dispatch);
    this.messages = new MessagesEndpoint(dispatch);
    this.responses = new ResponsesEndpoint(dispatch, responseStore);
    this.readiness = readiness;
    this.metrics = metrics;
    this.inFlight = inFlight;
  }

  void route(HttpCall ex, AccessLog.Entry entry, String path) {
    String method = ex.method();
    switch (path) {
      case "/healthz":
        requireGet(method);
        Responses.send(ex, entry, 200, OK, Map.of());
        return;
      case "/readyz":
        requireGet(method);
        Readiness.Answer a = readiness.evaluate(inFlight.getAsInt() - 1);
        // The status is public (load balancers); the detail names sources, variables and the
        // store, so it is for token holders unless --public-health.
        byte[] body = mayShowDetail(ex) ? a.body() : (a.status() == 200 ? READY : NOT_READY);
        Responses.send(ex, entry, a.status(), body, Map.of());
        return;
      case "/metrics":
        requireGet(method);
        if (!mayShowDetail(ex)) {
          authenticator.authenticate(ex.header("Authorization")); // 401 without a valid token
        }
        Responses.send(
            ex,
            entry,
            200,
            ServeMetrics.CONTENT_TYPE,
            metrics.scrape().getBytes(StandardCharsets.UTF_8),
            Map.of());
        return;
      default:
        break;
    }
    if (!path.startsWith("/v1/")) {
      throw notFound(path);
    }
    if (path.startsWith("/v1/messages")) {
      messages(ex, entry, path, method);
      return;
    }
    ClientToken client = authenticator.authenticate(ex.header("Authorization"));
    if (authenticator.required()) {
      entry.client = client.name();
    }
    if (path.equals("/v1/chat/completions")) {
      requirePost(method, path);
      chat.handle(ex, entry, client);
      return;
    }
    if (path.equals(ResponsesEndpoint.PATH) || path.startsWith(ResponsesEndpoint.PATH + "/")) {
      responses.handle(ex, entry, client, path);
      return;
    }
    if (path.equals("/v1/models")) {
      requireGet(method);
      Responses.send(ex, entry, 200, modelList().all(), Map.of());
      return;
    }
    if (path.startsWith("/v1/models/")) {
      requireGet(method);
      String id = path.substring("/v1/models/".length());
      byte[] one = modelList().one(id);
      if (one == null) {
        throw ErrorMapper.unknownModel(modelList().unknown(id));
      }
      Responses.send(ex, entry, 200, one, Map.of());
      return;
    }
    throw notFound(path);
  }

  /**
   * The Messages front: Anthropic's {@code x-api-key} or a bearer token names the client, and every
   * error leaves in the Messages shape.
   */
  private void messages(HttpCall ex, AccessLog.Entry entry, String path, String method) {
    try {
      if (!path.equals("/v1/messages") && !path.equals("/v1/messages/count_tokens")) {
        throw notFound(path);
      }
      String key = ex.header("x-api-key");
      ClientToken client =
          authenticator.authenticate(key != null ? "Bearer " + key : ex.header("Authorization"));
      if (authenticator.required()) {
        entry.client = client.name();
      }
      requirePost(method, path);
      if (path.equals("/v1/messages")) {
        messages.messages(ex, entry, client);
      } else {
        messages.countTokens(ex, entry);
      }
    } catch (ApiError e) {
      throw MessagesEndpoint.render(e);
    }
  }

  private static void requirePost(String method, String path) {
    if (!method.equals("POST")) {
      throw ApiError.of(
              405,
              "invalid_request_error",
              "method " + method + " on " + path + " (expected: POST)",
              null,
              "method_not_allowed")
          .header("Allow", "POST");
    }
  }

  /** Whether the caller may see operational detail: public health, no token set, or a valid one. */
  private boolean mayShowDetail(HttpCall ex) {
    if (publicHealth || !authenticator.required()) {
      return true;
    }
    try {
      authenticator.authenticate(ex.header("Authorization"));
      return true;
    } catch (ApiError unauthenticated) {
      return false;
    }
  }

  private static ApiError notFound(String path) {
    return ApiError.of(
        404,
        "invalid_request_error",
        "no such endpoint: "
            + path
            + " (expected: /v1/chat/completions, /v1/messages, /v1/messages/count_tokens,"
            + " /v1/responses, /v1/models, /healthz, /readyz or /metrics)",
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

  private ModelList modelList() {
    Catalog c = orchestrator.catalog();
    ModelList m = models;
    if (m == null || m.catalog() != c) {
      m = ModelList.of(c);
      models = m;
    }
    return m;
  }
}
