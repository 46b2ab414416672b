package dev.orchestrator.serve.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.front.EventStream;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A Chat Completions event stream ({@link EventStream} commits, flushes and breaks it off). Deltas
 * keep OpenAI's shape: text, {@code reasoning_content}, {@code refusal}, and tool calls as
 * incremental fragments (index; id and name first; argument pieces after); the delta fields an
 * OpenAI-compatible route wrote that the engine does not model ({@code reasoning_details}) pass on
 * as written, in a chunk of their own; an upstream chunk's {@code logprobs} ride on the chunk of
 * the delta that follows them. A failure after commit is one {@code event: error} frame, then the
 * body is broken off (docs/reference.md §5). Used by the one thread handling the request. Not
 * thread-safe.
 */
final class SseStream extends EventStream {
  private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);

  /** The {@code error.code} of every failure after the first byte (docs/reference.md §5). */
  static final String INTERRUPTED = "stream_interrupted";

  private final boolean includeUsage;
  private final long created = System.currentTimeMillis() / 1000;
  private final StringBuilder text = new StringBuilder();
  private ChunkEncoder encoder; // from commit on
  private Completions.StreamHead head;
  private String id;
  private String systemFingerprint;
  private boolean first = true;
  private boolean reasoningSent;
  private boolean refusalSent;
  private boolean unmodelledSent;
  private final List<String> pendingLogprobs = new ArrayList<>();
  private boolean logprobsSent;
  private int toolCallsAnnounced;
  private int wholeToolCallsSeen;

  SseStream(HttpCall call, Cancellation cancel, boolean includeUsage) {
    super(call, cancel);
    this.includeUsage = includeUsage;
  }

  @Override
  public void onResponseMetadata(String upstreamId, String fingerprint) {
    if (!committed()) {
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

  /**
   * Delta fields an OpenAI-compatible route wrote that the engine does not model (OpenRouter's
   * {@code reasoning_details}): passed on as written, in a chunk of their own.
   */
  @Override
  public void onNativeDelta(Protocol protocol, String deltaJson) {
    ObjectNode fields = protocol == Protocol.OPENAI_CHAT ? Json.object(deltaJson) : null;
    if (fields != null && !fields.isEmpty()) {
      unmodelledSent = true;
      send(new Completions.Delta(first, null, null, null, null, null, fields));
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
            new ToolCallDelta(index, c.id(), c.name(), c.argumentsJson(), c.thoughtSignature()),
            null));
  }

  /** The visible text sent so far. */
  String text() {
    return text.toString();
  }

  /** How many tool calls were sent. */
  int toolCalls() {
    return toolCallsAnnounced;
  }

  /**
   * Ends a successful stream: whatever the route answered without streaming it (a whole answer to a
   * stream request), the finish chunk, the optional usage chunk, {@code [DONE]} — buffered, so they
   * leave with the terminating chunk in one write when the exchange completes.
   */
  @Override
  public void finish(ChatResult result) {
    ChatResponse r = result.response();
    if (!committed()) {
      onResponseMetadata(r.id(), r.systemFingerprint());
    }
    commit(result.route());
    // What is left leaves in one write with the terminating chunk, when the exchange completes.
    batchToEnd();
    if (!logprobsSent && pendingLogprobs.isEmpty() && r.logprobsJson() != null) {
      pendingLogprobs.add(r.logprobsJson()); // a whole answer's, on its first chunk
    }
    if (!reasoningSent && r.reasoningContent() != null) {
      onReasoning(r.reasoningContent());
    }
    ObjectNode unmodelled = Completions.unmodelled(r.nativeAnswer());
    if (!unmodelledSent && unmodelled != null) {
      onNativeDelta(Protocol.OPENAI_CHAT, unmodelled.toString());
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
      try {
        encoder.writeUsage(commit(null), head(), r.usage(), result.costUsd());
      } catch (IOException e) {
        throw gone(e);
      }
    }
    write(DONE);
  }

  private static String finishReason(ChatResponse r) {
    return Completions.finishReason(r);
  }

  /**
   * One {@code event: error} frame whose {@code error.code} is {@code stream_interrupted} (the
   * engine's own code, when different, kept as {@code error.cause}).
   */
  @Override
  protected void errorEvent(ApiError error) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ObjectNode e = error.error().deepCopy();
    String code = e.path("code").asText(null);
    if (code != null && !INTERRUPTED.equals(code)) {
      e.put("cause", code);
    }
    e.put("code", INTERRUPTED);
    root.set("error", e);
    event("error", root);
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
              delta.finishReason(),
              delta.unmodelled());
    }
    String logprobs = pendingLogprobs.isEmpty() ? null : pendingLogprobs.remove(0);
    logprobsSent |= logprobs != null;
    chunk(head, delta, logprobs);
  }

  private void chunk(Completions.StreamHead head, Completions.Delta d, String logprobs) {
    OutputStream out = commit(null);
    try {
      encoder.write(out, head, d, logprobs);
    } catch (IOException e) {
      throw gone(e);
    }
    flushUnlessBatching();
  }

  @Override
  protected void onCommit() {
    encoder = new ChunkEncoder();
  }

  /**
   * Releases the encoder's buffers; called once the request is over, however it ended. Nothing is
   * written after it.
   */
  @Override
  public void close() {
    if (encoder != null) {
      encoder.close();
    }
    super.close();
  }
}
