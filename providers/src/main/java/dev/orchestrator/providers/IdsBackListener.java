package dev.orchestrator.providers;

import dev.orchestrator.engine.chat.ForwardingStreamListener;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import java.util.Map;

/**
 * A stream listener that gives the caller its own tool-call ids back: a streamed call whose id is
 * one the history normaliser minted for the route reaches the delegate under the caller's id
 * (docs/design.md §13). Everything else is passed on unchanged. As thread-safe as the delegate.
 */
final class IdsBackListener extends ForwardingStreamListener {
  private final Map<String, String> idsBack;

  IdsBackListener(StreamListener delegate, Map<String, String> idsBack) {
    super(delegate);
    this.idsBack = idsBack;
  }

  @Override
  public void onToolCall(ToolCall call) {
    delegate().onToolCall(call.id() == null ? call : call.withId(own(call.id())));
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    delegate().onToolCallDelta(delta.id() == null ? delta : delta.withId(own(delta.id())));
  }

  private String own(String id) {
    return idsBack.getOrDefault(id, id);
  }
}
