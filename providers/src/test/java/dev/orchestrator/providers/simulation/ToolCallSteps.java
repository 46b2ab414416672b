package dev.orchestrator.providers.simulation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ToolCall;
import java.util.Map;

/**
 * {@link ScriptedUpstream} steps that answer with tool calls in OpenAI's chat-completions shape,
 * for agent round trips (the framework adapters' tests). Built from raw {@link Step#answer} bodies,
 * so the upstream itself needs no tool-call mode. Stateless.
 */
public final class ToolCallSteps {
  private static final ObjectMapper MAPPER = JsonMapper.builder().build();

  /** {@code add(2, 3)}: the first tool call of the agent round trips. */
  public static final ToolCall ADD = new ToolCall("call_add_1", "add", "{\"a\":2,\"b\":3}");

  /** {@code weather("Oslo")}: the second. */
  public static final ToolCall WEATHER =
      new ToolCall("call_weather_2", "weather", "{\"city\":\"Oslo\"}");

  /** The answer {@link #addAndWeather()} ends with. */
  public static final String ADD_AND_WEATHER_ANSWER = "2 + 3 = 5, and it is sunny in Oslo.";

  private ToolCallSteps() {}

  /**
   * An agent's round trip: a completion calling {@link #ADD} and {@link #WEATHER} (30 tokens), then
   * the answer {@link #ADD_AND_WEATHER_ANSWER} (62 tokens).
   */
  public static Step[] addAndWeather() {
    return new Step[] {
      completion("primary", ADD, WEATHER),
      Step.ok(ADD_AND_WEATHER_ANSWER)
          .withUsage(Map.of("prompt_tokens", 50, "completion_tokens", 12, "total_tokens", 62))
    };
  }

  /**
   * A whole completion whose message calls {@code calls} (finish reason {@code tool_calls}). A
   * streaming request receives it whole too (the client delivers it as one delta).
   */
  public static Step completion(String model, ToolCall... calls) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode choice = firstChoice(root, "chat.completion", model);
    ObjectNode message = choice.putObject("message");
    message.put("role", "assistant");
    message.putNull("content");
    ArrayNode tc = message.putArray("tool_calls");
    for (ToolCall c : calls) {
      ObjectNode n = tc.addObject();
      n.put("id", c.id());
      n.put("type", "function");
      n.putObject("function").put("name", c.name()).put("arguments", c.argumentsJson());
    }
    choice.put("finish_reason", "tool_calls");
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", 20);
    usage.put("completion_tokens", 10);
    usage.put("total_tokens", 30);
    return Step.answer(200, root.toString());
  }

  /**
   * The same answer as an SSE stream in OpenAI's incremental shape: per call a first fragment with
   * its id and name, then its arguments in two pieces; then the finish reason, usage and {@code
   * [DONE]}.
   */
  public static Step stream(String model, ToolCall... calls) {
    StringBuilder sse = new StringBuilder();
    for (int i = 0; i < calls.length; i++) {
      ToolCall c = calls[i];
      String args = c.argumentsJson();
      int half = args.length() / 2;
      event(sse, model, delta(i, c.id(), c.name(), ""), null);
      event(sse, model, delta(i, null, null, args.substring(0, half)), null);
      event(sse, model, delta(i, null, null, args.substring(half)), null);
    }
    event(sse, model, null, "tool_calls");
    sse.append("data: [DONE]\n\n");
    return Step.answer(200, sse.toString())
        .withHeaders(Map.of("Content-Type", "text/event-stream"));
  }

  private static ObjectNode delta(int index, String id, String name, String arguments) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("index", index);
    if (id != null) {
      n.put("id", id);
      n.put("type", "function");
    }
    ObjectNode f = n.putObject("function");
    if (name != null) {
      f.put("name", name);
    }
    f.put("arguments", arguments);
    return n;
  }

  /** Fills the id, object and model of {@code root} and returns its one choice (index 0). */
  private static ObjectNode firstChoice(ObjectNode root, String object, String model) {
    root.put("id", "chatcmpl-tools");
    root.put("object", object);
    root.put("model", model);
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    return choice;
  }

  private static void event(StringBuilder sse, String model, ObjectNode toolDelta, String finish) {
    ObjectNode chunk = MAPPER.createObjectNode();
    ObjectNode choice = firstChoice(chunk, "chat.completion.chunk", model);
    ObjectNode delta = choice.putObject("delta");
    if (toolDelta != null) {
      delta.set("tool_calls", MAPPER.createArrayNode().add(toolDelta));
    }
    if (finish == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finish);
    }
    sse.append("data: ").append(chunk).append("\n\n");
  }
}
