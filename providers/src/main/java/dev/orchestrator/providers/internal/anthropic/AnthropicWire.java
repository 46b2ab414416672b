package dev.orchestrator.providers.internal.anthropic;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.providers.internal.Decoded;
import dev.orchestrator.providers.internal.Json;
import dev.orchestrator.providers.internal.RequestEncodingException;
import dev.orchestrator.providers.internal.StreamAssembler;
import dev.orchestrator.providers.internal.StreamSignal;
import dev.orchestrator.providers.internal.WireProtocol;
import dev.orchestrator.providers.internal.WireSupport;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * Anthropic Messages ({@code POST /messages}): system prompt top-level, {@code tool_use} / {@code
 * tool_result} blocks, named SSE events. Stop reasons are normalised to OpenAI's vocabulary.
 * Stateless, thread-safe.
 */
public final class AnthropicWire implements WireProtocol {

  /** The shared instance. */
  public static final AnthropicWire INSTANCE = new AnthropicWire();

  /** The API version header value sent with every request. */
  public static final String API_VERSION = "2023-06-01";

  /** {@code max_tokens} is required by the API; used when neither request nor route says. */
  public static final int DEFAULT_MAX_TOKENS = 4096;

  private AnthropicWire() {}

  @Override
  public String path() {
    return "/messages";
  }

  @Override
  public void authenticate(HttpRequest.Builder request, String key) {
    if (key != null) {
      request.setHeader("x-api-key", key);
    }
  }

  @Override
  public void protocolHeaders(HttpRequest.Builder request) {
    request.setHeader("anthropic-version", API_VERSION);
  }

  @Override
  public byte[] encode(ChatRequest request, Route route) throws RequestEncodingException {
    StringBuilder system = new StringBuilder();
    List<AnthropicDto.Message> messages = new ArrayList<>();
    String role = null;
    List<AnthropicDto.Block> blocks = null;
    for (ChatMessage m : request.messages()) {
      if (m.role() == Role.SYSTEM) {
        if (system.length() > 0) {
          system.append("\n\n");
        }
        system.append(m.content());
        continue;
      }
      String r = m.role() == Role.ASSISTANT ? "assistant" : "user";
      if (!r.equals(role)) {
        // The API wants alternating turns: consecutive same-role messages become one.
        blocks = new ArrayList<>();
        messages.add(new AnthropicDto.Message(r, blocks));
        role = r;
      }
      blocks.addAll(blocks(m));
    }
    List<AnthropicDto.Tool> tools = null;
    if (!request.tools().isEmpty()) {
      tools = new ArrayList<>();
      for (ToolDefinition t : request.tools()) {
        tools.add(
            new AnthropicDto.Tool(
                t.name(), t.description(), WireSupport.schema(t.parametersJsonSchema(), t.name())));
      }
    }
    int maxTokens =
        request.maxTokens() != null
            ? request.maxTokens()
            : route.maxOutputTokens() != null && route.maxOutputTokens() > 0
                ? route.maxOutputTokens()
                : DEFAULT_MAX_TOKENS;
    return WireSupport.toBytes(
        new AnthropicDto.Request(
            route.model(),
            maxTokens,
            system.length() == 0 ? null : system.toString(),
            messages,
            tools,
            request.temperature(),
            request.stream() ? Boolean.TRUE : null));
  }

  private static List<AnthropicDto.Block> blocks(ChatMessage m) throws RequestEncodingException {
    List<AnthropicDto.Block> out = new ArrayList<>();
    if (m.role() == Role.TOOL) {
      out.add(AnthropicDto.Block.toolResult(m.toolCallId(), m.content()));
      return out;
    }
    if (!m.content().isEmpty()) {
      out.add(AnthropicDto.Block.text(m.content()));
    }
    for (ToolCall c : m.toolCalls()) {
      out.add(
          AnthropicDto.Block.toolUse(
              c.id(),
              c.name(),
              WireSupport.parseCallerJson(
                  c.argumentsJson(), "tool call '" + c.name() + "' arguments")));
    }
    return out;
  }

