package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.TextBlock;
import com.anthropic.models.messages.WebSearchTool20250305;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What an Anthropic route answers that the engine does not model — server tool use (Claude Code's
 * web search), its results and text citations — reaches a Messages-front agent unchanged, whole and
 * streamed (docs/design.md §12, docs/reference.md "Anthropic Messages"); the chat front still
 * answers the text.
 */
class AnthropicContentPassThroughIT {
  private static final String ROUTE = "claude/opus";
  private static final String CONTENT =
      """
      [{"type":"server_tool_use","id":"srvtoolu_01","name":"web_search","input":{"query":"oslo weather"}},
       {"type":"web_search_tool_result","tool_use_id":"srvtoolu_01","content":[
         {"type":"web_search_result","url":"https://yr.no/oslo","title":"Oslo","encrypted_content":"EqgfCio","page_age":null}]},
       {"type":"text","text":"It is sunny in Oslo.","citations":[
         {"type":"web_search_result_location","url":"https://yr.no/oslo","title":"Oslo",
          "encrypted_index":"Eo8BCio","cited_text":"Sunny, 21 C"}]}]""";
  private static final String ANSWER =
      """
      {"id":"msg_ws1","type":"message","role":"assistant","model":"opus","content":%s,
       "stop_reason":"end_turn","stop_sequence":null,
       "usage":{"input_tokens":20,"output_tokens":9,"server_tool_use":{"web_search_requests":1}}}"""
          .formatted(CONTENT);
  private static final String ASK =
      """
      {"model":"claude/opus","max_tokens":256,%s
       "tools":[{"type":"web_search_20250305","name":"web_search","max_uses":8}],
       "messages":[{"role":"user","content":"Perform a web search for the query: oslo weather"}]}""";

  private static String event(String name, String data) {
    return "event: " + name + "\ndata: " + data.replace("\n", "") + "\n\n";
  }

