package dev.orchestrator.serve.front;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.TreeNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One server-sent-events answer, whatever the front's event grammar. Nothing is written until the
 * front first has visible output to send: until then the engine may still fail over and the caller
 * may still get a plain error with a proper status. The first write commits {@code 200} with the
 * route and attempt headers of the attempt that produced it (the engine names each attempt before
 * it is sent, {@link #onAttemptStart}), {@link Dispatch#AFFINITY} when session affinity applied
 * ({@link #onAffinity}) and, when its client adapted the history, {@link Dispatch#ADAPTED} ({@link
 * #onAdapted}, told before the attempt is sent). Each event is flushed as it is written, except
 * inside a batch ({@link #onBatchStart}: events the provider read from the upstream together),
 * which is flushed once at its end — so nothing waits in the buffer while the upstream is waited
 * for. An event is written straight into the body's buffer by one JSON generator per stream ({@link
 * #event}), without a copy per event. A failure after commit is the front's own error event, then
 * the body is broken off ({@link #fail}): no clean end after a cut. Used by the one thread handling
 * the request (the engine calls the listener on that thread). Not thread-safe.
 */
public abstract class EventStream implements StreamListener {
  private static final JsonFactory FACTORY = Json.MAPPER.getFactory();
  private static final String EVENT = "event: ";
  private static final String DATA = "\ndata: ";
  private static final String END = "\n\n";

  /** Writes an event's JSON. */
  @FunctionalInterface
  protected interface EventBody {
    /** Writes one JSON value with {@code g}. */
    void write(JsonGenerator g) throws IOException;
  }

  private final HttpCall call;
  private final Cancellation cancel;
  private OutputStream out;
  private JsonGenerator json; // writes the events' JSON into out; made at the first event
  private boolean batching;
  private String committedRoute;
  private int committedAttempts;
  private String speaking; // the route of the attempt in flight
  private String affinity; // the route session affinity kept the conversation on, if it applied
  private int attempts; // the request's attempts so far
  private int adapted; // the changes the attempt in flight made to the history
  private boolean clientGone; // a write failed: the client closed, reset or stopped reading

  /** A stream answering {@code call}; {@code cancel} stops the request when the caller leaves. */
  protected EventStream(HttpCall call, Cancellation cancel) {
    this.call = call;
    this.cancel = cancel;
  }

  /**
   * Ends a successful stream with whatever the route answered without streaming it (a whole answer
   * to a stream request) and the grammar's closing events, written as one batch.
   */
  public abstract void finish(ChatResult result);

  /** Writes the front's error event for {@code error} after commit ({@link #event}). */
  protected abstract void errorEvent(ApiError error);

  @Override
  public void onAttemptStart(String route, int attempt) {
    speaking = route;
    attempts = attempt;
    adapted = 0;
  }

  /**
   * The attempt in flight adapted the history (docs/design.md §13): counted in {@link
   * Dispatch#ADAPTED} when this attempt commits the stream, as on a whole answer.
   */
  @Override
  public void onAdapted(List<String> changes) {
    adapted = changes.size();
  }

  @Override
  public void onAffinity(String route) {
    affinity = route;
  }

  @Override
  public void onBatchStart() {
    batching = true;
  }

  @Override
  public void onBatchEnd() {
    batching = false;
    if (out != null) {
      flushUnlessBatching();
    }
  }

  /** The cancel signal of this request. */
  public final Cancellation cancellation() {
    return cancel;
  }

  /** The route of the latest attempt, or {@code null} before the first. */
  public final String speaking() {
    return speaking;
  }

  /** How many attempts the engine has sent so far. */
  public final int attempts() {
    return attempts;
  }

  /**
   * Whether a write to the client failed — it closed or reset its connection, or took no byte for
   * the server's write timeout — so that the request was cancelled for it.
   */
  public final boolean clientGone() {
    return clientGone;
  }

  /** Whether the headers (and so the point of no return) have been sent. */
  public final boolean committed() {
    return out != null;
  }

  /** The route named in {@code x-orchestrator-route}, or {@code null} before commit. */
  public final String committedRoute() {
    return committedRoute;
  }

  /** The attempt count named in {@code x-orchestrator-attempts}. */
  public final int committedAttempts() {
    return committedAttempts;
  }

  /** The route speaking now: the attempt in flight's, else the committed one. */
  protected final String route() {
    return speaking != null ? speaking : committedRoute;
  }

  /**
   * Commits the answer if it is not yet: {@code 200}, {@code text/event-stream}, the route of the
   * attempt in flight (else {@code fallbackRoute}), the attempt count and the front's own headers
   * ({@link #commitHeaders}).
   *
   * @return the body stream
   */
  protected final OutputStream commit(String fallbackRoute) {
    if (out != null) {
      return out;
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
    if (affinity != null) {
      h.put(Dispatch.AFFINITY, affinity); // as on a whole answer (Dispatch#answerHeaders)
    }
    h.put("x-orchestrator-attempts", Integer.toString(committedAttempts));
    if (adapted > 0) {
      h.put(Dispatch.ADAPTED, Integer.toString(adapted));
    }
    commitHeaders(h, route);
    out = call.openStream(h);
    onCommit();
    return out;
  }

  /** Adds the front's own headers for an answer served by {@code route}; none by default. */
  protected void commitHeaders(Map<String, String> headers, String route) {}

  /** Called once the headers are sent; nothing by default. */
  protected void onCommit() {}

  /** Starts gathering what is written into one write, sent when the exchange completes. */
  protected final void batchToEnd() {
    batching = true;
  }

  /** Writes {@code bytes} (committing first), flushed unless a batch is being gathered. */
  protected final void write(byte[] bytes) {
    OutputStream o = commit(null);
    try {
      o.write(bytes);
      flushUnlessBatching();
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /**
   * Writes one event (committing first) — {@code event: NAME}, {@code data:} and {@code data} as
   * JSON — flushed unless a batch is being gathered. The bytes are those of {@code Json.MAPPER}
   * serialising {@code data}.
   */
  protected final void event(String name, TreeNode data) {
    writeEvent(name, g -> Json.MAPPER.writeTree(g, data));
  }

  /**
   * Writes one event as {@link #event(String, TreeNode)} does, its JSON written by {@code body}
   * with a generator of {@code Json.MAPPER}'s settings: what a front writes for every delta, with
   * no tree built for it.
   */
  protected final void writeEvent(String name, EventBody body) {
    OutputStream o = commit(null);
    try {
      JsonGenerator g = json;
      if (g == null) {
        g = json = FACTORY.createGenerator(o);
        // Only what is written goes out: flushing, closing and ending stay the stream's.
        g.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
        g.setRootValueSeparator(null);
      }
      g.writeRaw(EVENT);
      g.writeRaw(name);
      g.writeRaw(DATA);
      body.write(g);
      g.writeRaw(END);
      g.flush();
    } catch (IOException e) {
      throw gone(e);
    }
    flushUnlessBatching();
  }

  /** Flushes what was written unless a batch is being gathered. */
  protected final void flushUnlessBatching() {
    if (!batching) {
      try {
        out.flush();
      } catch (IOException e) {
        throw gone(e);
      }
    }
  }

  /** The caller went away: cancel the request so the upstream connection is released too. */
  protected final UncheckedIOException gone(IOException e) {
    clientGone = true;
    cancel.cancel();
    return new UncheckedIOException("the client closed the stream", e);
  }

  /**
   * Ends a committed stream: the front's error event ({@link #errorEvent}), then the body is broken
   * off — no closing event, no terminating HTTP chunk — so that every client library reports an
   * error rather than a completed answer.
   */
  public final void fail(ApiError error) {
    // An attempt's limit aborts by interrupting this thread; one that lands late must not cost
    // the caller its error event (a blocking write would fail on the pending interrupt).
    boolean interrupted = Thread.interrupted();
    try {
      errorEvent(error);
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
   * Releases the stream's buffers; called once the request is over, however it ended. Nothing is
   * written after it. A front that holds buffers of its own releases them and calls this.
   */
  public void close() {
    if (json != null) {
      try {
        json.close(); // what it holds goes back to Jackson's pool; nothing is left to write
      } catch (IOException ignored) {
        // only after a write failed, when the body is broken off anyway
      }
      json = null;
    }
  }
}
