package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.Cancellation;

/**
 * One streamed request: engine stream events → the LangChain4j handler, then exactly one terminal
 * call. A handler that throws is logged and does not break the stream (LangChain4j's own models do
 * the same). Runs on one thread.
 */
final class StreamingRun implements StreamListener, StreamingHandle {
  private static final System.Logger LOG = System.getLogger(StreamingRun.class.getName());

  private final ModelSettings settings;
  private final ChatRequest request;
  private final StreamingChatResponseHandler handler;
  private final Cancellation cancellation = new Cancellation();
  private final PartialResponseContext context = new PartialResponseContext(this);
  private int toolCalls;

  StreamingRun(ModelSettings settings, ChatRequest request, StreamingChatResponseHandler handler) {
    this.settings = settings;
    this.request = request;
    this.handler = handler;
  }

  void run() {
    ChatResponse response;
    try {
      ChatResult result =
          settings.orchestrator().stream(
              RequestMapper.toEngine(request), this, cancellation, settings.timeout());
      response = ResponseMapper.toLangChain4j(result);
    } catch (RuntimeException e) {
      if (!isCancelled()) {
        quietly("onError", () -> handler.onError(OrchestratorErrors.toLangChain4j(e)));
      }
      return;
    }
    if (!isCancelled()) {
      quietly("onCompleteResponse", () -> handler.onCompleteResponse(response));
    }
  }

  @Override
  public void onContent(String delta) {
    if (!delta.isEmpty() && !isCancelled()) {
      quietly(
          "onPartialResponse",
          () -> handler.onPartialResponse(new PartialResponse(delta), context));
    }
  }

  @Override
  public void onToolCall(ToolCall call) {
    int index = toolCalls++;
    if (!isCancelled()) {
      quietly(
          "onCompleteToolCall",
          () ->
              handler.onCompleteToolCall(
                  new CompleteToolCall(index, ResponseMapper.toolExecutionRequest(call))));
    }
  }

  @Override
  public void cancel() {
    cancellation.cancel();
  }

  @Override
  public boolean isCancelled() {
    return cancellation.isCancelled();
  }

  private static void quietly(String callback, Runnable r) {
    try {
      r.run();
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING, "StreamingChatResponseHandler." + callback + " threw", e);
    }
  }
}
