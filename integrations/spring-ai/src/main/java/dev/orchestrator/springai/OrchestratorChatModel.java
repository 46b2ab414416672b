package dev.orchestrator.springai;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.Cancellation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.StreamingChatModel;
import org.springframework.ai.chat.observation.ChatModelObservationContext;
import org.springframework.ai.chat.observation.ChatModelObservationConvention;
import org.springframework.ai.chat.observation.ChatModelObservationDocumentation;
import org.springframework.ai.chat.observation.DefaultChatModelObservationConvention;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.scheduler.Schedulers;

/**
 * A {@link TaskOrchestrator} as a Spring AI {@link ChatModel} and {@link StreamingChatModel}: an
 * application switches to {@code orchestrator/free} by replacing its {@code ChatModel} bean (or by
 * the auto-configuration, {@code orchestrator.model}).
 *
 * <pre>{@code
 * ChatModel model = OrchestratorChatModel.builder()
 *     .orchestrator(orchestrator)
 *     .defaultModel("orchestrator/free")
 *     .build();
 * ChatClient client = ChatClient.create(model);
 * }</pre>
 *
 * <p>Tools: the model sends the definitions of the prompt's {@link
 * org.springframework.ai.model.tool.ToolCallingChatOptions tool callbacks} and answers with the
 * model's tool calls (ids kept); Spring AI 2's {@code ToolCallingAdvisor} — registered by {@code
 * ChatClient} whenever tools are given — runs them and calls again. Structured output: a native
 * {@link org.springframework.ai.model.tool.StructuredOutputChatOptions output schema} becomes a
 * {@code json_schema} response format. The response's model is the serving route; its metadata
 * carries usage, the finish reason, the route and the trace. Every call is a Spring AI {@code
 * gen_ai.client.operation} observation. The engine plans, retries and fails over; this model never
 * retries. Failures are {@link OrchestratorAiErrors transient or non-transient} Spring AI
 * exceptions. Thread-safe: share one instance.
 */
public final class OrchestratorChatModel implements ChatModel, StreamingChatModel {
  /** The observation's {@code gen_ai.system}. */
  public static final String PROVIDER = "orchestrator";

  private static final ChatModelObservationConvention DEFAULT_CONVENTION =
      new DefaultChatModelObservationConvention();

  private final TaskOrchestrator orchestrator;
  private final OrchestratorChatOptions defaultOptions;
  private final ToolCallingManager toolCallingManager;
  private final ObservationRegistry observationRegistry;
  private final ChatModelObservationConvention observationConvention;
  private final Duration timeout;

