package dev.orchestrator.springai;

import java.util.Objects;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.model.tool.DefaultToolCallingChatOptions;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * The orchestrator's chat options: Spring AI's portable options (model — a virtual model, group or
 * route —, temperature, top-p, top-k, max tokens, stop sequences, penalties), tool callbacks and
 * tool context ({@link org.springframework.ai.model.tool.ToolCallingChatOptions}), a native output
 * schema ({@link StructuredOutputChatOptions}), plus {@link #getToolChoice() tool choice}.
 * Immutable and thread-safe; {@link #mutate()} gives a builder.
 */
public class OrchestratorChatOptions extends DefaultToolCallingChatOptions
    implements StructuredOutputChatOptions {
  private final String outputSchema;
  private final String toolChoice;

  private OrchestratorChatOptions(
      ToolCallingChatOptions base, String outputSchema, String toolChoice) {
    super(
        base.getToolCallbacks(),
        base.getToolContext(),
        base.getModel(),
        base.getFrequencyPenalty(),
        base.getMaxTokens(),
        base.getPresencePenalty(),
        base.getStopSequences(),
        base.getTemperature(),
        base.getTopK(),
        base.getTopP());
    this.outputSchema = outputSchema;
    this.toolChoice = toolChoice;
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The JSON schema the answer must follow (sent as {@code response_format json_schema}). */
  @Override
  public String getOutputSchema() {
    return outputSchema;
  }

  /**
   * {@code auto}, {@code none}, {@code required}, or the name of the one function the model must
   * call; {@code null} when not said.
   */
  public String getToolChoice() {
    return toolChoice;
  }

  @Override
  public Builder mutate() {
    Builder b =
        builder()
            .model(getModel())
            .frequencyPenalty(getFrequencyPenalty())
            .maxTokens(getMaxTokens())
            .presencePenalty(getPresencePenalty())
            .stopSequences(getStopSequences())
            .temperature(getTemperature())
            .topK(getTopK())
            .topP(getTopP())
            .toolCallbacks(getToolCallbacks())
            .toolContext(getToolContext())
            .outputSchema(outputSchema);
    return b.toolChoice(toolChoice);
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o)
        && Objects.equals(outputSchema, ((OrchestratorChatOptions) o).outputSchema)
        && Objects.equals(toolChoice, ((OrchestratorChatOptions) o).toolChoice);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), outputSchema, toolChoice);
  }

  /** Builder in Spring AI's self-typed style; not thread-safe. */
  public static final class Builder extends DefaultToolCallingChatOptions.Builder<Builder>
      implements StructuredOutputChatOptions.Builder<Builder> {
    private String outputSchema;
    private String toolChoice;

    /** An empty builder. */
    public Builder() {}

    @Override
    public Builder outputSchema(String outputSchema) {
      this.outputSchema = outputSchema;
      return this;
    }

    /** Tool choice: {@code auto}, {@code none}, {@code required} or a function name. */
    public Builder toolChoice(String toolChoice) {
      this.toolChoice = toolChoice;
      return this;
    }

    @Override
    public Builder combineWith(ChatOptions.Builder<?> other) {
      super.combineWith(other);
      if (other instanceof Builder) {
        Builder that = (Builder) other;
        if (that.outputSchema != null) {
          outputSchema = that.outputSchema;
        }
        if (that.toolChoice != null) {
          toolChoice = that.toolChoice;
        }
      } else if (other instanceof StructuredOutputChatOptions.Builder) {
        String schema = ((StructuredOutputChatOptions) other.build()).getOutputSchema();
        if (schema != null) {
          outputSchema = schema;
        }
      }
      return this;
    }

    @Override
    public OrchestratorChatOptions build() {
      return new OrchestratorChatOptions(super.build(), outputSchema, toolChoice);
    }
  }
}
