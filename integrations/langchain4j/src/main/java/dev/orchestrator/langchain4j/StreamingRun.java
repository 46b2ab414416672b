package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.spi.Cancellation;
import java.util.HashMap;
import java.util.Map;

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
  private final Map<Integer, String[]> partialCalls = new HashMap<>();
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
  public void onToolCallDelta(ToolCallDelta delta) {
    // LangChain4j wants the id and name on every fragment; the engine sends them on the first.
    String[] idName = partialCalls.computeIfAbsent(delta.index(), i -> new String[2]);
    if (delta.id() != null) {
      idName[0] = delta.id();
    }
    if (delta.name() != null) {
      idName[1] = delta.name();
    }
    // LangChain4j's PartialToolCall needs a name and some argument text.
    if (!delta.argumentsFragment().isEmpty() && idName[1] != null && !isCancelled()) {
      PartialToolCall partial =
          PartialToolCall.builder()
              .index(delta.index())
              .id(idName[0])
              .name(idName[1])
              .partialArguments(delta.argumentsFragment())
              .build();
      quietly(
          "onPartialToolCall",
          () -> handler.onPartialToolCall(partial, new PartialToolCallContext(this)));
    }
  }

  @Override
  public void onReasoning(String delta) {
    if (!delta.isEmpty() && !isCancelled()) {
      quietly(
          "onPartialThinking",
          () ->
              handler.onPartialThinking(
                  new PartialThinking(delta), new PartialThinkingContext(this)));
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
