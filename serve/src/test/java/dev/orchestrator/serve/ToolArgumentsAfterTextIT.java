package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.ToolUseBlock;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An OpenAI-compatible route's stream whose text arrives between a tool call's argument pieces (a
 * chunk carrying both content and the call's next piece, as some servers send a newline): every
 * front relays every piece and the text, in its protocol's grammar — on the Messages and Responses
 * fronts the call's block or item stays open until the call ends, and the text follows it as a
 * block or item of its own (docs/reference.md, "Anthropic Messages" and "OpenAI Responses").
 */
class ToolArgumentsAfterTextIT {
  private static final String ARGUMENTS = "{\"city\":\"Oslo\"}";
  private static final String HEAD =
      "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
          + "\"model\":\"small\",\"choices\":[{\"index\":0,\"delta\":";
  private static final String SSE =
      HEAD
          + "{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
          + "\"function\":{\"name\":\"weather\",\"arguments\":\"{\\\"city\\\":\"}}]},\"finish_reason\":null}]}\n\n"
          + HEAD
          + "{\"content\":\"\\n\",\"tool_calls\":[{\"index\":0,"
          + "\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]},\"finish_reason\":null}]}\n\n"
          + HEAD
          + "{},\"finish_reason\":\"tool_calls\"}]}\n\n"
          + "data: [DONE]\n\n";

  private static ServeFixture serve(Step... after) {
    List<Step> steps = new ArrayList<>();
    steps.add(Step.answer(200, SSE).withHeaders(Map.of("Content-Type", "text/event-stream")));
    steps.addAll(List.of(after));
    return ServeFixture.start(Map.of("alpha/small", steps), MessagesFrontIT::catalog);
  }

  /**
   * Anthropic's grammar, checked event by event: a block opens only when none is open, and its
   * deltas and stop carry its index.
   */
  static void assertMessagesGrammar(ServeFixture.Sse s) {
    Integer open = null;
    int next = 0;
    for (String d : s.data) {
      JsonNode e = json(d);
      switch (e.path("type").asText()) {
        case "content_block_start" -> {
          assertThat(open).as("a block still open at " + d).isNull();
          assertThat(e.path("index").asInt()).as(d).isEqualTo(next++);
          open = e.path("index").asInt();
        }
        case "content_block_delta" -> assertThat(e.path("index").asInt()).as(d).isEqualTo(open);
        case "content_block_stop" -> {
          assertThat(e.path("index").asInt()).as(d).isEqualTo(open);
          open = null;
        }
        case "message_delta", "message_stop" -> assertThat(open).as(d).isNull();
        default -> {}
      }
    }
  }

  @Test
  void theMessagesStreamSendsEveryArgumentPieceAndTheTextAfterTheCall() {
    String body =
        """
        {"model":"alpha/small","max_tokens":256,"stream":true,
         "tools":[{"name":"weather","input_schema":{"type":"object"}}],
         "messages":[{"role":"user","content":"Weather in Oslo?"}]}""";
    try (ServeFixture f = serve()) {
      ServeFixture.Sse s = f.streamTo("/v1/messages", body);
      assertMessagesGrammar(s);
      StringBuilder partial = new StringBuilder();
      List<String> blocks = new ArrayList<>();
      for (String d : s.data) {
        JsonNode e = json(d);
        if (e.path("type").asText().equals("content_block_start")) {
          blocks.add(e.at("/content_block/type").asText());
        }
        if (e.at("/delta/type").asText().equals("input_json_delta")) {
          partial.append(e.at("/delta/partial_json").asText());
        }
      }
      assertThat(partial.toString()).as(s.body).isEqualTo(ARGUMENTS);
      assertThat(blocks).as(s.body).containsExactly("tool_use", "text");
    }
    try (ServeFixture f = serve()) { // the Anthropic SDK's own accumulator reads the same stream
      Message m =
          MessagesFrontIT.streamedAndAccumulated(
              f, MessagesFrontIT.weatherQuestion("Weather in Oslo?"));
      ToolUseBlock use =
          m.content().stream().flatMap(b -> b.toolUse().stream()).findFirst().orElseThrow();
      assertThat(use._input().convert(JsonNode.class)).isEqualTo(json(ARGUMENTS));
      assertThat(m.content().stream().flatMap(b -> b.text().stream()))
          .singleElement()
          .satisfies(t -> assertThat(t.text()).isEqualTo("\n"));
      assertThat(m.content()).extracting(ContentBlock::isToolUse).containsExactly(true, false);
    }
  }

  @Test
  void theResponsesStreamSendsEveryArgumentPieceAndStoresTheWholeCall() {
    String body =
        """
        {"model":"alpha/small","stream":true,
         "tools":[{"type":"function","name":"weather","parameters":{"type":"object"}}],
         "input":"Weather in Oslo?"}""";
    try (ServeFixture f = serve(Step.ok("Sunny."))) {
      List<JsonNode> events = ResponsesStreamIT.stream(f, body).chunks();
      ResponsesStreamIT.assertGrammar(events);
      StringBuilder pieces = new StringBuilder();
      for (JsonNode e : events) {
        if (e.path("type").asText().equals("response.function_call_arguments.delta")) {
          pieces.append(e.path("delta").asText());
        }
      }
      assertThat(pieces.toString()).isEqualTo(ARGUMENTS);
      JsonNode done = events.get(events.size() - 1);
      assertThat(done.path("type").asText()).isEqualTo("response.completed");
      JsonNode output = done.at("/response/output");
      assertThat(output.at("/0/type").asText()).isEqualTo("function_call");
      assertThat(output.at("/0/arguments").asText()).isEqualTo(ARGUMENTS);
      assertThat(output.at("/1/type").asText()).isEqualTo("message");
      assertThat(output.at("/1/content/0/text").asText()).isEqualTo("\n");

      HttpResponse<String> next =
          ResponsesIT.post(
              f,
              """
              {"model":"alpha/small","previous_response_id":"%s",
               "input":[{"type":"function_call_output","call_id":"call_1","output":"21 C"}]}"""
                  .formatted(done.at("/response/id").asText()));
      assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
      JsonNode replayed = json(f.upstream.received().get(1).body()).at("/messages/1");
      assertThat(replayed.at("/tool_calls/0/id").asText()).isEqualTo("call_1");
      assertThat(replayed.at("/tool_calls/0/function/arguments").asText()).isEqualTo(ARGUMENTS);
    }
  }

  @Test
  void theChatStreamRelaysEveryArgumentPiece() {
    String body =
        """
        {"model":"alpha/small","stream":true,
         "tools":[{"type":"function","function":{"name":"weather","parameters":{"type":"object"}}}],
         "messages":[{"role":"user","content":"Weather in Oslo?"}]}""";
    try (ServeFixture f = serve()) {
      ServeFixture.Sse s = f.streamBody(body);
      StringBuilder args = new StringBuilder();
      for (JsonNode c : s.chunks()) {
        for (JsonNode t : c.at("/choices/0/delta/tool_calls")) {
          args.append(t.at("/function/arguments").asText());
        }
      }
      assertThat(args.toString()).as(s.body).isEqualTo(ARGUMENTS);
      assertThat(s.text()).isEqualTo("\n");
    }
  }
}
