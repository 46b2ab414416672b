package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.ToolUseBlock;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An OpenAI-compatible route that streams parallel tool calls interleaved — a piece of the first
 * call's arguments arriving after the second call started, as the chat completions grammar allows
 * (every fragment names its call by {@code index}): the Messages and Responses fronts, whose
 * grammars stream one block or item at a time, give every call its arguments whole, each call in a
 * block or item of its own, opened, filled and closed in turn (docs/reference.md, "Anthropic
 * Messages" and "OpenAI Responses").
 */
class InterleavedToolCallsIT {
  private static final String OSLO = "{\"city\":\"Oslo\"}";
  private static final String BERGEN = "{\"city\":\"Bergen\"}";
  private static final String HEAD =
      "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
          + "\"model\":\"small\",\"choices\":[{\"index\":0,\"delta\":";

  /** Call 0 starts, call 1 starts, then each call's last piece: call 0's after call 1 began. */
  private static final String SSE =
      HEAD
          + "{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
          + "\"function\":{\"name\":\"weather\",\"arguments\":\"{\\\"city\\\":\"}}]},\"finish_reason\":null}]}\n\n"
          + HEAD
          + "{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\","
          + "\"function\":{\"name\":\"weather\",\"arguments\":\"{\\\"city\\\":\"}}]},\"finish_reason\":null}]}\n\n"
          + HEAD
          + "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]},"
          + "\"finish_reason\":null}]}\n\n"
          + HEAD
          + "{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":\"\\\"Bergen\\\"}\"}}]},"
          + "\"finish_reason\":null}]}\n\n"
          + HEAD
          + "{},\"finish_reason\":\"tool_calls\"}]}\n\n"
          + "data: [DONE]\n\n";

  private static ServeFixture serve(Step... after) {
    List<Step> steps = new java.util.ArrayList<>();
    steps.add(Step.answer(200, SSE).withHeaders(Map.of("Content-Type", "text/event-stream")));
    steps.addAll(List.of(after));
    return ServeFixture.start(Map.of("alpha/small", steps), MessagesFrontIT::catalog);
  }

  @Test
  void theMessagesStreamGivesEachInterleavedCallItsWholeInputInABlockOfItsOwn() {
    String body =
        """
        {"model":"alpha/small","max_tokens":256,"stream":true,
         "tools":[{"name":"weather","input_schema":{"type":"object"}}],
         "messages":[{"role":"user","content":"Weather in Oslo and Bergen?"}]}""";
    try (ServeFixture f = serve()) {
      ServeFixture.Sse s = f.streamTo("/v1/messages", body);
      ToolArgumentsAfterTextIT.assertMessagesGrammar(s);
      Map<Integer, String> ids = new LinkedHashMap<>();
      Map<Integer, StringBuilder> inputs = new LinkedHashMap<>();
      for (String d : s.data) {
        JsonNode e = json(d);
        int index = e.path("index").asInt();
        if (e.path("type").asText().equals("content_block_start")) {
          assertThat(e.at("/content_block/type").asText()).as(d).isEqualTo("tool_use");
          ids.put(index, e.at("/content_block/id").asText());
          inputs.put(index, new StringBuilder());
        }
        if (e.at("/delta/type").asText().equals("input_json_delta")) {
          inputs.get(index).append(e.at("/delta/partial_json").asText());
        }
      }
      assertThat(ids).as(s.body).isEqualTo(Map.of(0, "call_a", 1, "call_b"));
      assertThat(inputs.get(0).toString()).as(s.body).isEqualTo(OSLO);
      assertThat(inputs.get(1).toString()).as(s.body).isEqualTo(BERGEN);
    }
    try (ServeFixture f = serve()) { // the Anthropic SDK's own accumulator reads the same stream
      Message m =
          MessagesFrontIT.streamedAndAccumulated(
              f, MessagesFrontIT.weatherQuestion("Weather in Oslo and Bergen?"));
      List<ToolUseBlock> uses = m.content().stream().flatMap(b -> b.toolUse().stream()).toList();
      assertThat(uses).extracting(ToolUseBlock::id).containsExactly("call_a", "call_b");
      assertThat(uses.get(0)._input().convert(JsonNode.class)).isEqualTo(json(OSLO));
      assertThat(uses.get(1)._input().convert(JsonNode.class)).isEqualTo(json(BERGEN));
    }
  }

  @Test
  void theResponsesStreamGivesEachInterleavedCallItsWholeArgumentsAndStoresThem() {
    String body =
        """
        {"model":"alpha/small","stream":true,
         "tools":[{"type":"function","name":"weather","parameters":{"type":"object"}}],
         "input":"Weather in Oslo and Bergen?"}""";
    try (ServeFixture f = serve(Step.ok("Sunny in both."))) {
      List<JsonNode> events = ResponsesStreamIT.stream(f, body).chunks();
      ResponsesStreamIT.assertGrammar(events);
      Map<String, StringBuilder> deltas = new LinkedHashMap<>();
      Map<String, String> done = new LinkedHashMap<>();
      for (JsonNode e : events) {
        switch (e.path("type").asText()) {
          case "response.function_call_arguments.delta" ->
              deltas
                  .computeIfAbsent(e.path("item_id").asText(), x -> new StringBuilder())
                  .append(e.path("delta").asText());
          case "response.output_item.done" ->
              done.put(e.at("/item/call_id").asText(), e.at("/item/arguments").asText());
          default -> {}
        }
      }
      assertThat(done).isEqualTo(Map.of("call_a", OSLO, "call_b", BERGEN));
      assertThat(deltas.values()).extracting(StringBuilder::toString).containsExactly(OSLO, BERGEN);
      JsonNode last = events.get(events.size() - 1);
      assertThat(last.path("type").asText()).isEqualTo("response.completed");
      JsonNode output = last.at("/response/output");
      assertThat(output.size()).isEqualTo(2);
      assertThat(output.at("/0/call_id").asText()).isEqualTo("call_a");
      assertThat(output.at("/0/arguments").asText()).isEqualTo(OSLO);
      assertThat(output.at("/1/call_id").asText()).isEqualTo("call_b");
      assertThat(output.at("/1/arguments").asText()).isEqualTo(BERGEN);

      // the stored response replays both calls whole to the next turn's route
      String next =
          """
          {"model":"alpha/small","previous_response_id":"%s",
           "input":[{"type":"function_call_output","call_id":"call_a","output":"21 C"},
                    {"type":"function_call_output","call_id":"call_b","output":"18 C"}]}"""
              .formatted(last.at("/response/id").asText());
      assertThat(ResponsesIT.post(f, next).statusCode()).isEqualTo(200);
      JsonNode replayed = json(f.upstream.received().get(1).body()).at("/messages/1/tool_calls");
      assertThat(replayed.at("/0/function/arguments").asText()).isEqualTo(OSLO);
      assertThat(replayed.at("/1/function/arguments").asText()).isEqualTo(BERGEN);
    }
  }
}
