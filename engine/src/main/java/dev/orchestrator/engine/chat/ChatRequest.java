package dev.orchestrator.engine.chat;

import dev.orchestrator.engine.catalog.Capability;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A chat request in the engine's vocabulary, independent of any provider's wire format. Immutable
 * and thread-safe; build one with {@link #builder(String)}.
 *
 * @param model a virtual model ({@code orchestrator/free}), a pool name or a route id
 * @param messages the conversation
 * @param tools functions the model may call
 * @param maxTokens maximum output tokens, or {@code null} for the provider's default
 * @param temperature sampling temperature, or {@code null}
 * @param responseFormat the output format, or {@code null} for text
 * @param stream whether the caller wants a stream
 * @param models an explicit ordered fallback list of route ids (OpenRouter's convention), or empty
 * @param require capabilities every candidate must have (tools, when {@code tools} is not empty, is
 *     implied)
 * @param maxPricePerMtok the most a candidate may cost, USD per million tokens (input + output), or
 *     {@code null}
 * @param promptTokens an explicit prompt-size estimate for planning, or {@code null} to estimate
 *     from the messages
 */
public record ChatRequest(
    String model,
    List<ChatMessage> messages,
    List<ToolDefinition> tools,
    Integer maxTokens,
    Double temperature,
    ResponseFormat responseFormat,
    boolean stream,
    List<String> models,
    Set<Capability> require,
    BigDecimal maxPricePerMtok,
    Integer promptTokens) {

  /** Validates and copies. */
  public ChatRequest {
    Objects.requireNonNull(model, "model");
    if (model.isBlank()) {
      throw new IllegalArgumentException("model: blank (expected: a model, pool or route id)");
    }
    messages = List.copyOf(messages);
    tools = tools == null ? List.of() : List.copyOf(tools);
    models = models == null ? List.of() : List.copyOf(models);
    require =
        require == null || require.isEmpty()
            ? Collections.unmodifiableSet(EnumSet.noneOf(Capability.class))
            : Collections.unmodifiableSet(EnumSet.copyOf(require));
    if (maxTokens != null && maxTokens < 1) {
      throw new IllegalArgumentException("max_tokens: " + maxTokens + " (expected: >= 1)");
    }
    if (promptTokens != null && promptTokens < 0) {
      throw new IllegalArgumentException("promptTokens: " + promptTokens + " (expected: >= 0)");
    }
  }

  /** A builder for a request to {@code model}. */
  public static Builder builder(String model) {
    return new Builder(model);
  }

  /** A builder initialised from this request. */
  public Builder toBuilder() {
    Builder b = new Builder(model);
    b.messages.addAll(messages);
    b.tools.addAll(tools);
    b.maxTokens = maxTokens;
    b.temperature = temperature;
    b.responseFormat = responseFormat;
    b.stream = stream;
    b.models.addAll(models);
    b.require.addAll(require);
    b.maxPricePerMtok = maxPricePerMtok;
    b.promptTokens = promptTokens;
    return b;
  }

  /**
   * The capabilities the request needs: the explicit ones, plus tools when tools are offered and
   * JSON when a structured response format is asked for.
   */
  public Set<Capability> requiredCapabilities() {
    EnumSet<Capability> all = EnumSet.noneOf(Capability.class);
    all.addAll(require);
    if (!tools.isEmpty()) {
      all.add(Capability.TOOLS);
    }
    if (responseFormat != null && responseFormat.structured()) {
      all.add(Capability.JSON);
    }
    return all;
  }

  /**
   * The prompt size used for planning: the explicit estimate, or about one token per four
   * characters of the messages.
   */
  public int estimatedPromptTokens() {
    if (promptTokens != null) {
      return promptTokens;
    }
    long chars = 0;
    for (ChatMessage m : messages) {
      chars += m.content().length() + 4;
      for (ToolCall c : m.toolCalls()) {
        chars += c.name().length() + c.argumentsJson().length();
      }
    }
    for (ToolDefinition t : tools) {
      chars += t.name().length();
      chars += t.description() == null ? 0 : t.description().length();
      chars += t.parametersJsonSchema() == null ? 0 : t.parametersJsonSchema().length();
    }
    return (int) Math.min(Integer.MAX_VALUE, (chars + 3) / 4);
  }

  /** Mutable builder; not thread-safe. */
  public static final class Builder {
    private String model;
    private final List<ChatMessage> messages = new ArrayList<>();
    private final List<ToolDefinition> tools = new ArrayList<>();
    private Integer maxTokens;
    private Double temperature;
    private ResponseFormat responseFormat;
    private boolean stream;
    private final List<String> models = new ArrayList<>();
    private final Set<Capability> require = EnumSet.noneOf(Capability.class);
    private BigDecimal maxPricePerMtok;
    private Integer promptTokens;

    private Builder(String model) {
      this.model = model;
    }

    /** Sets the model. */
    public Builder model(String v) {
      model = v;
      return this;
    }

    /** Appends a message. */
    public Builder message(ChatMessage m) {
      messages.add(m);
      return this;
    }

    /** Replaces the messages. */
    public Builder messages(List<ChatMessage> ms) {
      messages.clear();
      messages.addAll(ms);
      return this;
    }

    /** Appends a user message. */
    public Builder user(String text) {
      return message(ChatMessage.user(text));
    }

    /** Appends a system message. */
    public Builder system(String text) {
      return message(ChatMessage.system(text));
    }

    /** Adds a tool definition. */
    public Builder tool(ToolDefinition t) {
      tools.add(t);
      return this;
    }

    /** Sets max output tokens. */
    public Builder maxTokens(Integer v) {
      maxTokens = v;
      return this;
    }

    /** Sets the temperature. */
    public Builder temperature(Double v) {
      temperature = v;
      return this;
    }

    /** Sets the response format. */
    public Builder responseFormat(ResponseFormat v) {
      responseFormat = v;
      return this;
    }

    /** Asks for a stream. */
    public Builder stream(boolean v) {
      stream = v;
      return this;
    }

    /** Replaces the explicit fallback list. */
    public Builder models(List<String> v) {
      models.clear();
      models.addAll(v);
      return this;
    }

    /** Requires capabilities. */
    public Builder require(Capability... cs) {
      require.addAll(List.of(cs));
      return this;
    }

    /** Requires capabilities. */
    public Builder require(Set<Capability> cs) {
      require.addAll(cs);
      return this;
    }

    /** Sets the max price per million tokens (input + output). */
    public Builder maxPricePerMtok(BigDecimal v) {
      maxPricePerMtok = v;
      return this;
    }

    /** Sets an explicit prompt-size estimate. */
    public Builder promptTokens(Integer v) {
      promptTokens = v;
      return this;
    }

    /** Builds the request. */
    public ChatRequest build() {
      return new ChatRequest(
          model,
          messages,
          tools,
          maxTokens,
          temperature,
          responseFormat,
          stream,
          models,
          require,
          maxPricePerMtok,
          promptTokens);
    }
  }
}
