package dev.orchestrator.engine.chat;

import dev.orchestrator.engine.catalog.Protocol;
import java.util.List;
import java.util.Objects;

/**
 * A {@link StreamListener} that passes every event on to a delegate unchanged; a subclass overrides
 * only the events it looks at or changes (as Guava's {@code Forwarding*} types do). As thread-safe
 * as the delegate.
 */
public abstract class ForwardingStreamListener implements StreamListener {
  private final StreamListener delegate;

  /** Passes events on to {@code delegate}. */
  protected ForwardingStreamListener(StreamListener delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The listener events are passed on to. */
  protected final StreamListener delegate() {
    return delegate;
  }

  @Override
  public void onAttemptStart(String route, int attempt) {
    delegate.onAttemptStart(route, attempt);
  }

  @Override
  public void onAdapted(List<String> adapted) {
    delegate.onAdapted(adapted);
  }

  @Override
  public void onAffinity(String route) {
    delegate.onAffinity(route);
  }

  @Override
  public void onResponseMetadata(String id, String systemFingerprint) {
    delegate.onResponseMetadata(id, systemFingerprint);
  }

  @Override
  public void onUsage(Usage usage) {
    delegate.onUsage(usage);
  }

  @Override
  public void onContent(String delta) {
    delegate.onContent(delta);
  }

  @Override
  public void onToolCall(ToolCall call) {
    delegate.onToolCall(call);
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    delegate.onToolCallDelta(delta);
  }

  @Override
  public void onReasoning(String delta) {
    delegate.onReasoning(delta);
  }

  @Override
  public void onReasoningSignature(String signature) {
    delegate.onReasoningSignature(signature);
  }

  @Override
  public void onRedactedReasoning(String data) {
    delegate.onRedactedReasoning(data);
  }

  @Override
  public void onRefusal(String delta) {
    delegate.onRefusal(delta);
  }

  @Override
  public void onNativeBlock(Protocol protocol, String blockJson) {
    delegate.onNativeBlock(protocol, blockJson);
  }

  @Override
  public void onNativeDelta(Protocol protocol, String deltaJson) {
    delegate.onNativeDelta(protocol, deltaJson);
  }

  @Override
  public void onLogprobs(String logprobsJson) {
    delegate.onLogprobs(logprobsJson);
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
