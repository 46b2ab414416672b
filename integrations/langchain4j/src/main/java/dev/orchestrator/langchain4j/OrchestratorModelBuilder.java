package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.orchestrator.engine.TaskOrchestrator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The settings both chat models share, in the words of LangChain4j's own model builders ({@code
 * modelName}, {@code temperature}, {@code maxOutputTokens}, {@code defaultRequestParameters},
 * {@code listeners}, {@code timeout}). {@code build()} copies the settings, so a built model never
 * changes. Not thread-safe.
 *
 * @param <B> the concrete builder
 */
public abstract class OrchestratorModelBuilder<B extends OrchestratorModelBuilder<B>> {
  private TaskOrchestrator orchestrator;
  private ChatRequestParameters defaultRequestParameters = DefaultChatRequestParameters.EMPTY;
  private final DefaultChatRequestParameters.Builder<?> parameters =
      DefaultChatRequestParameters.builder();
  private final List<ChatModelListener> listeners = new ArrayList<>();
  private Duration timeout;

  /** For the two models' builders. */
  OrchestratorModelBuilder() {}

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /** The orchestrator that plans, calls and fails over (required). */
  public B orchestrator(TaskOrchestrator orchestrator) {
    this.orchestrator = Objects.requireNonNull(orchestrator, "orchestrator");
    return self();
  }

  /**
   * The orchestrator model requests go to by default (required unless given in {@link
   * #defaultRequestParameters}): a virtual model ({@code orchestrator/free}, {@code
   * orchestrator/auto}), a group, a pool or a route id.
   */
  public B modelName(String modelName) {
    parameters.modelName(modelName);
    return self();
  }

  /** Default sampling temperature. */
  public B temperature(Double temperature) {
    parameters.temperature(temperature);
    return self();
  }

  /** Default nucleus-sampling mass. */
  public B topP(Double topP) {
    parameters.topP(topP);
    return self();
  }

  /** Default maximum output tokens. */
  public B maxOutputTokens(Integer maxOutputTokens) {
    parameters.maxOutputTokens(maxOutputTokens);
    return self();
  }

  /** Default stop sequences. */
  public B stopSequences(List<String> stopSequences) {
    parameters.stopSequences(stopSequences);
    return self();
  }

  /** Default frequency penalty. */
  public B frequencyPenalty(Double frequencyPenalty) {
    parameters.frequencyPenalty(frequencyPenalty);
    return self();
  }

  /** Default presence penalty. */
  public B presencePenalty(Double presencePenalty) {
    parameters.presencePenalty(presencePenalty);
    return self();
  }

  /** Default tool choice. */
  public B toolChoice(ToolChoice toolChoice) {
    parameters.toolChoice(toolChoice);
    return self();
  }

  /** Default response format. */
  public B responseFormat(ResponseFormat responseFormat) {
    parameters.responseFormat(responseFormat);
    return self();
  }

  /**
   * Default parameters as one object; the individual setters above win over the values given here.
   */
  public B defaultRequestParameters(ChatRequestParameters defaultRequestParameters) {
    this.defaultRequestParameters =
        Objects.requireNonNull(defaultRequestParameters, "defaultRequestParameters");
    return self();
  }

  /** Listeners that see every request, response and error (LangChain4j calls them). */
  public B listeners(List<ChatModelListener> listeners) {
    this.listeners.clear();
    this.listeners.addAll(Objects.requireNonNull(listeners, "listeners"));
    return self();
  }

  /**
   * The deadline of one request, covering every attempt, backoff and failover; at most the
   * orchestrator policy's deadline, which is also the default.
   */
  public B timeout(Duration timeout) {
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
    }
    this.timeout = timeout;
    return self();
  }

  /** Validates and copies the settings. */
  ModelSettings settings() {
    if (orchestrator == null) {
      throw new IllegalStateException(
          "orchestrator: not set (expected: .orchestrator(TaskOrchestrator))");
    }
    ChatRequestParameters defaults = defaultRequestParameters.overrideWith(parameters.build());
    if (defaults.modelName() == null || defaults.modelName().isBlank()) {
      throw new IllegalStateException(
          "modelName: not set (expected: a model such as orchestrator/free)");
    }
    Duration t = timeout == null ? orchestrator.policy().timeouts().deadline() : timeout;
    return new ModelSettings(orchestrator, defaults, listeners, t);
  }
}
