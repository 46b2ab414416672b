package dev.orchestrator.engine.internal;

import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;

/**
 * Passes stream deltas on to the caller's listener and remembers whether visible output reached it
 * — the line after which a request may no longer fail over. Written on the attempt's thread, read
 * by the request's loop afterwards; the flag is volatile.
 */
final class VisibleOutput implements StreamListener {
  private final StreamListener delegate;
  private final StringBuilder text = new StringBuilder();
  private volatile boolean started;
  private volatile boolean toolCalls;

  VisibleOutput(StreamListener delegate) {
    this.delegate = delegate;
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

  @Override
  public void onContent(String delta) {
    if (!delta.isEmpty()) {
      started = true;
      text.append(delta);
    }
    delegate.onContent(delta);
  }

  @Override
  public void onToolCall(ToolCall call) {
    started = true;
    toolCalls = true;
    delegate.onToolCall(call);
  }

  @Override
  public void onResponseMetadata(String id, String systemFingerprint) {
    delegate.onResponseMetadata(id, systemFingerprint);
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    started = true;
    toolCalls = true;
    delegate.onToolCallDelta(delta);
  }

  @Override
  public void onReasoning(String delta) {
    if (!delta.isEmpty()) {
      started = true;
    }
    delegate.onReasoning(delta);
  }

  @Override
  public void onReasoningSignature(String signature) {
    delegate.onReasoningSignature(signature); // closes reasoning already sent; not output by itself
  }

  @Override
  public void onRedactedReasoning(String data) {
    started = true;
    delegate.onRedactedReasoning(data);
  }

  @Override
  public void onLogprobs(String logprobsJson) {
    delegate.onLogprobs(logprobsJson); // rides with the deltas that follow; not output by itself
  }

  @Override
  public void onRefusal(String delta) {
    if (!delta.isEmpty()) {
      started = true;
    }
    delegate.onRefusal(delta);
  }

  @Override
  public void onBatchStart() {
    delegate.onBatchStart();
  }

  @Override
  public void onBatchEnd() {
    delegate.onBatchEnd();
  }
}
