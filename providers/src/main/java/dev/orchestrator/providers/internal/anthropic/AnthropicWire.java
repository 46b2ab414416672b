package dev.orchestrator.providers.internal.anthropic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.NativeAnswer;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.providers.internal.history.Family;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.RequestHeaders;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import dev.orchestrator.providers.internal.wire.StreamSignal;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import dev.orchestrator.providers.internal.wire.WireSupport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Anthropic Messages ({@code POST /messages}): system prompt top-level, {@code tool_use} / {@code
 * tool_result} blocks, named SSE events. Answers and events are read by data binding into {@link
 * AnthropicDto}; stop reasons are normalised to OpenAI's vocabulary. Stateless, thread-safe.
 */
public final class AnthropicWire implements WireProtocol {

  /** The shared instance. */
  public static final AnthropicWire INSTANCE = new AnthropicWire();

  /** The API version header value sent with every request. */
  public static final String API_VERSION = "2023-06-01";

  /** {@code max_tokens} is required by the API; used when neither request nor route says. */
  public static final int DEFAULT_MAX_TOKENS = 4096;

  private static final ObjectReader MESSAGE = Json.MAPPER.readerFor(AnthropicDto.MessageDto.class);
  private static final ObjectReader EVENT = Json.MAPPER.readerFor(AnthropicDto.Event.class);
  private static final ObjectReader TREE = Json.MAPPER.readerFor(JsonNode.class);

  /**
   * The block types the engine reads into its vocabulary; any other (server tool use and its
   * results) reaches a Messages caller only in the answer's native content, and is output too.
   */
  private static final Set<String> MODELLED =
      Set.of("text", "thinking", "redacted_thinking", "tool_use");

  private AnthropicWire() {}

  @Override
  public String path() {
    return "/messages";
  }

  @Override
  public void authenticate(RequestHeaders request, String key) {
    if (key != null) {
      request.set("x-api-key", key);
    }
  }

  /**
   * {@code anthropic-version}, and the caller's own {@code anthropic-version} and {@code
   * anthropic-beta} when it spoke the Messages protocol (they pass on to Anthropic routes).
   */
  @Override
  public void protocolHeaders(RequestHeaders request, ChatRequest chat) {
    request.set("anthropic-version", API_VERSION);
    NativeRequest n = chat.nativeRequest();
    if (n != null && n.protocol() == Protocol.ANTHROPIC_MESSAGES) {
      n.headers().forEach(request::trySet);
    }
  }

  @Override
  public Protocol protocol() {
    return Protocol.ANTHROPIC_MESSAGES;
  }

  /**
   * As every wire, but for the caller's own Messages body: it goes as the caller wrote it, unless
   * thinking is asked for and the tool loop's assistant turn carries no thinking block Anthropic
   * signed (an OpenAI route answered that turn after a failover), which Anthropic refuses with
   * thinking on. Then this one request runs without thinking, as a translated history would, and
   * that is named: the body keeps everything else the caller said (cache control, citations, beta
   * fields), where a refusal and the one repair would send it translated, without them. A
   * translated request's PDF {@code file} parts, sent as {@code document} blocks, are named after
   * the history's own adaptations.
   */
  @Override
  public HistoryNormaliser.Normalised history(
      ChatRequest request, Provider provider, Route route, boolean strict)
      throws RequestEncodingException {
    NativeRequest n = request.nativeRequest();
    if (strict || n == null || !n.appliesTo(Protocol.ANTHROPIC_MESSAGES, request)) {
      return WireProtocol.super
          .history(request, provider, route, strict)
          .withAdapted(AnthropicRequests.pdfTranslations(request));
    }
    if (request.reasoningEffort() == null) {
      return null; // the caller's own body, as written
    }
    HistoryNormaliser.Normalised h = HistoryNormaliser.normalise(request, Family.ANTHROPIC);
    return h.thinkingOff() && h.messages().equals(request.messages()) && h.idsBack().isEmpty()
        ? h
        : null;
  }

  @Override
  public byte[] encode(ChatRequest request, Route route) throws RequestEncodingException {
    return WireSupport.toBytes(AnthropicRequests.encode(request, route));
  }

  @Override
  public String countPath() {
    return "/messages/count_tokens";
  }

  /**
   * The request's Messages body with only the fields {@code count_tokens} takes: model, messages,
   * system, tools, tool choice and thinking.
   */
  @Override
  public byte[] encodeCount(ChatRequest request, Route route) throws RequestEncodingException {
    ObjectNode body = AnthropicRequests.encode(request.toBuilder().stream(false).build(), route);
    body.retain("model", "messages", "system", "tools", "tool_choice", "thinking");
    return WireSupport.toBytes(body);
  }

  /** Anthropic stop reasons in OpenAI's words, so callers see one vocabulary. */
  private static String finishReason(String stopReason) {
    if (stopReason == null) {
      return null;
    }
    switch (stopReason) {
      case "end_turn":
      case "stop_sequence":
        return "stop";
      case "max_tokens":
        return "length";
      case "tool_use":
        return "tool_calls";
      case "refusal":
        return "content_filter";
      default:
        return stopReason;
    }
  }

