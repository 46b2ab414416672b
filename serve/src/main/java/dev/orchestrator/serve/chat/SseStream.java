package dev.orchestrator.serve.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One SSE answer. Nothing is written until the first delta: until then the engine may still fail
 * over and the caller may still get a plain JSON error with a proper status. The first delta
 * commits {@code 200} with the route and attempt headers of the attempt that produced it (the
 * engine names each attempt before it is sent, {@link #onAttemptStart}). Deltas keep OpenAI's
 * shape: text, {@code reasoning_content}, {@code refusal}, and tool calls as incremental fragments
 * (index; id and name first; argument pieces after); an upstream chunk's {@code logprobs} ride on
 * the chunk of the delta that follows them. A failure after commit is one {@code event: error}
 * frame, then the body is broken off (docs/reference.md §5). Each event is flushed as it is
 * written, except inside a batch ({@link #onBatchStart}: events the provider read from the upstream
 * together), which is flushed once at its end — so nothing waits in the buffer while the upstream
 * is waited for. Used by the one thread handling the request (the engine calls the listener on that
 * thread). Not thread-safe.
 */
final class SseStream implements StreamListener {
  private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ERROR = "event: error\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NOTHING = new byte[0];

  /** The {@code error.code} of every failure after the first byte (docs/reference.md §5). */
  static final String INTERRUPTED = "stream_interrupted";

  private final HttpCall call;
  private final Cancellation cancel;
  private final long created = System.currentTimeMillis() / 1000;
  private final StringBuilder text = new StringBuilder();
  private ChunkEncoder encoder; // from commit on
  private Completions.StreamHead head;
  private String id;
  private String systemFingerprint;
  private OutputStream out;
  private boolean first = true;
  private boolean batching;
  private boolean reasoningSent;
  private boolean refusalSent;
  private final List<String> pendingLogprobs = new ArrayList<>();
  private boolean logprobsSent;
  private int toolCallsAnnounced;
  private int wholeToolCallsSeen;
  private String committedRoute;
  private int committedAttempts;
  private String speaking; // the route of the attempt in flight
  private int attempts; // the request's attempts so far

  SseStream(HttpCall call, Cancellation cancel) {
    this.call = call;
    this.cancel = cancel;
  }

  @Override
  public void onAttemptStart(String route, int attempt) {
    speaking = route;
    attempts = attempt;
  }

  /** The route of the latest attempt, or {@code null} before the first. */
  String speaking() {
    return speaking;
  }

  /** How many attempts the engine has sent so far. */
  int attempts() {
    return attempts;
  }

  @Override
  public void onResponseMetadata(String upstreamId, String fingerprint) {
    if (out == null) {
      // Before commit a failed-over attempt's ids are replaced by the next one's.
      id = upstreamId;
      systemFingerprint = fingerprint;
      head = null;
      pendingLogprobs.clear(); // a failed-over attempt's, never shown
    }
  }

  /**
   * Held for the next chunk written, never written alone: logprobs are not visible output, so they
   * must not commit the stream while the engine may still fail over.
   */
  @Override
  public void onLogprobs(String logprobsJson) {
    pendingLogprobs.add(logprobsJson);
  }

  @Override
  public void onBatchStart() {
    batching = true;
  }

  @Override
  public void onBatchEnd() {
    batching = false;
    if (out != null) {
      write(NOTHING);
    }
  }

  @Override
  public void onContent(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    text.append(delta);
    send(new Completions.Delta(first, delta, null, null, null, null));
  }

  @Override
  public void onReasoning(String delta) {
    if (!delta.isEmpty()) {
      reasoningSent = true;
      send(new Completions.Delta(first, null, delta, null, null, null));
    }
  }

  @Override
  public void onRefusal(String delta) {
    if (!delta.isEmpty()) {
      refusalSent = true;
      send(new Completions.Delta(first, null, null, delta, null, null));
    }
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    if (delta.name() != null) {
      toolCallsAnnounced = Math.max(toolCallsAnnounced, delta.index() + 1);
    }
    send(new Completions.Delta(first, null, null, null, delta, null));
  }

  /**
   * A whole call. Streamed calls were already sent as fragments; a call that arrives only whole (an
   * upstream that answered a stream request with one JSON body) is sent as one fragment.
   */
  @Override
  public void onToolCall(ToolCall c) {
    wholeToolCallsSeen++;
    if (wholeToolCallsSeen <= toolCallsAnnounced) {
      return;
    }
    int index = toolCallsAnnounced++;
    send(
        new Completions.Delta(
            first,
            null,
            null,
            null,
            new ToolCallDelta(index, c.id(), c.name(), c.argumentsJson()),
            null));
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
    return toolCallsAnnounced;
  }

  /** The route named in {@code x-orchestrator-route}, or {@code null} before commit. */
  String committedRoute() {
    return committedRoute;
  }

  /** The attempt count named in {@code x-orchestrator-attempts}. */
  int committedAttempts() {
    return committedAttempts;
  }

  /**
   * Ends a successful stream: whatever the route answered without streaming it (a whole answer to a
   * stream request), the finish chunk, the optional usage chunk, {@code [DONE]} — buffered, so they
   * leave with the terminating chunk in one write when the exchange completes.
   */
  void finish(ChatResult result, boolean includeUsage) {
    ChatResponse r = result.response();
    if (out == null) {
      onResponseMetadata(r.id(), r.systemFingerprint());
    }
    commit(result.route());
    // What is left leaves in one write with the terminating chunk, when the exchange completes.
    batching = true;
    if (!logprobsSent && pendingLogprobs.isEmpty() && r.logprobsJson() != null) {
      pendingLogprobs.add(r.logprobsJson()); // a whole answer's, on its first chunk
    }
    if (!reasoningSent && r.reasoningContent() != null) {
      onReasoning(r.reasoningContent());
    }
    if (text.length() == 0 && !r.content().isEmpty()) {
      onContent(r.content());
    }
    if (!refusalSent && r.refusal() != null) {
      onRefusal(r.refusal());
    }
    List<ToolCall> calls = r.toolCalls();
    for (int i = wholeToolCallsSeen; i < calls.size(); i++) {
      onToolCall(calls.get(i));
    }
    event(head(), new Completions.Delta(first, null, null, null, null, finishReason(r)));
    if (includeUsage) {
      event(Completions.usageChunk(head(), r.usage(), result.costUsd()));
    }
    write(DONE);
  }

  private static String finishReason(ChatResponse r) {
    return Completions.finishReason(r);
  }

  /**
   * Ends a committed stream: one {@code event: error} frame whose {@code error.code} is {@code
   * stream_interrupted} (the engine's own code, when different, kept as {@code error.cause}), then
   * the body is broken off — no finish chunk, no {@code [DONE]}, no terminating HTTP chunk — so
   * that every client library reports an error rather than a completed answer.
   */
  void fail(ApiError error) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ObjectNode e = error.error().deepCopy();
    String code = e.path("code").asText(null);
    if (code != null && !INTERRUPTED.equals(code)) {
      e.put("cause", code);
    }
    e.put("code", INTERRUPTED);
    root.set("error", e);
    // An attempt's watchdog aborts by interrupting this thread; one that lands late must not cost
    // the caller its error frame (a blocking write would fail on the pending interrupt).
    boolean interrupted = Thread.interrupted();
    try {
      out.write(ERROR);
      out.write(DATA);
      out.write(Json.MAPPER.writeValueAsBytes(root));
      out.write(END);
      out.flush();
    } catch (IOException | UncheckedIOException ignored) {
      // the caller is gone; nothing left to tell it
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    call.abort();
  }

  /**
   * The head of the next chunk: the same object while id, fingerprint and route stay (so the
   * encoder reuses its encoded prefix); after commit only the route may change (a continuation).
   */
  private Completions.StreamHead head() {
    String model = route();
    if (head == null || !Objects.equals(head.model(), model)) {
      head =
          new Completions.StreamHead(
              id != null ? id : (id = Completions.newId()), created, model, systemFingerprint);
    }
    return head;
  }

  private void send(Completions.Delta d) {
    commit(null);
    event(head(), d);
    first = false;
  }

  /**
   * Writes {@code d} with the logprobs that arrived for it; earlier ones that no delta took (two
   * upstream chunks in a row without a delta) go first, each on an empty delta of its own.
   */
  private void event(Completions.StreamHead head, Completions.Delta d) {
    Completions.Delta delta = d;
    while (pendingLogprobs.size() > 1) {
      Completions.Delta empty = new Completions.Delta(delta.first(), null, null, null, null, null);
      chunk(head, empty, pendingLogprobs.remove(0));
      delta =
          new Completions.Delta(
              false,
              delta.content(),
              delta.reasoning(),
              delta.refusal(),
              delta.toolCall(),
              delta.finishReason());
    }
    String logprobs = pendingLogprobs.isEmpty() ? null : pendingLogprobs.remove(0);
    logprobsSent |= logprobs != null;
    chunk(head, delta, logprobs);
  }

  private void chunk(Completions.StreamHead head, Completions.Delta d, String logprobs) {
    try {
      encoder.write(out, head, d, logprobs);
      if (!batching) {
        out.flush();
      }
    } catch (IOException e) {
      throw gone(e);
    }
  }

  private String route() {
    return speaking != null ? speaking : committedRoute;
  }

  private void commit(String fallbackRoute) {
    if (out != null) {
      return;
    }
    String route = speaking != null ? speaking : fallbackRoute;
    committedRoute = route;
    committedAttempts = attempts;
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Content-Type", "text/event-stream; charset=utf-8");
    h.put("Cache-Control", "no-cache");
    h.put("X-Accel-Buffering", "no");
    if (route != null) {
      h.put("x-orchestrator-route", route);
    }
    h.put("x-orchestrator-attempts", Integer.toString(committedAttempts));
    out = call.openStream(h);
    encoder = new ChunkEncoder();
  }

  /**
   * Releases the encoder's buffers; called once the request is over, however it ended. Nothing is
   * written after it.
   */
  void close() {
    if (encoder != null) {
      encoder.close();
    }
  }

  private void event(byte[] json) {
    try {
      out.write(DATA);
      out.write(json);
      out.write(END);
      if (!batching) {
        out.flush();
      }
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /** Writes {@code bytes}, flushed unless a batch (or the stream's end) is being gathered. */
  private void write(byte[] bytes) {
    try {
      out.write(bytes);
      if (!batching) {
        out.flush();
      }
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
