package dev.orchestrator.langchain4j;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import java.util.List;
import java.util.Set;

/**
 * What the blocking and the streaming model answer alike: their settings, listeners, provider and
 * capabilities. Immutable.
 */
abstract class OrchestratorModel {
  final ModelSettings settings;

  OrchestratorModel(ModelSettings settings) {
    this.settings = settings;
  }

  /** The builder's parameters, the model name among them. */
  public ChatRequestParameters defaultRequestParameters() {
    return settings.defaults();
  }

  /** The builder's listeners. */
  public List<ChatModelListener> listeners() {
    return settings.listeners();
  }

  /** {@link ModelProvider#OTHER}: the route that serves is chosen per request. */
  public ModelProvider provider() {
    return ModelProvider.OTHER;
  }

  /**
   * JSON-schema response formats: the engine forwards the schema and plans only routes that support
   * structured output.
   */
  public Set<Capability> supportedCapabilities() {
    return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
  }
}
