package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.history.Corpus;
import dev.orchestrator.providers.history.StrictFamilies;
import dev.orchestrator.providers.history.StrictUpstream;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.front.Dispatch;
import dev.orchestrator.serve.front.DroppedHeader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every corpus history, sent by an agent to each of the three fronts — chat completions, Messages
 * and Responses, each in its own protocol — is accepted by every family's strict stand-in
 * (docs/design.md §13): the answer's tool-call ids are the agent's own, the changes are in the
 * trace and counted in {@code x-orchestrator-adapted} (whole and streamed answers alike), and a
 * Gemini thought signature survives the round trip through a front (answered, then replayed, also
 * from the Responses store by {@code previous_response_id}).
 */
class HistoryCorpusServeIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static StrictUpstream strict;
  private static ServeFixture serve;

  @BeforeAll
  static void start() {
    strict = StrictUpstream.start();
    serve =
        ServeFixture.start(
            Map.of("gemini-scripted/m", List.of(Step.answer(200, SIGNED_ANSWER))), u -> catalog(u));
  }

  @AfterAll
  static void stop() {
    serve.close();
    strict.close();
  }

  /** A Gemini answer whose tool call carries a thought signature, as its OpenAI wire writes it. */
  private static final String SIGNED_ANSWER =
      """
      {"id":"chatcmpl-g","object":"chat.completion","model":"m","choices":[{"index":0,
       "message":{"role":"assistant","content":null,"tool_calls":[{"id":"function-call-1",
        "type":"function","function":{"name":"weather","arguments":"{}"},
        "extra_content":{"google":{"thought_signature":"CiQBsig"}}}]},
       "finish_reason":"tool_calls"}],
       "usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8}}
      """;

  /**
   * One route per family at the strict stand-in, and {@code gemini-scripted/m} at the scripted
   * upstream.
   */
  private static Catalog catalog(ScriptedUpstream scripted) {
    Catalog.Builder b = Catalog.builder();
    b.provider(
        Provider.of(
            "gemini-scripted",
            scripted.baseUrl("gemini-scripted"),
            Protocol.OPENAI_CHAT,
            List.of()));
    b.route(
        Route.builder("gemini-scripted", "m")
            .tier(Tier.FREE)
            .contextWindow(200_000)
            .capabilities(Capability.TOOLS)
            .build());
    b.provider(
        Provider.of(
            StrictUpstream.DOWN,
            strict.baseUrl(StrictUpstream.DOWN),
            Protocol.OPENAI_CHAT,
            List.of()));
    b.route(
        Route.builder(StrictUpstream.DOWN, "m")
            .tier(Tier.FREE)
            .contextWindow(200_000)
            .maxOutputTokens(32_000)
            .capabilities(Capability.TOOLS)
            .build());
    for (String family : StrictFamilies.FAMILIES) {
      b.pool(
          new Pool(
              "after-down-" + family,
              PoolKind.VIRTUAL,
              List.of(StrictUpstream.DOWN + "/m", family + "/m")));
      Protocol protocol =
          family.equals("anthropic") ? Protocol.ANTHROPIC_MESSAGES : Protocol.OPENAI_CHAT;
      b.provider(Provider.of(family, strict.baseUrl(family), protocol, List.of()));
      b.route(
          Route.builder(family, "m")
              .tier(Tier.FREE)
              .contextWindow(200_000)
              .maxOutputTokens(32_000)
              .capabilities(Capability.TOOLS)
              .build());
    }
    return b.build();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource(Corpus.BY_FAMILY)
  void everyHistoryIsAcceptedThroughTheChatFront(Corpus.Conversation c, String family)
      throws Exception {
    int before = serve.traces.size();
    HttpResponse<String> r = serve.post(FrontBodies.chat(c.request(), family + "/m"));

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode calls = json(r.body()).at("/choices/0/message/tool_calls");
    assertThat(calls.get(0).path("id").asText()).isEqualTo(c.lastCallId());
    servedAndCounted(r, serve.traces.get(before), family);
  }

  static Stream<Arguments> frontCells() {
    List<Arguments> out = new ArrayList<>();
    for (String front : List.of("/v1/messages", "/v1/responses")) {
      for (Corpus.Conversation c : Corpus.all()) {
        for (String family : StrictFamilies.FAMILIES) {
          out.add(Arguments.of(front, c, family));
        }
      }
    }
    return out.stream();
  }

  /**
   * The Messages and Responses fronts, each sent the history in its own protocol: accepted by every
   * family, answered with the agent's own ids.
   */
  @ParameterizedTest(name = "{0}: {1} -> {2}")
  @MethodSource("frontCells")
  void everyHistoryIsAcceptedThroughTheOtherFronts(
      String front, Corpus.Conversation c, String family) throws Exception {
    boolean messages = front.equals("/v1/messages");
    int before = serve.traces.size();
    HttpResponse<String> r =
        postTo(
            front,
            messages
                ? FrontBodies.messages(c.request(), family + "/m")
                : FrontBodies.responses(c.request(), family + "/m"));

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    List<String> ids = new ArrayList<>();
    for (JsonNode item : json(r.body()).path(messages ? "content" : "output")) {
      if (item.path("type").asText().equals(messages ? "tool_use" : "function_call")) {
        ids.add(item.path(messages ? "id" : "call_id").asText());
      }
    }
    assertThat(ids).containsExactly(c.lastCallId());
    servedAndCounted(r, serve.traces.get(before), family);
  }

  /**
   * A streamed answer names the adaptation in its headers, sent before the first byte, on every
   * front: the route's client adapted the history before it sent the attempt.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"/v1/chat/completions", "/v1/messages", "/v1/responses"})
  void aStreamedAnswerCountsTheAdaptationOnEveryFront(String path) throws Exception {
    Corpus.Conversation c = Corpus.history(Corpus.Origin.GATEWAY, Corpus.Shape.PARALLEL, 11);
    String body =
        switch (path) {
          case "/v1/messages" -> FrontBodies.messages(c.request(), "gemini/m");
          case "/v1/responses" -> FrontBodies.responses(c.request(), "gemini/m");
          default -> FrontBodies.chat(c.request(), "gemini/m");
        };
    ObjectNode request = (ObjectNode) JSON.readTree(body);
    request.put("stream", true);
    int before = serve.traces.size();

    ServeFixture.Sse sse = serve.streamTo(path, JSON.writeValueAsString(request));

    assertThat(sse.response.statusCode()).as(sse.body).isEqualTo(200);
    assertThat(sse.body).contains(c.lastCallId());
    List<String> adapted = serve.traces.get(before).adapted();
    assertThat(adapted).isNotEmpty();
    assertThat(sse.response.headers().firstValue(Dispatch.ADAPTED))
        .contains(Integer.toString(adapted.size()));
  }

  /**
   * A Responses conversation continued by {@code previous_response_id} replays the thought
   * signature Gemini gave its call from the store, not the placeholder for calls Gemini did not
   * issue.
   */
  @Test
  void theResponsesStoreReplaysGeminisThoughtSignature() throws Exception {
    HttpResponse<String> first =
        postTo(
            "/v1/responses",
            "{\"model\":\"gemini-scripted/m\",\"input\":\"Weather in Oslo?\",\"tools\":"
                + "[{\"type\":\"function\",\"name\":\"weather\",\"parameters\":"
                + "{\"type\":\"object\"}}]}");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonNode answer = json(first.body());
    assertThat(answer.at("/output/0/extra_content/google/thought_signature").asText())
        .isEqualTo("CiQBsig");

    HttpResponse<String> next =
        postTo(
            "/v1/responses",
            "{\"model\":\"gemini/m\",\"previous_response_id\":\""
                + answer.path("id").asText()
                + "\",\"input\":[{\"type\":\"function_call_output\",\"call_id\":"
                + "\"function-call-1\",\"output\":\"21 C\"}],\"tools\":[{\"type\":"
                + "\"function\",\"name\":\"weather\",\"parameters\":{\"type\":\"object\"}}]}");

    assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
    assertThat(
            last("gemini")
                .at("/messages/1/tool_calls/0/extra_content/google/thought_signature")
                .asText())
        .isEqualTo("CiQBsig");
  }

  /**
   * A Messages answer cannot carry Gemini's thought signature (a {@code tool_use} block has no
   * place for it, and an SDK keeps no field Anthropic does not define): the loss is named where it
   * happens, in {@code x-orchestrator-dropped}, and again when the agent replays the call to
   * Gemini, which gets the placeholder with the reason that is true, not "gemini did not issue it".
   */
  @Test
  void aMessagesAnswerNamesTheThoughtSignatureItCannotCarry() throws Exception {
    String tools = "\"tools\":[{\"name\":\"weather\",\"input_schema\":{\"type\":\"object\"}}]";
    HttpResponse<String> first =
        postTo(
            "/v1/messages",
            "{\"model\":\"gemini-scripted/m\",\"max_tokens\":64,"
                + tools
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Oslo?\"}]}");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonNode use = json(first.body()).at("/content/0");
    assertThat(use.path("type").asText()).isEqualTo("tool_use");
    assertThat(first.headers().firstValue(DroppedHeader.NAME))
        .hasValueSatisfying(v -> assertThat(v).contains("content[0].thought_signature"));

    int before = serve.traces.size();
    HttpResponse<String> next =
        postTo(
            "/v1/messages",
            "{\"model\":\"gemini/m\",\"max_tokens\":64,"
                + tools
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Oslo?\"},"
                + "{\"role\":\"assistant\",\"content\":["
                + use
                + "]},{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                + "\"tool_use_id\":\""
                + use.path("id").asText()
                + "\",\"content\":\"21 C\"}]}]}");
    assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
    assertThat(serve.traces.get(before).adapted())
        .anyMatch(
            a ->
                a.contains("skip_thought_signature_validator added")
                    && !a.contains("gemini did not issue the call"));
  }

  private static void servedAndCounted(HttpResponse<String> r, Trace trace, String family) {
    assertThat(trace.servingRoute()).isEqualTo(family + "/m");
    if (trace.adapted().isEmpty()) {
      assertThat(r.headers().firstValue(Dispatch.ADAPTED)).isEmpty();
    } else {
      assertThat(r.headers().firstValue(Dispatch.ADAPTED))
          .contains(Integer.toString(trace.adapted().size()));
    }
  }

  private static HttpResponse<String> postTo(String path, String body) {
    return serve.send(
        HttpRequest.newBuilder(serve.uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  /**
   * Mid-conversation failover: the first route of the pool is down, the history goes on to the next
   * family's route and is accepted there, and the agent sees its own ids.
   */
  @ParameterizedTest(name = "{0} -> down, then {1}")
  @MethodSource(Corpus.BY_FAMILY)
  void aPoolFailsOverMidConversationToAnyFamily(Corpus.Conversation c, String family)
      throws Exception {
    int before = serve.traces.size();
    HttpResponse<String> r = serve.post(FrontBodies.chat(c.request(), "after-down-" + family));

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(r.body()).at("/choices/0/message/tool_calls/0/id").asText())
        .isEqualTo(c.lastCallId());
    Trace trace = serve.traces.get(before);
    assertThat(trace.servingRoute()).isEqualTo(family + "/m");
    assertThat(strict.received()).anyMatch(x -> x.family().equals(StrictUpstream.DOWN));
  }

  @Test
  void aGeminiThoughtSignatureGoesBackToGeminiOnlyAndIsNamedWhereLeftOut() throws Exception {
    Corpus.Conversation c = Corpus.history(Corpus.Origin.GEMINI, Corpus.Shape.SINGLE, 42);
    String signature = c.request().messages().get(2).toolCalls().get(0).thoughtSignature();

    serve.post(FrontBodies.chat(c.request(), "gemini/m"));
    JsonNode toGemini = last("gemini");
    assertThat(
            toGemini.at("/messages/2/tool_calls/0/extra_content/google/thought_signature").asText())
        .isEqualTo(signature);

    int before = serve.traces.size();
    serve.post(FrontBodies.chat(c.request(), "openai/m"));
    assertThat(last("openai").at("/messages/2/tool_calls/0").has("extra_content")).isFalse();
    assertThat(serve.traces.get(before).adapted())
        .anyMatch(a -> a.startsWith("messages[2].tool_calls: thought signatures left out"));
  }

  @Test
  void theAnswerCarriesGeminisThoughtSignatureWhereGeminiPutsIt() {
    HttpResponse<String> r =
        serve.post(
            "{\"model\":\"gemini-scripted/m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");

    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(
            json(r.body())
                .at("/choices/0/message/tool_calls/0/extra_content/google/thought_signature")
                .asText())
        .isEqualTo("CiQBsig");
  }

  @Test
  void aStreamedAnswerCarriesGeminisSignatureAndTheAgentsOwnId() throws Exception {
    Corpus.Conversation c = Corpus.history(Corpus.Origin.GATEWAY, Corpus.Shape.SINGLE, 7);
    ObjectNode request = (ObjectNode) JSON.readTree(FrontBodies.chat(c.request(), "gemini/m"));
    request.put("stream", true);

    ServeFixture.Sse sse = serve.streamBody(JSON.writeValueAsString(request));

    JsonNode call =
        sse.chunks().stream()
            .map(chunk -> chunk.at("/choices/0/delta/tool_calls/0"))
            .filter(n -> !n.isMissingNode())
            .findFirst()
            .orElseThrow();
    assertThat(c.lastCallId()).hasSizeGreaterThan(40); // replaced on the way out, given back
    assertThat(call.path("id").asText()).isEqualTo(c.lastCallId());
    assertThat(call.at("/extra_content/google/thought_signature").asText()).isEqualTo("CiQBstream");
    assertThat(sse.response.headers().firstValue(Dispatch.ADAPTED)).isPresent();
  }

  private static JsonNode last(String family) {
    List<StrictUpstream.Received> got = strict.received();
    for (int i = got.size() - 1; i >= 0; i--) {
      if (got.get(i).family().equals(family)) {
        return got.get(i).body();
      }
    }
    throw new AssertionError("nothing reached " + family);
  }
}