  /** Anthropic stop reasons in OpenAI's words, so callers see one vocabulary. */
  static String finishReason(String stopReason) {
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
  public Decoded decode(String body, String fallbackModel, String headerRequestId) {
    AnthropicDto.MessageDto m;
    try {
      m = Json.MAPPER.readValue(body, AnthropicDto.MessageDto.class);
    } catch (JsonProcessingException e) {
      return Decoded.empty("the 200 body is not valid JSON");
    }
    if (m == null) {
      return Decoded.empty("the 200 body is empty");
    }
    if ("error".equals(m.type()) || m.error() != null && !m.error().isNull()) {
      return Decoded.inBandError(body);
    }
    if (m.content() == null || m.content().isEmpty()) {
      return Decoded.empty("no content blocks");
    }
    StringBuilder text = new StringBuilder();
    List<ToolCall> calls = new ArrayList<>();
    for (AnthropicDto.ContentBlock b : m.content()) {
      if (b == null) {
        continue;
      }
      if ("text".equals(b.type()) && b.text() != null) {
        text.append(b.text());
      } else if ("tool_use".equals(b.type()) && b.name() != null) {
        calls.add(new ToolCall(b.id(), b.name(), b.input() == null ? null : b.input().toString()));
      }
    }
    return Decoded.of(
        new ChatResponse(
            text.toString(),
            calls,
            finishReason(m.stopReason()),
            usage(m.usage(), null),
            m.model() == null || m.model().isBlank() ? fallbackModel : m.model(),
            headerRequestId != null ? headerRequestId : m.id()));
  }

  static Usage usage(AnthropicDto.UsageDto u, Usage before) {
    int in = before == null ? 0 : before.promptTokens();
    int out = before == null ? 0 : before.completionTokens();
    if (u != null) {
      in = u.inputTokens() != null ? u.inputTokens() : in;
      out = u.outputTokens() != null ? u.outputTokens() : out;
    }
    return new Usage(in, out, in + out);
  }

  @Override
  public StreamAssembler newAssembler(
      StreamListener listener, String fallbackModel, String headerRequestId) {
    return new Assembler(listener, fallbackModel, headerRequestId);
  }

  private static final class Assembler extends StreamAssembler {
    Assembler(StreamListener listener, String fallbackModel, String headerRequestId) {
      super(listener, fallbackModel, headerRequestId);
    }

    @Override
    protected StreamSignal handle(String event, String data) {
      if ("error".equals(event)) {
        return inBandError(data);
      }
      AnthropicDto.Event e;
      try {
        e = Json.MAPPER.readValue(data, AnthropicDto.Event.class);
      } catch (JsonProcessingException ex) {
        return malformed("a stream event is not valid JSON");
      }
      if (e == null) {
        return malformed("a stream event is empty");
      }
      String type = "message".equals(event) && e.type() != null ? e.type() : event;
      if ("error".equals(type) || e.error() != null && !e.error().isNull()) {
        return inBandError(data);
      }
      int index = e.index() == null ? 0 : e.index();
      switch (type) {
        case "message_start":
          if (e.message() != null) {
            requestId = e.message().id();
            servedModel = e.message().model();
            usage = usage(e.message().usage(), usage);
          }
          return StreamSignal.CONTINUE;
        case "content_block_start":
          blockStart(index, e.contentBlock());
          return StreamSignal.CONTINUE;
        case "content_block_delta":
          blockDelta(index, e.delta());
          return StreamSignal.CONTINUE;
        case "content_block_stop":
          completeToolCall(index);
          return StreamSignal.CONTINUE;
        case "message_delta":
          if (e.delta() != null && e.delta().stopReason() != null) {
            finishReason = finishReason(e.delta().stopReason());
            terminal();
          }
          usage = usage(e.usage(), usage);
          return StreamSignal.CONTINUE;
        case "message_stop":
          terminal();
          return StreamSignal.DONE;
        default:
          return StreamSignal.CONTINUE; // ping and future event types
      }
    }

    private void blockStart(int index, AnthropicDto.ContentBlock b) {
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
      } else if ("text".equals(b.type())) {
        emitContent(b.text());
      } else {
        progress(); // thinking blocks: the model is working, nothing visible yet
      }
    }

    private void blockDelta(int index, AnthropicDto.EventDelta d) {
      if (d == null) {
        return;
      }
      if ("input_json_delta".equals(d.type())) {
        if (d.partialJson() != null) {
          toolCall(index).arguments.append(d.partialJson());
        }
      } else if (d.text() != null) {
        emitContent(d.text());
      } else {
        progress();
      }
    }
  }
}
