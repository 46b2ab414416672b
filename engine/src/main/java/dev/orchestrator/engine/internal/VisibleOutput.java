package dev.orchestrator.engine.internal;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ForwardingStreamListener;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;

/**
 * Passes stream deltas on to the caller's listener and remembers whether visible output reached it
 * — the line after which a request may no longer fail over. Written on the attempt's thread, read
 * by the request's loop afterwards; the flag is volatile. A signature, logprobs and batch marks
 * pass on without counting as output.
 */
final class VisibleOutput extends ForwardingStreamListener {
  private final StringBuilder text = new StringBuilder();
  private volatile boolean started;
  private volatile boolean toolCalls;
  private final Ticker ticker;
  private volatile long firstNanos;

  VisibleOutput(StreamListener delegate, Ticker ticker) {
    super(delegate);
    this.ticker = ticker;
  }

  /** The ticker reading when visible output first passed, or 0 when none has. */
  long firstNanos() {
    return firstNanos;
  }

  private void start() {
    if (!started) {
      firstNanos = ticker.read();
      started = true;
    }
  }

  /** Whether any content or tool call was passed on. */
  boolean started() {
    return started;
  }

  /** The text passed on so far (read after the attempt, on the request's thread). */
  String text() {
    return text.toString();
  }

  /** Whether a tool call was passed on (a partial answer with tool calls is not continued). */
  boolean toolCalls() {
    return toolCalls;
  }

  /** The engine reports attempt starts to the caller itself; they are not stream output. */
  @Override
  public void onAttemptStart(String route, int attempt) {}

  @Override
  public void onContent(String delta) {
    if (!delta.isEmpty()) {
      start();
      text.append(delta);
    }
    delegate().onContent(delta);
  }

  @Override
  public void onToolCall(ToolCall call) {
    start();
    toolCalls = true;
    delegate().onToolCall(call);
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    start();
    toolCalls = true;
    delegate().onToolCallDelta(delta);
  }

  @Override
  public void onReasoning(String delta) {
    if (!delta.isEmpty()) {
      start();
    }
    delegate().onReasoning(delta);
  }

  @Override
  public void onRedactedReasoning(String data) {
    start();
    delegate().onRedactedReasoning(data);
  }

  @Override
  public void onNativeBlock(Protocol protocol, String blockJson) {
    start();
    delegate().onNativeBlock(protocol, blockJson);
  }

  @Override
  public void onNativeDelta(Protocol protocol, String deltaJson) {
    start();
    delegate().onNativeDelta(protocol, deltaJson);
  }

  @Override
  public void onRefusal(String delta) {
    if (!delta.isEmpty()) {
      start();
    }
    delegate().onRefusal(delta);
  }
}
