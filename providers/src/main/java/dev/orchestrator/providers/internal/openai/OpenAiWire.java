package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ResponseFormat;
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

/** OpenAI-compatible chat completions ({@code POST /chat/completions}). Stateless, thread-safe. */
public final class OpenAiWire implements WireProtocol {

  /** The shared instance. */
  public static final OpenAiWire INSTANCE = new OpenAiWire();

  private OpenAiWire() {}

  @Override
  public String path() {
    return "/chat/completions";
  }

  @Override
  public void authenticate(HttpRequest.Builder request, String key) {
    if (key != null) {
      request.setHeader("Authorization", "Bearer " + key);
    }
  }

  @Override
  public byte[] encode(ChatRequest request, Route route) throws RequestEncodingException {
    List<OpenAiDto.Message> messages = new ArrayList<>();
    for (ChatMessage m : request.messages()) {
      messages.add(message(m));
    }
    List<OpenAiDto.Tool> tools = null;
    if (!request.tools().isEmpty()) {
      tools = new ArrayList<>();
      for (ToolDefinition t : request.tools()) {
        tools.add(
            new OpenAiDto.Tool(
                "function",
                new OpenAiDto.FunctionDef(
                    t.name(),
                    t.description(),
                    WireSupport.schema(t.parametersJsonSchema(), t.name()))));
      }
    }
    boolean stream = request.stream();
    return WireSupport.toBytes(
        new OpenAiDto.Request(
            route.model(),
            messages,
            tools,
            request.maxTokens(),
            request.temperature(),
            responseFormat(request.responseFormat()),
            stream ? Boolean.TRUE : null,
            stream ? new OpenAiDto.StreamOptions(true) : null));
  }

  private static OpenAiDto.Message message(ChatMessage m) {
    switch (m.role()) {
      case SYSTEM:
        return new OpenAiDto.Message("system", m.content(), null, null);
      case USER:
        return new OpenAiDto.Message("user", m.content(), null, null);
      case TOOL:
        return new OpenAiDto.Message("tool", m.content(), null, m.toolCallId());
      case ASSISTANT:
      default:
        if (m.toolCalls().isEmpty()) {
          return new OpenAiDto.Message("assistant", m.content(), null, null);
        }
        List<OpenAiDto.ToolCallDto> calls = new ArrayList<>();
        for (ToolCall c : m.toolCalls()) {
          calls.add(
              new OpenAiDto.ToolCallDto(
                  c.id(), "function", new OpenAiDto.FunctionCall(c.name(), c.argumentsJson())));
        }
        return new OpenAiDto.Message(
            "assistant", m.content().isEmpty() ? null : m.content(), calls, null);
    }
  }

  private static JsonNode responseFormat(ResponseFormat f) throws RequestEncodingException {
    if (f == null || !f.structured()) {
      return null;
    }
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("type", f.type());
    if ("json_schema".equals(f.type())) {
      if (f.jsonSchema() == null) {
        throw new RequestEncodingException(
            "response_format json_schema: no schema (expected: a JSON schema object)");
      }
      JsonNode schema = WireSupport.parseCallerJson(f.jsonSchema(), "response_format json_schema");
      if (schema.has("schema") && schema.has("name")) {
        node.set("json_schema", schema); // already OpenAI's {name, schema, strict} wrapper
      } else {
        ObjectNode wrapper = node.putObject("json_schema");
        wrapper.put("name", "response");
        wrapper.set("schema", schema);
      }
    }
    return node;
  }

  @Override
  public Decoded decode(String body, String fallbackModel, String headerRequestId) {
    OpenAiDto.Completion c;
    try {
      c = Json.MAPPER.readValue(body, OpenAiDto.Completion.class);
    } catch (JsonProcessingException e) {
      return Decoded.empty("the 200 body is not valid JSON");
    }
    if (c == null) {
      return Decoded.empty("the 200 body is empty");
    }
    boolean noChoices = c.choices() == null || c.choices().isEmpty();
    if (c.error() != null && !c.error().isNull() && noChoices) {
      return Decoded.inBandError(body);
    }
    if (noChoices) {
      return Decoded.empty("no choices");
    }
    OpenAiDto.Choice choice = c.choices().get(0);
    if (choice == null || choice.message() == null) {
      return Decoded.empty("the first choice has no message");
    }
    List<ToolCall> calls = new ArrayList<>();
    if (choice.message().toolCalls() != null) {
      for (OpenAiDto.ToolCallDto t : choice.message().toolCalls()) {
        if (t != null && t.function() != null && t.function().name() != null) {
          calls.add(new ToolCall(t.id(), t.function().name(), t.function().arguments()));
        }
      }
    }
    String model = c.model() == null || c.model().isBlank() ? fallbackModel : c.model();
    return Decoded.of(
        new ChatResponse(
            WireSupport.contentText(choice.message().content()),
            calls,
            choice.finishReason(),
            usage(c.usage()),
            model,
            headerRequestId != null ? headerRequestId : c.id()));
  }

  static Usage usage(OpenAiDto.UsageDto u) {
    if (u == null) {
      return Usage.NONE;
    }
    int p = u.promptTokens() == null ? 0 : u.promptTokens();
    int c = u.completionTokens() == null ? 0 : u.completionTokens();
    int t = u.totalTokens() == null ? p + c : u.totalTokens();
    return new Usage(p, c, t);
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
      if ("[DONE]".equals(data.trim())) {
        return StreamSignal.DONE;
      }
      OpenAiDto.Chunk chunk;
      try {
        chunk = Json.MAPPER.readValue(data, OpenAiDto.Chunk.class);
      } catch (JsonProcessingException e) {
        return malformed("a stream event is not valid JSON");
      }
      if (chunk == null) {
        return malformed("a stream event is empty");
      }
      if (chunk.error() != null && !chunk.error().isNull()) {
        return inBandError(data);
      }
      if (chunk.id() != null && requestId == null) {
        requestId = chunk.id();
      }
      if (chunk.model() != null && servedModel == null) {
        servedModel = chunk.model();
      }
      if (chunk.usage() != null) {
        usage = usage(chunk.usage());
      }
      if (chunk.choices() != null && !chunk.choices().isEmpty()) {
        OpenAiDto.ChunkChoice choice = chunk.choices().get(0);
        if (choice != null) {
          choice(choice);
        }
      }
      return StreamSignal.CONTINUE;
    }

    private void choice(OpenAiDto.ChunkChoice choice) {
      OpenAiDto.Delta d = choice.delta();
      if (d != null) {
        if (d.reasoningContent() != null && !d.reasoningContent().isEmpty()
            || d.reasoning() != null && !d.reasoning().isEmpty()) {
          progress();
        }
        emitContent(WireSupport.contentText(d.content()));
        if (d.toolCalls() != null) {
          int position = 0;
          for (OpenAiDto.ToolCallDelta t : d.toolCalls()) {
            if (t == null) {
              continue;
            }
            ToolCallBuilder b = toolCall(t.index() != null ? t.index() : position);
            position++;
            if (t.id() != null && !t.id().isEmpty()) {
              b.id = t.id();
            }
            if (t.function() != null) {
              String n = t.function().name();
              if (n != null && !n.isEmpty() && b.name.length() == 0) {
                b.name.append(n);
              }
              if (t.function().arguments() != null) {
                b.arguments.append(t.function().arguments());
              }
            }
          }
        }
      }
      if (choice.finishReason() != null && !choice.finishReason().isEmpty()) {
        finishReason = choice.finishReason();
        terminal();
        completeAllToolCalls();
      }
    }
  }
}