  @Override
  public Decoded decode(byte[] body, String fallbackModel, String headerRequestId) {
    // parsed once: bound from the tree, whose content blocks are kept as the route wrote them
    JsonNode tree = node(body, 0, body.length);
    AnthropicDto.MessageDto m = tree.isObject() ? bind(tree) : null;
    if (m == null) {
      return Decoded.empty("the 200 body is not a JSON message");
    }
    if ("error".equals(m.type()) || WireSupport.present(m.error())) {
      return Decoded.inBandError(WireSupport.text(body, 0, body.length));
    }
    if (m.content() == null || m.content().isEmpty()) {
      return Decoded.empty("no content blocks");
    }
    StringBuilder text = new StringBuilder();
    StringBuilder thinking = new StringBuilder();
    List<Thinking> blocks = new ArrayList<>();
    List<ToolCall> calls = new ArrayList<>();
    boolean unmodelled = false; // a block the engine does not model: a server tool's, say
    for (AnthropicDto.ContentBlock b : m.content()) {
      if (b == null) {
        continue;
      }
      if (b.type() != null && !MODELLED.contains(b.type())) {
        unmodelled = true;
      } else if ("text".equals(b.type()) && b.text() != null) {
        text.append(b.text());
      } else if ("thinking".equals(b.type()) && b.thinking() != null) {
        thinking.append(b.thinking());
        blocks.add(Thinking.of(b.thinking(), b.signature()));
      } else if ("redacted_thinking".equals(b.type()) && b.data() != null) {
        blocks.add(Thinking.redacted(b.data()));
      } else if ("tool_use".equals(b.type()) && b.name() != null) {
        calls.add(new ToolCall(b.id(), b.name(), b.input() == null ? null : b.input().toString()));
      }
    }
    return Decoded.of(
        ChatResponse.builder(m.model() == null || m.model().isBlank() ? fallbackModel : m.model())
            .nativeAnswer(nativeAnswer(tree))
            .content(text.toString())
            .toolCalls(calls)
            .finishReason(finishReason(m.stopReason()))
            .usage(usage(m.usage()))
            .requestId(headerRequestId != null ? headerRequestId : m.id())
            .id(m.id())
            .reasoningContent(thinking.length() == 0 ? null : thinking.toString())
            .thinking(blocks)
            .stopSequence(m.stopSequence())
            .build(),
        unmodelled);
  }

  /**
   * The answer's content blocks as Anthropic wrote them, for a Messages caller: server tool use,
   * its results and citations, which the engine does not model, pass on unchanged.
   */
  private static NativeAnswer nativeAnswer(JsonNode message) {
    JsonNode content = message.get("content");
    return content == null || !content.isArray()
        ? null
        : new NativeAnswer(Protocol.ANTHROPIC_MESSAGES, content.toString());
  }

  /** {@code json} as a tree, or a missing node when it is not JSON. */
  private static JsonNode node(String json) {
    try {
      JsonNode tree = Json.MAPPER.readTree(json);
      return tree == null ? Json.MAPPER.missingNode() : tree;
    } catch (JsonProcessingException e) {
      return Json.MAPPER.missingNode();
    }
  }

  /** UTF-8 {@code json} as a tree, or a missing node when it is not JSON. */
  private static JsonNode node(byte[] json, int offset, int length) {
    JsonNode tree = WireSupport.bind(TREE, json, offset, length);
    return tree == null ? Json.MAPPER.missingNode() : tree;
  }

