package dev.orchestrator.providers;

import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import java.util.Map;

/**
 * A stream listener that gives the caller its own tool-call ids back: a streamed call whose id is
 * one the history normaliser minted for the route reaches {@code delegate} under the caller's id
 * (docs/design.md §13). Everything else is passed on unchanged. As thread-safe as {@code delegate}.
 */
final class IdsBackListener implements StreamListener {
  private final StreamListener delegate;
  private final Map<String, String> idsBack;

  IdsBackListener(StreamListener delegate, Map<String, String> idsBack) {
    this.delegate = delegate;
    this.idsBack = idsBack;
  }

  private String own(String id) {
    return id == null ? null : idsBack.getOrDefault(id, id);
  }

  @Override
  public void onAttemptStart(String route, int attempt) {
    delegate.onAttemptStart(route, attempt);
  }

  @Override
  public void onResponseMetadata(String id, String systemFingerprint) {
    delegate.onResponseMetadata(id, systemFingerprint);
  }

  @Override
  public void onContent(String delta) {
    delegate.onContent(delta);
  }

  @Override
  public void onToolCall(ToolCall call) {
    delegate.onToolCall(call.id() == null ? call : call.withId(own(call.id())));
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    delegate.onToolCallDelta(delta.id() == null ? delta : delta.withId(own(delta.id())));
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
