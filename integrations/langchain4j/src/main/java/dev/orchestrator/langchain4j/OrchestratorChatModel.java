package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.spi.Cancellation;

/**
 * A {@link dev.orchestrator.engine.TaskOrchestrator} as a LangChain4j {@link ChatModel}: an agent
 * switches to {@code orchestrator/free} (or any virtual model, group or route) by swapping this
 * bean in for {@code OpenAiChatModel}.
 *
 * <pre>{@code
 * ChatModel model = OrchestratorChatModel.builder()
 *     .orchestrator(orchestrator)
 *     .modelName("orchestrator/free")
 *     .build();
 * }</pre>
 *
 * <p>Each request is planned and failed over by the engine; the adapter never retries (the engine
 * already did, within its deadline). The response's model name is the route that served, its
 * metadata an {@link OrchestratorChatResponseMetadata} carrying the trace. Failures surface as
 * LangChain4j's own exceptions ({@link OrchestratorErrors}); {@link ChatModelListener}s see every
 * request, response and error. Thread-safe: share one instance.
 */
public final class OrchestratorChatModel extends OrchestratorModel implements ChatModel {

  private OrchestratorChatModel(ModelSettings settings) {
    super(settings);
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    try {
      ChatResult result =
          settings
              .orchestrator()
              .chat(RequestMapper.toEngine(request), new Cancellation(), settings.timeout());
      return ResponseMapper.toLangChain4j(result);
    } catch (RuntimeException e) {
      throw OrchestratorErrors.toLangChain4j(e);
    }
  }

  /** Builder for {@link OrchestratorChatModel}; not thread-safe. */
  public static final class Builder extends OrchestratorModelBuilder<Builder> {
    private Builder() {}

    /**
     * Builds the model.
     *
     * @throws IllegalStateException when the orchestrator or the model name is missing
     */
    public OrchestratorChatModel build() {
      return new OrchestratorChatModel(settings());
    }
  }
}