  /** The message {@code tree} holds, or {@code null} when it does not bind. */
  private static AnthropicDto.MessageDto bind(JsonNode tree) {
    try {
      return MESSAGE.readValue(tree);
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Anthropic usage in OpenAI's meaning: {@code prompt_tokens} counts every input token (plain,
   * cache read and cache write), {@code cached_tokens} the cache reads, the cache-creation count
   * the writes; Anthropic reports both apart from {@code input_tokens}.
   */
  private static Usage usage(AnthropicDto.UsageDto u) {
    if (u == null) {
      return Usage.NONE;
    }
    int plain = WireSupport.nonNegative(u.inputTokens());
    Integer read = WireSupport.nonNegativeOrNull(u.cacheReadInputTokens());
    Integer write = WireSupport.nonNegativeOrNull(u.cacheCreationInputTokens());
    int in = plain + (read == null ? 0 : read) + (write == null ? 0 : write);
    int out = WireSupport.nonNegative(u.outputTokens());
    return new Usage(in, out, in + out, read, null, write);
  }

  @Override
  public StreamAssembler newAssembler(
      StreamListener listener, String fallbackModel, String headerRequestId) {
    return new Assembler(listener, fallbackModel, headerRequestId);
  }

  private static final class Assembler extends StreamAssembler {
    private AnthropicDto.UsageDto reported = new AnthropicDto.UsageDto(null, null, null, null);
    // Blocks the engine does not model, by their index, as they stream: passed on whole at their
    // stop, their streamed input (a server tool's) put in.
    private final Map<Integer, NativeBlock> nativeBlocks = new HashMap<>();

    /** A block the engine does not model as it streams. */
    private static final class NativeBlock {
      final ObjectNode block;
      final StringBuilder input = new StringBuilder();

      NativeBlock(ObjectNode block) {
        this.block = block;
      }

      /** The whole block: its streamed input, when there was any, replaces the opening one. */
      String whole() {
        if (input.length() > 0) {
          JsonNode parsed = node(input.toString());
          block.set("input", parsed.isObject() ? parsed : block.path("input"));
        }
        return block.toString();
      }
    }

    Assembler(StreamListener listener, String fallbackModel, String headerRequestId) {
      super(listener, fallbackModel, headerRequestId);
    }

    @Override
    protected StreamSignal handle(String event, byte[] data, int offset, int length) {
      AnthropicDto.Event e = WireSupport.bind(EVENT, data, offset, length);
      if (e == null) {
        return malformed("a stream event is not a JSON event");
      }
      String type = "message".equals(event) && e.type() != null ? e.type() : event;
      if ("error".equals(type) || WireSupport.present(e.error())) {
        return inBandError(WireSupport.text(data, offset, length));
      }
      int index = e.index() == null ? 0 : e.index();
      switch (type) {
        case "message_start":
          if (e.message() != null) {
            requestId = e.message().id();
            servedModel = e.message().model();
            addUsage(e.message().usage());
          }
          return StreamSignal.CONTINUE;
        case "content_block_start":
          blockStart(index, e.contentBlock(), data, offset, length);
          return StreamSignal.CONTINUE;
        case "content_block_delta":
          blockDelta(index, e.delta(), data, offset, length);
          return StreamSignal.CONTINUE;
        case "content_block_stop":
          NativeBlock whole = nativeBlocks.remove(index);
          if (whole != null) {
            emitNativeBlock(Protocol.ANTHROPIC_MESSAGES, whole.whole());
          }
          completeToolCall(index);
          return StreamSignal.CONTINUE;
        case "message_delta":
          if (e.delta() != null && e.delta().stopReason() != null) {
            finishReason = finishReason(e.delta().stopReason());
            stopSequence = e.delta().stopSequence();
            terminal();
          }
          addUsage(e.usage());
          return StreamSignal.CONTINUE;
        case "message_stop":
          terminal();
          return StreamSignal.DONE;
        default:
          return StreamSignal.CONTINUE; // ping and future event types
      }
    }

    @Override
    protected int nativeInputLength() {
      int max = 0;
      for (NativeBlock b : nativeBlocks.values()) {
        max = Math.max(max, b.input.length());
      }
      return max;
    }

    private void addUsage(AnthropicDto.UsageDto u) {
      reported = reported.merge(u);
      usage = usage(reported);
    }

    private void blockStart(
        int index, AnthropicDto.ContentBlock b, byte[] data, int offset, int length) {
      if (b == null) {
        return;
      }
      if ("tool_use".equals(b.type())) {
        ToolCallBuilder t = toolCall(index);
        t.id = b.id();
        if (b.name() != null) {
          t.name.append(b.name());
        }
        if (b.input() != null && b.input().isObject() && b.input().size() > 0) {
          t.arguments.append(b.input().toString());
        }
        emitToolCallFragment(t);
      } else if ("text".equals(b.type())) {
        emitContent(b.text());
      } else if ("thinking".equals(b.type())) {
        emitReasoning(b.thinking());
        emitReasoningSignature(b.signature());
        progress(); // an empty thinking block is still the model working
      } else if ("redacted_thinking".equals(b.type())) {
        emitRedactedReasoning(b.data());
        progress();
      } else {
        // server_tool_use, web_search_tool_result and future block types: the engine does not
        // model them; a Messages caller receives them whole
        JsonNode block = node(data, offset, length).get("content_block");
        if (block instanceof ObjectNode o) {
          nativeBlocks.put(index, new NativeBlock(o));
        }
        progress();
      }
    }

    private void blockDelta(
        int index, AnthropicDto.EventDelta d, byte[] data, int offset, int length) {
      if (d == null) {
        return;
      }
      NativeBlock nb = nativeBlocks.get(index);
      if (nb != null) {
        if ("input_json_delta".equals(d.type()) && d.partialJson() != null) {
          nb.input.append(d.partialJson());
        }
        progress();
        return;
      }
      if ("citations_delta".equals(d.type())) {
        JsonNode delta = node(data, offset, length).get("delta");
        if (delta != null && delta.isObject()) {
          emitNativeDelta(Protocol.ANTHROPIC_MESSAGES, delta.toString());
        }
        return;
      }
      if ("input_json_delta".equals(d.type())) {
        if (d.partialJson() != null) {
          ToolCallBuilder t = toolCall(index);
          t.arguments.append(d.partialJson());
          emitToolCallFragment(t);
        }
      } else if ("thinking_delta".equals(d.type())) {
        emitReasoning(d.thinking());
        progress(); // an empty thinking delta is still the model working
      } else if ("signature_delta".equals(d.type())) {
        emitReasoningSignature(d.signature());
      } else if (d.text() != null) {
        emitContent(d.text());
      } else {
        progress(); // future delta types
      }
    }
  }
}
