package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tool use on the Messages front (docs/reference.md, "Anthropic Messages") as raw HTTP against the
 * scripted upstream: the {@code tool_use} blocks an OpenAI-compatible route's calls become, whole
 * and streamed.
 */
class MessagesToolUseIT {
  private static final String OPENAI_ROUTE = "alpha/small";
  private static final String TOOL_USE_ID = "toolu_[A-Za-z0-9]{24}";
  private static final String WEATHER_TOOL =
      """
      "tools":[{"name":"weather","description":"w","input_schema":{"type":"object",
        "properties":{"city":{"type":"string"}}}}]""";

  private static ServeFixture serve(Map<String, List<Step>> scripts) {
    return ServeFixture.start(scripts, MessagesFrontIT::catalog);
  }

  private static HttpResponse<String> post(ServeFixture f, String body) {
    return f.send(
        HttpRequest.newBuilder(f.uri("/v1/messages"))
            .header("Content-Type", "application/json")
            .header("anthropic-version", "2023-06-01")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  /** The data of every event named {@code type}. */
  private static List<JsonNode> events(ServeFixture.Sse s, String type) {
    List<JsonNode> out = new ArrayList<>();
    for (String d : s.data) {
      JsonNode e = json(d);
      if (e.path("type").asText().equals(type)) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * An OpenAI-compatible route's tool call without an id becomes a {@code tool_use} with a minted
   * {@code toolu_} id, which the agent replays in its {@code tool_result} and the front accepts.
   */
  @Test
  void aToolCallWithoutAnUpstreamIdGetsAToolUseIdTheAgentCanReplay() {
    String upstream =
        """
        {"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"small",
         "choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant",
           "content":null,"tool_calls":[{"type":"function",
           "function":{"name":"weather","arguments":"{\\"city\\":\\"Oslo\\"}"}}]}}],
         "usage":{"prompt_tokens":20,"completion_tokens":9,"total_tokens":29}}""";
    try (ServeFixture f =
        serve(
            Map.of(OPENAI_ROUTE, List.of(Step.answer(200, upstream), Step.ok("Sunny in Oslo."))))) {
      String ask =
          """
          {"model":"alpha/small","max_tokens":256,%s,
           "messages":[{"role":"user","content":"Weather in Oslo?"}]}"""
              .formatted(WEATHER_TOOL);
      HttpResponse<String> r = post(f, ask);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      JsonNode use = json(r.body()).at("/content/0");
      assertThat(use.path("type").asText()).isEqualTo("tool_use");
      String id = use.path("id").asText();
      assertThat(id).as("tool_use.id in " + r.body()).matches(TOOL_USE_ID);

      String replay =
          """
          {"model":"alpha/small","max_tokens":256,%s,
           "messages":[{"role":"user","content":"Weather in Oslo?"},
            {"role":"assistant","content":[%s]},
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"%s","content":"21 C"}]}]}"""
              .formatted(WEATHER_TOOL, use, id);
      HttpResponse<String> second = post(f, replay);
      assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
      JsonNode sent = json(f.upstream.received().get(1).body()).path("messages");
      assertThat(sent.at("/1/tool_calls/0/id").asText()).isEqualTo(id);
      assertThat(sent.at("/2/tool_call_id").asText()).isEqualTo(id);
    }
  }

  /** The same streamed: each call's {@code content_block_start} has its own minted id. */
  @Test
  void aStreamedToolCallWithoutAnUpstreamIdGetsAToolUseId() {
    String head =
        "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
            + "\"model\":\"small\",\"choices\":[{\"index\":0,\"delta\":";
    String sse =
        head
            + "{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"type\":\"function\","
            + "\"function\":{\"name\":\"weather\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}\n\n"
            + head
            + "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},"
            + "\"finish_reason\":null}]}\n\n"
            + head
            + "{\"tool_calls\":[{\"index\":1,\"type\":\"function\",\"function\":{\"name\":\"weather\","
            + "\"arguments\":\"{\\\"city\\\":\\\"Bergen\\\"}\"}}]},\"finish_reason\":null}]}\n\n"
            + head
            + "{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            + "data: [DONE]\n\n";
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f = serve(Map.of(OPENAI_ROUTE, List.of(step)))) {
      String body =
          """
          {"model":"alpha/small","max_tokens":256,"stream":true,%s,
           "messages":[{"role":"user","content":"Weather in Oslo and Bergen?"}]}"""
              .formatted(WEATHER_TOOL);
      ServeFixture.Sse s = f.streamTo("/v1/messages", body);
      List<JsonNode> starts = events(s, "content_block_start");
      assertThat(starts).as(s.body).hasSize(2);
      String first = starts.get(0).at("/content_block/id").asText();
      String second = starts.get(1).at("/content_block/id").asText();
      assertThat(first).as(s.body).matches(TOOL_USE_ID);
      assertThat(second).as(s.body).matches(TOOL_USE_ID).isNotEqualTo(first);
    }
  }

  private static final String WEB_SEARCH_ANY =
      """
      {"model":"%s","max_tokens":256,
       "tools":[{"type":"web_search_20250305","name":"web_search","max_uses":3}],
       "tool_choice":{"type":"any"},
       "messages":[{"role":"user","content":"Search the web for oslo weather"}]}""";

  /**
   * {@code any} when all the tools are Anthropic-defined forces a tool no OpenAI-compatible route
   * has: with no Anthropic candidate it is a 400 naming {@code tool_choice}, and nothing is sent.
   */
  @Test
  void anyOverOnlyAnthropicDefinedToolsWithNoAnthropicCandidateIsA400NamingToolChoice() {
    try (ServeFixture f = serve(Map.of(OPENAI_ROUTE, List.of(Step.ok("never sent"))))) {
      HttpResponse<String> r = post(f, WEB_SEARCH_ANY.formatted(OPENAI_ROUTE));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(json(r.body()).at("/error/type").asText()).isEqualTo("invalid_request_error");
      assertThat(json(r.body()).at("/error/message").asText()).contains("tool_choice");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  /** The same request through the pool reaches the Anthropic route, unchanged. */
  @Test
  void anyOverOnlyAnthropicDefinedToolsIsServedByAnAnthropicRoute() {
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE,
                List.of(Step.ok("never sent")),
                "claude/opus",
                List.of(Step.ok("Searched."))))) {
      String body = WEB_SEARCH_ANY.formatted("agents");
      HttpResponse<String> r = post(f, body);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue("claude/opus");
      assertThat(f.upstream.received()).hasSize(1);
      JsonNode sent = json(f.upstream.received().get(0).body());
      assertThat(sent.path("tool_choice")).isEqualTo(json("{\"type\":\"any\"}"));
      assertThat(sent.at("/tools/0/type").asText()).isEqualTo("web_search_20250305");
    }
  }

  /** A forced tool choice with no tools at all no route can honour: a 400 naming it. */
  @Test
  void aForcedToolChoiceWithNoToolsIsA400NamingToolChoice() {
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE,
                List.of(Step.ok("never sent")),
                "claude/opus",
                List.of(Step.ok("never sent"))))) {
      for (String choice : List.of("{\"type\":\"any\"}", "{\"type\":\"tool\",\"name\":\"x\"}")) {
        String body =
            """
            {"model":"agents","max_tokens":256,"tool_choice":%s,
             "messages":[{"role":"user","content":"Hi"}]}"""
                .formatted(choice);
        HttpResponse<String> r = post(f, body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(json(r.body()).at("/error/message").asText()).contains("tool_choice");
      }
      assertThat(f.upstream.received()).isEmpty();
    }
  }
}
