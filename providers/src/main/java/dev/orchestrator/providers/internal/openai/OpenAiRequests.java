package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.providers.internal.Json;
import dev.orchestrator.providers.internal.RequestEncodingException;
import dev.orchestrator.providers.internal.WireSupport;
import java.util.Map;

/**
 * Encodes a {@link ChatRequest} as an OpenAI chat-completions body: every modelled field under its
 * OpenAI name, then {@link ChatRequest#extraBody()} unchanged. The only translations (documented in
 * {@code providers/README.md}): the route's model id replaces the virtual model, a single text part
 * is written as a string, {@code stop} is always an array, {@code developer} is sent as {@code
 * system}, and a stream always asks for {@code stream_options.include_usage}. Stateless,
 * thread-safe.
 */
final class OpenAiRequests {
  private OpenAiRequests() {}

  static ObjectNode encode(ChatRequest r, Route route) throws RequestEncodingException {
    ObjectNode body = Json.MAPPER.createObjectNode();
    body.put("model", route.model());
    ArrayNode messages = body.putArray("messages");
    for (ChatMessage m : r.messages()) {
      messages.add(message(m));
    }
    if (!r.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolDefinition t : r.tools()) {
        ObjectNode tool = tools.addObject();
        tool.put("type", "function");
        ObjectNode fn = tool.putObject("function");
        fn.put("name", t.name());
        if (t.description() != null) {
          fn.put("description", t.description());
        }
        fn.set("parameters", WireSupport.schema(t.parametersJsonSchema(), t.name()));
        if (t.strict() != null) {
          fn.put("strict", t.strict());
        }
      }
    }
    if (r.toolChoice() != null) {
      body.set("tool_choice", toolChoice(r.toolChoice()));
    }
    putIfSet(body, "parallel_tool_calls", r.parallelToolCalls());
    if (r.responseFormat() != null) {
      body.set("response_format", responseFormat(r.responseFormat()));
    }
    putIfSet(body, "temperature", r.temperature());
    putIfSet(body, "top_p", r.topP());
    if (!r.stop().isEmpty()) {
      ArrayNode stop = body.putArray("stop");
      r.stop().forEach(stop::add);
    }
    if (r.seed() != null) {
      body.put("seed", r.seed());
    }
    putIfSet(body, "max_tokens", r.maxTokens());
    putIfSet(body, "max_completion_tokens", r.maxCompletionTokens());
    putIfSet(body, "presence_penalty", r.presencePenalty());
    putIfSet(body, "frequency_penalty", r.frequencyPenalty());
    if (r.reasoningEffort() != null) {
      body.put("reasoning_effort", r.reasoningEffort().wireName());
    }
    if (r.user() != null) {
      body.put("user", r.user());
    }
    if (!r.metadata().isEmpty()) {
      ObjectNode md = body.putObject("metadata");
      r.metadata().forEach(md::put);
    }
    putIfSet(body, "logprobs", r.logprobs());
    putIfSet(body, "top_logprobs", r.topLogprobs());
    putIfSet(body, "n", r.n());
    if (r.stream()) {
      body.put("stream", true);
      ObjectNode so = (ObjectNode) Json.MAPPER.valueToTree(r.streamOptions());
      so.put("include_usage", true); // the engine needs usage for cost and budgets
      body.set("stream_options", so);
    } else if (!r.streamOptions().isEmpty()) {
      body.set("stream_options", Json.MAPPER.valueToTree(r.streamOptions()));
    }
    putExtra(body, r.extraBody());
    return body;
  }

  private static ObjectNode message(ChatMessage m) throws RequestEncodingException {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("role", m.role().wireName());
    if (m.parts().isEmpty()) {
      if (m.role() == Role.ASSISTANT && (!m.toolCalls().isEmpty() || m.refusal() != null)) {
        o.putNull("content"); // a turn of only tool calls or a refusal, as OpenAI writes it
      } else {
        o.put("content", "");
      }
    } else if (m.parts().size() == 1 && m.parts().get(0) instanceof ContentPart.Text t) {
      o.put("content", t.text());
    } else {
      ArrayNode parts = o.putArray("content");
      for (ContentPart p : m.parts()) {
        parts.add(part(p));
      }
    }
    if (m.name() != null) {
      o.put("name", m.name());
    }
    if (m.refusal() != null) {
      o.put("refusal", m.refusal());
    }
    if (m.reasoningContent() != null) {
      o.put("reasoning_content", m.reasoningContent());
    }
    if (!m.toolCalls().isEmpty()) {
      ArrayNode calls = o.putArray("tool_calls");
      for (ToolCall c : m.toolCalls()) {
        ObjectNode call = calls.addObject();
        if (c.id() != null) {
          call.put("id", c.id());
        }
        call.put("type", "function");
        ObjectNode fn = call.putObject("function");
        fn.put("name", c.name());
        fn.put("arguments", c.argumentsJson());
      }
    }
    if (m.toolCallId() != null) {
      o.put("tool_call_id", m.toolCallId());
    }
    putExtra(o, m.extra());
    return o;
  }

  private static JsonNode part(ContentPart p) throws RequestEncodingException {
    if (p instanceof ContentPart.Text t) {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("type", "text");
      o.put("text", t.text());
      return o;
    }
    if (p instanceof ContentPart.Image i) {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("type", "image_url");
      ObjectNode url = o.putObject("image_url");
      url.put("url", i.asUrl());
      if (i.detail() != null) {
        url.put("detail", i.detail());
      }
      return o;
    }
    ContentPart.Raw raw = (ContentPart.Raw) p;
    return WireSupport.parseCallerJson(raw.json(), "content part " + raw.type());
  }

  static JsonNode toolChoice(ToolChoice c) {
    switch (c.mode()) {
      case AUTO:
        return Json.MAPPER.getNodeFactory().textNode("auto");
      case NONE:
        return Json.MAPPER.getNodeFactory().textNode("none");
      case REQUIRED:
        return Json.MAPPER.getNodeFactory().textNode("required");
      case FUNCTION:
      default:
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("type", "function");
        o.putObject("function").put("name", c.functionName());
        return o;
    }
  }

  private static JsonNode responseFormat(ResponseFormat f) throws RequestEncodingException {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("type", f.type());
    if ("json_schema".equals(f.type())) {
      JsonNode schema = WireSupport.parseCallerJson(f.jsonSchema(), "response_format json_schema");
      if (f.name() == null && schema.has("schema") && schema.has("name")) {
        node.set("json_schema", schema); // already OpenAI's {name, schema, strict} wrapper
      } else {
        ObjectNode wrapper = node.putObject("json_schema");
        wrapper.put("name", f.name() == null ? "response" : f.name());
        if (f.description() != null) {
          wrapper.put("description", f.description());
        }
        wrapper.set("schema", schema);
        if (f.strict() != null) {
          wrapper.put("strict", f.strict());
        }
      }
    }
    return node;
  }

  private static void putIfSet(ObjectNode o, String field, Object v) {
    if (v instanceof Boolean b) {
      o.put(field, b);
    } else if (v instanceof Integer i) {
      o.put(field, i);
    } else if (v instanceof Double d) {
      o.put(field, d);
    }
  }

  private static void putExtra(ObjectNode o, Map<String, Object> extra) {
    for (Map.Entry<String, Object> e : extra.entrySet()) {
      o.set(e.getKey(), Json.MAPPER.valueToTree(e.getValue()));
    }
  }
}
