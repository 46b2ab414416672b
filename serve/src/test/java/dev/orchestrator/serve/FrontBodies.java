package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;

/**
 * A history as an agent writes it to the Messages and to the Responses front: what each protocol
 * can say of it (an agent speaking Messages has no {@code reasoning_content}, one speaking
 * Responses no thinking blocks). Stateless.
 */
final class FrontBodies {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FrontBodies() {}

  /**
   * {@code r} as an Anthropic Messages body, as the Anthropic route's encoder writes a history it
   * is given: every system message in the top-level {@code system}, consecutive turns of one role
   * as one message, tool results as {@code tool_result} blocks, thinking blocks with their
   * signatures.
   */
  static String messages(ChatRequest r, String model) throws Exception {
    ObjectNode o =
        (ObjectNode)
            JSON.readTree(AnthropicWire.INSTANCE.encode(r, Route.builder("p", "m").build()));
    return JSON.writeValueAsString(o.put("model", model));
  }

  /** {@code r} as an agent writes it to the chat completions front. */
  static String chat(ChatRequest r, String model) throws Exception {
    ObjectNode o = JSON.createObjectNode();
    o.put("model", model);
    ArrayNode messages = o.putArray("messages");
    for (ChatMessage m : r.messages()) {
      ObjectNode w = messages.addObject();
      w.put("role", m.role().wireName());
      if (m.parts().isEmpty()) {
        w.putNull("content");
      } else {
        w.put("content", m.content());
      }
      if (m.reasoningContent() != null) {
        w.put("reasoning_content", m.reasoningContent());
      }
      if (m.toolCallId() != null) {
        w.put("tool_call_id", m.toolCallId());
      }
      if (!m.toolCalls().isEmpty()) {
        ArrayNode calls = w.putArray("tool_calls");
        for (ToolCall c : m.toolCalls()) {
          ObjectNode call = calls.addObject();
          call.put("id", c.id());
          call.put("type", "function");
          call.putObject("function").put("name", c.name()).put("arguments", c.argumentsJson());
          signature(call, c);
        }
      }
    }
    ArrayNode tools = o.putArray("tools");
    for (ToolDefinition t : r.tools()) {
      ObjectNode fn = tools.addObject().put("type", "function").putObject("function");
      fn.put("name", t.name());
      fn.set("parameters", JSON.readTree(t.parametersJsonSchema()));
    }
    if (r.reasoningEffort() != null) {
      o.put("reasoning_effort", r.reasoningEffort().wireName());
    }
    return JSON.writeValueAsString(o);
  }

  /**
   * {@code r} as a Responses body: one item per message, an assistant turn as its reasoning, its
   * message and its {@code function_call} items (a Gemini thought signature where Gemini's OpenAI
   * wire puts it), tool results as {@code function_call_output} items.
   */
  static String responses(ChatRequest r, String model) throws Exception {
    ObjectNode o = JSON.createObjectNode().put("model", model);
    ArrayNode input = o.putArray("input");
    for (ChatMessage m : r.messages()) {
      switch (m.role()) {
        case SYSTEM, USER ->
            input
                .addObject()
                .put("type", "message")
                .put("role", m.role().wireName())
                .put("content", m.content());
        case TOOL ->
            input
                .addObject()
                .put("type", "function_call_output")
                .put("call_id", m.toolCallId())
                .put("output", m.content());
        case ASSISTANT -> {
          if (m.reasoningContent() != null) {
            input
                .addObject()
                .put("type", "reasoning")
                .putArray("summary")
                .addObject()
                .put("type", "summary_text")
                .put("text", m.reasoningContent());
          }
          if (!m.content().isEmpty()) {
            ObjectNode msg = input.addObject().put("type", "message").put("role", "assistant");
            msg.putArray("content").addObject().put("type", "output_text").put("text", m.content());
          }
          for (ToolCall c : m.toolCalls()) {
            ObjectNode call = input.addObject().put("type", "function_call");
            call.put("call_id", c.id()).put("name", c.name()).put("arguments", c.argumentsJson());
            signature(call, c);
          }
        }
      }
    }
    ArrayNode tools = o.putArray("tools");
    for (ToolDefinition t : r.tools()) {
      ObjectNode tool = tools.addObject().put("type", "function").put("name", t.name());
      tool.set("parameters", JSON.readTree(t.parametersJsonSchema()));
    }
    if (r.reasoningEffort() != null) {
      o.putObject("reasoning").put("effort", r.reasoningEffort().wireName());
    }
    return JSON.writeValueAsString(o);
  }

  /**
   * Gemini's thought signature of {@code c} where Gemini's OpenAI wire puts it, when it has one.
   */
  private static void signature(ObjectNode call, ToolCall c) {
    if (c.thoughtSignature() != null) {
      call.putObject("extra_content")
          .putObject("google")
          .put("thought_signature", c.thoughtSignature());
    }
  }
}
