package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.openai.client.OpenAIClient;
import com.openai.models.responses.EasyInputMessage;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseIncludable;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseReasoningItem;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.http.Json;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code store: false} with {@code include: ["reasoning.encrypted_content"]} (Codex CLI, the Agents
 * SDK) on an Anthropic route with thinking (docs/reference.md, "OpenAI Responses"): the answer's
 * reasoning item carries the signed thinking blocks sealed in its {@code encrypted_content}, whole
 * and streamed; the client sends the items back as {@code input} and the next turn reaches
 * Anthropic with the blocks exactly as Anthropic signed them, so thinking stays on. Without {@code
 * include} nothing is sealed; on a route of another protocol there is nothing to seal, and {@code
 * include} is named as dropped; a sealed item sent to such a route is left out and counted as
 * adapted.
 */
class EncryptedReasoningIT {
  /** Reasoning text with characters a JSON writer escapes, signed: it must come back unchanged. */
  static final String THOUGHT = "Look it up — \"Paris\".\n\tThen answer.";

  static final String SIGNATURE = "EqQBCkYIBxgCKkB+/sig==";
  static final String REDACTED = "EmwKAhgBEgy3va+/redacted==";

  static final String REDACTED_BLOCK =
      "{\"type\":\"redacted_thinking\",\"data\":\"" + REDACTED + "\"}";

  static final String TOOLS =
      "[{\"type\":\"function\",\"name\":\"lookup\",\"parameters\":{\"type\":\"object\"}}]";

  /** The Anthropic answer that thought (signed, then redacted), said a word and called lookup. */
  static Step firstTurn(boolean stream) {
    if (!stream) {
      ObjectNode m = Json.MAPPER.createObjectNode();
      m.put("id", "msg_1").put("type", "message").put("role", "assistant").put("model", "opus");
      ArrayNode content = m.putArray("content");
      content
          .addObject()
          .put("type", "thinking")
          .put("thinking", THOUGHT)
          .put("signature", SIGNATURE);
      content.add(json(REDACTED_BLOCK));
      content.addObject().put("type", "text").put("text", "Checking.");
      ObjectNode use = content.addObject().put("type", "tool_use").put("id", "toolu_1");
      use.put("name", "lookup").putObject("input").put("city", "Paris");
      m.put("stop_reason", "tool_use").putNull("stop_sequence");
      m.putObject("usage").put("input_tokens", 10).put("output_tokens", 4);
      return Step.answer(200, m.toString());
    }
    String sse =
        AnthropicSse.start("msg_1", "opus", "{\"input_tokens\":10,\"output_tokens\":1}")
            .thinking(SIGNATURE, THOUGHT.substring(0, 9), THOUGHT.substring(9))
            .block(REDACTED_BLOCK)
            .text("Checking.")
            .toolUse("toolu_1", "lookup", "{\"city\":", "\"Paris\"}")
            .end("tool_use", 4);
    return Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
  }

  static final String DONE =
      """
      {"id":"msg_2","type":"message","role":"assistant","model":"opus",
       "content":[{"type":"text","text":"2.1 million."}],"stop_reason":"end_turn",
       "stop_sequence":null,"usage":{"input_tokens":30,"output_tokens":4}}
      """;

  /** A Codex-shaped request: tools, reasoning on, {@code store: false}, {@code include}. */
  static ObjectNode ask(String model, boolean stream, List<String> include) {
    ObjectNode b = Json.MAPPER.createObjectNode().put("model", model).put("store", false);
    b.put("stream", stream);
    b.set("tools", json(TOOLS));
    b.putObject("reasoning").put("effort", "low");
    ArrayNode inc = b.putArray("include");
    include.forEach(inc::add);
    ArrayNode input = b.putArray("input");
    input
        .addObject()
        .put("type", "message")
        .put("role", "user")
        .put("content", "How big is Paris?");
    return b;
  }

  /** An answer as a client reads it: its headers and the output items it keeps. */
  record Answer(HttpResponse<?> http, List<JsonNode> items, JsonNode response) {}

