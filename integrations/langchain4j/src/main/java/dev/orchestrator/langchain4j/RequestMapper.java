package dev.orchestrator.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
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
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LangChain4j's request → the engine's request (ADR 0019, mapping table). Nothing is dropped: a
 * message, content or parameter without an engine equivalent is an {@link
 * UnsupportedFeatureException} naming it. Stateless.
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
    unsupported("topK", p.topK());
    unsupported("topP", p.topP());
    unsupported("frequencyPenalty", p.frequencyPenalty());
    unsupported("presencePenalty", p.presencePenalty());
    if (p.stopSequences() != null && !p.stopSequences().isEmpty()) {
      unsupported("stopSequences", p.stopSequences());
    }
    if (p.toolChoice() != null && p.toolChoice() != ToolChoice.AUTO) {
      unsupported("toolChoice", p.toolChoice());
    }
    dev.orchestrator.engine.chat.ChatRequest.Builder b =
        dev.orchestrator.engine.chat.ChatRequest.builder(model)
            .temperature(p.temperature())
            .maxTokens(p.maxOutputTokens())
            .responseFormat(responseFormat(p.responseFormat()));
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

  private static void unsupported(String parameter, Object value) {
    if (value != null) {
      throw new UnsupportedFeatureException(
          parameter
              + ": "
              + value
              + " (the engine does not carry this parameter yet; leave it unset)");
    }
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
        ToolExecutionResultMessage r = (ToolExecutionResultMessage) m;
        return ChatMessage.tool(r.id(), r.text());
      case CUSTOM:
      default:
        throw new UnsupportedFeatureException(
            "message type " + m.type() + " (expected: SYSTEM, USER, AI or TOOL_EXECUTION_RESULT)");
    }
  }

  private static ChatMessage user(UserMessage m) {
    StringBuilder text = new StringBuilder();
    for (Content c : m.contents()) {
      if (!(c instanceof TextContent)) {
        throw new UnsupportedFeatureException(
            "user message content " + c.type() + " (expected: TEXT)");
      }
      text.append(((TextContent) c).text());
    }
    return ChatMessage.user(text.toString());
  }

  private static ChatMessage assistant(AiMessage m) {
    List<ToolCall> calls = new ArrayList<>();
    if (m.hasToolExecutionRequests()) {
      for (ToolExecutionRequest r : m.toolExecutionRequests()) {
        calls.add(new ToolCall(r.id(), r.name(), r.arguments()));
      }
    }
    return new ChatMessage(Role.ASSISTANT, m.text(), calls, null);
  }

  private static ToolDefinition tool(ToolSpecification t) {
    String schema =
        t.parameters() == null ? null : json(JsonSchemaElementUtils.toMap(t.parameters()));
    return new ToolDefinition(t.name(), t.description(), schema);
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
    Map<String, Object> wrapper = new LinkedHashMap<>();
    wrapper.put("name", schema.name() == null ? "response" : schema.name());
    wrapper.put("schema", JsonSchemaElementUtils.toMap(schema.rootElement()));
    return new ResponseFormat("json_schema", json(wrapper));
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
