package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.response.ChatResponseMetadata;
import dev.orchestrator.engine.Trace;
import java.util.Objects;

/**
 * LangChain4j's response metadata plus what the orchestrator knows: the serving route (also the
 * {@link #modelName()}) and the request's {@link Trace} — plan, every attempt and its decision.
 * Read it with {@code (OrchestratorChatResponseMetadata) chatResponse.metadata()}. Immutable and
 * thread-safe.
 */
public final class OrchestratorChatResponseMetadata extends ChatResponseMetadata {
  private final String route;
  private final Trace trace;

  private OrchestratorChatResponseMetadata(Builder builder) {
    super(builder);
    this.route = Objects.requireNonNull(builder.route, "route");
    this.trace = Objects.requireNonNull(builder.trace, "trace");
  }

  /** The route that served ({@code provider/model}). */
  public String route() {
    return route;
  }

  /** How the answer was obtained: the plan and every attempt, failed ones included. */
  public Trace trace() {
    return trace;
  }

  @Override
  public Builder toBuilder() {
    return builder()
        .route(route)
        .trace(trace)
        .id(id())
        .modelName(modelName())
        .tokenUsage(tokenUsage())
        .finishReason(finishReason());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OrchestratorChatResponseMetadata
        && super.equals(o)
        && route.equals(((OrchestratorChatResponseMetadata) o).route)
        && trace.equals(((OrchestratorChatResponseMetadata) o).trace);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), route, trace);
  }

  @Override
  public String toString() {
    return "OrchestratorChatResponseMetadata{id="
        + id()
        + ", modelName="
        + modelName()
        + ", tokenUsage="
        + tokenUsage()
        + ", finishReason="
        + finishReason()
        + ", attempts="
        + trace.attempts().size()
        + "}";
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builder, in LangChain4j's self-typed style; not thread-safe. */
  public static final class Builder extends ChatResponseMetadata.Builder<Builder> {
    private String route;
    private Trace trace;

    private Builder() {}

    /** The serving route. */
    public Builder route(String route) {
      this.route = route;
      return this;
    }

    /** The request's trace. */
    public Builder trace(Trace trace) {
      this.trace = trace;
      return this;
    }

    @Override
    public OrchestratorChatResponseMetadata build() {
      return new OrchestratorChatResponseMetadata(this);
    }
  }
}
