package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static dev.orchestrator.serve.WireGenerators.maybe;
import static dev.orchestrator.serve.WireGenerators.obj;
import static dev.orchestrator.serve.WireGenerators.quarters;
import static dev.orchestrator.serve.WireGenerators.words;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.chat.ChatCompletionParser;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The Responses front as properties (docs/design.md §9): a generated Responses request reaches an
 * OpenAI-compatible route with the meaning an engine request built by hand says (the route's body
 * read back as a Chat Completions request); a generated answer reaches the caller with the same
 * meaning whether it is streamed or not; an Anthropic route's signed thinking, sealed in the
 * answer's reasoning item ({@code include: ["reasoning.encrypted_content"]}), reaches the route
 * unchanged when the client sends the output back as input.
 */
class ResponsesPropertyIT {
  private static final String ANSWER =
      "{\"id\":\"chatcmpl-p\",\"object\":\"chat.completion\",\"model\":\"seer\",\"choices\":[{"
          + "\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},"
          + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,"
          + "\"total_tokens\":2}}";

  private static final List<String> INCLUDE = List.of("reasoning.encrypted_content");

  /** A Responses body and the engine request it means. */
  record Case(ObjectNode body, ChatRequest expected) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<List<Object>> conversation =
        Combinators.combine(
                maybe(words()),
                words(),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                maybe(words()),
                words(),
                words())
            .as(Arrays::asList);
    Arbitrary<List<Object>> knobs =
        Combinators.combine(
                Arbitraries.integers().between(0, 2),
                Arbitraries.of("absent", "auto", "none", "required", "function"),
                maybe(quarters(0, 2)),
                maybe(quarters(0, 1)),
                maybe(Arbitraries.integers().between(1, 8192)),
                Arbitraries.of("absent", "text", "json_object", "json_schema"),
                maybe(Arbitraries.of(ReasoningEffort.values())),
                maybe(words()))
            .as(Arrays::asList);
    return Combinators.combine(conversation, knobs).as(ResponsesPropertyIT::build);
  }

  private static Case build(List<Object> c, List<Object> k) {
    String instructions = (String) c.get(0);
    String text = (String) c.get(1);
    boolean image = (Boolean) c.get(2);
    boolean toolTrip = (Boolean) c.get(3);
    String said = (String) c.get(4);
    String query = (String) c.get(5);
    String result = (String) c.get(6);
    ObjectNode body = obj().put("model", "eye/seer");
    ChatRequest.Builder e = ChatRequest.builder("eye/seer");
    if (instructions != null) {
      body.put("instructions", instructions);
      e.system(instructions);
    }
    ArrayNode input = body.putArray("input");
    ObjectNode user = input.addObject().put("role", "user");
    if (image) {
      ArrayNode parts = user.putArray("content");
      parts.addObject().put("type", "input_text").put("text", text);
      parts.addObject().put("type", "input_image").put("image_url", "https://img.test/cat.png");
      e.message(
          ChatMessage.user(
              ContentPart.text(text), ContentPart.Image.fromUrl("https://img.test/cat.png", null)));
    } else {
      user.put("content", text);
      e.user(text);
    }
    if (toolTrip) {
      ChatMessage.Builder turn = ChatMessage.builder(Role.ASSISTANT);
      if (said != null) {
        input
            .addObject()
            .put("type", "message")
            .put("role", "assistant")
            .putArray("content")
            .addObject()
            .put("type", "output_text")
            .put("text", said);
        turn.text(said);
      }
      String args = obj().put("q", query).toString();
      input
          .addObject()
          .put("type", "function_call")
          .put("call_id", "call_1")
          .put("name", "lookup")
          .put("arguments", args);
      turn.toolCall(new ToolCall("call_1", "lookup", args));
      e.message(turn.build());
      input
          .addObject()
          .put("type", "function_call_output")
          .put("call_id", "call_1")
          .put("output", result);
      e.message(ChatMessage.tool("call_1", result));
    }
    int tools = (Integer) k.get(0);
    String choice = (String) k.get(1);
    if (tools > 0) {
      ArrayNode t = body.putArray("tools");
      for (int i = 0; i < tools; i++) {
        ObjectNode tool = t.addObject().put("type", "function").put("name", "tool" + i);
        tool.putObject("parameters").put("type", "object");
        Boolean strict = i == 0 ? null : Boolean.TRUE;
        if (strict != null) {
          tool.put("strict", strict);
        }
        e.tool(new ToolDefinition("tool" + i, null, "{\"type\":\"object\"}", strict));
      }
      switch (choice) {
        case "auto", "none", "required" -> {
          body.put("tool_choice", choice);
          e.toolChoice(ToolChoice.fromWireName(choice));
        }
        case "function" -> {
          body.putObject("tool_choice").put("type", "function").put("name", "tool0");
          e.toolChoice(ToolChoice.function("tool0"));
        }
        default -> {}
      }
    }
    Double temperature = (Double) k.get(2);
    if (temperature != null) {
      body.put("temperature", temperature);
      e.temperature(temperature);
    }
    Double topP = (Double) k.get(3);
    if (topP != null) {
      body.put("top_p", topP);
      e.topP(topP);
    }
    Integer max = (Integer) k.get(4);
    if (max != null) {
      body.put("max_output_tokens", max);
      e.maxCompletionTokens(max);
    }
    switch ((String) k.get(5)) {
      case "text" -> {
        body.putObject("text").putObject("format").put("type", "text");
        e.responseFormat(ResponseFormat.TEXT);
      }
      case "json_object" -> {
        body.putObject("text").putObject("format").put("type", "json_object");
        e.responseFormat(ResponseFormat.JSON_OBJECT);
      }
      case "json_schema" -> {
        ObjectNode f = body.putObject("text").putObject("format");
        f.put("type", "json_schema").put("name", "answer").put("strict", true);
        f.putObject("schema").put("type", "object");
        e.responseFormat(ResponseFormat.jsonSchema("answer", "{\"type\":\"object\"}", true));
      }
      default -> {}
    }
    ReasoningEffort effort = (ReasoningEffort) k.get(6);
    if (effort != null) {
      body.putObject("reasoning").put("effort", effort.wireName());
      e.reasoningEffort(effort);
    }
    String endUser = (String) k.get(7);
    if (endUser != null) {
      body.put("user", endUser);
      e.endUser(endUser);
    }
    return new Case(body, e.build());
  }

  @Property(tries = 25)
  void aResponsesRequestReachesTheRouteWithTheMeaningOfItsEngineRequest(@ForAll("cases") Case c) {
    ChatRequest parsed =
        dev.orchestrator.serve.responses.ResponsesRequestProbe.parse(c.body().toString());
    assertThat(parsed).isEqualTo(c.expected());
    try (ServeFixture f = WireFidelityIT.answering("eye/seer", ANSWER)) {
      HttpResponse<String> r = ResponsesIT.post(f, c.body().toString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      ChatRequest routed =
          ChatCompletionParser.parse(
                  f.upstream.received().get(0).body().getBytes(StandardCharsets.UTF_8))
              .request();
      ChatRequest want = c.expected();
      assertThat(routed.messages()).isEqualTo(want.messages());
      assertThat(routed.tools()).isEqualTo(want.tools());
      assertThat(routed.toolChoice()).isEqualTo(want.toolChoice());
      assertThat(routed.temperature()).isEqualTo(want.temperature());
      assertThat(routed.topP()).isEqualTo(want.topP());
      assertThat(routed.outputTokenLimit()).isEqualTo(want.outputTokenLimit());
      assertThat(routed.responseFormat()).isEqualTo(want.responseFormat());
      assertThat(routed.reasoningEffort()).isEqualTo(want.reasoningEffort());
      assertThat(routed.user()).isEqualTo(want.user());
    }
  }

  @Provide
  Arbitrary<ObjectNode> answers() {
    return WireGenerators.answer();
  }

  @Property(tries = 20)
  void aStreamedAnswerMeansWhatTheWholeAnswerMeans(@ForAll("answers") ObjectNode answer) {
    String request = "{\"model\":\"eye/seer\",\"input\":\"go\"}";
    JsonNode whole;
    try (ServeFixture f = WireFidelityIT.answering("eye/seer", answer.toString())) {
      HttpResponse<String> r = ResponsesIT.post(f, request);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      whole = json(r.body());
    }
    JsonNode up = json(answer.toString());
    try (ServeFixture f = WireFidelityIT.seerStreaming(WireFidelityPropertyIT.asSse(up))) {
      String streamRequest = "{\"model\":\"eye/seer\",\"input\":\"go\",\"stream\":true}";
      ServeFixture.Sse sse = ResponsesStreamIT.stream(f, streamRequest);
      List<JsonNode> events = sse.chunks();
      JsonNode last = events.get(events.size() - 1);
      assertThat(last.get("type").asText()).isIn("response.completed", "response.incomplete");
      JsonNode streamed = last.get("response");
      assertThat(meaning(streamed)).isEqualTo(meaning(whole));
      assertThat(streamed.get("usage")).isEqualTo(whole.get("usage"));
      assertThat(streamed.get("status")).isEqualTo(whole.get("status"));
      ResponsesStreamIT.assertGrammar(events);
    }
  }

  /**
   * An Anthropic route's thinking blocks: signed ({@code thinking}, {@code signature}) or withheld
   * ({@code redacted_thinking}, {@code data}), with text a JSON writer escapes.
   */
  @Provide
  Arbitrary<List<ObjectNode>> thinking() {
    Arbitrary<String> opaque =
        Arbitraries.strings()
            .alpha()
            .numeric()
            .withChars('+', '/', '=')
            .ofMinLength(1)
            .ofMaxLength(40);
    Arbitrary<ObjectNode> signed =
        Combinators.combine(words(), opaque)
            .as((t, sig) -> obj().put("type", "thinking").put("thinking", t).put("signature", sig));
    Arbitrary<ObjectNode> redacted =
        opaque.map(d -> obj().put("type", "redacted_thinking").put("data", d));
    return Arbitraries.frequencyOf(Tuple.of(3, signed), Tuple.of(1, redacted))
        .list()
        .ofMinSize(1)
        .ofMaxSize(3);
  }

  @Property(tries = 12)
  void sealedThinkingComesBackAsInputUnchanged(
      @ForAll("thinking") List<ObjectNode> blocks, @ForAll boolean stream) {
    Step first;
    if (stream) {
      AnthropicSse sse = AnthropicSse.start("msg_1", "opus", "{\"input_tokens\":5}");
      for (ObjectNode b : blocks) {
        if (b.has("signature")) {
          String t = b.get("thinking").asText();
          int half = t.length() / 2;
          sse.thinking(b.get("signature").asText(), t.substring(0, half), t.substring(half));
        } else {
          sse.block(b.toString());
        }
      }
      String body = sse.toolUse("toolu_1", "lookup", "{}").end("tool_use", 3);
      first = Step.answer(200, body).withHeaders(Map.of("Content-Type", "text/event-stream"));
    } else {
      ObjectNode m = obj().put("id", "msg_1").put("type", "message").put("role", "assistant");
      ArrayNode content = m.put("model", "opus").putArray("content");
      blocks.forEach(content::add);
      content.addObject().put("type", "tool_use").put("id", "toolu_1").put("name", "lookup");
      ((ObjectNode) content.get(content.size() - 1)).putObject("input");
      m.put("stop_reason", "tool_use").putNull("stop_sequence");
      m.putObject("usage").put("input_tokens", 5).put("output_tokens", 3);
      first = Step.answer(200, m.toString());
    }
    String done =
        "{\"id\":\"msg_2\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"opus\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"stop_reason\":\"end_turn\","
            + "\"usage\":{\"input_tokens\":9,\"output_tokens\":1}}";
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(first, Step.answer(200, done))),
            WireFidelityIT::catalog)) {
      ObjectNode ask = EncryptedReasoningIT.ask("claude/opus", stream, INCLUDE);
      List<JsonNode> items = EncryptedReasoningIT.send(f, ask).items();
      ObjectNode next = EncryptedReasoningIT.ask("claude/opus", false, INCLUDE);
      ArrayNode input = (ArrayNode) next.get("input");
      items.forEach(input::add);
      input.addObject().put("type", "function_call_output").put("call_id", "toolu_1");
      ((ObjectNode) input.get(input.size() - 1)).put("output", "found");
      EncryptedReasoningIT.send(f, next);
      JsonNode turn = json(f.upstream.received().get(1).body()).get("messages").get(1);
      List<JsonNode> sent = new ArrayList<>();
      turn.get("content").forEach(sent::add);
      assertThat(sent.subList(0, blocks.size())).isEqualTo(blocks);
      assertThat(sent.get(blocks.size()).get("type").asText()).isEqualTo("tool_use");
    }
  }

  /** What an answer says, item by item, without ids or part order. */
  static List<String> meaning(JsonNode response) {
    List<String> out = new ArrayList<>();
    for (JsonNode item : response.get("output")) {
      switch (item.get("type").asText()) {
        case "reasoning" -> out.add("reasoning:" + item.at("/summary/0/text").asText());
        case "message" -> {
          StringBuilder text = new StringBuilder();
          String refusal = null;
          for (JsonNode p : item.get("content")) {
            if (p.get("type").asText().equals("output_text")) {
              text.append(p.get("text").asText());
            } else {
              refusal = p.get("refusal").asText();
            }
          }
          out.add("message:" + text + "|refusal:" + refusal + "|" + item.get("status").asText());
        }
        default ->
            out.add(
                "call:"
                    + item.get("call_id").asText()
                    + "|"
                    + item.get("name").asText()
                    + "|"
                    + item.get("arguments").asText());
      }
    }
    return out;
  }
}
