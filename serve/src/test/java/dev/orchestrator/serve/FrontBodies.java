package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;

/**
 * A history as an agent writes it to the Messages and to the Responses front: what each protocol
 * can say of it (an agent speaking Messages has no {@code reasoning_content}, one speaking
 * Responses no thinking blocks). Stateless.
 */
final class FrontBodies {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FrontBodies() {}

  /**
   * {@code r} as an Anthropic Messages body: every system message in the top-level {@code system},
   * consecutive turns of one role as one message, tool results as {@code tool_result} blocks.
   */
  static String messages(ChatRequest r, String model) throws Exception {
    ObjectNode o = JSON.createObjectNode().put("model", model).put("max_tokens", 4096);
    StringBuilder system = new StringBuilder();
    ArrayNode messages = o.putArray("messages");
    String role = null;
    ArrayNode blocks = null;
    for (ChatMessage m : r.messages()) {
      if (m.role() == Role.SYSTEM) {
        system.append(system.length() > 0 ? "\n\n" : "").append(m.content());
        continue;
      }
      String wire = m.role() == Role.ASSISTANT ? "assistant" : "user";
      if (!wire.equals(role)) {
        ObjectNode msg = messages.addObject().put("role", wire);
        blocks = msg.putArray("content");
        role = wire;
      }
      if (m.role() == Role.TOOL) {
        blocks
            .addObject()
            .put("type", "tool_result")
            .put("tool_use_id", m.toolCallId())
            .put("content", m.content());
        continue;
      }
      for (Thinking t : m.thinking()) {
        if (t.isRedacted()) {
          blocks.addObject().put("type", "redacted_thinking").put("data", t.redactedData());
        } else {
          blocks
              .addObject()
              .put("type", "thinking")
              .put("thinking", t.text())
              .put("signature", t.signature());
        }
      }
      if (!m.content().isEmpty()) {
        blocks.addObject().put("type", "text").put("text", m.content());
      }
      for (ToolCall c : m.toolCalls()) {
        ObjectNode use = blocks.addObject().put("type", "tool_use");
        use.put("id", c.id()).put("name", c.name());
        use.set("input", JSON.readTree(c.argumentsJson()));
      }
    }
    if (system.length() > 0) {
      o.put("system", system.toString());
    }
    ArrayNode tools = o.putArray("tools");
    for (ToolDefinition t : r.tools()) {
      ObjectNode tool = tools.addObject().put("name", t.name());
      tool.set("input_schema", JSON.readTree(t.parametersJsonSchema()));
    }
    if (r.reasoningEffort() != null) {
      o.putObject("thinking").put("type", "enabled").put("budget_tokens", 1024);
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
            if (c.thoughtSignature() != null) {
              call.putObject("extra_content")
                  .putObject("google")
                  .put("thought_signature", c.thoughtSignature());
            }
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
}