  private OrchestratorChatModel(Builder b) {
    this.orchestrator = Objects.requireNonNull(b.orchestrator, "orchestrator");
    OrchestratorChatOptions.Builder options = b.defaultOptions.mutate();
    if (b.defaultModel != null) {
      options.model(b.defaultModel);
    }
    this.defaultOptions = options.build();
    if (defaultOptions.getModel() == null || defaultOptions.getModel().isBlank()) {
      throw new IllegalStateException(
          "defaultModel: not set (expected: a model such as orchestrator/free)");
    }
    this.toolCallingManager = b.toolCallingManager;
    this.observationRegistry = b.observationRegistry;
    this.observationConvention = b.observationConvention;
    this.timeout = b.timeout == null ? orchestrator.policy().timeouts().deadline() : b.timeout;
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The default options, the model among them; {@code ChatClient} starts every request here. */
  @Override
  public OrchestratorChatOptions getOptions() {
    return defaultOptions;
  }

  @Override
  public ChatResponse call(Prompt prompt) {
    Prompt request = withDefaults(prompt);
    ChatModelObservationContext context =
        ChatModelObservationContext.builder().prompt(request).provider(PROVIDER).build();
    return ChatModelObservationDocumentation.CHAT_MODEL_OPERATION
        .observation(observationConvention, DEFAULT_CONVENTION, () -> context, observationRegistry)
        .observe(
            () -> {
              ChatResponse response;
              try {
                ChatResult result =
                    orchestrator.chat(
                        PromptMapper.toEngine(request, toolCallingManager),
                        new Cancellation(),
                        timeout);
                response = ResponseMapper.toSpringAi(result);
              } catch (RuntimeException e) {
                throw OrchestratorAiErrors.toSpringAi(e);
              }
              context.setResponse(response);
              return response;
            });
  }

  /**
   * Streams the answer: one {@link ChatResponse} per text delta or completed tool call, then one
   * with the finish reason, usage, route and trace, whose message carries the answer's properties
   * (reasoning, signed and redacted thinking, thought signatures, refusal) for Spring AI's stream
   * aggregation to keep. A failure after output ends the {@code Flux} with an error (a {@link
   * org.springframework.ai.retry.TransientAiException} whose cause says {@code
   * stream_interrupted}), never with completion. Cancelling the subscription cancels the request;
   * its observation stops without an error.
   */
  @Override
  public Flux<ChatResponse> stream(Prompt prompt) {
    Prompt request = withDefaults(prompt);
    return Flux.<ChatResponse>create(sink -> run(request, sink))
        .subscribeOn(Schedulers.boundedElastic());
  }

  @SuppressWarnings("try") // the scope only makes the observation current for the engine's work
  private void run(Prompt request, FluxSink<ChatResponse> sink) {
    ChatModelObservationContext context =
        ChatModelObservationContext.builder()
            .prompt(request)
            .provider(PROVIDER)
            .streaming(true)
            .build();
    // The subscriber's observation (ChatClient's, its advisor's) is in the Reactor context, not
    // on this thread: the parent, so that a streamed call is traced under it as a call is.
    Observation parent = sink.contextView().getOrDefault(ObservationThreadLocalAccessor.KEY, null);
    Observation observation =
        ChatModelObservationDocumentation.CHAT_MODEL_OPERATION
            .observation(
                observationConvention, DEFAULT_CONVENTION, () -> context, observationRegistry)
            .parentObservation(parent)
            .start();
    Cancellation cancellation = new Cancellation();
    sink.onDispose(cancellation::cancel);
    StreamListener listener =
        new StreamListener() {
          @Override
          public void onContent(String delta) {
            if (!delta.isEmpty()) {
              sink.next(ResponseMapper.chunk(delta, List.of()));
            }
          }

          @Override
          public void onToolCall(ToolCall call) {
            sink.next(ResponseMapper.chunk("", List.of(call)));
          }
        };
    ChatResponse whole;
    try (Observation.Scope scope = observation.openScope()) {
      ChatResult result =
          orchestrator.stream(
              PromptMapper.toEngine(request, toolCallingManager), listener, cancellation, timeout);
      whole = ResponseMapper.toSpringAi(result);
      context.setResponse(whole);
    } catch (RuntimeException e) {
      RuntimeException mapped = OrchestratorAiErrors.toSpringAi(e);
      // A subscriber that cancelled is no failure of the model (Spring AI's own models record
      // none), and nobody listens any more: Reactor would log the signal as dropped.
      boolean cancelled = cancellation.isCancelled();
      if (!cancelled) {
        observation.error(mapped);
      }
      observation.stop(); // before the signal: a subscriber that sees the end sees it recorded
      if (!cancelled) {
        sink.error(mapped);
      }
      return;
    }
    observation.stop();
    sink.next(ResponseMapper.lastChunk(whole));
    sink.complete();
  }

  /**
   * The prompt with this model's default options under its own, value by value; tool callbacks and
   * context are the prompt's when it has any, else the defaults' (as Spring AI's own models merge).
   */
  private Prompt withDefaults(Prompt prompt) {
    ChatOptions own = prompt.getOptions();
    if (own == null) {
      return prompt.mutate().chatOptions(defaultOptions).build();
    }
    OrchestratorChatOptions.Builder b = defaultOptions.mutate();
    b.model(pick(own.getModel(), defaultOptions.getModel()))
        .temperature(pick(own.getTemperature(), defaultOptions.getTemperature()))
        .topP(pick(own.getTopP(), defaultOptions.getTopP()))
        .topK(pick(own.getTopK(), defaultOptions.getTopK()))
        .maxTokens(pick(own.getMaxTokens(), defaultOptions.getMaxTokens()))
        .stopSequences(pick(own.getStopSequences(), defaultOptions.getStopSequences()))
        .presencePenalty(pick(own.getPresencePenalty(), defaultOptions.getPresencePenalty()))
        .frequencyPenalty(pick(own.getFrequencyPenalty(), defaultOptions.getFrequencyPenalty()));
    if (own instanceof ToolCallingChatOptions) {
      ToolCallingChatOptions t = (ToolCallingChatOptions) own;
      b.toolCallbacks(
          ToolCallingChatOptions.mergeToolCallbacks(
              t.getToolCallbacks(), defaultOptions.getToolCallbacks()));
      b.toolContext(
          ToolCallingChatOptions.mergeToolContext(
              t.getToolContext(), defaultOptions.getToolContext()));
    }
    if (own instanceof StructuredOutputChatOptions) {
      b.outputSchema(
          pick(
              ((StructuredOutputChatOptions) own).getOutputSchema(),
              defaultOptions.getOutputSchema()));
    }
    if (own instanceof OrchestratorChatOptions) {
      b.toolChoice(
          pick(((OrchestratorChatOptions) own).getToolChoice(), defaultOptions.getToolChoice()));
    }
    return prompt.mutate().chatOptions(b.build()).build();
  }

  private static <T> T pick(T own, T fallback) {
    return own != null ? own : fallback;
  }

  /** Builder for {@link OrchestratorChatModel}; not thread-safe. */
  public static final class Builder {
    private TaskOrchestrator orchestrator;
    private String defaultModel;
    private OrchestratorChatOptions defaultOptions = OrchestratorChatOptions.builder().build();
    private ToolCallingManager toolCallingManager = ToolCallingManager.builder().build();
    private ObservationRegistry observationRegistry = ObservationRegistry.NOOP;
    private ChatModelObservationConvention observationConvention = DEFAULT_CONVENTION;
    private Duration timeout;

    private Builder() {}

    /** The orchestrator that plans, calls and fails over (required). */
    public Builder orchestrator(TaskOrchestrator orchestrator) {
      this.orchestrator = Objects.requireNonNull(orchestrator, "orchestrator");
      return this;
    }

    /**
     * The model requests go to unless their options say otherwise (required unless the default
     * options name one): a virtual model ({@code orchestrator/free}), a group, a pool or a route.
     */
    public Builder defaultModel(String defaultModel) {
      this.defaultModel = defaultModel;
      return this;
    }

    /** Default options (temperature, max tokens, tools…); {@link #defaultModel} wins. */
    public Builder defaultOptions(OrchestratorChatOptions defaultOptions) {
      this.defaultOptions = Objects.requireNonNull(defaultOptions, "defaultOptions");
      return this;
    }

    /** Resolves tool callbacks to definitions (default: Spring AI's default manager). */
    public Builder toolCallingManager(ToolCallingManager toolCallingManager) {
      this.toolCallingManager = Objects.requireNonNull(toolCallingManager, "toolCallingManager");
      return this;
    }

    /** Where observations go (default: none). */
    public Builder observationRegistry(ObservationRegistry observationRegistry) {
      this.observationRegistry = Objects.requireNonNull(observationRegistry, "observationRegistry");
      return this;
    }

    /** A custom observation convention (default: Spring AI's). */
    public Builder observationConvention(ChatModelObservationConvention observationConvention) {
      this.observationConvention =
          Objects.requireNonNull(observationConvention, "observationConvention");
      return this;
    }

    /**
     * The deadline of one request, covering every attempt, backoff and failover; at most the
     * orchestrator policy's deadline, which is also the default.
     */
    public Builder timeout(Duration timeout) {
      if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
        throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
      }
      this.timeout = timeout;
      return this;
    }

    /**
     * Builds the model.
     *
     * @throws IllegalStateException when the orchestrator or the model is missing
     */
    public OrchestratorChatModel build() {
      if (orchestrator == null) {
        throw new IllegalStateException(
            "orchestrator: not set (expected: .orchestrator(TaskOrchestrator))");
      }
      return new OrchestratorChatModel(this);
    }
  }
}
