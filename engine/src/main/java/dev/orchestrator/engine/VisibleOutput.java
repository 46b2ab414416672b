package dev.orchestrator.engine;

import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;

/**
 * Passes stream deltas on to the caller's listener and remembers whether visible output reached it
 * — the line after which a request may no longer fail over. Written on the attempt's thread, read
 * by the request's loop afterwards; the flag is volatile.
 */
final class VisibleOutput implements StreamListener {
  private final StreamListener delegate;
  private volatile boolean started;

  VisibleOutput(StreamListener delegate) {
    this.delegate = delegate;
  }

  /** Whether any content or tool call was passed on. */
  boolean started() {
    return started;
  }

  @Override
  public void onContent(String delta) {
    if (!delta.isEmpty()) {
      started = true;
    }
    delegate.onContent(delta);
  }

  @Override
  public void onToolCall(ToolCall call) {
    started = true;
    delegate.onToolCall(call);
  }
}
