package dev.orchestrator.serve.responses;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.engine.spi.StoredResponse;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.front.DroppedHeader;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.Responses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The OpenAI Responses front (docs/reference.md, "OpenAI Responses"): {@code POST /v1/responses}
 * parses the body into the engine's request — after the stored conversation of {@code
 * previous_response_id} — runs it on the shared {@link Dispatch} path, whole or as an event stream,
 * answers with a Response object, and stores it unless {@code store} is false; {@code GET} and
 * {@code DELETE /v1/responses/{id}} read and remove a stored one. A stored response is visible only
 * to the client (token name) that created it. Fields dropped as hints are named in {@value
 * #DROPPED}. Thread-safe: one instance serves every request; per-request state lives on the
 * request's thread.
 */
public final class ResponsesEndpoint {
  /** The header naming what the request said that no route here could use. */
  public static final String DROPPED = DroppedHeader.NAME;

  /** The path of the collection; a stored response is under it. */
  public static final String PATH = "/v1/responses";

  private final Dispatch dispatch;
  private final ResponseStore store;

  /** The endpoint running requests on {@code dispatch} and keeping responses in {@code store}. */
  public ResponsesEndpoint(Dispatch dispatch, ResponseStore store) {
    this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
    this.store = Objects.requireNonNull(store, "store");
  }

  /**
   * Answers one request of {@code client} to {@code path} ({@value #PATH} or below it), filling in
   * {@code entry}.
   *
   * @throws ApiError when the request fails before an event stream has started
   */
  public void handle(HttpCall ex, AccessLog.Entry entry, ClientToken client, String path) {
    String method = ex.method();
    if (path.equals(PATH)) {
      allow(method, path, "POST");
      create(ex, entry, client);
      return;
    }
    String id = path.substring(PATH.length() + 1);
    if (id.isEmpty() || id.contains("/")) {
      throw ApiError.of(
          404,
          "invalid_request_error",
          "no such endpoint: "
              + path
              + " (expected: POST "
              + PATH
              + ", GET or DELETE "
              + PATH
              + "/{id})",
          null,
          "not_found");
    }
    switch (method) {
      case "GET", "HEAD" -> {
        StoredResponse r = stored(id, client, "response_id");
        Responses.send(ex, entry, 200, r.response(), Map.of());
      }
      case "DELETE" -> {
        stored(id, client, "response_id");
        try {
          store.delete(id);
        } catch (ResponseStore.UnavailableException e) {
          throw unavailable(e, "response_id");
        }
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", id).put("object", "response").put("deleted", true);
        Responses.send(ex, entry, 200, Responses.bytes(o), Map.of());
      }
      default -> allow(method, path, "GET, HEAD, DELETE");
    }
  }

  private void create(HttpCall ex, AccessLog.Entry entry, ClientToken client) {
    try {
      answer(ex, entry, client);
    } catch (ApiError e) {
      throw inResponsesTerms(e);
    }
  }

  /**
   * A field the engine named in the chat vocabulary ({@code response_format}), as this front's
   * request spells it ({@code text.format}), in {@code param} and in the message; an upstream's own
   * error body passed through is left as the upstream wrote it.
   */
  static ApiError inResponsesTerms(ApiError e) {
    ObjectNode err = e.error();
    if (err == null || err.has("upstream_status") || !err.path("param").isTextual()) {
      return e;
    }
    String field = err.get("param").asText();
    String renamed =
        field.startsWith("messages[") ? "input" : CHAT_TO_RESPONSES.getOrDefault(field, field);
    if (!renamed.equals(field)) {
      err.put("param", renamed);
      err.put("message", err.path("message").asText().replace(field, renamed));
    }
    return e;
  }

  // the chat request's fields whose Responses counterpart is spelled otherwise
  private static final Map<String, String> CHAT_TO_RESPONSES =
      Map.of(
          "response_format", "text.format",
          "max_tokens", "max_output_tokens",
          "max_completion_tokens", "max_output_tokens",
          "reasoning_effort", "reasoning.effort",
          "messages", "input");

  private void answer(HttpCall ex, AccessLog.Entry entry, ClientToken client) {
    byte[] body = dispatch.readBody(ex, entry);
    ResponsesRequest parsed =
        ResponsesRequest.parse(
            body,
            previous ->
                Conversation.decode(
                    stored(previous, client, "previous_response_id").conversation()));
    entry.model = parsed.request().model();
    ChatRequest request = parsed.request();
    String id = OutputItem.newId("resp");
    long createdAt = System.currentTimeMillis() / 1000;
    ObjectNode response;
    List<OutputItem> output;
    if (request.stream()) {
      ResponsesStream sse =
          new ResponsesStream(
              ex,
              new Cancellation(),
              id,
              createdAt,
              parsed.echo(),
              route -> parsed.request().droppedFor(dispatch.protocolOf(route)),
              parsed.encryptedReasoning());
      ChatResult r = dispatch.stream(ex, entry, client, request, sse);
      if (r == null) {
        return;
      }
      response = sse.response();
      output = sse.output();
      keep(parsed, client, id, ResponseObject.assistant(output, r.response().thinking()), response);
      return;
    }
    ChatResult r = dispatch.complete(ex, entry, client, request);
    output = ResponseObject.output(r.response(), parsed.encryptedReasoning());
    String reason = ResponseObject.incompleteReason(r.response());
    response =
        ResponseObject.of(
            id,
            createdAt,
            ResponseObject.status(reason),
            r.route(),
            parsed.echo(),
            output,
            r.response().usage(),
            r.costUsd(),
            reason,
            null);
    keep(parsed, client, id, ResponseObject.assistant(output, r.response().thinking()), response);
    Map<String, String> headers = new LinkedHashMap<>(Dispatch.answerHeaders(r));
    if (!r.trace().dropped().isEmpty()) {
      headers.put(DROPPED, DroppedHeader.value(r.trace().dropped()));
    }
    Responses.send(ex, entry, 200, Responses.bytes(response), headers);
  }

  /** Stores the conversation this answer ends, unless the request said {@code store: false}. */
  private void keep(
      ResponsesRequest parsed,
      ClientToken client,
      String id,
      ChatMessage answer,
      ObjectNode response) {
    if (!parsed.store()) {
      return;
    }
    List<ChatMessage> conversation = new ArrayList<>(parsed.conversation());
    conversation.add(answer);
    store.put(
        id,
        new StoredResponse(
            client.name(), Conversation.encode(conversation), Responses.bytes(response)));
  }

  /** The response stored under {@code id} for {@code client}, else a 404 naming {@code param}. */
  private StoredResponse stored(String id, ClientToken client, String param) {
    StoredResponse r;
    try {
      r = store.get(id);
    } catch (ResponseStore.UnavailableException e) {
      throw unavailable(e, param);
    }
    if (r == null || !r.owner().equals(client.name())) {
      boolean previous = param.equals("previous_response_id");
      throw notFound(id, param, previous ? "previous_response_not_found" : "response_not_found");
    }
    return r;
  }

  /**
   * A store that cannot be read now: {@code 503} with a short {@code Retry-After}, not the {@code
   * 404} of an entry that is not there — a client that read "not found" would start over.
   */
  private static ApiError unavailable(ResponseStore.UnavailableException e, String param) {
    return ApiError.of(
            503,
            "service_unavailable_error",
            e.getMessage()
                + ": "
                + param
                + " cannot be read now (expected: retry shortly, or send the whole conversation"
                + " as input)",
            param,
            "response_store_unavailable")
        .header("Retry-After", "5");
  }

  private static ApiError notFound(String id, String param, String code) {
    return ApiError.of(
        404,
        "invalid_request_error",
        "Response with id '"
            + UnknownModelException.shown(id)
            + "' not found (expected: a response this client stored, not deleted and not expired)",
        param,
        code);
  }

  private static void allow(String method, String path, String allowed) {
    for (String m : allowed.split(", ")) {
      if (m.equals(method)) {
        return;
      }
    }
    throw ApiError.of(
            405,
            "invalid_request_error",
            "method " + method + " on " + path + " (expected: " + allowed + ")",
            null,
            "method_not_allowed")
        .header("Allow", allowed);
  }
}
