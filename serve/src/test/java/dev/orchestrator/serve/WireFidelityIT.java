package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Everything an agent sends reaches the route, everything the route answers reaches the agent
 * (docs/design.md §9), through {@code serve} with a real HTTP client and a recording upstream.
 */
class WireFidelityIT {
  static final String PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

  /** A server whose {@code route} answers once with the JSON {@code body}. */
  static ServeFixture answering(String route, String body) {
    return ServeFixture.start(
        Map.of(route, List.of(Step.answer(200, body))), WireFidelityIT::catalog);
  }

  /** A server whose route {@code eye/seer} answers once with the event stream {@code sse}. */
  static ServeFixture seerStreaming(String sse) {
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    return ServeFixture.start(Map.of("eye/seer", List.of(step)), WireFidelityIT::catalog);
  }

  /**
   * alpha/small: text only; eye/seer: vision, audio, tools, json; claude/opus: Anthropic, vision,
   * tools.
   */
  static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    b.provider(Provider.of("alpha", upstream.baseUrl("alpha"), Protocol.OPENAI_CHAT, List.of()));
    b.provider(Provider.of("eye", upstream.baseUrl("eye"), Protocol.OPENAI_CHAT, List.of()));
    b.provider(
        Provider.of("claude", upstream.baseUrl("claude"), Protocol.ANTHROPIC_MESSAGES, List.of()));
    b.route(Route.builder("alpha", "small").tier(Tier.FREE).contextWindow(128_000).build());
    b.route(
        Route.builder("eye", "seer")
            .tier(Tier.FREE)
            .contextWindow(128_000)
            .capabilities(Capability.VISION, Capability.AUDIO, Capability.TOOLS, Capability.JSON)
            .build());
    b.route(
        Route.builder("claude", "opus")
            .tier(Tier.FREE)
            .contextWindow(200_000)
            .maxOutputTokens(32_000)
            .capabilities(Capability.VISION, Capability.TOOLS, Capability.JSON)
            .build());
    b.pool(new Pool("looking", PoolKind.VIRTUAL, List.of("alpha/small", "eye/seer")));
    b.pool(new Pool("text-only", PoolKind.VIRTUAL, List.of("alpha/small")));
    return b.build();
  }

  /** A request using every field serve models, plus two it does not. */
  static final String EVERY_FIELD =
      """
      {"model":"eye/seer",
       "messages":[
         {"role":"system","content":"Be exact."},
         {"role":"user","name":"ana","content":[
            {"type":"text","text":"What is in this picture?"},
            {"type":"image_url","image_url":{"url":"data:image/png;base64,%s","detail":"low"}},
            {"type":"image_url","image_url":{"url":"https://img.test/cat.png"}},
            {"type":"input_audio","input_audio":{"data":"AAAA","format":"wav"}}]},
         {"role":"assistant","content":null,"reasoning_content":"look first",
          "tool_calls":[{"id":"call_1","type":"function",
                         "function":{"name":"zoom","arguments":"{\\"x\\":1}"}}]},
         {"role":"tool","tool_call_id":"call_1","content":"zoomed"}],
       "tools":[{"type":"function","function":{"name":"zoom","description":"Zooms in",
                 "parameters":{"type":"object","properties":{"x":{"type":"integer"}}},
                 "strict":true}}],
       "tool_choice":{"type":"function","function":{"name":"zoom"}},
       "parallel_tool_calls":false,
       "response_format":{"type":"json_schema","json_schema":{"name":"answer",
          "description":"the answer","schema":{"type":"object"},"strict":true}},
       "temperature":0.25,"top_p":0.5,"stop":["END","STOP"],"seed":12345678901,
       "max_tokens":300,"max_completion_tokens":200,
       "presence_penalty":0.5,"frequency_penalty":-0.5,"reasoning_effort":"high",
       "user":"user-7","metadata":{"trace":"t-1"},
       "logprobs":true,"top_logprobs":2,"n":1,
       "models":["eye/seer"],
       "provider":{"order":["x","y"],"allow_fallbacks":false},
       "guided_json":{"type":"object"}}
      """
          .formatted(PNG);

  static final String UPSTREAM_ANSWER =
      """
      {"id":"chatcmpl-upstream-42","object":"chat.completion","created":1,"model":"seer",
       "system_fingerprint":"fp_abc123",
       "choices":[{"index":0,"message":{"role":"assistant","content":null,
          "refusal":"I cannot identify people.","reasoning_content":"The image shows a face.",
          "tool_calls":[{"id":"call_9","type":"function",
                         "function":{"name":"zoom","arguments":"{\\"x\\":2}"}}]},
          "logprobs":{"content":[{"token":"I","logprob":-0.1,"bytes":[73],"top_logprobs":[]}]},
          "finish_reason":"tool_calls"}],
       "usage":{"prompt_tokens":120,"completion_tokens":30,"total_tokens":150,
          "prompt_tokens_details":{"cached_tokens":64},
          "completion_tokens_details":{"reasoning_tokens":12}}}
      """;

  /**
   * Sends {@code request} to a server with nothing scripted, asserts a 400 that reached no route
   * and returns its {@code error} object.
   */
  private static JsonNode refused(String request) {
    try (ServeFixture f = ServeFixture.start(Map.of(), WireFidelityIT::catalog)) {
      HttpResponse<String> r = f.post(request);

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(f.upstream.calls()).isEmpty();
      return json(r.body()).get("error");
    }
  }

  private static JsonNode received(ServeFixture f, String route) {
    return f.upstream.received().stream()
        .filter(r -> route.equals(r.routeId()))
        .map(r -> json(r.body()))
        .reduce((a, b) -> b)
        .orElseThrow(() -> new AssertionError("nothing reached " + route));
  }

  @Test
  void everyFieldReachesAnOpenAiRouteUnchangedAndEveryAnswerFieldComesBack() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("eye/seer", List.of(Step.answer(200, UPSTREAM_ANSWER))),
            WireFidelityIT::catalog)) {
      HttpResponse<String> r = f.post(EVERY_FIELD);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);

      ObjectNode expected = (ObjectNode) json(EVERY_FIELD);
      expected.put("model", "seer"); // the route's own model id
      expected.remove("models"); // the orchestrator's own field, never forwarded
      assertThat(received(f, "eye/seer")).isEqualTo(expected);

      JsonNode body = json(r.body());
      JsonNode up = json(UPSTREAM_ANSWER);
      assertThat(body.path("id").asText()).isEqualTo("chatcmpl-upstream-42");
      assertThat(body.path("model").asText()).isEqualTo("eye/seer");
      assertThat(body.path("system_fingerprint")).isEqualTo(up.path("system_fingerprint"));
      assertThat(body.at("/choices/0/message")).isEqualTo(up.at("/choices/0/message"));
      assertThat(body.at("/choices/0/logprobs")).isEqualTo(up.at("/choices/0/logprobs"));
      assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
      assertThat(body.at("/usage/prompt_tokens_details/cached_tokens").asInt()).isEqualTo(64);
      assertThat(body.at("/usage/completion_tokens_details/reasoning_tokens").asInt())
          .isEqualTo(12);
      assertThat(body.at("/usage/total_tokens").asInt()).isEqualTo(150);
    }
  }

  @Test
  void imagePartsReachAVisionRouteAndExcludeATextOnlyOne() {
    String image =
        "{\"model\":\"looking\",\"messages\":[{\"role\":\"user\",\"content\":["
            + "{\"type\":\"text\",\"text\":\"what is it?\"},"
            + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"https://img.test/a.png\"}}]}]}";
    try (ServeFixture f = ServeFixture.start(Map.of(), WireFidelityIT::catalog)) {
      HttpResponse<String> r = f.post(image);

      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue("eye/seer");
      assertThat(f.upstream.callCount("alpha/small")).isZero();
      assertThat(received(f, "eye/seer").at("/messages/0/content/1/image_url/url").asText())
          .isEqualTo("https://img.test/a.png");
    }
  }

  @Test
  void aJsonSchemaWithNoCapableCandidateIs400NamingResponseFormat() {
    String schema =
        "{\"model\":\"text-only\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
            + "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\","
            + "\"schema\":{\"type\":\"object\"}}}}";
    JsonNode err = refused(schema);

    assertThat(err.path("param").asText()).isEqualTo("response_format");
    assertThat(err.path("message").asText()).contains("response_format").contains("json");
  }

  @Test
  void aFieldNoRouteHonoursIs400EvenWhenSomeRoutesAlsoLackAKey() {
    // two free routes without json; one of them has no key either: no key would let it honour
    // the schema, so the caller is told about the field, not about a missing key
    String schema =
        "{\"model\":\"orchestrator/free\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
            + "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\","
            + "\"schema\":{\"type\":\"object\"}}}}";
    try (ServeFixture f =
        ServeFixture.withOrchestrator(
            Map.of(),
            upstream -> {
              Catalog.Builder b = Catalog.builder();
              b.provider(
                  Provider.of(
                      "keyed", upstream.baseUrl("keyed"), Protocol.OPENAI_CHAT, List.of("K")));
              b.provider(
                  Provider.of(
                      "keyless",
                      upstream.baseUrl("keyless"),
                      Protocol.OPENAI_CHAT,
                      List.of("NONE")));
              b.route(Route.builder("keyed", "m").tier(Tier.FREE).contextWindow(8_000).build());
              b.route(Route.builder("keyless", "m").tier(Tier.FREE).contextWindow(8_000).build());
              Credentials keys = Credentials.of(Map.of("K", "sk-sim"));
              return TaskOrchestrator.builder()
                  .catalog(b.build())
                  .providers(HttpProviderClients.builder().credentials(keys).build())
                  .credentials(keys)
                  .policy(ServeFixture.generousPolicy())
                  .build();
            })) {
      HttpResponse<String> r = f.post(schema);

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(json(r.body()).get("error").path("param").asText()).isEqualTo("response_format");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  @Test
  void theResponsesFrontNamesTheFieldAsItsOwnRequestSpellsIt() {
    // the same refusal through /v1/responses names text.format, the field that client sent
    String schema =
        "{\"model\":\"text-only\",\"input\":\"hi\",\"text\":{\"format\":{\"type\":"
            + "\"json_schema\",\"name\":\"a\",\"schema\":{\"type\":\"object\"}}}}";
    try (ServeFixture f = ServeFixture.start(Map.of(), WireFidelityIT::catalog)) {
      HttpResponse<String> r = ResponsesIT.post(f, schema);

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode err = json(r.body()).get("error");
      assertThat(err.path("param").asText()).isEqualTo("text.format");
      assertThat(err.path("message").asText())
          .contains("text.format")
          .doesNotContain("response_format");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  @Test
  void anIntegerOutOfRangeIs400NamingTheFieldAndTheRange() {
    JsonNode err =
        refused(
            "{\"model\":\"alpha/small\",\"max_tokens\":99999999999,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");

    assertThat(err.path("param").asText()).isEqualTo("max_tokens");
    assertThat(err.path("message").asText())
        .isEqualTo(
            "max_tokens: 99999999999 is out of range (expected: an integer from -2147483648 to"
                + " 2147483647)");
  }

  @Test
  void anImageForTextOnlyCandidatesIs400NamingThePart() {
    String image =
        "{\"model\":\"text-only\",\"messages\":[{\"role\":\"user\",\"content\":["
            + "{\"type\":\"text\",\"text\":\"what is it?\"},"
            + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"https://img.test/a.png\"}}]}]}";
    assertThat(refused(image).path("param").asText()).isEqualTo("messages[0].content[1]");
  }

  @Test
  void aFieldAnthropicCannotExpressIs400NamingItWhenOnlyAnthropicIsLeft() {
    String seeded =
        "{\"model\":\"claude/opus\",\"seed\":7,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    JsonNode err = refused(seeded);

    assertThat(err.path("param").asText()).isEqualTo("seed");
    assertThat(err.path("message").asText()).contains("no anthropic-messages equivalent");
  }

  static final String ANTHROPIC_ANSWER =
      """
      {"id":"msg_upstream_7","type":"message","role":"assistant","model":"opus",
       "content":[{"type":"thinking","thinking":"Count the cats.","signature":"sig"},
                  {"type":"text","text":"Two cats."}],
       "stop_reason":"end_turn",
       "usage":{"input_tokens":10,"output_tokens":5,"cache_read_input_tokens":100,
                "cache_creation_input_tokens":20}}
      """;

  @Test
  void anAnthropicRouteGetsTheDocumentedTranslationAndItsAnswerComesBackInOpenAiTerms() {
    String request =
        """
        {"model":"claude/opus",
         "messages":[{"role":"system","content":"Be exact."},
                     {"role":"user","content":[{"type":"text","text":"How many cats?"},
                       {"type":"image_url","image_url":{"url":"data:image/png;base64,%s"}}]}],
         "tools":[{"type":"function","function":{"name":"count","parameters":{"type":"object"}}}],
         "tool_choice":"required","parallel_tool_calls":false,
         "stop":"END","top_p":0.97,"user":"user-7","reasoning_effort":"low",
         "max_completion_tokens":5000}
        """
            .formatted(PNG);
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(Step.answer(200, ANTHROPIC_ANSWER))),
            WireFidelityIT::catalog)) {
      HttpResponse<String> r = f.post(request.replace("\"required\"", "\"auto\""));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);

      JsonNode sent = received(f, "claude/opus");
      assertThat(sent)
          .isEqualTo(
              json(
                  """
                  {"model":"opus","max_tokens":5000,"system":"Be exact.",
                   "messages":[{"role":"user","content":[
                     {"type":"text","text":"How many cats?"},
                     {"type":"image","source":{"type":"base64","media_type":"image/png","data":"%s"}}]}],
                   "tools":[{"name":"count","input_schema":{"type":"object"}}],
                   "tool_choice":{"type":"auto","disable_parallel_tool_use":true},
                   "top_p":0.97,"stop_sequences":["END"],"metadata":{"user_id":"user-7"},
                   "thinking":{"type":"enabled","budget_tokens":2048}}
                  """
                      .formatted(PNG)));

      JsonNode body = json(r.body());
      assertThat(body.path("id").asText()).isEqualTo("msg_upstream_7");
      assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("Two cats.");
      assertThat(body.at("/choices/0/message/reasoning_content").asText())
          .isEqualTo("Count the cats.");
      assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
      assertThat(body.at("/usage/prompt_tokens").asInt()).isEqualTo(130);
      assertThat(body.at("/usage/prompt_tokens_details/cached_tokens").asInt()).isEqualTo(100);
      assertThat(body.at("/usage/prompt_tokens_details/cache_write_tokens").asInt()).isEqualTo(20);
    }
  }

  @Test
  void forcingAToolWhileThinkingIsRefusedForAnthropicNamingToolChoice() {
    String request =
        "{\"model\":\"claude/opus\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
            + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"count\"}}],"
            + "\"tool_choice\":\"required\",\"reasoning_effort\":\"low\"}";
    assertThat(refused(request).path("param").asText()).isEqualTo("tool_choice");
  }

  static final String STREAMED =
      "data: {\"id\":\"chatcmpl-s1\",\"model\":\"seer\",\"system_fingerprint\":\"fp_s\","
          + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
          + "\"reasoning_content\":\"Think\"}}]}\n\n"
          + "data: {\"id\":\"chatcmpl-s1\",\"choices\":[{\"index\":0,\"delta\":"
          + "{\"reasoning_content\":\"ing.\"}}]}\n\n"
          + "data: {\"id\":\"chatcmpl-s1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":"
          + "[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"zoom\","
          + "\"arguments\":\"\"}}]}}]}\n\n"
          + "data: {\"id\":\"chatcmpl-s1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":"
          + "[{\"index\":0,\"function\":{\"arguments\":\"{\\\"x\\\":\"}}]}}]}\n\n"
          + "data: {\"id\":\"chatcmpl-s1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":"
          + "[{\"index\":0,\"function\":{\"arguments\":\"3}\"}}]}}]}\n\n"
          + "data: {\"id\":\"chatcmpl-s1\",\"choices\":[{\"index\":0,\"delta\":{},"
          + "\"finish_reason\":\"tool_calls\"}]}\n\n"
          + "data: {\"id\":\"chatcmpl-s1\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,"
          + "\"completion_tokens\":4,\"total_tokens\":13,"
          + "\"completion_tokens_details\":{\"reasoning_tokens\":2}}}\n\n"
          + "data: [DONE]\n\n";

  @Test
  void aStreamKeepsTheUpstreamIdReasoningDeltasAndIncrementalToolCalls() {
    try (ServeFixture f = seerStreaming(STREAMED)) {
      ServeFixture.Sse s =
          f.streamBody(
              "{\"model\":\"eye/seer\",\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                  + "\"messages\":[{\"role\":\"user\",\"content\":\"zoom\"}],"
                  + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"zoom\"}}]}");

      List<JsonNode> chunks = s.chunks();
      assertThat(chunks)
          .allSatisfy(c -> assertThat(c.path("id").asText()).isEqualTo("chatcmpl-s1"));
      assertThat(chunks)
          .allSatisfy(c -> assertThat(c.path("system_fingerprint").asText()).isEqualTo("fp_s"));
      assertThat(chunks.get(0).at("/choices/0/delta/reasoning_content").asText())
          .isEqualTo("Think");
      assertThat(chunks.get(1).at("/choices/0/delta/reasoning_content").asText()).isEqualTo("ing.");
      JsonNode firstCall = chunks.get(2).at("/choices/0/delta/tool_calls/0");
      assertThat(firstCall.path("index").asInt()).isZero();
      assertThat(firstCall.path("id").asText()).isEqualTo("call_a");
      assertThat(firstCall.at("/function/name").asText()).isEqualTo("zoom");
      JsonNode second = chunks.get(3).at("/choices/0/delta/tool_calls/0");
      assertThat(second.has("id")).isFalse();
      assertThat(second.at("/function/arguments").asText()).isEqualTo("{\"x\":");
      assertThat(chunks.get(4).at("/choices/0/delta/tool_calls/0/function/arguments").asText())
          .isEqualTo("3}");
      assertThat(s.finishReason()).isEqualTo("tool_calls");
      JsonNode usage = chunks.get(chunks.size() - 1).path("usage");
      assertThat(usage.at("/completion_tokens_details/reasoning_tokens").asInt()).isEqualTo(2);
      assertThat(s.last()).isEqualTo("[DONE]");
    }
  }

  @Test
  void aStreamAnsweredWithOneWholeBodyKeepsTheUpstreamIdAndFingerprint() {
    try (ServeFixture f = answering("eye/seer", UPSTREAM_ANSWER)) {
      ServeFixture.Sse s =
          f.streamBody(
              "{\"model\":\"eye/seer\",\"stream\":true,"
                  + "\"messages\":[{\"role\":\"user\",\"content\":\"zoom\"}]}");

      List<JsonNode> chunks = s.chunks();
      assertThat(chunks).isNotEmpty();
      assertThat(chunks)
          .allSatisfy(c -> assertThat(c.path("id").asText()).isEqualTo("chatcmpl-upstream-42"));
      assertThat(chunks)
          .allSatisfy(
              c -> assertThat(c.path("system_fingerprint").asText()).isEqualTo("fp_abc123"));
      assertThat(s.finishReason()).isEqualTo("tool_calls");
      assertThat(s.last()).isEqualTo("[DONE]");
    }
  }

  @Test
  void aBase64ImageOverTheBodyLimitIs413() {
    String big = "A".repeat(8192);
    String request =
        "{\"model\":\"pair\",\"messages\":[{\"role\":\"user\",\"content\":["
            + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,"
            + big
            + "\"}}]}]}";
    try (ServeFixture f =
        ServeFixture.start(Map.of(), ServeFixture.policy().build(), o -> o.maxBodyBytes(4096))) {
      HttpResponse<String> r = f.post(request);

      assertThat(r.statusCode()).isEqualTo(413);
      assertThat(json(r.body()).at("/error/code").asText()).isEqualTo("request_too_large");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }
}
