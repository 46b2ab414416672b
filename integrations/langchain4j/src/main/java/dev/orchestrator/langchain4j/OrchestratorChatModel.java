package dev.orchestrator.langchain4j;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.spi.Cancellation;
import java.util.List;
import java.util.Set;

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
public final class OrchestratorChatModel implements ChatModel {
  private final ModelSettings settings;

  private OrchestratorChatModel(ModelSettings settings) {
    this.settings = settings;
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

  /** The builder's parameters, the model name among them. */
  @Override
  public ChatRequestParameters defaultRequestParameters() {
    return settings.defaults();
  }

  @Override
  public List<ChatModelListener> listeners() {
    return settings.listeners();
  }

  @Override
  public ModelProvider provider() {
    return ModelProvider.OTHER;
  }

  /**
   * JSON-schema response formats: the engine forwards the schema and plans only routes that support
   * structured output.
   */
  @Override
  public Set<Capability> supportedCapabilities() {
    return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
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
