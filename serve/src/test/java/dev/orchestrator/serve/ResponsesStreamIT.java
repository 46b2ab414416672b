package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Responses event grammar on the wire (docs/reference.md, "OpenAI Responses"): every event
 * named in its {@code event:} line and numbered in order, the lifecycle events around the items,
 * each item opened, filled and closed with the pieces adding up to what it closes with, and a
 * failure after output ending in {@code response.failed} and a broken body. The servers run with
 * generous timeouts: what is asserted is the grammar, so a loaded machine must not time it out.
 */
class ResponsesStreamIT {
  /** An upstream stream of reasoning, text and two calls in fragments. */
  static final String RICH =
      """
      data: {"id":"c1","choices":[{"index":0,"delta":{"reasoning_content":"Let me "}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"reasoning_content":"think."}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"content":"Looking "}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"content":"both up."}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"lookup","arguments":""}}]}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"q\\":"}}]}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\\"a\\"}"}}]}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"lookup","arguments":"{\\"q\\":\\"b\\"}"}}]}}]}

      data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":9,"completion_tokens":7,"total_tokens":16}}

      data: [DONE]

      """;

  /** A streaming request to {@code /v1/responses}, read to its end or to the cut. */
  static ServeFixture.Sse stream(ServeFixture f, String body) {
    return f.streamTo("/v1/responses", body);
  }

