package dev.orchestrator.engine.chat;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Protocol;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A chat request in the engine's vocabulary, independent of any provider's wire format: everything
 * an agent can say in an OpenAI chat-completions request (docs/design.md §9). Immutable and
 * thread-safe; build one with {@link #builder(String)}. Invalid values are rejected with an {@link
 * IllegalArgumentException} naming the field, the value and the expectation ({@code top_p: 1.7
 * (expected: 0..1)}).
 *
 * @param model a virtual model ({@code orchestrator/free}), a pool name or a route id
 * @param messages the conversation: at least one message, unless {@code nativeRequest} carries one
 *     the engine reads no message of (its route then receives that body)
 * @param tools functions the model may call
 * @param maxTokens {@code max_tokens}: maximum output tokens, or {@code null} for the provider's
 *     default
 * @param temperature sampling temperature (0..2), or {@code null}
 * @param responseFormat the output format, or {@code null} for text
 * @param stream whether the caller wants a stream
 * @param models an explicit ordered fallback list of route ids (OpenRouter's convention), or empty;
 *     the orchestrator's own field, never forwarded
 * @param require capabilities every candidate must have, beyond those the request implies (see
 *     {@link #requiredCapabilities()})
 * @param maxPricePerMtok the most a candidate may cost, USD per million tokens (input + output), or
 *     {@code null}
 * @param promptTokens an explicit prompt-size estimate for planning, or {@code null} to estimate
 *     from the messages
 * @param toolChoice {@code tool_choice}, or {@code null} when not said
 * @param parallelToolCalls {@code parallel_tool_calls}, or {@code null} when not said
 * @param topP {@code top_p} (0..1), or {@code null}
 * @param stop stop sequences ({@code stop}), empty when none
 * @param seed {@code seed}, or {@code null}
 * @param maxCompletionTokens {@code max_completion_tokens} (kept apart from {@code max_tokens} so
 *     the route gets the name the caller used), or {@code null}
 * @param presencePenalty {@code presence_penalty} (-2..2), or {@code null}
 * @param frequencyPenalty {@code frequency_penalty} (-2..2), or {@code null}
 * @param reasoningEffort {@code reasoning_effort}, or {@code null}
 * @param user {@code user}: an end-user id, or {@code null}
 * @param metadata {@code metadata}: string key/value pairs, empty when none
 * @param streamOptions {@code stream_options} as the caller gave them (JSON-shaped values), empty
 *     when none
 * @param logprobs {@code logprobs}, or {@code null}
 * @param topLogprobs {@code top_logprobs} (0..20, only with {@code logprobs}), or {@code null}
 * @param n {@code n}: only {@code 1} (or {@code null}); the orchestrator does not fan out choices
 * @param extraBody request fields the engine does not model, forwarded unchanged to OpenAI-protocol
 *     routes (values: {@code null}, {@link Boolean}, {@link Number}, {@link String}, {@link List},
 *     {@link Map}); a route of another protocol cannot honour them and is excluded. Never a
 *     modelled field (see {@link #MODELLED_FIELDS}), never {@code models}
 * @param nativeRequest the request in the caller's own protocol, sent unchanged to a route of that
 *     protocol ({@link NativeRequest}), or {@code null}
 * @param dropped what the caller's front could not translate (hints and extras of its protocol, as
 *     field paths): a route of the {@link #nativeRequest()}'s protocol still receives them in the
 *     caller's own body, any other route does not, and the trace names them ({@link
 *     dev.orchestrator.engine.Trace#dropped()}); empty when nothing was dropped
 * @param onlyFrom what only a route of one protocol can honour, by field path: a route of any other
 *     protocol is named as dropping it ({@link #droppedFor}) — a Responses request's {@code
 *     include} of encrypted reasoning, which only an Anthropic route's signed thinking gives; empty
 *     when every route honours the whole request
 * @param session the conversation this request continues (an agent's session id, a prompt cache
 *     key), or {@code null}: while the route that last answered the session is a candidate it is
 *     tried first (docs/design.md §5); at most 256 characters
 * @param provider OpenRouter-style provider preferences ({@code provider}: order, only, ignore,
 *     sort, max_price, require_parameters); {@link ProviderPreferences#NONE} when not given
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
    Integer promptTokens,
    ToolChoice toolChoice,
    Boolean parallelToolCalls,
    Double topP,
    List<String> stop,
    Long seed,
    Integer maxCompletionTokens,
    Double presencePenalty,
    Double frequencyPenalty,
    ReasoningEffort reasoningEffort,
    String user,
    Map<String, String> metadata,
    Map<String, Object> streamOptions,
    Boolean logprobs,
    Integer topLogprobs,
    Integer n,
    Map<String, Object> extraBody,
    NativeRequest nativeRequest,
    List<String> dropped,
    Map<String, Protocol> onlyFrom,
    String session,
    ProviderPreferences provider) {

  /**
   * The OpenAI request fields this record models (plus the orchestrator's own {@code models});
   * {@link #extraBody()} may not use them.
   */
  public static final Set<String> MODELLED_FIELDS =
      Set.of(
          "model",
          "messages",
          "tools",
          "tool_choice",
          "parallel_tool_calls",
          "response_format",
          "temperature",
          "top_p",
          "stop",
          "seed",
          "max_tokens",
          "max_completion_tokens",
          "presence_penalty",
          "frequency_penalty",
          "reasoning_effort",
          "user",
          "metadata",
          "stream",
          "stream_options",
          "logprobs",
          "top_logprobs",
          "n",
          "models");

  /**
   * OpenAI's audio part, {@code {"type": "input_audio", "input_audio": {"data", "format"}}}, which
   * OpenRouter and Gemini's OpenAI-compatible endpoint take too.
   */
  private static final String AUDIO_PART = "input_audio";

  /**
   * The video part of OpenRouter and other OpenAI-compatible APIs, {@code {"type": "video_url",
   * "video_url": {"url"}}} (https://openrouter.ai/docs/features/multimodal/videos).
   */
  private static final String VIDEO_PART = "video_url";

  /** Validates and copies. */
  public ChatRequest {
    Objects.requireNonNull(model, "model");
    if (model.isBlank()) {
      throw new IllegalArgumentException("model: blank (expected: a model, pool or route id)");
    }
    messages = List.copyOf(messages);
    if (messages.isEmpty() && nativeRequest == null) {
      throw new IllegalArgumentException("messages: empty (expected: at least one message)");
    }
    tools = tools == null ? List.of() : List.copyOf(tools);
    models = models == null ? List.of() : List.copyOf(models);
    require =
        require == null || require.isEmpty()
            ? Collections.unmodifiableSet(EnumSet.noneOf(Capability.class))
            : Collections.unmodifiableSet(EnumSet.copyOf(require));
    stop = stop == null ? List.of() : List.copyOf(stop);
    metadata = RequestChecks.metadata(metadata);
    streamOptions = JsonValues.copyObject(streamOptions, "stream_options");
    extraBody = JsonValues.copyObject(extraBody, "extraBody");
    dropped = dropped == null ? List.of() : List.copyOf(dropped);
    onlyFrom =
        onlyFrom == null || onlyFrom.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(onlyFrom));
    provider = provider == null ? ProviderPreferences.NONE : provider;
    if (session != null && (session.isEmpty() || session.length() > 256)) {
      throw new IllegalArgumentException(
          "session: " + session.length() + " characters (expected: 1 to 256)");
    }
    RequestChecks.limits(maxTokens, maxCompletionTokens, promptTokens, n);
    RequestChecks.sampling(temperature, topP, presencePenalty, frequencyPenalty);
    RequestChecks.stop(stop);
    RequestChecks.logprobs(logprobs, topLogprobs);
    RequestChecks.toolChoice(toolChoice, tools);
    RequestChecks.toolResults(messages);
    RequestChecks.extraBody(extraBody);
    RequestChecks.freeOfCharge(model, extraBody);
  }

  /**
   * The index in {@code messages} of the first tool result that answers no tool call of an earlier
   * assistant message (its {@link ChatMessage#toolCallId()} is the id of no {@link ToolCall} before
   * it), or {@code -1} when every result answers one. A request with such a result is refused when
   * it is built ({@code Builder.build()}): providers refuse it (Anthropic and OpenAI with a 400),
   * so no route could serve it (ADR 0055). For a front that names the field in its own protocol's
   * words.
   */
  public static int orphanToolResult(List<ChatMessage> messages) {
    return RequestChecks.orphanToolResult(messages);
  }

  /**
   * Why a tool result whose call id is {@code id} answers no call: the words a refusal of an orphan
   * result ({@link #orphanToolResult}) puts after the field's name, the library's ({@code
   * Builder.build()}) and a front's that names its own field ({@code
   * messages[3].content[0].tool_use_id: …}).
   */
  public static String orphanToolResultReason(String id) {
    return RequestChecks.orphan(id);
  }

  /** A builder for a request to {@code model}. */
  public static Builder builder(String model) {
    return new Builder(model);
  }

  /**
   * What a route of {@code protocol} ({@code null} when unknown) does not receive or honour of this
   * request, in request order: {@link #dropped()}, unless the route speaks the protocol of the
   * caller's own body, which it then receives whole; then each field of {@link #onlyFrom()} that
   * another protocol honours.
   */
  public List<String> droppedFor(Protocol protocol) {
    List<String> missed =
        nativeRequest != null && nativeRequest.protocol() == protocol ? List.of() : dropped;
    if (onlyFrom.isEmpty()) {
      return missed;
    }
    List<String> all = new ArrayList<>(missed);
    onlyFrom.forEach(
        (field, honouredBy) -> {
          if (honouredBy != protocol && !all.contains(field)) {
            all.add(field);
          }
        });
    return List.copyOf(all);
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
    b.toolChoice = toolChoice;
    b.parallelToolCalls = parallelToolCalls;
    b.topP = topP;
    b.stop.addAll(stop);
    b.seed = seed;
    b.maxCompletionTokens = maxCompletionTokens;
    b.presencePenalty = presencePenalty;
    b.frequencyPenalty = frequencyPenalty;
    b.reasoningEffort = reasoningEffort;
    b.user = user;
    b.metadata.putAll(metadata);
    b.streamOptions.putAll(streamOptions);
    b.logprobs = logprobs;
    b.topLogprobs = topLogprobs;
    b.n = n;
    b.extraBody.putAll(extraBody);
    b.nativeRequest = nativeRequest;
    b.dropped.addAll(dropped);
    b.onlyFrom.putAll(onlyFrom);
    b.session = session;
    b.provider = provider;
    return b;
  }

  /**
   * The output-token limit the caller set under either name ({@code max_completion_tokens} wins),
   * or {@code null}.
   */
  public Integer outputTokenLimit() {
    return maxCompletionTokens != null ? maxCompletionTokens : maxTokens;
  }

  /** Whether {@code stream_options.include_usage} is {@code true}. */
  public boolean includeUsage() {
    return Boolean.TRUE.equals(streamOptions.get("include_usage"));
  }

  /**
   * The capabilities the request needs: the explicit ones, plus those its content implies
   * (docs/design.md §9): tools when tools are offered and {@code tool_choice} is not {@code none},
   * vision when a message has an image, PDF when a message has a {@code file} part (chat
   * completions take only PDFs in one), audio when it has an {@code input_audio} part, video when
   * it has a {@code video_url} part, JSON when a structured response format is asked for.
   */
  public Set<Capability> requiredCapabilities() {
    EnumSet<Capability> all = EnumSet.noneOf(Capability.class);
    all.addAll(require);
    all.addAll(impliedCapabilities().keySet());
    return all;
  }

  /**
   * The capabilities the request's own fields imply, each with the field that implies it, named as
   * in an OpenAI request ({@code tools}, {@code tool_choice}, {@code response_format}, {@code
   * messages[1].content[0]} for the first image). Explicit {@link #require()} entries are not
   * included: no field implies them.
   */
  public Map<Capability, String> impliedCapabilities() {
    Map<Capability, String> m = new EnumMap<>(Capability.class);
    if (!tools.isEmpty() && (toolChoice == null || toolChoice.allowsCalls())) {
      m.put(Capability.TOOLS, toolChoice == null ? "tools" : "tool_choice");
    }
    String image = firstImageField();
    if (image != null) {
      m.put(Capability.VISION, image);
    }
    String file = firstFileField();
    if (file != null) {
      m.put(Capability.PDF, file);
    }
    String audio = firstRawField(AUDIO_PART);
    if (audio != null) {
      m.put(Capability.AUDIO, audio);
    }
    String video = firstRawField(VIDEO_PART);
    if (video != null) {
      m.put(Capability.VIDEO, video);
    }
    if (responseFormat != null && responseFormat.structured()) {
      m.put(Capability.JSON, "response_format");
    }
    return m;
  }

  private String firstImageField() {
    return firstPartField(
        p -> p instanceof ContentPart.Image || p instanceof ContentPart.Raw r && isImage(r));
  }

  /**
   * The first {@code file} part: a PDF, the only file OpenAI's chat completions take in one
   * (https://platform.openai.com/docs/guides/pdf-files; the chat front's {@code file} parts, the
   * Responses front's {@code input_file} and the Messages front's base64 PDF {@code document} all
   * become a {@link ContentPart.File}, as {@link ContentPart#pdf} does; a {@link ContentPart.Raw}
   * part of type {@code file} a library caller built is one too).
   */
  private String firstFileField() {
    return firstPartField(
        p ->
            p instanceof ContentPart.File
                || p instanceof ContentPart.Raw r && r.type().equals("file"));
  }

  /** The field of the first part the engine does not model whose type is {@code type}. */
  private String firstRawField(String type) {
    return firstPartField(p -> p instanceof ContentPart.Raw r && r.type().equals(type));
  }

  /** The field of the first content part {@code kind} accepts ({@code messages[i].content[j]}). */
  private String firstPartField(Predicate<ContentPart> kind) {
    for (int i = 0; i < messages.size(); i++) {
      List<ContentPart> parts = messages.get(i).parts();
      for (int j = 0; j < parts.size(); j++) {
        if (kind.test(parts.get(j))) {
          return "messages[" + i + "].content[" + j + "]";
        }
      }
    }
    return null;
  }

  /** A raw part OpenAI would read as an image (an {@code image_url} part with extra fields). */
  private static boolean isImage(ContentPart.Raw r) {
    return r.type().equals("image_url") || r.type().equals("input_image");
  }

  /**
   * The prompt size used for planning: the explicit estimate, or about one token per four
   * characters of the messages (an image counts as about 1,000 tokens; inline base64 data is not
   * text the model reads).
   */
  public int estimatedPromptTokens() {
    if (promptTokens != null) {
      return promptTokens;
    }
    long chars = 0;
    for (ChatMessage m : messages) {
      chars += 4;
      for (ContentPart p : m.parts()) {
        if (p instanceof ContentPart.Text t) {
          chars += t.text().length();
        } else if (p instanceof ContentPart.Image) {
          chars += 4000;
        } else if (p instanceof ContentPart.File f) {
          chars +=
              f.json() != null
                  ? f.json().length()
                  : ((PdfPart.Inline) f.pdf()).base64Data().length();
        } else if (p instanceof ContentPart.Raw r) {
          chars += r.json().length();
        }
      }
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

  /** Mutable builder; not thread-safe. Setting a value to {@code null} clears it. */
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
    private ToolChoice toolChoice;
    private Boolean parallelToolCalls;
    private Double topP;
    private final List<String> stop = new ArrayList<>();
    private Long seed;
    private Integer maxCompletionTokens;
    private Double presencePenalty;
    private Double frequencyPenalty;
    private ReasoningEffort reasoningEffort;
    private String user;
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private final Map<String, Object> streamOptions = new LinkedHashMap<>();
    private Boolean logprobs;
    private Integer topLogprobs;
    private Integer n;
    private final Map<String, Object> extraBody = new LinkedHashMap<>();
    private NativeRequest nativeRequest;
    private String session;
    private ProviderPreferences provider = ProviderPreferences.NONE;
    private final List<String> dropped = new ArrayList<>();
    private final Map<String, Protocol> onlyFrom = new LinkedHashMap<>();

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

    /** Appends a user message of several parts (text and images). */
    public Builder user(ContentPart... parts) {
      return message(ChatMessage.user(parts));
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

    /** Replaces the tool definitions. */
    public Builder tools(List<ToolDefinition> ts) {
      tools.clear();
      tools.addAll(ts);
      return this;
    }

    /** Sets {@code max_tokens}. */
    public Builder maxTokens(Integer v) {
      maxTokens = v;
      return this;
    }

    /** Sets {@code max_completion_tokens}. */
    public Builder maxCompletionTokens(Integer v) {
      maxCompletionTokens = v;
      return this;
    }

    /** Sets the temperature. */
    public Builder temperature(Double v) {
      temperature = v;
      return this;
    }

    /** Sets {@code top_p}. */
    public Builder topP(Double v) {
      topP = v;
      return this;
    }

    /** Sets the response format. */
    public Builder responseFormat(ResponseFormat v) {
      responseFormat = v;
      return this;
    }

    /** Sets {@code tool_choice}. */
    public Builder toolChoice(ToolChoice v) {
      toolChoice = v;
      return this;
    }

    /** Sets {@code parallel_tool_calls}. */
    public Builder parallelToolCalls(Boolean v) {
      parallelToolCalls = v;
      return this;
    }

    /** Replaces the stop sequences. */
    public Builder stop(List<String> v) {
      stop.clear();
      stop.addAll(v);
      return this;
    }

    /** Replaces the stop sequences. */
    public Builder stop(String... v) {
      return stop(List.of(v));
    }

    /** Sets {@code seed}. */
    public Builder seed(Long v) {
      seed = v;
      return this;
    }

    /** Sets {@code presence_penalty}. */
    public Builder presencePenalty(Double v) {
      presencePenalty = v;
      return this;
    }

    /** Sets {@code frequency_penalty}. */
    public Builder frequencyPenalty(Double v) {
      frequencyPenalty = v;
      return this;
    }

    /** Sets {@code reasoning_effort}. */
    public Builder reasoningEffort(ReasoningEffort v) {
      reasoningEffort = v;
      return this;
    }

    /** Sets {@code user}. */
    public Builder endUser(String v) {
      user = v;
      return this;
    }

    /** Replaces {@code metadata}. */
    public Builder metadata(Map<String, String> v) {
      metadata.clear();
      metadata.putAll(v);
      return this;
    }

    /** Replaces {@code stream_options}. */
    public Builder streamOptions(Map<String, ?> v) {
      streamOptions.clear();
      streamOptions.putAll(v);
      return this;
    }

    /** Sets {@code logprobs}. */
    public Builder logprobs(Boolean v) {
      logprobs = v;
      return this;
    }

    /** Sets {@code top_logprobs}. */
    public Builder topLogprobs(Integer v) {
      topLogprobs = v;
      return this;
    }

    /** Sets {@code n} (only {@code 1} is accepted). */
    public Builder n(Integer v) {
      n = v;
      return this;
    }

    /** Adds a field the engine does not model, forwarded to OpenAI-protocol routes. */
    public Builder extraBody(String field, Object value) {
      extraBody.put(field, value);
      return this;
    }

    /** Replaces the fields the engine does not model. */
    public Builder extraBody(Map<String, ?> v) {
      extraBody.clear();
      extraBody.putAll(v);
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

    /** Keeps the request in the caller's own protocol for routes of that protocol. */
    public Builder nativeRequest(NativeRequest v) {
      nativeRequest = v;
      return this;
    }

    /** Names what the caller's front could not translate ({@link ChatRequest#dropped()}). */
    public Builder dropped(List<String> v) {
      dropped.clear();
      dropped.addAll(v);
      return this;
    }

    /**
     * Names {@code field} as honoured only by a route of {@code protocol} ({@link
     * ChatRequest#onlyFrom()}).
     */
    public Builder onlyFrom(String field, Protocol protocol) {
      onlyFrom.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(protocol));
      return this;
    }

    /** Names the conversation this request continues ({@link ChatRequest#session()}). */
    public Builder session(String v) {
      session = v;
      return this;
    }

    /** OpenRouter-style provider preferences ({@link ChatRequest#provider()}). */
    public Builder provider(ProviderPreferences v) {
      provider = v;
      return this;
    }

    /**
     * Builds the request.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
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
          promptTokens,
          toolChoice,
          parallelToolCalls,
          topP,
          stop,
          seed,
          maxCompletionTokens,
          presencePenalty,
          frequencyPenalty,
          reasoningEffort,
          user,
          metadata,
          streamOptions,
          logprobs,
          topLogprobs,
          n,
          extraBody,
          nativeRequest,
          dropped,
          onlyFrom,
          session,
          provider);
    }
  }
}
