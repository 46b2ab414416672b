package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.Cancellation;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One SSE answer. Nothing is written until the first delta: until then the engine may still fail
 * over and the caller may still get a plain JSON error with a proper status. The first delta
 * commits {@code 200} with the route and attempt headers of the dispatch that produced it. Used by
 * the one thread handling the request (the engine calls the listener on that thread). Not
 * thread-safe.
 */
final class SseStream implements StreamListener {
  private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);

  private final HttpCall call;
  private final DispatchTracker.Dispatches dispatches;
  private final Cancellation cancel;
  private final String id = Completions.newId();
  private final long created = System.currentTimeMillis() / 1000;
  private final StringBuilder text = new StringBuilder();
  private OutputStream out;
  private boolean first = true;
  private int toolCalls;
  private String committedRoute;
  private int committedAttempts;

  SseStream(HttpCall call, DispatchTracker.Dispatches dispatches, Cancellation cancel) {
    this.call = call;
    this.dispatches = dispatches;
    this.cancel = cancel;
  }

  @Override
  public void onContent(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    commit(null);
    text.append(delta);
    event(Completions.chunk(id, created, route(), first, delta, null, 0, null));
    first = false;
  }

  @Override
  public void onToolCall(ToolCall call) {
    commit(null);
    event(Completions.chunk(id, created, route(), first, null, call, toolCalls++, null));
    first = false;
  }

  /** Whether the headers (and so the point of no return) have been sent. */
  boolean committed() {
    return out != null;
  }

  /** The visible text sent so far. */
  String text() {
    return text.toString();
  }

  /** How many tool calls were sent. */
  int toolCalls() {
    return toolCalls;
  }

  /** The route named in {@code x-orchestrator-route}, or {@code null} before commit. */
  String committedRoute() {
    return committedRoute;
  }

  /** The attempt count named in {@code x-orchestrator-attempts}. */
  int committedAttempts() {
    return committedAttempts;
  }

  /** Ends a successful stream: the finish chunk, the optional usage chunk, {@code [DONE]}. */
  void finish(ChatResult result, boolean includeUsage) {
    commit(result.route());
    if (first && !result.response().content().isEmpty()) {
      // The route answered whole without deltas: deliver the text as one chunk.
      event(
          Completions.chunk(
              id, created, result.route(), true, result.response().content(), null, 0, null));
      first = false;
    }
    event(
        Completions.chunk(
            id,
            created,
            result.route(),
            first,
            null,
            null,
            0,
            Completions.finishReason(result.response())));
    if (includeUsage) {
      event(Completions.usageChunk(id, created, result.route(), result.response().usage()));
    }
    done();
  }

  /** Ends a committed stream with one error event and {@code [DONE]}; never a silent truncation. */
  void fail(ApiError error) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.set("error", error.error());
    try {
      event(Json.MAPPER.writeValueAsBytes(root));
      done();
    } catch (IOException | UncheckedIOException e) {
      // the caller is gone; nothing left to tell it
    }
  }

  private String route() {
    String r = dispatches.route();
    return r != null ? r : committedRoute;
  }

  private void commit(String fallbackRoute) {
    if (out != null) {
      return;
    }
    String route = dispatches.route() != null ? dispatches.route() : fallbackRoute;
    committedRoute = route;
    committedAttempts = dispatches.count();
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Content-Type", "text/event-stream; charset=utf-8");
    h.put("Cache-Control", "no-cache");
    h.put("X-Accel-Buffering", "no");
    if (route != null) {
      h.put("x-orchestrator-route", route);
    }
    h.put("x-orchestrator-attempts", Integer.toString(committedAttempts));
    out = call.openStream(h);
  }

  private void event(byte[] json) {
    try {
      out.write(DATA);
      out.write(json);
      out.write(END);
      out.flush();
    } catch (IOException e) {
      throw gone(e);
    }
  }

  private void done() {
    try {
      out.write(DONE);
      out.flush();
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /** The caller went away: cancel the request so the upstream connection is released too. */
  private UncheckedIOException gone(IOException e) {
    cancel.cancel();
    return new UncheckedIOException("the client closed the stream", e);
  }
}
