package dev.orchestrator.serve.chat;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.http.AccessLog;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Responses;

/**
 * {@code POST /v1/chat/completions}: parses the body into the engine's request, runs it on the
 * shared {@link Dispatch} path — whole or as an event stream, with optional stream continuation —
 * and answers with a {@code chat.completion} or a stream of {@code chat.completion.chunk} events,
 * naming the serving route, attempts and cost. Thread-safe: one instance serves every request;
 * per-request state lives on the request's thread.
 */
public final class ChatEndpoint {
  private final Dispatch dispatch;

  /** The endpoint running requests on {@code dispatch}. */
  public ChatEndpoint(Dispatch dispatch) {
    this.dispatch = dispatch;
  }

  /**
   * Answers one request of {@code client}, filling in {@code entry}.
   *
   * @throws ApiError when the request fails before an event stream has started
   */
  public void handle(HttpCall ex, AccessLog.Entry entry, ClientToken client) {
    byte[] body = dispatch.readBody(ex, entry);
    ChatCompletionParser.Parsed parsed = ChatCompletionParser.parse(body);
    entry.model = parsed.request().model();
    if (parsed.request().stream()) {
      SseStream sse = new SseStream(ex, new Cancellation(), parsed.includeUsage());
      dispatch.stream(ex, entry, client, parsed.request(), sse);
      return;
    }
    ChatResult r = dispatch.complete(ex, entry, client, parsed.request());
    byte[] json =
        Completions.completion(
            System.currentTimeMillis() / 1000, r.route(), r.response(), r.costUsd());
    Responses.send(ex, entry, 200, json, Dispatch.answerHeaders(r));
  }
}
