package dev.orchestrator.serve;

import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.serve.budget.BudgetGate;
import dev.orchestrator.serve.chat.ChatEndpoint;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.front.ErrorMapper;
import dev.orchestrator.serve.front.ModelList;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.ContentEncoding;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Responses;
import dev.orchestrator.serve.messages.MessagesEndpoint;
import dev.orchestrator.serve.responses.ResponsesEndpoint;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Sends each request to its endpoint: the operational ones to {@link Operations}; everything under
 * {@code /v1/} to its front once {@link Authenticator} has named the client — the Messages front
 * with Anthropic's {@code x-api-key} too, and its errors in its own shape. Errors are thrown as
 * {@link ApiError} for the server to answer. Thread-safe.
 *
 * @param authenticator names the client of every {@code /v1/} request
 * @param operations health, readiness and metrics
 * @param chat the Chat Completions front
 * @param messages the Anthropic Messages front
 * @param responses the OpenAI Responses front
 * @param models what {@code /v1/models} lists
 */
record RequestRouter(
    Authenticator authenticator,
    Operations operations,
    ChatEndpoint chat,
    MessagesEndpoint messages,
    ResponsesEndpoint responses,
    ModelList.Current models) {

  /** A router over the three fronts on {@code dispatch} and {@code operations}. */
  static RequestRouter of(
      Authenticator authenticator,
      Operations operations,
      Dispatch dispatch,
      ResponseStore responseStore) {
    return new RequestRouter(
        authenticator,
        operations,
        new ChatEndpoint(dispatch),
        new MessagesEndpoint(dispatch),
        new ResponsesEndpoint(dispatch, responseStore),
        new ModelList.Current(() -> dispatch.orchestrator().catalog()));
  }

  /**
   * Whether a request's body is to be read before it is routed: only a {@code POST} to a front that
   * takes one ({@code /v1/chat/completions}, {@code /v1/messages}, {@code
   * /v1/messages/count_tokens}, {@code /v1/responses}) by a caller the token admits, whose {@code
   * Content-Encoding} the server reads. Any other request is answered from its head — a refusal
   * never waits for, nor holds, a body (ADR 0038).
   */
  boolean takesBody(String method, String path, UnaryOperator<String> header) {
    if (!method.equals("POST") || !ContentEncoding.readable(header.apply("Content-Encoding"))) {
      return false;
    }
    boolean messagesFront = path.equals("/v1/messages") || path.equals("/v1/messages/count_tokens");
    if (!messagesFront
        && !path.equals("/v1/chat/completions")
        && !path.equals(ResponsesEndpoint.PATH)) {
      return false;
    }
    String key = messagesFront ? header.apply("x-api-key") : null;
    return authenticator.admits(key != null ? "Bearer " + key : header.apply("Authorization"));
  }

  /**
   * Refuses a front's request with {@code error} before its body is looked at (its deadline passed
   * while it waited for a place): its client is named in {@code entry}, and the error thrown in the
   * front's shape.
   */
  void expired(HttpCall ex, AccessLog.Entry entry, String path, ApiError error) {
    boolean messagesFront = path.startsWith("/v1/messages");
    String key = messagesFront ? ex.header("x-api-key") : null;
    ClientToken client =
        authenticator.authenticate(key != null ? "Bearer " + key : ex.header("Authorization"));
    if (authenticator.required()) {
      entry.client = client.name();
    }
    throw messagesFront ? MessagesEndpoint.render(error) : error;
  }

  void route(HttpCall ex, AccessLog.Entry entry, String path) {
    String method = ex.method();
    if (operations.route(ex, entry, path, method)) {
      return;
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
      // Only what the client may ask for (docs/reference.md §5).
      Responses.send(ex, entry, 200, models.get().visibleTo(client), Map.of());
      return;
    }
    if (path.startsWith("/v1/models/")) {
      requireGet(method);
      String id = path.substring("/v1/models/".length());
      BudgetGate.allow(client, id); // 403 model_not_allowed, as a request for it would be
      byte[] one = models.get().one(id);
      if (one == null) {
        throw ErrorMapper.unknownModel(models.get().unknown(id), client, null);
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
        messages.countTokens(ex, entry, client);
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

  static void requireGet(String method) {
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
}
