package dev.orchestrator.serve.messages;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.front.DroppedHeader;
import dev.orchestrator.serve.front.EventStream;
import dev.orchestrator.serve.front.ToolCallSequence;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A Messages event stream in Anthropic's grammar ({@link EventStream} commits, flushes and breaks
 * it off): {@code message_start} (with the usage the upstream reported as it started, else none
 * made up: {@link MessagesAnswer#usage}) and a {@code ping} at commit, then one {@code
 * content_block_start} / {@code content_block_delta}… / {@code content_block_stop} run per block —
 * {@code thinking} with {@code thinking_delta} and {@code signature_delta}, {@code text} with
 * {@code text_delta}, {@code tool_use} with {@code input_json_delta} — and {@code message_delta}
 * (stop reason, usage) and {@code message_stop} at the end. Reasoning is streamed as thinking only
 * from an Anthropic route, whose blocks are signed (see {@link MessagesAnswer}). Parallel calls
 * whose fragments interleave get one block each, in turn ({@link ToolCallSequence}). Text arriving
 * while a {@code tool_use} block is open is held until the call's block closes, then sent as a text
 * block of its own. A failure after commit is one {@code event: error} and the body is broken off,
 * never {@code message_stop}. Used by the one thread handling the request. Not thread-safe.
 */
final class MessagesStream extends EventStream {
  private final Function<String, Protocol> protocolOf;
  private final List<String> dropped;
  private String upstreamId;
  private Usage startUsage = Usage.NONE; // what the attempt's upstream said as it started
  private int index = -1; // the index of the open or last block
  private String open; // the type of the open block, or null
  private int openCall = -1; // the index of the call whose tool_use block is open or was last
  private boolean textSent;
  private boolean thinkingSent;
  private int toolCallsAnnounced;
  private int wholeToolCallsSeen;
  private final Map<Integer, String> toolUseIds = new HashMap<>(); // by the call's index
  private final ToolCallSequence inTurn = new ToolCallSequence(this::toolUseFragment);
  private final StringBuilder heldText = new StringBuilder(); // arrived while tool_use was open

  /**
   * A stream answering {@code call}; {@code protocolOf} names a route's protocol, {@code dropped}
   * the request's fields a route of another protocol does not receive.
   */
  MessagesStream(
      HttpCall call,
      Cancellation cancel,
      Function<String, Protocol> protocolOf,
      List<String> dropped) {
    super(call, cancel);
    this.protocolOf = protocolOf;
    this.dropped = dropped;
  }

  @Override
  public void onResponseMetadata(String id, String systemFingerprint) {
    if (!committed()) {
      upstreamId = id; // before commit a failed-over attempt's id is replaced by the next one's
    }
  }

  @Override
  public void onAttemptStart(String route, int attempt) {
    super.onAttemptStart(route, attempt);
    if (!committed()) {
      startUsage = Usage.NONE; // a failed-over attempt's counts are not the next one's
    }
  }

  @Override
  public void onUsage(Usage usage) {
    if (!committed()) {
      startUsage = usage;
    }
  }

  @Override
  protected void commitHeaders(Map<String, String> headers, String route) {
    if (!dropped.isEmpty() && protocolOf.apply(route) != Protocol.ANTHROPIC_MESSAGES) {
      headers.put(MessagesEndpoint.DROPPED, DroppedHeader.value(dropped));
    }
  }

  @Override
  protected void onCommit() {
    ObjectNode message = MessagesAnswer.head(MessagesAnswer.id(upstreamId), route());
    message.putArray("content");
    message.putNull("stop_reason");
    message.putNull("stop_sequence");
    message.set("usage", MessagesAnswer.usage(startUsage));
    ObjectNode start = Json.MAPPER.createObjectNode().put("type", "message_start");
    start.set("message", message);
    event("message_start", start);
    event("ping", Json.MAPPER.createObjectNode().put("type", "ping"));
  }

  @Override
  public void onContent(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    textSent = true;
    if ("tool_use".equals(open)) {
      heldText.append(delta); // the call's next argument piece may follow: its block stays open
      return;
    }
    if (!"text".equals(open)) {
      start(Json.MAPPER.createObjectNode().put("type", "text").put("text", ""));
    }
    delta("text_delta", "text", delta);
  }

  @Override
  public void onReasoning(String delta) {
    if (delta.isEmpty() || !anthropicRoute()) {
      return;
    }
    if (!"thinking".equals(open)) {
      start(
          Json.MAPPER
              .createObjectNode()
              .put("type", "thinking")
              .put("thinking", "")
              .put("signature", ""));
    }
    thinkingSent = true;
    delta("thinking_delta", "thinking", delta);
  }

  @Override
  public void onReasoningSignature(String signature) {
    if ("thinking".equals(open)) {
      delta("signature_delta", "signature", signature);
      stop();
    }
  }

  @Override
  public void onRedactedReasoning(String data) {
    if (anthropicRoute()) {
      start(MessagesAnswer.thinkingBlock(Thinking.redacted(data)));
      thinkingSent = true;
      stop();
    }
  }

  /**
   * A block an Anthropic route wrote that the engine does not model (server tool use, its results):
   * passed on unchanged, a block with an {@code input} as Anthropic streams it — opened with an
   * empty input, then the input as one {@code input_json_delta}.
   */
  @Override
  public void onNativeBlock(Protocol protocol, String blockJson) {
    if (protocol != Protocol.ANTHROPIC_MESSAGES) {
      return;
    }
    ObjectNode block = Json.object(blockJson);
    if (block == null) {
      return; // not a JSON object: nothing a client could read
    }
    JsonNode input = block.get("input");
    boolean streamedInput = input != null && input.isObject();
    if (streamedInput) {
      block.putObject("input");
    }
    start(block);
    if (streamedInput) {
      delta("input_json_delta", "partial_json", input.toString());
    }
    stop();
  }

  /**
   * A delta an Anthropic route wrote to its text that the engine does not model (a citation):
   * passed on unchanged to the text block, opened for it when none is.
   */
  @Override
  public void onNativeDelta(Protocol protocol, String deltaJson) {
    if (protocol != Protocol.ANTHROPIC_MESSAGES) {
      return;
    }
    ObjectNode delta = Json.object(deltaJson);
    if (delta == null) {
      return;
    }
    if (!"text".equals(open)) {
      start(Json.MAPPER.createObjectNode().put("type", "text").put("text", ""));
    }
    delta(delta);
  }

  /**
   * A fragment of a streamed call. Parallel calls whose fragments interleave are put one after the
   * other first ({@link ToolCallSequence}): a {@code tool_use} block is closed for good once the
   * next opens.
   */
  @Override
  public void onToolCallDelta(ToolCallDelta d) {
    inTurn.fragment(d);
  }

  private void toolUseFragment(ToolCallDelta d) {
    if (d.name() != null) {
      toolCallsAnnounced = Math.max(toolCallsAnnounced, d.index() + 1);
      startToolUse(d.index(), d.id(), d.name());
    }
    String args = d.argumentsFragment();
    if (args != null && !args.isEmpty() && "tool_use".equals(open) && d.index() == openCall) {
      delta("input_json_delta", "partial_json", args);
    }
  }

  /**
   * A whole call. Streamed calls were already sent as fragments; a call that arrives only whole (an
   * upstream that answered a stream request with one JSON body) is sent as one block.
   */
  @Override
  public void onToolCall(ToolCall c) {
    if (inTurn.complete(wholeToolCallsSeen++)) {
      return;
    }
    startToolUse(toolCallsAnnounced++, c.id(), c.name());
    String args = MessagesAnswer.input(c.argumentsJson()).toString();
    delta("input_json_delta", "partial_json", args);
  }

  @Override
  public void finish(ChatResult result) {
    ChatResponse r = result.response();
    if (!committed()) {
      upstreamId = r.id();
    }
    commit(result.route());
    batchToEnd(); // what is left leaves in one write when the exchange completes
    inTurn.flush();
    releaseHeldText();
    if (!thinkingSent && !textSent && toolCallsAnnounced == 0) {
      for (Thinking t : r.thinking()) { // a whole answer to a stream request
        ObjectNode block = MessagesAnswer.thinkingBlock(t);
        if (block != null) {
          start(block);
          stop();
        }
      }
    }
    if (!textSent && !r.content().isEmpty()) {
      onContent(r.content());
    }
    List<ToolCall> calls = r.toolCalls();
    for (int i = wholeToolCallsSeen; i < calls.size(); i++) {
      onToolCall(calls.get(i));
    }
    stop();
    ObjectNode end = Json.MAPPER.createObjectNode().put("type", "message_delta");
    end.putObject("delta")
        .put("stop_reason", MessagesAnswer.stopReason(r, anthropicRoute()))
        .put("stop_sequence", r.stopSequence());
    end.set("usage", MessagesAnswer.usage(r.usage()));
    event("message_delta", end);
    event("message_stop", Json.MAPPER.createObjectNode().put("type", "message_stop"));
  }

  @Override
  protected void errorEvent(ApiError error) {
    event("error", MessagesErrors.streamError(error));
  }

  /**
   * Whether the route speaking now is an Anthropic route: it signs its reasoning (only Anthropic's
   * may be shown), and its own stop reasons pass as it said them.
   */
  private boolean anthropicRoute() {
    String route = route();
    return route != null && protocolOf.apply(route) == Protocol.ANTHROPIC_MESSAGES;
  }

  /**
   * Opens the {@code tool_use} block of the call at {@code callIndex}, with the upstream's {@code
   * id} or one minted once for that index.
   */
  private void startToolUse(int callIndex, String id, String name) {
    String useId =
        id != null
            ? id
            : toolUseIds.computeIfAbsent(callIndex, i -> MessagesAnswer.toolUseId(null));
    ObjectNode block = Json.MAPPER.createObjectNode().put("type", "tool_use");
    block.put("id", useId).put("name", name).putObject("input");
    start(block);
    openCall = callIndex;
  }

  /**
   * Closes the open block and opens {@code block}; text held while a {@code tool_use} block was
   * open goes first, as its own block.
   */
  private void start(ObjectNode block) {
    releaseHeldText();
    stop();
    index++;
    open = block.path("type").asText();
    ObjectNode e = Json.MAPPER.createObjectNode().put("type", "content_block_start");
    e.put("index", index);
    e.set("content_block", block);
    event("content_block_start", e);
  }

  /** A delta an Anthropic route wrote to the open block, passed on as it is. */
  private void delta(ObjectNode delta) {
    ObjectNode e = Json.MAPPER.createObjectNode().put("type", "content_block_delta");
    e.put("index", index);
    e.set("delta", delta);
    event("content_block_delta", e);
  }

  /**
   * A {@code content_block_delta} of the open block whose delta is {@code {"type": type, field:
   * value}}: every text, thinking and argument piece, written with no tree built for it.
   */
  private void delta(String type, String field, String value) {
    int block = index;
    writeEvent("content_block_delta", g -> writeDelta(g, block, type, field, value));
  }

  /**
   * {@code {"type":"content_block_delta","index":index,"delta":{"type":type,field:value}}}: the
   * bytes of the same JSON tree serialised ({@code MessagesStreamDeltaTest}).
   */
  static void writeDelta(JsonGenerator g, int index, String type, String field, String value)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("type", "content_block_delta");
    g.writeNumberField("index", index);
    g.writeObjectFieldStart("delta");
    g.writeStringField("type", type);
    g.writeStringField(field, value);
    g.writeEndObject();
    g.writeEndObject();
  }

  /**
   * Text that arrived while a {@code tool_use} block was open (an OpenAI-compatible route may send
   * text between a call's argument pieces): the block is closed and the text sent as a block of its
   * own after it, so that no argument piece arriving before then is lost and every block is closed
   * before the next opens.
   */
  private void releaseHeldText() {
    if (heldText.length() > 0) {
      stop();
      String text = heldText.toString();
      heldText.setLength(0);
      onContent(text);
    }
  }

  /** Closes the open block, if any. */
  private void stop() {
    if (open != null) {
      open = null;
      event(
          "content_block_stop",
          Json.MAPPER.createObjectNode().put("type", "content_block_stop").put("index", index));
    }
  }
}
