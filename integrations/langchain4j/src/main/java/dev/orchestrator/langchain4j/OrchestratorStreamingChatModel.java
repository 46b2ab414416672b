package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link dev.orchestrator.engine.TaskOrchestrator} as a LangChain4j {@link StreamingChatModel}.
 *
 * <pre>{@code
 * StreamingChatModel model = OrchestratorStreamingChatModel.builder()
 *     .orchestrator(orchestrator)
 *     .modelName("orchestrator/free")
 *     .build();
 * }</pre>
 *
 * <p>{@code chat(…)} returns at once; the request runs on the builder's {@link
 * Builder#executor(Executor) executor}. The handler receives partial text, each tool call once it
 * is complete, then exactly one of {@code onCompleteResponse} or {@code onError}. The engine fails
 * over only before the first visible output; a failure after it is {@code onError} (an {@link
 * dev.langchain4j.exception.InternalServerException} whose cause says {@code stream_interrupted}),
 * never a truncated {@code onCompleteResponse}. The partial-response context's {@link
 * dev.langchain4j.model.chat.response.StreamingHandle} cancels the request. Thread-safe: share one
 * instance.
 */
public final class OrchestratorStreamingChatModel extends OrchestratorModel
    implements StreamingChatModel {
  private static final ExecutorService DEFAULT_EXECUTOR =
      Executors.newCachedThreadPool(
          new java.util.concurrent.ThreadFactory() {
            private final AtomicInteger n = new AtomicInteger();

            @Override
            public Thread newThread(Runnable r) {
              Thread t = new Thread(r, "orchestrator-langchain4j-stream-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            }
          });

  private final Executor executor;

  private OrchestratorStreamingChatModel(ModelSettings settings, Executor executor) {
    super(settings);
    this.executor = executor;
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
    Objects.requireNonNull(handler, "handler");
    StreamingRun run = new StreamingRun(settings, request, handler);
    executor.execute(run::run);
  }

  /** Builder for {@link OrchestratorStreamingChatModel}; not thread-safe. */
  public static final class Builder extends OrchestratorModelBuilder<Builder> {
    private Executor executor = DEFAULT_EXECUTOR;

    private Builder() {}

    /**
     * Where streamed requests run (default: a shared pool of daemon threads). Each request holds
     * one thread until it ends.
     */
    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /**
     * Builds the model.
     *
     * @throws IllegalStateException when the orchestrator or the model name is missing
     */
    public OrchestratorStreamingChatModel build() {
      return new OrchestratorStreamingChatModel(settings(), executor);
    }
  }
}
