package dev.orchestrator.serve.responses;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.TreeNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.serve.front.DroppedHeader;
import dev.orchestrator.serve.front.EventStream;
import dev.orchestrator.serve.front.ToolCallSequence;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.HttpCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A Responses event stream (docs/reference.md, "OpenAI Responses"): each event is {@code event:
 * <type>} and {@code data:} the event with its {@code sequence_number}. {@code response.created}
 * and {@code response.in_progress} go out when the stream commits — at the first visible output, so
 * that failover before it stays invisible — then the output items one after the other, each opened
 * ({@code response.output_item.added}), filled ({@code response.output_text.delta}, {@code
 * response.reasoning_summary_text.delta}, {@code response.refusal.delta}, {@code
 * response.function_call_arguments.delta}) and closed ({@code ….done}, {@code
 * response.output_item.done}), and {@code response.completed} or {@code response.incomplete} with
 * the whole Response object. Parallel calls whose fragments interleave get one item each, in turn
 * ({@link ToolCallSequence}). Text or a refusal arriving while a function call is open is held
 * until the call closes, then sent as a message item of its own. When the request's {@code include}
 * asks for {@code reasoning.encrypted_content}, the signed thinking blocks streamed (an Anthropic
 * route's, each ended by its signature) are sealed into the {@code encrypted_content} of the
 * reasoning item they streamed in, on its {@code response.output_item.done} and in the final object
 * — a block with no reasoning text to show gets a reasoning item of its own, with an empty summary,
 * before the next item. A failure after commit is {@code response.failed}, then the body is broken
 * off ({@link EventStream#fail}). Used by the one thread handling the request. Not thread-safe.
 */
final class ResponsesStream extends EventStream {
  /**
   * The {@code error.code} of a failure after output: the API's {@code server_error} (its codes are
   * a closed list that the SDKs check); the message says the stream was interrupted and why.
   */
  static final String FAILED = "server_error";

  private enum Open {
    NONE,
    REASONING,
    MESSAGE,
    CALL
  }

  private final String id;
  private final long createdAt;
  private final ObjectNode echo;
  private final Function<String, List<String>> dropped;
  private final boolean encryptedReasoning;
  private int sequence;
  private final List<OutputItem> output = new ArrayList<>();
  private Open open = Open.NONE;
  private String openId;
  private int openIndex;
  private final StringBuilder text = new StringBuilder();
  private StringBuilder refusal;
  private int textPart = -1;
  private int refusalPart = -1;
  private int parts;
  private Call call;
  private final Map<Integer, Call> calls = new HashMap<>();
  private final ToolCallSequence inTurn = new ToolCallSequence(this::callFragment);
  private final StringBuilder heldText = new StringBuilder(); // arrived while a call was open
  private final StringBuilder heldRefusal = new StringBuilder();
  private boolean reasoningSeen;
  private boolean summaryOpen; // the open reasoning item has its summary part
  private final List<Thinking> thinking = new ArrayList<>(); // signed blocks not yet in an item
  private int thinkingFrom; // where in text the reasoning block streaming now starts
  private boolean thinkingSeen; // a signed or redacted block streamed
  private boolean textSeen;
  private boolean refusalSeen;
  private int callsAnnounced;
  private int wholeCallsSeen;
  private ObjectNode response;

  /** A call as it streams. */
  private static final class Call {
    final String id;
    final String callId;
    final String name;
    final int index;
    final StringBuilder arguments = new StringBuilder();
    String thoughtSignature;

    Call(String id, String callId, String name, int index) {
      this.id = id;
      this.callId = callId;
      this.name = name;
      this.index = index;
    }
  }

  /**
   * A stream answering {@code call} as the response {@code id}, repeating {@code echo}, naming in
   * {@code x-orchestrator-dropped} what {@code dropped} says the serving route did not receive, and
   * sealing signed thinking into reasoning items when {@code encryptedReasoning}.
   */
  ResponsesStream(
      HttpCall call,
      Cancellation cancel,
      String id,
      long createdAt,
      ObjectNode echo,
      Function<String, List<String>> dropped,
      boolean encryptedReasoning) {
    super(call, cancel);
    this.id = id;
    this.createdAt = createdAt;
    this.echo = echo;
    this.dropped = dropped;
    this.encryptedReasoning = encryptedReasoning;
  }

  /** The final Response object once {@link #finish} wrote it, else {@code null}. */
  ObjectNode response() {
    return response;
  }

  /** The output items closed so far. */
  List<OutputItem> output() {
    return List.copyOf(output);
  }

  @Override
  protected void commitHeaders(Map<String, String> headers, String route) {
    List<String> named = dropped.apply(route);
    if (!named.isEmpty()) {
      headers.put(ResponsesEndpoint.DROPPED, DroppedHeader.value(named));
    }
  }

  @Override
  public void onAttemptStart(String route, int attempt) {
    super.onAttemptStart(route, attempt);
    if (!committed()) { // a failed-over attempt's blocks are not the next one's
      thinking.clear();
      thinkingSeen = false;
    }
  }

  @Override
  protected void onCommit() {
    ObjectNode r = object("in_progress", List.of(), null, null, null);
    event("response.created", body().set("response", r));
    event("response.in_progress", body().set("response", r.deepCopy()));
  }

  @Override
  public void onReasoning(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    reasoningSeen = true;
    openReasoning();
    if (!summaryOpen) {
      summaryOpen = true;
      event(
          "response.reasoning_summary_part.added",
          summary().set("part", OutputItem.Reasoning.summaryPart("")));
    }
    text.append(delta);
    delta("response.reasoning_summary_text.delta", openId, openIndex, "summary_index", 0, delta);
  }

  /** The signature ending the reasoning block streamed since the last: the block is kept. */
  @Override
  public void onReasoningSignature(String signature) {
    if (!encryptedReasoning) {
      return;
    }
    thinkingSeen = true;
    String block = open == Open.REASONING ? text.substring(thinkingFrom) : "";
    thinking.add(Thinking.of(block, signature));
    thinkingFrom = text.length();
  }

  @Override
  public void onRedactedReasoning(String data) {
    if (encryptedReasoning) {
      thinkingSeen = true;
      thinking.add(Thinking.redacted(data));
    }
  }

  private void openReasoning() {
    if (open != Open.REASONING) {
      openItem(Open.REASONING, "rs");
      ObjectNode item = Json.MAPPER.createObjectNode().put("id", openId).put("type", "reasoning");
      item.putArray("summary");
      event("response.output_item.added", body().put("output_index", openIndex).set("item", item));
    }
  }

  /**
   * Signed blocks kept while no reasoning item is open (no reasoning text came with them): a
   * reasoning item of their own, opened and closed.
   */
  private void sealKeptThinking() {
    if (!thinking.isEmpty() && open != Open.REASONING) {
      openReasoning();
      closeOpen("completed");
    }
  }

  @Override
  public void onContent(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    textSeen = true;
    if (open == Open.CALL) {
      heldText.append(delta); // the call's next argument piece may follow: its item stays open
      return;
    }
    openMessage();
    openTextPart();
    text.append(delta);
    delta("response.output_text.delta", openId, openIndex, "content_index", textPart, delta);
  }

  @Override
  public void onRefusal(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    refusalSeen = true;
    if (open == Open.CALL) {
      heldRefusal.append(delta);
      return;
    }
    openMessage();
    if (refusalPart < 0) {
      refusalPart = parts++;
      refusal = new StringBuilder();
      event(
          "response.content_part.added",
          part(refusalPart).set("part", OutputItem.Message.refusalPart("")));
    }
    refusal.append(delta);
    delta("response.refusal.delta", openId, openIndex, "content_index", refusalPart, delta);
  }

  /**
   * A fragment of a streamed call. Parallel calls whose fragments interleave are put one after the
   * other first ({@link ToolCallSequence}): a {@code function_call} item is done for good once the
   * next opens.
   */
  @Override
  public void onToolCallDelta(ToolCallDelta d) {
    inTurn.fragment(d);
  }

  private void callFragment(ToolCallDelta d) {
    if (d.name() != null) {
      closeOpen("completed");
      openItem(Open.CALL, "fc");
      call =
          new Call(openId, d.id() != null ? d.id() : OutputItem.newId("call"), d.name(), openIndex);
      calls.put(d.index(), call);
      callsAnnounced = Math.max(callsAnnounced, d.index() + 1);
      event(
          "response.output_item.added",
          body()
              .put("output_index", openIndex)
              .set(
                  "item",
                  new OutputItem.FunctionCall(
                          call.id, call.callId, call.name, "", "in_progress", null)
                      .json()));
    }
    Call c = calls.get(d.index());
    if (c != null && d.thoughtSignature() != null) {
      c.thoughtSignature = d.thoughtSignature();
    }
    if (c == null || d.argumentsFragment().isEmpty()) {
      return;
    }
    c.arguments.append(d.argumentsFragment());
    if (c == call && open == Open.CALL) {
      delta(
          "response.function_call_arguments.delta", c.id, c.index, null, 0, d.argumentsFragment());
    }
  }

  /**
   * A whole call. Streamed calls were already sent as fragments; a call that arrives only whole (an
   * upstream that answered a stream request with one JSON body) is sent as one fragment.
   */
  @Override
  public void onToolCall(ToolCall c) {
    if (inTurn.complete(wholeCallsSeen++)) {
      return;
    }
    callFragment(
        new ToolCallDelta(
            callsAnnounced, c.id(), c.name(), c.argumentsJson(), c.thoughtSignature()));
  }

  /**
   * Ends a successful stream: whatever the route answered without streaming it, the last item
   * closed, then {@code response.completed} (or {@code response.incomplete}) with the whole
   * Response object — gathered, so they leave in one write when the exchange completes.
   */
  @Override
  public void finish(ChatResult result) {
    ChatResponse r = result.response();
    commit(result.route());
    batchToEnd();
    inTurn.flush();
    if (!reasoningSeen && r.reasoningContent() != null) {
      onReasoning(r.reasoningContent());
    }
    if (encryptedReasoning && !thinkingSeen) {
      thinking.addAll(r.thinking());
    }
    if (!textSeen && !r.content().isEmpty()) {
      onContent(r.content());
    }
    if (!refusalSeen && r.refusal() != null) {
      onRefusal(r.refusal());
    }
    List<ToolCall> whole = r.toolCalls();
    for (int i = wholeCallsSeen; i < whole.size(); i++) {
      onToolCall(whole.get(i));
    }
    String reason = ResponseObject.incompleteReason(r);
    String status = ResponseObject.status(reason);
    releaseHeld(status);
    sealKeptThinking();
    if (output.isEmpty() && open == Open.NONE) {
      openMessage(); // an answer with nothing in it is one empty message, as the whole answer says
      openTextPart();
    }
    closeOpen(status);
    response = object(status, output, r, result, reason);
    event(
        reason == null ? "response.completed" : "response.incomplete",
        body().set("response", response));
  }

  /**
   * {@code response.failed}: the Response object as far as it got, with {@code status} {@code
   * failed} and {@code error} {@code {code: server_error, message}}, the message starting {@code
   * stream interrupted:}.
   */
  @Override
  protected void errorEvent(ApiError error) {
    List<OutputItem> sofar = new ArrayList<>(output);
    OutputItem partial = current("incomplete");
    if (partial != null) {
      sofar.add(partial);
    }
    ObjectNode err = Json.MAPPER.createObjectNode();
    err.put("code", FAILED);
    err.put("message", "stream interrupted: " + error.getMessage());
    ObjectNode r = object("failed", sofar, null, null, null);
    r.set("error", err);
    event("response.failed", body().set("response", r));
  }

  private ObjectNode object(
      String status, List<OutputItem> items, ChatResponse r, ChatResult result, String reason) {
    return ResponseObject.of(
        id,
        createdAt,
        status,
        route(),
        echo,
        items,
        r == null ? null : r.usage(),
        result == null ? null : result.costUsd(),
        reason,
        null);
  }

  private void openMessage() {
    if (open != Open.MESSAGE) {
      closeOpen("completed");
      openItem(Open.MESSAGE, "msg");
      ObjectNode item = Json.MAPPER.createObjectNode();
      item.put("id", openId).put("type", "message").put("status", "in_progress");
      item.put("role", "assistant").putArray("content");
      event("response.output_item.added", body().put("output_index", openIndex).set("item", item));
    }
  }

  private void openTextPart() {
    if (textPart < 0) {
      textPart = parts++;
      event(
          "response.content_part.added",
          part(textPart).set("part", OutputItem.Message.textPart("")));
    }
  }

  private void openItem(Open kind, String prefix) {
    releaseHeld("completed");
    closeOpen("completed");
    if (kind != Open.REASONING) {
      sealKeptThinking(); // the blocks come before what follows them
    }
    open = kind;
    openId = OutputItem.newId(prefix);
    openIndex = output.size();
  }

  /**
   * Text and refusal that arrived while a function call was open (an OpenAI-compatible route may
   * send text between a call's argument pieces): the call is closed with {@code status} and they
   * follow as a message item of their own, so that no argument piece arriving before then is lost
   * and every item is closed before the next opens.
   */
  private void releaseHeld(String status) {
    if (heldText.length() == 0 && heldRefusal.length() == 0) {
      return;
    }
    closeOpen(status);
    String t = heldText.toString();
    String refused = heldRefusal.toString();
    heldText.setLength(0);
    heldRefusal.setLength(0);
    if (!t.isEmpty()) {
      onContent(t);
    }
    if (!refused.isEmpty()) {
      onRefusal(refused);
    }
  }

  /** The open item as it stands, or {@code null}. */
  private OutputItem current(String status) {
    return switch (open) {
      case NONE -> null;
      case REASONING ->
          new OutputItem.Reasoning(
              openId, text.toString(), ResponseObject.sealed(thinking, encryptedReasoning));
      case MESSAGE ->
          new OutputItem.Message(
              openId,
              textPart >= 0 ? text.toString() : null,
              refusal == null ? null : refusal.toString(),
              status,
              refusalPart >= 0 && (textPart < 0 || refusalPart < textPart));
      case CALL ->
          new OutputItem.FunctionCall(
              call.id,
              call.callId,
              call.name,
              call.arguments.toString(),
              status,
              call.thoughtSignature);
    };
  }

  /** Closes the open item with its {@code ….done} events. */
  private void closeOpen(String status) {
    if (open == Open.NONE) {
      return;
    }
    OutputItem item = current(status);
    switch (open) {
      case REASONING -> {
        if (summaryOpen) {
          event("response.reasoning_summary_text.done", summary().put("text", text.toString()));
          event(
              "response.reasoning_summary_part.done",
              summary().set("part", OutputItem.Reasoning.summaryPart(text.toString())));
        }
        thinking.clear(); // sealed in the item
      }
      case MESSAGE -> {
        if (textPart >= 0) {
          ObjectNode e = part(textPart).put("text", text.toString());
          e.putArray("logprobs");
          event("response.output_text.done", e);
          event(
              "response.content_part.done",
              part(textPart).set("part", OutputItem.Message.textPart(text.toString())));
        }
        if (refusalPart >= 0) {
          event("response.refusal.done", part(refusalPart).put("refusal", refusal.toString()));
          event(
              "response.content_part.done",
              part(refusalPart).set("part", OutputItem.Message.refusalPart(refusal.toString())));
        }
      }
      case CALL ->
          event(
              "response.function_call_arguments.done",
              body()
                  .put("item_id", call.id)
                  .put("output_index", call.index)
                  .put("name", call.name)
                  .put("arguments", call.arguments.toString()));
      default -> {}
    }
    event(
        "response.output_item.done",
        body().put("output_index", openIndex).set("item", item.json()));
    output.add(item);
    open = Open.NONE;
    text.setLength(0);
    summaryOpen = false;
    thinkingFrom = 0;
    refusal = null;
    textPart = -1;
    refusalPart = -1;
    parts = 0;
  }

  private static ObjectNode body() {
    return Json.MAPPER.createObjectNode();
  }

  private ObjectNode summary() {
    return body().put("item_id", openId).put("output_index", openIndex).put("summary_index", 0);
  }

  private ObjectNode part(int contentIndex) {
    return body()
        .put("item_id", openId)
        .put("output_index", openIndex)
        .put("content_index", contentIndex);
  }

  /**
   * A {@code ….delta} event, written with no tree built for it: {@code type}, {@code item_id},
   * {@code output_index}, {@code indexName} (unless {@code null}), {@code delta}, an empty {@code
   * logprobs} for output text, then the next {@code sequence_number}.
   */
  private void delta(
      String type, String itemId, int outputIndex, String indexName, int index, String delta) {
    commit(null); // response.created goes first, at the commit
    int n = sequence++;
    writeEvent(type, g -> writeDelta(g, type, itemId, outputIndex, indexName, index, delta, n));
  }

  /**
   * The JSON of a {@link #delta} event: the bytes of the same JSON tree serialised ({@code
   * ResponsesStreamDeltaTest}).
   */
  static void writeDelta(
      JsonGenerator g,
      String type,
      String itemId,
      int outputIndex,
      String indexName,
      int index,
      String delta,
      int sequence)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("type", type);
    g.writeStringField("item_id", itemId);
    g.writeNumberField("output_index", outputIndex);
    if (indexName != null) {
      g.writeNumberField(indexName, index);
    }
    g.writeStringField("delta", delta);
    if (type.equals("response.output_text.delta")) {
      g.writeArrayFieldStart("logprobs");
      g.writeEndArray();
    }
    g.writeNumberField("sequence_number", sequence);
    g.writeEndObject();
  }

  /** One event: {@code type}, {@code fields}, then the next {@code sequence_number}. */
  private void event(String type, ObjectNode fields) {
    commit(null); // response.created goes first, at the commit
    ObjectNode e = Json.MAPPER.createObjectNode();
    e.put("type", type);
    e.setAll(fields);
    e.put("sequence_number", sequence++);
    event(type, (TreeNode) e); // EventStream's
  }
}