  /** The same answer as Anthropic streams it, the citation before the text it cites. */
  private static final String SSE =
      event(
              "message_start",
              """
              {"type":"message_start","message":{"id":"msg_ws1","type":"message","role":"assistant",
               "model":"opus","content":[],"stop_reason":null,"stop_sequence":null,
               "usage":{"input_tokens":20,"output_tokens":1}}}""")
          + event(
              "content_block_start",
              """
              {"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use",
               "id":"srvtoolu_01","name":"web_search","input":{}}}""")
          + event(
              "content_block_delta",
              """
              {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta",
               "partial_json":"{\\"query\\": \\"oslo"}}""")
          + event(
              "content_block_delta",
              """
              {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta",
               "partial_json":" weather\\"}"}}""")
          + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}")
          + event(
              "content_block_start",
              """
              {"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result",
               "tool_use_id":"srvtoolu_01","content":[{"type":"web_search_result",
               "url":"https://yr.no/oslo","title":"Oslo","encrypted_content":"EqgfCio","page_age":null}]}}""")
          + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":1}")
          + event(
              "content_block_start",
              """
              {"type":"content_block_start","index":2,"content_block":{"type":"text","text":""}}""")
          + event(
              "content_block_delta",
              """
              {"type":"content_block_delta","index":2,"delta":{"type":"citations_delta","citation":
               {"type":"web_search_result_location","url":"https://yr.no/oslo","title":"Oslo",
                "encrypted_index":"Eo8BCio","cited_text":"Sunny, 21 C"}}}""")
          + event(
              "content_block_delta",
              """
              {"type":"content_block_delta","index":2,"delta":{"type":"text_delta",
               "text":"It is sunny in Oslo."}}""")
          + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":2}")
          + event(
              "message_delta",
              """
              {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},
               "usage":{"output_tokens":9}}""")
          + event("message_stop", "{\"type\":\"message_stop\"}");

  private static ServeFixture serve(Step step) {
    return ServeFixture.start(Map.of(ROUTE, List.of(step)), MessagesFrontIT::catalog);
  }

  private static HttpResponse<String> post(ServeFixture f, String path, String body) {
    return f.send(
        HttpRequest.newBuilder(f.uri(path))
            .header("Content-Type", "application/json")
            .header("anthropic-version", "2023-06-01")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  @Test
  void aWholeAnswersServerToolUseResultsAndCitationsReachTheAgentUnchanged() {
    try (ServeFixture f = serve(Step.answer(200, ANSWER))) {
      HttpResponse<String> r = post(f, "/v1/messages", ASK.formatted(""));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(json(r.body()).path("content")).isEqualTo(json(CONTENT));
      assertThat(json(r.body()).path("stop_reason").asText()).isEqualTo("end_turn");
    }
  }

  @Test
  void aWholeAnswersDocumentCitationsReachTheAgent() {
    String content =
        """
        [{"type":"text","text":"The grass is green.","citations":[
           {"type":"char_location","cited_text":"The grass is green.","document_index":0,
            "document_title":"Facts","start_char_index":0,"end_char_index":20}]}]""";
    String answer =
        """
        {"id":"msg_c1","type":"message","role":"assistant","model":"opus","content":%s,
         "stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":20,"output_tokens":9}}"""
            .formatted(content);
    try (ServeFixture f = serve(Step.answer(200, answer))) {
      String body =
          """
          {"model":"claude/opus","max_tokens":256,
           "messages":[{"role":"user","content":[
             {"type":"document","source":{"type":"text","media_type":"text/plain","data":"The grass is green."},
              "title":"Facts","citations":{"enabled":true}},
             {"type":"text","text":"What colour is the grass?"}]}]}""";
      HttpResponse<String> r = post(f, "/v1/messages", body);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(json(r.body()).path("content")).isEqualTo(json(content));
    }
  }

  @Test
  void aStreamedAnswersServerToolUseResultsAndCitationsReachTheAgent() {
    Step step = Step.answer(200, SSE).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f = serve(step)) {
      ServeFixture.Sse s = f.streamTo("/v1/messages", ASK.formatted("\"stream\":true,"));
      List<String> blocks = new ArrayList<>();
      for (String d : s.data) {
        JsonNode e = json(d);
        if (e.path("type").asText().equals("content_block_start")) {
          blocks.add(e.at("/content_block/type").asText());
        }
      }
      assertThat(blocks)
          .as(s.body)
          .containsExactly("server_tool_use", "web_search_tool_result", "text");
      assertThat(s.body).contains("\"type\":\"citations_delta\"");
    }
    try (ServeFixture f = serve(step)) { // as the Anthropic SDK accumulates it
      MessageCreateParams ask =
          MessageCreateParams.builder()
              .model(ROUTE)
              .maxTokens(256)
              .addUserMessage("Perform a web search for the query: oslo weather")
              .addTool(WebSearchTool20250305.builder().maxUses(8).build())
              .build();
      Message m = MessagesFrontIT.streamedAndAccumulated(f, ask);
      List<ContentBlock> content = m.content();
      assertThat(content).hasSize(3);
      assertThat(content.get(0).isServerToolUse()).isTrue();
      assertThat(content.get(0).asServerToolUse()._input().convert(JsonNode.class))
          .isEqualTo(json("{\"query\":\"oslo weather\"}"));
      assertThat(content.get(1).isWebSearchToolResult()).isTrue();
      TextBlock text = content.get(2).asText();
      assertThat(text.text()).isEqualTo("It is sunny in Oslo.");
      assertThat(text.citations().orElseThrow()).hasSize(1);
      assertThat(text.citations().orElseThrow().get(0).asWebSearchResultLocation().citedText())
          .isEqualTo("Sunny, 21 C");
    }
  }

  /**
   * A turn Anthropic paused mid server-tool loop ({@code pause_turn}): only the server tool's
   * blocks, no text and no client tool call. It is the route's answer — the agent sends it back to
   * let the turn go on — so it reaches the agent unchanged, not as an empty answer failed over.
   */
  private static final String PAUSED_CONTENT =
      """
      [{"type":"server_tool_use","id":"srvtoolu_02","name":"web_search","input":{"query":"bergen weather"}},
       {"type":"web_search_tool_result","tool_use_id":"srvtoolu_02","content":[
         {"type":"web_search_result","url":"https://yr.no/bergen","title":"Bergen","encrypted_content":"Fq1","page_age":null}]}]""";

  @Test
  void aWholeAnswerOfOnlyServerToolBlocksPausedMidTurnReachesTheAgentUnchanged() {
    String answer =
        """
        {"id":"msg_p1","type":"message","role":"assistant","model":"opus","content":%s,
         "stop_reason":"pause_turn","stop_sequence":null,
         "usage":{"input_tokens":20,"output_tokens":9,"server_tool_use":{"web_search_requests":1}}}"""
            .formatted(PAUSED_CONTENT);
    try (ServeFixture f = serve(Step.answer(200, answer))) {
      HttpResponse<String> r = post(f, "/v1/messages", ASK.formatted(""));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(json(r.body()).path("content")).isEqualTo(json(PAUSED_CONTENT));
      assertThat(json(r.body()).path("stop_reason").asText()).isEqualTo("pause_turn");
      assertThat(json(r.body()).path("id").asText()).isEqualTo("msg_p1");
      assertThat(f.upstream.received()).hasSize(1);
    }
  }

  @Test
  void aStreamedAnswerOfOnlyServerToolBlocksPausedMidTurnReachesTheAgent() {
    String sse =
        event(
                "message_start",
                """
                {"type":"message_start","message":{"id":"msg_p1","type":"message","role":"assistant",
                 "model":"opus","content":[],"stop_reason":null,"stop_sequence":null,
                 "usage":{"input_tokens":20,"output_tokens":1}}}""")
            + event(
                "content_block_start",
                """
                {"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use",
                 "id":"srvtoolu_02","name":"web_search","input":{}}}""")
            + event(
                "content_block_delta",
                """
                {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta",
                 "partial_json":"{\\"query\\": \\"bergen weather\\"}"}}""")
            + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}")
            + event(
                "content_block_start",
                """
                {"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result",
                 "tool_use_id":"srvtoolu_02","content":[{"type":"web_search_result",
                 "url":"https://yr.no/bergen","title":"Bergen","encrypted_content":"Fq1","page_age":null}]}}""")
            + event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":1}")
            + event(
                "message_delta",
                """
                {"type":"message_delta","delta":{"stop_reason":"pause_turn","stop_sequence":null},
                 "usage":{"output_tokens":9}}""")
            + event("message_stop", "{\"type\":\"message_stop\"}");
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f = serve(step)) {
      ServeFixture.Sse s = f.streamTo("/v1/messages", ASK.formatted("\"stream\":true,"));
      assertThat(s.cut).as(s.body).isFalse();
      List<String> blocks = new ArrayList<>();
      String stopReason = null;
      for (String d : s.data) {
        JsonNode e = json(d);
        if (e.path("type").asText().equals("content_block_start")) {
          blocks.add(e.at("/content_block/type").asText());
        }
        if (e.path("type").asText().equals("message_delta")) {
          stopReason = e.at("/delta/stop_reason").asText();
        }
      }
      assertThat(blocks).as(s.body).containsExactly("server_tool_use", "web_search_tool_result");
      assertThat(stopReason).as(s.body).isEqualTo("pause_turn");
      assertThat(s.events).as(s.body).endsWith("message_stop");
      assertThat(f.upstream.received()).hasSize(1);
    }
  }

  /** Another front gets the text as before: the blocks it has no words for are not shown. */
  @Test
  void theChatFrontStillAnswersTheText() {
    try (ServeFixture f = serve(Step.answer(200, ANSWER))) {
      HttpResponse<String> r =
          post(
              f,
              "/v1/chat/completions",
              "{\"model\":\"claude/opus\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(json(r.body()).at("/choices/0/message/content").asText())
          .isEqualTo("It is sunny in Oslo.");
    }
  }
}
