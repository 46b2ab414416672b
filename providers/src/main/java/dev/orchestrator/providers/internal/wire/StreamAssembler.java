package dev.orchestrator.providers.internal.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.spi.StreamBounds;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Assembles one streamed answer from decoded SSE events and forwards visible deltas to the
 * listener. Protocol subclasses implement {@link #handle}. Used by the thread reading the stream;
 * the model's first output passes the attempt's first-token gate ({@link #firstTokenGate}) before
 * anything of it is recorded or relayed.
 */
public abstract class StreamAssembler implements SseReader.Handler {

  /** The listener threw: the caller can no longer take the stream. */
  public static final class ListenerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ListenerException(RuntimeException cause) {
      super("stream listener failed: " + cause, cause);
    }
  }

  /**
   * The first-token gate ({@link #firstTokenGate}) refused the stream's first token: the attempt
   * had been stopped before it, and nothing of it was recorded or relayed.
   */
  public static final class FirstTokenRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FirstTokenRefused() {
      super("the attempt was stopped before the stream's first token", null, false, false);
    }
  }

  private final StreamListener listener;
  private final StringBuilder content = new StringBuilder();
  private final StringBuilder reasoning = new StringBuilder();
  private final StringBuilder refusal = new StringBuilder();
  private final List<Thinking> thinking = new ArrayList<>();
  private int thinkingFrom; // where the reasoning of the block not yet signed starts
  private ObjectNode logprobs;
  private int announcedToolCalls;
  private boolean metadataSent;
  private final Map<Integer, ToolCallBuilder> toolCalls = new TreeMap<>();
  private final List<ToolCall> completedToolCalls = new ArrayList<>();
  private volatile boolean visibleOutput;
  private boolean unmodelledOutput;
  private boolean progressed; // the first-token gate was passed (read on this thread only)
  private volatile boolean terminalSeen;
  private StreamSignal signal = StreamSignal.CONTINUE;
  private String errorData;
  private String malformed;
  private int maxMalformedEvents = DEFAULT_MAX_MALFORMED_EVENTS;
  private long maxToolArgumentBytes = StreamBounds.DEFAULTS.maxToolArgumentBytes();
  private int skippedEvents;
  private BooleanSupplier firstTokenGate = () -> true;

  /** Invalid events skipped in an otherwise healthy stream before it counts as malformed. */
  public static final int DEFAULT_MAX_MALFORMED_EVENTS = 3;

  /** The model the provider reported, or {@code null}. */
  protected String servedModel;

  /** The answer's id from the body ({@code chatcmpl-…}, {@code msg_…}), or {@code null}. */
  protected String requestId;

  /** The upstream's {@code system_fingerprint}, or {@code null}. */
  protected String systemFingerprint;

  /** The finish reason, normalised to OpenAI's vocabulary, or {@code null}. */
  protected String finishReason;

  /** Usage, once reported. */
  protected Usage usage = Usage.NONE;

  /** The stop sequence that ended the answer, when the protocol names it. */
  protected String stopSequence;

  private final String fallbackModel;
  private final String headerRequestId;

  /**
   * An assembler for one stream.
   *
   * @param listener receives deltas, or {@code null}
   * @param fallbackModel the route's model, used when the stream names none
   * @param headerRequestId the request id from the response headers, or {@code null}
   */
  protected StreamAssembler(StreamListener listener, String fallbackModel, String headerRequestId) {
    this.listener = listener;
    this.fallbackModel = fallbackModel;
    this.headerRequestId = headerRequestId;
  }

  /**
   * Sets this stream's bounds: how many invalid events are skipped before the stream is malformed,
   * and the largest tool call's arguments. Call before the first event.
   */
  public final void bounds(int maxMalformed, long maxToolArguments) {
    this.maxMalformedEvents = maxMalformed;
    this.maxToolArgumentBytes = maxToolArguments;
  }

  /**
   * Sets the gate asked once, when the model first produces something (text, reasoning, a tool
   * call, any other output), before anything of it is recorded or relayed: whether the attempt
   * still runs. The transport moves its attempt past the first-token limit in that same step
   * (docs/design.md §5: nothing is failed over after visible output). A refusal ends the event in
   * {@link FirstTokenRefused}. Call before the first event; without one the stream always goes on.
   */
  public final void firstTokenGate(BooleanSupplier gate) {
    this.firstTokenGate = gate;
  }

  /**
   * Handles one event. An empty {@code data:} event is legal and carries nothing; an invalid event
   * is skipped and counted up to the bound (docs/design.md §5), past it the stream is malformed;
   * tool-call arguments past their bound end the stream as malformed too.
   */
  @Override
  public final boolean onEvent(String event, byte[] data, int offset, int length) {
    if (signal != StreamSignal.CONTINUE) {
      return false;
    }
    if (WireSupport.isBlank(data, offset, length)) {
      return true;
    }
    StreamSignal s =
        "error".equals(event)
            ? inBandError(WireSupport.text(data, offset, length))
            : handle(event, data, offset, length);
    if (s == StreamSignal.MALFORMED && skippedEvents < maxMalformedEvents) {
      skippedEvents++;
      return true;
    }
    if (s == StreamSignal.MALFORMED && skippedEvents > 0) {
      malformed = "more than " + maxMalformedEvents + " invalid events; the last: " + malformed;
    }
    if (s == StreamSignal.CONTINUE && toolArgumentsTooLarge()) {
      s =
          malformed(
              "tool call arguments larger than "
                  + maxToolArgumentBytes
                  + " characters (maxToolArgumentBytes; expected: a bounded tool call)");
    }
    signal = s;
    return signal == StreamSignal.CONTINUE;
  }

  /** {@link #onEvent(String, byte[], int, int)} for an event whose data is {@code data}. */
  public final boolean onEvent(String event, String data) {
    byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
    return onEvent(event, bytes, 0, bytes.length);
  }

  private boolean toolArgumentsTooLarge() {
    for (ToolCallBuilder b : toolCalls.values()) {
      if (b.arguments.length() > maxToolArgumentBytes) {
        return true;
      }
    }
    return nativeInputLength() > maxToolArgumentBytes;
  }

  /**
   * The length of the largest input a block the engine does not model is streaming (a server
   * tool's), bounded as tool-call arguments are; 0 when none.
   */
  protected int nativeInputLength() {
    return 0;
  }

  /** How many invalid events were skipped. */
  public final int skippedEvents() {
    return skippedEvents;
  }

  /**
   * Handles one event that is neither blank nor an {@code event: error} (both handled here);
   * returns what it means for the read loop. {@code data} holds the event's UTF-8 bytes from {@code
   * offset} for {@code length}, valid only during the call.
   */
  protected abstract StreamSignal handle(String event, byte[] data, int offset, int length);

  /** Records an in-band error event. */
  protected final StreamSignal inBandError(String data) {
    errorData = data;
    return StreamSignal.IN_BAND_ERROR;
  }

  /** Records a malformed event; the bad data is described, never passed on. */
  protected final StreamSignal malformed(String why) {
    malformed = why;
    return StreamSignal.MALFORMED;
  }

  /** Marks that the model is producing (reasoning, a tool call fragment), without visible text. */
  protected final void progress() {
    produced();
  }

  /**
   * The model produced something: the first time, asks the first-token gate before anything of it
   * is recorded or relayed, and a refusal ends the event ({@link FirstTokenRefused}). Every mark of
   * progress and every delivery pass here first.
   */
  private void produced() {
    if (!progressed) {
      if (!firstTokenGate.getAsBoolean()) {
        throw new FirstTokenRefused();
      }
      progressed = true;
    }
  }

  /** Marks that the terminal chunk arrived (finish reason, {@code message_delta} stop reason). */
  protected final void terminal() {
    terminalSeen = true;
  }

  /**
   * Tells the listener the answer's id and fingerprint, and the usage reported so far when there is
   * some, once, before the first delta (protocols call it as soon as the stream names them; a delta
   * sends it first otherwise).
   */
  protected final void emitMetadata() {
    if (!metadataSent) {
      metadataSent = true;
      call(l -> l.onResponseMetadata(requestId, systemFingerprint));
      Usage sofar = usage;
      if (sofar != null && !sofar.isNone()) {
        call(l -> l.onUsage(sofar));
      }
    }
  }

  /** A piece of visible text: appended and forwarded. */
  protected final void emitContent(String delta) {
    emit(content, delta, l -> l.onContent(delta));
  }

  /** A piece of reasoning: appended and forwarded (the caller sees it, so it is visible). */
  protected final void emitReasoning(String delta) {
    emit(reasoning, delta, l -> l.onReasoning(delta));
  }

  /**
   * The signature of the reasoning streamed since the last one: closes that block ({@link
   * Thinking}) and forwards it. Not visible output on its own.
   */
  protected final void emitReasoningSignature(String signature) {
    if (signature == null || signature.isEmpty()) {
      return;
    }
    thinking.add(Thinking.of(reasoning.substring(thinkingFrom), signature));
    thinkingFrom = reasoning.length();
    deliver(l -> l.onReasoningSignature(signature));
  }

  /** A reasoning block the provider withheld, as its encrypted data: kept and forwarded. */
  protected final void emitRedactedReasoning(String data) {
    if (data == null || data.isEmpty()) {
      return;
    }
    produced();
    emitMetadata();
    thinking.add(Thinking.redacted(data));
    deliver(l -> l.onRedactedReasoning(data));
  }

  /**
   * A content block the engine does not model, whole, as {@code protocol} wrote it: forwarded for a
   * relay of that protocol (visible output), not part of the assembled answer.
   */
  protected final void emitNativeBlock(Protocol protocol, String blockJson) {
    produced();
    emitMetadata();
    unmodelledOutput = true;
    deliver(l -> l.onNativeBlock(protocol, blockJson));
  }

  /**
   * A delta to the streaming text the engine does not model (a citation), as {@code protocol} wrote
   * it: forwarded for a relay of that protocol (visible output).
   */
  protected final void emitNativeDelta(Protocol protocol, String deltaJson) {
    produced();
    emitMetadata();
    deliver(l -> l.onNativeDelta(protocol, deltaJson));
  }

  /** A piece of a refusal: appended and forwarded. */
  protected final void emitRefusal(String delta) {
    emit(refusal, delta, l -> l.onRefusal(delta));
  }

  private void emit(StringBuilder answer, String delta, Consumer<StreamListener> forward) {
    if (delta == null || delta.isEmpty()) {
      return;
    }
    produced();
    emitMetadata();
    answer.append(delta);
    deliver(forward);
  }

  /**
   * A chunk's {@code logprobs} object: forwarded as it came (before the chunk's deltas) and merged
   * into the answer's, whose {@code content} and {@code refusal} arrays are the chunks' in order. A
   * missing or {@code null} object is nothing.
   */
  protected final void emitLogprobs(JsonNode chunkLogprobs) {
    if (chunkLogprobs == null || !chunkLogprobs.isObject()) {
      return;
    }
    if (logprobs == null) {
      logprobs = Json.MAPPER.createObjectNode();
    }
    for (Map.Entry<String, JsonNode> e : chunkLogprobs.properties()) {
      JsonNode had = logprobs.get(e.getKey());
      if (had instanceof ArrayNode a && e.getValue().isArray()) {
        a.addAll((ArrayNode) e.getValue().deepCopy());
      } else {
        logprobs.set(e.getKey(), e.getValue().deepCopy());
      }
    }
    if (listener != null) {
      emitMetadata();
      String json = chunkLogprobs.toString();
      call(l -> l.onLogprobs(json));
    }
  }

  /**
   * Forwards what {@code b} gained since its last fragment as an OpenAI-shaped {@link
   * ToolCallDelta}: the first fragment (once the name is known) carries the id, the name and the
   * arguments so far; later ones the new argument text. Indexes are renumbered 0, 1, 2… in the
   * order calls start, whatever the protocol's own block index.
   */
  protected final void emitToolCallFragment(ToolCallBuilder b) {
    if (b.name.length() == 0) {
      return; // nothing a client could show yet
    }
    emitMetadata();
    String args = b.arguments.substring(b.forwardedArguments);
    ToolCallDelta d;
    String signature = b.signatureForwarded ? null : b.thoughtSignature;
    if (b.index < 0) {
      b.index = announcedToolCalls++;
      d = new ToolCallDelta(b.index, b.id, b.name.toString(), args, signature);
    } else if (!args.isEmpty() || signature != null) {
      d = new ToolCallDelta(b.index, null, null, args, signature);
    } else {
      return;
    }
    b.forwardedArguments = b.arguments.length();
    b.signatureForwarded |= signature != null;
    deliver(l -> l.onToolCallDelta(d));
  }

  /** Hands visible output to the listener, if any. */
  private void deliver(Consumer<StreamListener> forward) {
    produced();
    if (listener != null) {
      visibleOutput = true;
      call(forward);
    }
  }

  /** Calls the listener, if any; a listener failure ends the stream. */
  private void call(Consumer<StreamListener> forward) {
    if (listener == null) {
      return;
    }
    try {
      forward.accept(listener);
    } catch (RuntimeException e) {
      throw new ListenerException(e);
    }
  }

  /** The tool call being assembled at {@code index}. */
  protected final ToolCallBuilder toolCall(int index) {
    produced();
    return toolCalls.computeIfAbsent(index, i -> new ToolCallBuilder());
  }

  /** Completes the tool call at {@code index} and forwards it (once). */
  protected final void completeToolCall(int index) {
    ToolCallBuilder b = toolCalls.remove(index);
    if (b != null && b.name.length() > 0) {
      emitToolCallFragment(b);
      ToolCall call =
          new ToolCall(b.id, b.name.toString(), b.arguments.toString(), b.thoughtSignature);
      completedToolCalls.add(call);
      deliver(l -> l.onToolCall(call));
    }
  }

  /** Completes every tool call still open, in index order. */
  protected final void completeAllToolCalls() {
    for (Integer i : new ArrayList<>(toolCalls.keySet())) {
      completeToolCall(i);
    }
  }

  /** The signal of the last event handled ({@link StreamSignal#CONTINUE} before any). */
  public final StreamSignal signal() {
    return signal;
  }

  /** Whether visible output (text, reasoning, a refusal or a tool call) reached the listener. */
  public final boolean visibleOutput() {
    return visibleOutput;
  }

  /**
   * Whether the stream carried a content block the engine does not model ({@link
   * #emitNativeBlock}), which a relay of its protocol passed on: output even when the reading has
   * none ({@link ChatResponse#usable()}), as in a turn of only Anthropic server tool blocks ({@code
   * pause_turn}).
   */
  public final boolean unmodelledOutput() {
    return unmodelledOutput;
  }

  /** Whether the terminal chunk arrived, so a missing end marker loses nothing. */
  public final boolean terminalSeen() {
    return terminalSeen;
  }

  /** The in-band error event's data, after {@link StreamSignal#IN_BAND_ERROR}. */
  public final String errorData() {
    return errorData;
  }

  /** Why the stream is malformed, after {@link StreamSignal#MALFORMED}. */
  public final String malformed() {
    return malformed;
  }

  /**
   * What the stream's end said, for classifying an answer without usable output: {@code
   * {"finish_reason": "<reason>"}} in OpenAI's vocabulary (an Anthropic {@code refusal} reads
   * {@code content_filter}), or {@code null} when no finish reason arrived. The failure classifier,
   * not the transport, decides what a finish reason means.
   */
  public final String terminalEvidence() {
    return finishReason == null
        ? null
        : Json.MAPPER.createObjectNode().put("finish_reason", finishReason).toString();
  }

  /** The answer assembled so far; completes open tool calls first. */
  public final ChatResponse response() {
    completeAllToolCalls();
    String model = servedModel == null || servedModel.isBlank() ? fallbackModel : servedModel;
    return ChatResponse.builder(model)
        .content(content.toString())
        .toolCalls(completedToolCalls)
        .finishReason(finishReason)
        .usage(usage)
        .requestId(headerRequestId != null ? headerRequestId : requestId)
        .id(requestId)
        .systemFingerprint(systemFingerprint)
        .reasoningContent(reasoning.length() == 0 ? null : reasoning.toString())
        .refusal(refusal.length() == 0 ? null : refusal.toString())
        .logprobsJson(logprobs == null ? null : logprobs.toString())
        .thinking(thinking)
        .stopSequence(stopSequence)
        .build();
  }

  /** A tool call assembled from fragments. */
  protected static final class ToolCallBuilder {
    /** The call id. */
    public String id;

    /** Gemini's thought signature of the call, or {@code null}. */
    public String thoughtSignature;

    /** The function name, possibly streamed in pieces. */
    public final StringBuilder name = new StringBuilder();

    /** The arguments JSON, streamed in pieces. */
    public final StringBuilder arguments = new StringBuilder();

    /** The index announced to the listener, or -1 before the first fragment. */
    int index = -1;

    /** How much of {@link #arguments} has been forwarded. */
    int forwardedArguments;

    /** Whether {@link #thoughtSignature} has been forwarded. */
    boolean signatureForwarded;
  }
}