  /** The grammar every Responses stream keeps, whatever its items. */
  static void assertGrammar(List<JsonNode> events) {
    assertThat(events.get(0).get("type").asText()).isEqualTo("response.created");
    assertThat(events.get(1).get("type").asText()).isEqualTo("response.in_progress");
    Map<String, StringBuilder> pieces = new HashMap<>();
    Map<Integer, String> opened = new HashMap<>();
    List<String> closed = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      JsonNode e = events.get(i);
      assertThat(e.get("sequence_number").asInt()).isEqualTo(i);
      String type = e.get("type").asText();
      switch (type) {
        case "response.output_item.added" -> {
          int index = e.get("output_index").asInt();
          assertThat(index).isEqualTo(opened.size());
          assertThat(closed).hasSize(index); // the one before is closed
          opened.put(index, e.at("/item/id").asText());
        }
        case "response.output_text.delta",
            "response.reasoning_summary_text.delta",
            "response.refusal.delta",
            "response.function_call_arguments.delta" -> {
          assertThat(opened.get(e.get("output_index").asInt()))
              .isEqualTo(e.get("item_id").asText());
          pieces
              .computeIfAbsent(
                  type.replace(".delta", "") + e.get("item_id"), x -> new StringBuilder())
              .append(e.get("delta").asText());
        }
        case "response.output_text.done", "response.reasoning_summary_text.done" ->
            assertThat(whole(pieces, type, e)).isEqualTo(e.get("text").asText());
        case "response.refusal.done" ->
            assertThat(whole(pieces, type, e)).isEqualTo(e.get("refusal").asText());
        case "response.function_call_arguments.done" ->
            assertThat(whole(pieces, type, e)).isEqualTo(e.get("arguments").asText());
        case "response.output_item.done" -> {
          int index = e.get("output_index").asInt();
          assertThat(e.at("/item/id").asText()).isEqualTo(opened.get(index));
          assertThat(closed).hasSize(index);
          closed.add(e.at("/item/id").asText());
        }
        default -> {}
      }
    }
    JsonNode last = events.get(events.size() - 1);
    if (!last.get("type").asText().equals("response.failed")) {
      List<String> ids = new ArrayList<>();
      last.at("/response/output").forEach(o -> ids.add(o.get("id").asText()));
      assertThat(ids).isEqualTo(closed);
    }
  }

  private static String whole(Map<String, StringBuilder> pieces, String type, JsonNode e) {
    StringBuilder b = pieces.get(type.replace(".done", "") + e.get("item_id"));
    return b == null ? "" : b.toString();
  }

  @Test
  void streamsReasoningTextAndCallsAsItemsInTheApisGrammar() {
    try (ServeFixture f = WireFidelityIT.seerStreaming(RICH)) {
      ServeFixture.Sse sse =
          stream(f, "{\"model\":\"eye/seer\",\"input\":\"Look a and b up\",\"stream\":true}");
      assertThat(sse.response.statusCode()).isEqualTo(200);
      assertThat(sse.cut).isFalse();
      List<JsonNode> events = sse.chunks();
      assertThat(sse.events)
          .isEqualTo(events.stream().map(e -> e.get("type").asText()).collect(Collectors.toList()));
      assertGrammar(events);
      assertThat(sse.events)
          .containsSubsequence(
              "response.created",
              "response.in_progress",
              "response.output_item.added",
              "response.reasoning_summary_part.added",
              "response.reasoning_summary_text.delta",
              "response.reasoning_summary_text.done",
              "response.reasoning_summary_part.done",
              "response.output_item.done",
              "response.output_item.added",
              "response.content_part.added",
              "response.output_text.delta",
              "response.output_text.done",
              "response.content_part.done",
              "response.output_item.done",
              "response.output_item.added",
              "response.function_call_arguments.delta",
              "response.function_call_arguments.done",
              "response.output_item.done",
              "response.output_item.added",
              "response.function_call_arguments.done",
              "response.output_item.done",
              "response.completed");
      JsonNode done = events.get(events.size() - 1).get("response");
      assertThat(done.get("status").asText()).isEqualTo("completed");
      assertThat(done.get("model").asText()).isEqualTo("eye/seer");
      assertThat(ResponsesPropertyIT.meaning(done))
          .containsExactly(
              "reasoning:Let me think.",
              "message:Looking both up.|refusal:null|completed",
              "call:call_a|lookup|{\"q\":\"a\"}",
              "call:call_b|lookup|{\"q\":\"b\"}");
      assertThat(done.at("/usage/input_tokens").asInt()).isEqualTo(9);
      assertThat(done.at("/usage/cost").decimalValue()).isEqualByComparingTo("0");
      assertThat(sse.response.headers().firstValue("x-orchestrator-route")).hasValue("eye/seer");
    }
  }

  @Test
  void storesAStreamedAnswerForGetAndForTheNextTurn() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("streamed answer"), Step.ok("second"))),
            ServeFixture::catalog)) {
      List<JsonNode> events =
          stream(f, "{\"model\":\"alpha/small\",\"input\":\"First\",\"stream\":true}").chunks();
      JsonNode done = events.get(events.size() - 1).get("response");
      String id = done.get("id").asText();
      assertThat(events.get(0).at("/response/id").asText()).isEqualTo(id);
      HttpResponse<String> stored = ResponsesIT.get(f, "/v1/responses/" + id);
      assertThat(ServeFixture.json(stored.body())).isEqualTo(done);
      HttpResponse<String> next =
          ResponsesIT.post(
              f,
              "{\"model\":\"alpha/small\",\"input\":\"Second\",\"previous_response_id\":\""
                  + id
                  + "\"}");
      assertThat(next.statusCode()).isEqualTo(200);
      JsonNode sent = ServeFixture.json(f.upstream.received().get(1).body()).get("messages");
      assertThat(sent.get(1).get("content").asText()).isEqualTo("streamed answer");
    }
  }

  @Test
  void endsWithResponseIncompleteWhenTheRouteHitTheOutputLimit() {
    String sse =
        """
        data: {"id":"c1","choices":[{"index":0,"delta":{"content":"Cut sh"}}]}

        data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}

        data: [DONE]

        """;
    try (ServeFixture f = WireFidelityIT.seerStreaming(sse)) {
      List<JsonNode> events =
          stream(f, "{\"model\":\"eye/seer\",\"input\":\"Go\",\"stream\":true}").chunks();
      assertGrammar(events);
      JsonNode last = events.get(events.size() - 1);
      assertThat(last.get("type").asText()).isEqualTo("response.incomplete");
      assertThat(last.at("/response/incomplete_details/reason").asText())
          .isEqualTo("max_output_tokens");
      assertThat(last.at("/response/output/0/status").asText()).isEqualTo("incomplete");
    }
  }

  /**
   * An Anthropic route that stopped at its context window ({@code model_context_window_exceeded})
   * ran out of room as one at its output limit does: {@code response.incomplete}, reason {@code
   * max_output_tokens} — never a completed answer.
   */
  @Test
  void endsWithResponseIncompleteWhenAnAnthropicRouteFilledItsContextWindow() {
    String sse =
        AnthropicSse.start("msg_1", "opus", "{\"input_tokens\":12,\"output_tokens\":1}")
            .text("Cut sh")
            .end("model_context_window_exceeded", 3);
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f =
        ServeFixture.start(Map.of("claude/opus", List.of(step)), WireFidelityIT::catalog)) {
      List<JsonNode> events =
          stream(f, "{\"model\":\"claude/opus\",\"input\":\"Go\",\"stream\":true}").chunks();
      assertGrammar(events);
      JsonNode last = events.get(events.size() - 1);
      assertThat(last.get("type").asText()).isEqualTo("response.incomplete");
      assertThat(last.at("/response/status").asText()).isEqualTo("incomplete");
      assertThat(last.at("/response/incomplete_details/reason").asText())
          .isEqualTo("max_output_tokens");
      assertThat(last.at("/response/output/0/status").asText()).isEqualTo("incomplete");
    }
  }

  @Test
  void writesNothingBeforeTheFirstOutputSoFailoverStaysInvisible() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.answer(503, "{\"error\":{\"message\":\"busy\"}}")),
                "beta/large", List.of(Step.ok("from beta"))),
            ServeFixture::catalog)) {
      ServeFixture.Sse sse = stream(f, "{\"model\":\"pair\",\"input\":\"Hi\",\"stream\":true}");
      List<JsonNode> events = sse.chunks();
      assertGrammar(events);
      assertThat(events.stream().filter(e -> e.get("type").asText().equals("response.created")))
          .hasSize(1);
      assertThat(events.get(0).at("/response/model").asText()).isEqualTo("beta/large");
      // alpha's 503 retried once, then beta: three attempts, none of them seen in the stream
      assertThat(sse.response.headers().firstValue("x-orchestrator-attempts")).hasValue("3");
    }
  }

  @Test
  void aFailureBeforeOutputIsAPlainErrorWithItsStatus() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.answer(400, "{\"error\":{\"message\":\"bad\"}}"))),
            ServeFixture::catalog)) {
      ServeFixture.Sse sse =
          stream(f, "{\"model\":\"alpha/small\",\"input\":\"Hi\",\"stream\":true}");
      assertThat(sse.response.statusCode()).isEqualTo(400);
      assertThat(sse.events).isEmpty();
    }
  }

  @Test
  void aFailureAfterOutputIsResponseFailedThenABrokenBody() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.STREAM_CUT))), ServeFixture::catalog)) {
      ServeFixture.Sse sse =
          stream(f, "{\"model\":\"alpha/small\",\"input\":\"Go\",\"stream\":true}");
      assertThat(sse.cut).isTrue();
      List<JsonNode> events = sse.chunks();
      assertGrammar(events);
      JsonNode last = events.get(events.size() - 1);
      assertThat(last.get("type").asText()).isEqualTo("response.failed");
      assertThat(last.at("/response/status").asText()).isEqualTo("failed");
      assertThat(last.at("/response/error/code").asText()).isEqualTo("server_error");
      assertThat(last.at("/response/error/message").asText()).startsWith("stream interrupted: ");
      String text =
          events.stream()
              .filter(e -> e.get("type").asText().equals("response.output_text.delta"))
              .map(e -> e.get("delta").asText())
              .collect(Collectors.joining());
      assertThat(last.at("/response/output/0/content/0/text").asText()).isEqualTo(text);
      assertThat(sse.events).doesNotContain("response.completed");
    }
  }
}