  /**
   * {@code body} answered: whole, the Response object's output; streamed, the items of {@code
   * response.output_item.done} (what Codex keeps), checked against the final object's output.
   */
  static Answer send(ServeFixture f, ObjectNode body) {
    if (!body.path("stream").asBoolean()) {
      HttpResponse<String> r = ResponsesIT.post(f, body.toString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      JsonNode o = json(r.body());
      List<JsonNode> items = new ArrayList<>();
      o.get("output").forEach(items::add);
      return new Answer(r, items, o);
    }
    ServeFixture.Sse sse = ResponsesStreamIT.stream(f, body.toString());
    assertThat(sse.response.statusCode()).isEqualTo(200);
    List<JsonNode> events = sse.chunks();
    ResponsesStreamIT.assertGrammar(events);
    List<JsonNode> items = new ArrayList<>();
    for (JsonNode e : events) {
      if (e.get("type").asText().equals("response.output_item.done")) {
        items.add(e.get("item"));
      }
    }
    JsonNode completed = events.get(events.size() - 1);
    assertThat(completed.get("type").asText()).isEqualTo("response.completed");
    List<JsonNode> output = new ArrayList<>();
    completed.at("/response/output").forEach(output::add);
    assertThat(output).isEqualTo(items);
    return new Answer(sse.response, items, completed.get("response"));
  }

  static List<JsonNode> reasoningItems(Answer a) {
    return a.items().stream().filter(i -> i.get("type").asText().equals("reasoning")).toList();
  }

  /** The two blocks of the first turn as Anthropic wrote them. */
  static List<JsonNode> signedBlocks() {
    ObjectNode thinking = Json.MAPPER.createObjectNode().put("type", "thinking");
    thinking.put("thinking", THOUGHT).put("signature", SIGNATURE);
    return List.of(thinking, json(REDACTED_BLOCK));
  }

  @Test
  void aStoreFalseToolLoopSendsTheSignedThinkingBackToAnthropicUnchanged() {
    runsTheToolLoop(false);
  }

  @Test
  void aStreamedStoreFalseToolLoopSendsTheSignedThinkingBackToAnthropicUnchanged() {
    runsTheToolLoop(true);
  }

  private static void runsTheToolLoop(boolean stream) {
    List<String> include = List.of("reasoning.encrypted_content");
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(firstTurn(stream), Step.answer(200, DONE))),
            WireFidelityIT::catalog)) {
      ObjectNode first = ask("claude/opus", stream, include);
      Answer one = send(f, first);
      assertThat(one.http().headers().firstValue("x-orchestrator-dropped")).isEmpty();
      List<JsonNode> reasoning = reasoningItems(one);
      assertThat(reasoning).hasSize(1);
      assertThat(reasoning.get(0).at("/summary/0/text").asText()).isEqualTo(THOUGHT);
      assertThat(reasoning.get(0).get("encrypted_content").asText())
          .startsWith("orchestrator.thinking.v1:")
          .doesNotContain(SIGNATURE); // sealed, not readable as it stands
      assertThat(one.items().get(0)).isEqualTo(reasoning.get(0));

      ObjectNode second = ask("claude/opus", stream, include);
      ArrayNode input = (ArrayNode) second.get("input");
      one.items().forEach(input::add); // the turn as the client kept it, ids and all
      input.addObject().put("type", "function_call_output").put("call_id", "toolu_1");
      ((ObjectNode) input.get(input.size() - 1)).put("output", "2.1 million");
      Answer two = send(f, second);

      JsonNode sent = json(f.upstream.received().get(1).body());
      assertThat(sent.at("/thinking/type").asText()).isEqualTo("enabled");
      JsonNode turn = sent.get("messages").get(1);
      assertThat(turn.get("role").asText()).isEqualTo("assistant");
      List<JsonNode> blocks = new ArrayList<>();
      turn.get("content").forEach(blocks::add);
      assertThat(blocks.subList(0, 2)).isEqualTo(signedBlocks());
      assertThat(blocks.get(2).get("text").asText()).isEqualTo("Checking.");
      assertThat(blocks.get(3).get("type").asText()).isEqualTo("tool_use");
      assertThat(two.http().headers().firstValue("x-orchestrator-adapted")).isEmpty();
      assertThat(two.http().headers().firstValue("x-orchestrator-dropped")).isEmpty();
      assertThat(ResponsesIT.get(f, "/v1/responses/" + one.response().get("id").asText()))
          .extracting(HttpResponse::statusCode)
          .isEqualTo(404); // store: false kept nothing: the thinking came back with the input
    }
  }

  /**
   * The Agents SDK's way, through the official SDK's own types: the output items become the next
   * input items ({@code ResponseInputItem.ofReasoning} and the rest), and the sealed thinking
   * reaches Anthropic with them.
   */
  @Test
  void theOfficialSdkCarriesTheSealedReasoningItemBackAsInput() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(firstTurn(false), Step.answer(200, DONE))),
            WireFidelityIT::catalog)) {
      OpenAIClient client = ResponsesIT.sdk(f);
      ResponseCreateParams.Builder ask =
          ResponsesIT.ask("claude/opus", "How big is Paris?")
              .addTool(ResponsesIT.lookup())
              .store(false)
              .addInclude(ResponseIncludable.REASONING_ENCRYPTED_CONTENT)
              .reasoning(
                  com.openai.models.Reasoning.builder()
                      .effort(com.openai.models.ReasoningEffort.LOW)
                      .build());
      Response first = client.responses().create(ask.build());
      first.validate();
      ResponseReasoningItem reasoning = first.output().get(0).reasoning().orElseThrow();
      assertThat(reasoning.encryptedContent()).hasValueSatisfying(e -> assertThat(e).isNotBlank());

      List<ResponseInputItem> history = new ArrayList<>();
      history.add(
          ResponseInputItem.ofEasyInputMessage(
              EasyInputMessage.builder()
                  .role(EasyInputMessage.Role.USER)
                  .content("How big is Paris?")
                  .build()));
      for (ResponseOutputItem item : first.output()) {
        item.reasoning().ifPresent(r -> history.add(ResponseInputItem.ofReasoning(r)));
        item.message().ifPresent(m -> history.add(ResponseInputItem.ofResponseOutputMessage(m)));
        item.functionCall().ifPresent(c -> history.add(ResponseInputItem.ofFunctionCall(c)));
      }
      history.add(
          ResponseInputItem.ofFunctionCallOutput(
              ResponseInputItem.FunctionCallOutput.builder()
                  .callId("toolu_1")
                  .output("2.1 million")
                  .build()));
      Response second = client.responses().create(ask.inputOfResponse(history).build());
      assertThat(ResponsesIT.text(second)).isEqualTo("2.1 million.");
      JsonNode turn = json(f.upstream.received().get(1).body()).get("messages").get(1);
      assertThat(List.of(turn.at("/content/0"), turn.at("/content/1"))).isEqualTo(signedBlocks());
    }
  }

  @Test
  void withoutIncludeNoEncryptedContentIsWritten() {
    for (boolean stream : List.of(false, true)) {
      try (ServeFixture f =
          ServeFixture.start(
              Map.of("claude/opus", List.of(firstTurn(stream))), WireFidelityIT::catalog)) {
        Answer a = send(f, ask("claude/opus", stream, List.of()));
        assertThat(reasoningItems(a)).hasSize(1);
        assertThat(a.items()).allSatisfy(i -> assertThat(i.has("encrypted_content")).isFalse());
        assertThat(a.http().headers().firstValue("x-orchestrator-dropped")).isEmpty();
      }
    }
  }

  /**
   * Thinking Anthropic withheld (a redacted block, no text to show) still gets a reasoning item —
   * an empty summary, the block sealed — before the message it came before.
   */
  @Test
  void aRedactedBlockAloneGetsAReasoningItemOfItsOwn() {
    String whole =
        "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"opus\","
            + "\"content\":["
            + REDACTED_BLOCK
            + ",{\"type\":\"text\",\"text\":\"Hi.\"}],\"stop_reason\":\"end_turn\","
            + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":3,\"output_tokens\":2}}";
    String sse =
        AnthropicSse.start("msg_1", "opus", "{\"input_tokens\":3,\"output_tokens\":1}")
            .block(REDACTED_BLOCK)
            .text("Hi.")
            .end("end_turn", 2);
    for (boolean stream : List.of(false, true)) {
      Step step =
          stream
              ? Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"))
              : Step.answer(200, whole);
      try (ServeFixture f =
          ServeFixture.start(Map.of("claude/opus", List.of(step)), WireFidelityIT::catalog)) {
        Answer a = send(f, ask("claude/opus", stream, List.of("reasoning.encrypted_content")));
        assertThat(a.items())
            .extracting(i -> i.get("type").asText())
            .containsExactly("reasoning", "message");
        JsonNode r = a.items().get(0);
        assertThat(r.get("summary")).isEmpty();
        assertThat(r.get("encrypted_content").asText()).startsWith("orchestrator.thinking.v1:");
        assertThat(a.items().get(1).at("/content/0/text").asText()).isEqualTo("Hi.");
      }
    }
  }

  /**
   * {@code include} is dropped and named where a value asks for what the route cannot produce: any
   * value but {@code reasoning.encrypted_content} on every route, and that one on a route of
   * another protocol, whose reasoning has no signed blocks to seal.
   */
  @Test
  void anIncludeTheRouteCannotProduceIsNamedAsDropped() {
    String reasoned =
        """
        {"id":"c1","object":"chat.completion","model":"seer","choices":[{"index":0,
          "message":{"role":"assistant","content":"Hi.","reasoning_content":"Plain thought."},
          "finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2,
          "total_tokens":5}}
        """;
    for (boolean stream : List.of(false, true)) {
      try (ServeFixture f =
          ServeFixture.start(
              Map.of(
                  "claude/opus", List.of(firstTurn(stream)),
                  "eye/seer", List.of(Step.answer(200, reasoned))),
              WireFidelityIT::catalog)) {
        List<String> both = List.of("reasoning.encrypted_content", "message.output_text.logprobs");
        Answer anthropic = send(f, ask("claude/opus", stream, both));
        assertThat(anthropic.http().headers().firstValue("x-orchestrator-dropped"))
            .hasValue("include");
        assertThat(reasoningItems(anthropic).get(0).has("encrypted_content")).isTrue();

        Answer other = send(f, ask("eye/seer", stream, List.of("reasoning.encrypted_content")));
        assertThat(other.http().headers().firstValue("x-orchestrator-dropped")).hasValue("include");
        assertThat(reasoningItems(other)).hasSize(1);
        assertThat(reasoningItems(other).get(0).at("/summary/0/text").asText())
            .isEqualTo("Plain thought.");
        assertThat(reasoningItems(other).get(0).has("encrypted_content")).isFalse();
      }
    }
  }

  /**
   * The sealed item sent back to a route of another protocol: the blocks go back only to Anthropic,
   * so they are left out there and counted in {@code x-orchestrator-adapted}, as for a stored turn.
   */
  @Test
  void sealedThinkingSentToARouteOfAnotherProtocolIsLeftOut() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "claude/opus", List.of(firstTurn(false)),
                "eye/seer", List.of(Step.ok("2.1 million."))),
            WireFidelityIT::catalog)) {
      List<String> include = List.of("reasoning.encrypted_content");
      Answer one = send(f, ask("claude/opus", false, include));
      ObjectNode second = ask("eye/seer", false, include);
      ArrayNode input = (ArrayNode) second.get("input");
      one.items().forEach(input::add);
      input.addObject().put("type", "function_call_output").put("call_id", "toolu_1");
      ((ObjectNode) input.get(input.size() - 1)).put("output", "2.1 million");
      Answer two = send(f, second);
      String sent = f.upstream.received().get(1).body();
      assertThat(sent).doesNotContain(SIGNATURE).doesNotContain(REDACTED);
      assertThat(json(sent).at("/messages/1/tool_calls/0/id").asText()).isEqualTo("toolu_1");
      assertThat(two.http().headers().firstValue("x-orchestrator-adapted")).isPresent();
      assertThat(f.traces.get(f.traces.size() - 1).adapted())
          .anyMatch(a -> a.contains(".thinking: 2 block(s) left out"));
    }
  }
}
