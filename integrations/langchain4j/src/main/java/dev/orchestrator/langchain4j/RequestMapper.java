package dev.orchestrator.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.image.Image;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * LangChain4j's request → the engine's request (ADR 0019, mapping table). Nothing is dropped: a
 * message or content without an engine equivalent is an {@link UnsupportedFeatureException} naming
 * it (a {@code request_rejected} {@link OrchestratorException} its cause), and a value the engine
 * refuses is an {@link IllegalArgumentException} naming the field. Stateless.
 */
final class RequestMapper {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  private RequestMapper() {}

  /** The engine request for {@code request} (whose parameters already include the defaults). */
  static dev.orchestrator.engine.chat.ChatRequest toEngine(ChatRequest request) {
    ChatRequestParameters p = request.parameters();
    String model = p.modelName();
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException(
          "modelName: " + model + " (expected: a model such as orchestrator/free)");
    }
    dev.orchestrator.engine.chat.ChatRequest.Builder b =
        dev.orchestrator.engine.chat.ChatRequest.builder(model)
            .temperature(p.temperature())
            .topP(p.topP())
            .maxTokens(p.maxOutputTokens())
            .presencePenalty(p.presencePenalty())
            .frequencyPenalty(p.frequencyPenalty())
            .toolChoice(toolChoice(p.toolChoice()))
            .responseFormat(responseFormat(p.responseFormat()));
    if (p.stopSequences() != null) {
      b.stop(p.stopSequences());
    }
    if (p.topK() != null) {
      // No OpenAI field: forwarded as the extra field vLLM, OpenRouter and others read.
      b.extraBody("top_k", p.topK());
    }
    for (dev.langchain4j.data.message.ChatMessage m : request.messages()) {
      b.message(message(m));
    }
    if (p.toolSpecifications() != null) {
      for (ToolSpecification t : p.toolSpecifications()) {
        b.tool(tool(t));
      }
    }
    return b.build();
  }

  private static dev.orchestrator.engine.chat.ToolChoice toolChoice(ToolChoice c) {
    if (c == null) {
      return null;
    }
    return switch (c) {
      case AUTO -> dev.orchestrator.engine.chat.ToolChoice.AUTO;
      case REQUIRED -> dev.orchestrator.engine.chat.ToolChoice.REQUIRED;
      case NONE -> dev.orchestrator.engine.chat.ToolChoice.NONE;
    };
  }

  private static ChatMessage message(dev.langchain4j.data.message.ChatMessage m) {
    switch (m.type()) {
      case SYSTEM:
        return ChatMessage.system(((SystemMessage) m).text());
      case USER:
        return user((UserMessage) m);
      case AI:
        return assistant((AiMessage) m);
      case TOOL_EXECUTION_RESULT:
        return toolResult((ToolExecutionResultMessage) m);
      case CUSTOM:
      default:
        throw unsupported(
            "message type " + m.type() + " (expected: SYSTEM, USER, AI or TOOL_EXECUTION_RESULT)");
    }
  }

  private static ChatMessage user(UserMessage m) {
    ChatMessage.Builder b = ChatMessage.builder(Role.USER).name(m.name());
    for (Content c : m.contents()) {
      b.part(part(c, "user message content"));
    }
    return b.build();
  }

  /**
   * A tool's result: every content part (a tool may answer with images) and whether the tool failed
   * (AiServices sets {@code isError} when a tool throws; Anthropic routes receive it as {@code
   * is_error}).
   */
  private static ChatMessage toolResult(ToolExecutionResultMessage r) {
    ChatMessage.Builder b =
        ChatMessage.builder(Role.TOOL)
            .toolCallId(r.id())
            .toolError(Boolean.TRUE.equals(r.isError()));
    for (Content c : r.contents()) {
      b.part(part(c, "tool result content"));
    }
    return b.build();
  }

  /** {@code c} as an engine part; {@code where} names the field in the refusal of other kinds. */
  private static ContentPart part(Content c, String where) {
    switch (c.type()) {
      case TEXT:
        return ContentPart.text(((TextContent) c).text());
      case IMAGE:
        ImageContent ic = (ImageContent) c;
        Image image = ic.image();
        String detail =
            ic.detailLevel() == null ? null : ic.detailLevel().name().toLowerCase(Locale.ROOT);
        if (image.url() != null) {
          return ContentPart.Image.fromUrl(image.url().toString(), detail);
        }
        return new ContentPart.Image(null, image.mimeType(), image.base64Data(), detail);
      default:
        throw unsupported(where + " " + c.type() + " (expected: TEXT or IMAGE)");
    }
  }

  /**
   * LangChain4j's refusal of {@code what}, with a {@code request_rejected} {@link
   * OrchestratorException} as its cause, as every other failure has ({@link OrchestratorErrors}).
   */
  private static UnsupportedFeatureException unsupported(String what) {
    UnsupportedFeatureException e = new UnsupportedFeatureException(what);
    e.initCause(OrchestratorException.refused(new IllegalArgumentException(what)));
    return e;
  }

  private static ChatMessage assistant(AiMessage m) {
    List<ToolCall> calls = new ArrayList<>();
    if (m.hasToolExecutionRequests()) {
      for (ToolExecutionRequest r : m.toolExecutionRequests()) {
        calls.add(new ToolCall(r.id(), r.name(), r.arguments()));
      }
    }
    ChatMessage.Builder b = ChatMessage.builder(Role.ASSISTANT).reasoningContent(m.thinking());
    thinking(m, b);
    if (m.text() != null) {
      b.text(m.text());
    }
    ToolCall.withThoughtSignatures(
            calls, m.attributes().get(ResponseMapper.THOUGHT_SIGNATURES_ATTRIBUTE))
        .forEach(b::toolCall);
    return b.build();
  }

  /**
   * Thinking an Anthropic route signed, from the attributes {@link ResponseMapper} set (the keys
   * LangChain4j's own Anthropic module uses): replayed as signed blocks to Anthropic routes.
   */
  private static void thinking(AiMessage m, ChatMessage.Builder b) {
    Thinking.fromMessage(
            m.thinking(),
            m.attributes().get(ResponseMapper.THINKING_SIGNATURE_ATTRIBUTE),
            m.attributes().get(ResponseMapper.REDACTED_THINKING_ATTRIBUTE))
        .forEach(b::thinking);
  }

  private static ToolDefinition tool(ToolSpecification t) {
    String schema =
        t.parameters() == null ? null : json(JsonSchemaElementUtils.toMap(t.parameters()));
    // strict is carried as OpenAI's function.strict; routes that cannot honour it are planned out.
    return new ToolDefinition(t.name(), t.description(), schema, t.strict());
  }

  private static ResponseFormat responseFormat(
      dev.langchain4j.model.chat.request.ResponseFormat f) {
    if (f == null || f.type() == ResponseFormatType.TEXT) {
      return null;
    }
    JsonSchema schema = f.jsonSchema();
    if (schema == null) {
      return ResponseFormat.JSON_OBJECT;
    }
    return new ResponseFormat(
        "json_schema",
        json(JsonSchemaElementUtils.toMap(schema.rootElement())),
        schema.name(),
        null,
        null);
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "JSON schema: not serialisable (" + e.getOriginalMessage() + ")", e);
    }
  }
}
