package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.errors.OpenAIException;
import com.openai.models.responses.FunctionTool;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseFormatTextJsonSchemaConfig;
import com.openai.models.responses.ResponseFunctionToolCall;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseStreamEvent;
import com.openai.models.responses.ResponseTextConfig;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The OpenAI Responses front (docs/reference.md, "OpenAI Responses") driven by the official OpenAI
 * Java SDK's Responses API against {@code serve} over a scripted loopback upstream: plain and
 * streamed answers, the tool round trip both ways (previous_response_id and full input), structured
 * output, errors in the SDK's own types, failover invisible to it, a cut stream it reports as an
 * error, stored responses and their bounds on fake time.
 */
class ResponsesIT {
  /** An OpenAI-compatible answer calling {@code lookup} with {@code {"city":"Paris"}}. */
  static final String TOOL_CALL =
      """
      {"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"seer",
       "choices":[{"index":0,"message":{"role":"assistant","content":null,
          "tool_calls":[{"id":"call_7","type":"function",
                         "function":{"name":"lookup","arguments":"{\\"city\\":\\"Paris\\"}"}}]},
          "finish_reason":"tool_calls"}],
       "usage":{"prompt_tokens":20,"completion_tokens":5,"total_tokens":25}}
      """;

  static OpenAIClient sdk(ServeFixture f) {
    return OpenAIOkHttpClient.builder()
        .baseUrl(f.server.baseUrl())
        .apiKey("unused-by-a-loopback-serve")
        .maxRetries(0)
        .timeout(Duration.ofSeconds(20))
        .build();
  }

  static String text(Response r) {
    return r.output().stream()
        .flatMap(i -> i.message().stream())
        .flatMap(m -> m.content().stream())
        .flatMap(c -> c.outputText().stream())
        .map(t -> t.text())
        .collect(Collectors.joining());
  }

  /** The {@code model} of {@code r}, whichever variant of the SDK's model union it was read as. */
  static String model(Response r) {
    return r.model().string().or(() -> r.model().chat().map(Object::toString)).orElseThrow();
  }

  static ResponseCreateParams.Builder ask(String model, String input) {
    return ResponseCreateParams.builder().model(model).input(input);
  }

  static FunctionTool lookup() {
    return FunctionTool.builder()
        .name("lookup")
        .description("Looks a city up")
        .parameters(
            FunctionTool.Parameters.builder()
                .putAdditionalProperty("type", JsonValue.from("object"))
                .putAdditionalProperty(
                    "properties", JsonValue.from(Map.of("city", Map.of("type", "string"))))
                .build())
        .strict(false)
        .build();
  }

  /** The messages the upstream received on its {@code n}th call. */
  static JsonNode sent(ServeFixture f, int n) {
    return json(f.upstream.received().get(n).body());
  }

  @Test
  void answersThePlainSdkCallWithAResponseNamingTheServingRoute() {
    Step hello =
        Step.ok("hello")
            .withUsage(Map.of("prompt_tokens", 3, "completion_tokens", 1, "total_tokens", 4));
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(hello)))) {
      Response r = sdk(f).responses().create(ask("alpha/small", "Say hello").build());
      r.validate(); // every field the SDK's schema requires, of its type
      assertThat(text(r)).isEqualTo("hello");
      assertThat(r.id()).startsWith("resp_");
      assertThat(model(r)).isEqualTo("alpha/small");
      assertThat(r.status())
          .hasValueSatisfying(s -> assertThat(s.asString()).isEqualTo("completed"));
      assertThat(r.usage().orElseThrow().inputTokens()).isEqualTo(3);
      assertThat(r.usage().orElseThrow().totalTokens()).isEqualTo(4);
      JsonNode messages = sent(f, 0).get("messages");
      assertThat(messages).hasSize(1);
      assertThat(messages.get(0).get("content").asText()).isEqualTo("Say hello");
    }
  }

  @Test
  void putsInstructionsFirstAsASystemMessage() {
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hi"))))) {
      sdk(f).responses().create(ask("alpha/small", "Hi").instructions("Be brief.").build());
      JsonNode messages = sent(f, 0).get("messages");
      assertThat(messages.get(0).get("role").asText()).isEqualTo("system");
      assertThat(messages.get(0).get("content").asText()).isEqualTo("Be brief.");
      assertThat(messages.get(1).get("role").asText()).isEqualTo("user");
    }
  }

  @Test
  void streamsTheSemanticEventsTheSdkReads() {
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hello there world"))))) {
      StringBuilder seen = new StringBuilder();
      List<String> types = new ArrayList<>();
      Response[] completed = {null};
      try (StreamResponse<ResponseStreamEvent> s =
          sdk(f).responses().createStreaming(ask("alpha/small", "Say hello").build())) {
        s.stream()
            .forEach(
                e -> {
                  e.outputTextDelta().ifPresent(d -> seen.append(d.delta()));
                  e.completed().ifPresent(c -> completed[0] = c.response());
                  types.add(type(e));
                });
      }
      assertThat(seen.toString()).isEqualTo("hello there world");
      assertThat(types).noneMatch(t -> t.startsWith("unknown"));
      assertThat(types.get(0)).isEqualTo("response.created");
      assertThat(types.get(types.size() - 1)).isEqualTo("response.completed");
      assertThat(completed[0]).isNotNull();
      assertThat(text(completed[0])).isEqualTo("hello there world");
      assertThat(model(completed[0])).isEqualTo("alpha/small");
    }
  }

  private static String type(ResponseStreamEvent e) {
    try {
      e.validate();
    } catch (OpenAIException invalid) {
      // the SDK read no known event: a required field missing, a value of the wrong type
      return "unknown: " + invalid.getMessage();
    }
    return e.isCreated() ? "response.created" : e.isCompleted() ? "response.completed" : "other";
  }

  @Test
  void runsTheToolRoundTripThroughPreviousResponseId() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "eye/seer",
                List.of(Step.answer(200, TOOL_CALL), Step.ok("Paris has 2.1 million people."))),
            WireFidelityIT::catalog)) {
      OpenAIClient client = sdk(f);
      Response first =
          client.responses().create(ask("eye/seer", "How big is Paris?").addTool(lookup()).build());
      ResponseFunctionToolCall call =
          first.output().stream().flatMap(i -> i.functionCall().stream()).findFirst().orElseThrow();
      assertThat(call.name()).isEqualTo("lookup");
      assertThat(call.callId()).isEqualTo("call_7");
      assertThat(call.arguments()).isEqualTo("{\"city\":\"Paris\"}");

      Response second =
          client
              .responses()
              .create(
                  ResponseCreateParams.builder()
                      .model("eye/seer")
                      .previousResponseId(first.id())
                      .addTool(lookup())
                      .inputOfResponse(List.of(output(call.callId(), "2.1 million")))
                      .build());
      assertThat(text(second)).isEqualTo("Paris has 2.1 million people.");
      JsonNode messages = sent(f, 1).get("messages");
      assertThat(messages).hasSize(3);
      assertThat(messages.get(0).get("content").asText()).isEqualTo("How big is Paris?");
      assertThat(messages.get(1).get("tool_calls").get(0).get("id").asText()).isEqualTo("call_7");
      assertThat(messages.get(2).get("role").asText()).isEqualTo("tool");
      assertThat(messages.get(2).get("tool_call_id").asText()).isEqualTo("call_7");
      assertThat(messages.get(2).get("content").asText()).isEqualTo("2.1 million");
    }
  }

  @Test
  void runsTheToolRoundTripWithTheWholeHistoryAsInput() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("eye/seer", List.of(Step.answer(200, TOOL_CALL), Step.ok("About 2.1 million."))),
            WireFidelityIT::catalog)) {
      OpenAIClient client = sdk(f);
      Response first =
          client
              .responses()
              .create(ask("eye/seer", "How big is Paris?").addTool(lookup()).store(false).build());
      List<ResponseInputItem> history = new ArrayList<>();
      history.add(
          ResponseInputItem.ofEasyInputMessage(
              com.openai.models.responses.EasyInputMessage.builder()
                  .role(com.openai.models.responses.EasyInputMessage.Role.USER)
                  .content("How big is Paris?")
                  .build()));
      for (ResponseOutputItem item : first.output()) {
        item.functionCall().ifPresent(c -> history.add(ResponseInputItem.ofFunctionCall(c)));
      }
      history.add(output("call_7", "2.1 million"));
      Response second =
          client
              .responses()
              .create(
                  ResponseCreateParams.builder()
                      .model("eye/seer")
                      .addTool(lookup())
                      .inputOfResponse(history)
                      .build());
      assertThat(text(second)).isEqualTo("About 2.1 million.");
      JsonNode messages = sent(f, 1).get("messages");
      assertThat(messages).hasSize(3);
      assertThat(messages.get(1).get("tool_calls").get(0).get("function").get("name").asText())
          .isEqualTo("lookup");
      assertThat(messages.get(2).get("tool_call_id").asText()).isEqualTo("call_7");
      assertThatThrownBy(() -> client.responses().retrieve(first.id()))
          .isInstanceOf(NotFoundException.class);
    }
  }

  /**
   * A {@code function_call_output} whose {@code call_id} is the id of no earlier {@code
   * function_call} — in the input, or in the conversation {@code previous_response_id} names — is
   * refused by every provider: a 400 naming the item's field and the id, and nothing is sent (ADR
   * 0055). An output answering a stored call is not an orphan.
   */
  @Test
  void aFunctionCallOutputAnsweringNoEarlierCallIsA400NamingIt() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("eye/seer", List.of(Step.answer(200, TOOL_CALL), Step.ok("2.1 million."))),
            WireFidelityIT::catalog)) {
      OpenAIClient client = sdk(f);
      List<ResponseInputItem> lone =
          List.of(
              ResponseInputItem.ofEasyInputMessage(
                  com.openai.models.responses.EasyInputMessage.builder()
                      .role(com.openai.models.responses.EasyInputMessage.Role.USER)
                      .content("How big is Paris?")
                      .build()),
              output("call_lost", "2.1 million"));
      assertThatThrownBy(
              () ->
                  client
                      .responses()
                      .create(
                          ResponseCreateParams.builder()
                              .model("eye/seer")
                              .addTool(lookup())
                              .inputOfResponse(lone)
                              .build()))
          .isInstanceOf(BadRequestException.class)
          .satisfies(
              e -> assertThat(((BadRequestException) e).param()).contains("input[1].call_id"))
          .hasMessageContaining("'call_lost' answers no tool call");
      assertThat(f.upstream.received()).isEmpty();

      Response first =
          client.responses().create(ask("eye/seer", "How big is Paris?").addTool(lookup()).build());
      ResponseCreateParams.Builder next =
          ResponseCreateParams.builder()
              .model("eye/seer")
              .previousResponseId(first.id())
              .addTool(lookup());
      assertThatThrownBy(
              () ->
                  client
                      .responses()
                      .create(
                          next.inputOfResponse(List.of(output("call_8", "2.1 million"))).build()))
          .isInstanceOf(BadRequestException.class)
          .satisfies(
              e -> assertThat(((BadRequestException) e).param()).contains("input[0].call_id"));
      assertThat(f.upstream.received()).hasSize(1);
      // the stored call's own id is answered
      Response second =
          client
              .responses()
              .create(next.inputOfResponse(List.of(output("call_7", "2.1 million"))).build());
      assertThat(text(second)).isEqualTo("2.1 million.");
    }
  }

  /**
   * A route that reported no usage gets none made up: {@code "usage": null}, which the schema
   * allows (the SDK's {@code usage()} is empty), whole, streamed and stored; the cost header still
   * says the cost.
   */
  @Test
  void aRouteThatReportedNoUsageAnswersUsageNull() {
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hello"), Step.ok("hello"))))) {
      OpenAIClient client = sdk(f);
      Response whole = client.responses().create(ask("alpha/small", "Say hello").build());
      whole.validate();
      assertThat(whole.usage()).isEmpty();
      assertThat(json(get(f, "/v1/responses/" + whole.id()).body()).get("usage").isNull()).isTrue();
      com.openai.helpers.ResponseAccumulator acc = com.openai.helpers.ResponseAccumulator.create();
      try (StreamResponse<ResponseStreamEvent> s =
          client.responses().createStreaming(ask("alpha/small", "Say hello").build())) {
        s.stream().forEach(acc::accumulate);
      }
      acc.response().validate();
      assertThat(acc.response().usage()).isEmpty();
    }
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hello"))))) {
      HttpResponse<String> r = post(f, "{\"model\":\"alpha/small\",\"input\":\"Say hello\"}");
      JsonNode body = json(r.body());
      assertThat(body.has("usage")).isTrue();
      assertThat(body.get("usage").isNull()).as(r.body()).isTrue();
      assertThat(r.headers().firstValue("x-orchestrator-cost-usd")).isPresent();
    }
  }

  private static ResponseInputItem output(String callId, String text) {
    return ResponseInputItem.ofFunctionCallOutput(
        ResponseInputItem.FunctionCallOutput.builder().callId(callId).output(text).build());
  }

  @Test
  void returnsStructuredOutputThroughTextFormat() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("eye/seer", List.of(Step.ok("{\"name\":\"Paris\",\"population\":2100000}"))),
            WireFidelityIT::catalog)) {
      ResponseFormatTextJsonSchemaConfig format =
          ResponseFormatTextJsonSchemaConfig.builder()
              .name("city")
              .strict(true)
              .schema(
                  ResponseFormatTextJsonSchemaConfig.Schema.builder()
                      .putAdditionalProperty("type", JsonValue.from("object"))
                      .putAdditionalProperty(
                          "properties",
                          JsonValue.from(
                              Map.of(
                                  "name", Map.of("type", "string"),
                                  "population", Map.of("type", "integer"))))
                      .build())
              .build();
      Response r =
          sdk(f)
              .responses()
              .create(
                  ask("eye/seer", "How big is Paris?")
                      .text(ResponseTextConfig.builder().format(format).build())
                      .build());
      JsonNode city = json(text(r));
      assertThat(city.get("name").asText()).isEqualTo("Paris");
      assertThat(city.get("population").asLong()).isEqualTo(2_100_000);
      JsonNode sent = sent(f, 0).get("response_format");
      assertThat(sent.get("type").asText()).isEqualTo("json_schema");
      assertThat(sent.get("json_schema").get("name").asText()).isEqualTo("city");
      assertThat(sent.get("json_schema").get("strict").asBoolean()).isTrue();
      assertThat(sent.get("json_schema").get("schema").get("properties").has("population"))
          .isTrue();
      assertThat(r.text().orElseThrow().format().orElseThrow().isJsonSchema()).isTrue();
    }
  }

  @Test
  void answersAnUnknownModelWithTheSdksNotFoundException() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      assertThatThrownBy(() -> sdk(f).responses().create(ask("nosuch/model", "Hi").build()))
          .isInstanceOf(NotFoundException.class);
    }
  }

  @Test
  void failsOverThroughA503InvisiblyToTheSdk() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(
                "alpha/small", List.of(Step.answer(503, "{\"error\":{\"message\":\"busy\"}}")),
                "beta/large", List.of(Step.ok("from beta"))))) {
      Response r = sdk(f).responses().create(ask("pair", "Say hello").build());
      assertThat(text(r)).isEqualTo("from beta");
      assertThat(model(r)).isEqualTo("beta/large");
      StringBuilder seen = new StringBuilder();
      try (StreamResponse<ResponseStreamEvent> s =
          sdk(f).responses().createStreaming(ask("pair", "Say hello").build())) {
        s.stream().forEach(e -> e.outputTextDelta().ifPresent(d -> seen.append(d.delta())));
      }
      assertThat(seen.toString()).isEqualTo("from beta");
    }
  }

  @Test
  void aCutStreamIsAnErrorToTheSdkAfterResponseFailed() {
    // Cut off after visible output by the stream-idle limit: a stall rather than a dropped
    // connection, whose last bytes a loaded machine can lose with the connection's end (and then
    // nothing was visible). The other limits are far away.
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.fault(Fault.STREAM_STALL))),
            ServeFixture.policy().streamIdleTimeout(Duration.ofSeconds(1)).build(),
            o -> {})) {
      StringBuilder seen = new StringBuilder();
      List<String> failed = new ArrayList<>();
      assertThatThrownBy(
              () -> {
                try (StreamResponse<ResponseStreamEvent> s =
                    sdk(f).responses().createStreaming(ask("alpha/small", "Go").build())) {
                  s.stream()
                      .forEach(
                          e -> {
                            e.outputTextDelta().ifPresent(d -> seen.append(d.delta()));
                            e.failed().ifPresent(x -> failed.add(code(x)));
                          });
                }
              })
          .isInstanceOf(OpenAIException.class);
      assertThat(seen.toString()).isNotEmpty();
      assertThat(Step.DEFAULT_CONTENT).startsWith(seen.toString());
      assertThat(failed).containsExactly("server_error");
    }
  }

  /** The error code of a valid {@code response.failed}, else what made it invalid. */
  private static String code(com.openai.models.responses.ResponseFailedEvent e) {
    try {
      return e.validate().response().error().orElseThrow().code().asString();
    } catch (OpenAIException invalid) {
      return "invalid: " + invalid.getMessage();
    }
  }

  @Test
  void carriesTheConversationAcrossTwoTurnsButNotTheInstructions() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("I am Ada."), Step.ok("You asked my name."))))) {
      OpenAIClient client = sdk(f);
      Response first =
          client.responses().create(ask("alpha/small", "Who are you?").instructions("Old").build());
      client
          .responses()
          .create(
              ask("alpha/small", "What did I ask?")
                  .previousResponseId(first.id())
                  .instructions("New")
                  .build());
      JsonNode messages = sent(f, 1).get("messages");
      assertThat(messages).hasSize(4);
      assertThat(messages.get(0).get("content").asText()).isEqualTo("New");
      assertThat(messages.get(1).get("content").asText()).isEqualTo("Who are you?");
      assertThat(messages.get(2).get("role").asText()).isEqualTo("assistant");
      assertThat(messages.get(2).get("content").asText()).isEqualTo("I am Ada.");
      assertThat(messages.get(3).get("content").asText()).isEqualTo("What did I ask?");
    }
  }

  @Test
  void retrievesAndDeletesAStoredResponse() {
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("kept"))))) {
      OpenAIClient client = sdk(f);
      Response r = client.responses().create(ask("alpha/small", "Keep this").build());
      Response again = client.responses().retrieve(r.id());
      assertThat(again.id()).isEqualTo(r.id());
      assertThat(text(again)).isEqualTo("kept");
      client.responses().delete(r.id());
      assertThatThrownBy(() -> client.responses().retrieve(r.id()))
          .isInstanceOf(NotFoundException.class);
      assertThatThrownBy(() -> client.responses().delete(r.id()))
          .isInstanceOf(NotFoundException.class);
    }
  }

  @Test
  void forgetsAStoredResponseAfterItsTtlOnTheServersClock() {
    FakeTime time = new FakeTime();
    Clock clock = time.clock(Instant.parse("2026-03-01T10:00:00Z"));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("short-lived"))),
            o -> o.responsesTtl(Duration.ofMinutes(5)),
            (u, b) -> b.clock(clock))) {
      OpenAIClient client = sdk(f);
      Response r = client.responses().create(ask("alpha/small", "Hi").build());
      time.advance(Duration.ofMinutes(4));
      assertThat(client.responses().retrieve(r.id()).id()).isEqualTo(r.id());
      time.advance(Duration.ofMinutes(2));
      assertThatThrownBy(() -> client.responses().retrieve(r.id()))
          .isInstanceOf(NotFoundException.class);
      HttpResponse<String> next =
          post(
              f,
              "{\"model\":\"alpha/small\",\"input\":\"Again\",\"previous_response_id\":\""
                  + r.id()
                  + "\"}");
      assertThat(next.statusCode()).isEqualTo(404);
      JsonNode error = json(next.body()).get("error");
      assertThat(error.get("type").asText()).isEqualTo("invalid_request_error");
      assertThat(error.get("param").asText()).isEqualTo("previous_response_id");
      assertThat(error.get("code").asText()).isEqualTo("previous_response_not_found");
    }
  }

  @Test
  void keepsAtMostTheConfiguredNumberOfResponses() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("one"))),
            o -> o.responsesMaxEntries(2),
            (u, b) -> {})) {
      OpenAIClient client = sdk(f);
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        ids.add(client.responses().create(ask("alpha/small", "n" + i).build()).id());
      }
      long kept =
          ids.stream().filter(id -> get(f, "/v1/responses/" + id).statusCode() == 200).count();
      assertThat(kept).isEqualTo(2);
    }
  }

  @Test
  void namesWhatItDroppedInTheHeaderOfJsonAndStreamAnswers() {
    String body =
        """
        {"model":"alpha/small","input":"Hi","stream":%s,
         "tools":[{"type":"function","name":"f","parameters":{"type":"object"}},
                  {"type":"web_search"}],
         "tool_choice":"none",
         "include":["reasoning.encrypted_content"],"client_metadata":{"x":"y"}}
        """;
    try (ServeFixture f = ServeFixture.start(Map.of("alpha/small", List.of(Step.ok("hi"))))) {
      for (String stream : List.of("false", "true")) {
        HttpResponse<String> r = post(f, body.formatted(stream));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("x-orchestrator-dropped"))
            .hasValue("client_metadata,tools[1] (web_search),include");
        assertThat(r.headers().firstValue("x-orchestrator-route")).hasValue("alpha/small");
      }
    }
  }

  @Test
  void refusesAToolChoiceForcingAHostedTool() {
    try (ServeFixture f = ServeFixture.start(Map.of())) {
      HttpResponse<String> r =
          post(
              f,
              "{\"model\":\"alpha/small\",\"input\":\"Hi\",\"tools\":[{\"type\":\"web_search\"}],"
                  + "\"tool_choice\":{\"type\":\"web_search\"}}");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(json(r.body()).get("error").get("param").asText()).isEqualTo("tool_choice");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  @Test
  void showsAStoredResponseOnlyToTheClientThatCreatedIt() {
    List<ClientToken> clients =
        List.of(
            ClientToken.of("team-a", "token-aaaaaaaaaaaa"),
            ClientToken.of("team-b", "token-bbbbbbbbbbbb"));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("mine"))),
            o -> o.clients(clients),
            (u, b) -> {})) {
      HttpResponse<String> created =
          send(
              f,
              HttpRequest.newBuilder(f.uri("/v1/responses"))
                  .header("Authorization", "Bearer token-aaaaaaaaaaaa")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"model\":\"alpha/small\",\"input\":\"Hi\"}")));
      String id = json(created.body()).get("id").asText();
      HttpResponse<String> own =
          send(
              f,
              HttpRequest.newBuilder(f.uri("/v1/responses/" + id))
                  .header("Authorization", "Bearer token-aaaaaaaaaaaa")
                  .GET());
      HttpResponse<String> other =
          send(
              f,
              HttpRequest.newBuilder(f.uri("/v1/responses/" + id))
                  .header("Authorization", "Bearer token-bbbbbbbbbbbb")
                  .GET());
      assertThat(own.statusCode()).isEqualTo(200);
      assertThat(other.statusCode()).isEqualTo(404);
    }
  }

  @Test
  void isServedByAnAnthropicRoute() {
    String anthropic =
        """
        {"id":"msg_1","type":"message","role":"assistant","model":"opus",
         "content":[{"type":"thinking","thinking":"Think first.","signature":"sig"},
                    {"type":"text","text":"Bonjour."}],
         "stop_reason":"end_turn","stop_sequence":null,
         "usage":{"input_tokens":10,"output_tokens":4,"cache_read_input_tokens":3}}
        """;
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(Step.answer(200, anthropic))), WireFidelityIT::catalog)) {
      Response r =
          sdk(f)
              .responses()
              .create(ask("claude/opus", "Say hello in French").instructions("Be polite.").build());
      r.validate();
      assertThat(text(r)).isEqualTo("Bonjour.");
      assertThat(model(r)).isEqualTo("claude/opus");
      assertThat(r.output().get(0).reasoning().orElseThrow().summary().get(0).text())
          .isEqualTo("Think first.");
      assertThat(r.usage().orElseThrow().inputTokensDetails().cachedTokens()).isEqualTo(3);
      JsonNode sent = sent(f, 0);
      assertThat(sent.get("system").toString()).contains("Be polite.");
      assertThat(sent.get("messages").get(0).toString()).contains("Say hello in French");
    }
  }

  /** The whole answer of a route stopped by its context window: incomplete, as the SDK reads it. */
  @Test
  void anAnthropicRouteStoppedByItsContextWindowIsIncomplete() {
    String anthropic =
        """
        {"id":"msg_1","type":"message","role":"assistant","model":"opus",
         "content":[{"type":"text","text":"Cut sh"}],
         "stop_reason":"model_context_window_exceeded","stop_sequence":null,
         "usage":{"input_tokens":10,"output_tokens":4}}
        """;
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(Step.answer(200, anthropic))), WireFidelityIT::catalog)) {
      Response r = sdk(f).responses().create(ask("claude/opus", "Go").build());
      r.validate();
      assertThat(r.status())
          .hasValueSatisfying(s -> assertThat(s.asString()).isEqualTo("incomplete"));
      assertThat(r.incompleteDetails().orElseThrow().reason().orElseThrow().asString())
          .isEqualTo("max_output_tokens");
      assertThat(text(r)).isEqualTo("Cut sh");
    }
  }

  @Test
  void streamsAnAnthropicRoutesThinkingAndTextAsReasoningAndMessageItems() {
    String sse =
        AnthropicSse.start("msg_1", "opus", "{\"input_tokens\":12,\"output_tokens\":1}")
            .thinking("sig", "Polite ", "first.")
            .text("Bon", "jour.")
            .end("end_turn", 9);
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f =
        ServeFixture.start(Map.of("claude/opus", List.of(step)), WireFidelityIT::catalog)) {
      StringBuilder text = new StringBuilder();
      StringBuilder reasoning = new StringBuilder();
      Response[] completed = {null};
      try (StreamResponse<ResponseStreamEvent> s =
          sdk(f).responses().createStreaming(ask("claude/opus", "Say hello in French").build())) {
        s.stream()
            .forEach(
                e -> {
                  e.validate();
                  e.outputTextDelta().ifPresent(d -> text.append(d.delta()));
                  e.reasoningSummaryTextDelta().ifPresent(d -> reasoning.append(d.delta()));
                  e.completed().ifPresent(c -> completed[0] = c.response());
                });
      }
      assertThat(text.toString()).isEqualTo("Bonjour.");
      assertThat(reasoning.toString()).isEqualTo("Polite first.");
      assertThat(model(completed[0])).isEqualTo("claude/opus");
      assertThat(completed[0].output().get(0).reasoning().orElseThrow().summary().get(0).text())
          .isEqualTo("Polite first.");
      assertThat(text(completed[0])).isEqualTo("Bonjour.");
      assertThat(completed[0].usage().orElseThrow().outputTokens()).isEqualTo(9);
    }
  }

  /** An Anthropic answer that thought (signed), said a word and called {@code lookup}. */
  static final String ANTHROPIC_TOOL_CALL =
      """
      {"id":"msg_1","type":"message","role":"assistant","model":"opus",
       "content":[{"type":"thinking","thinking":"Look it up.","signature":"SIG_AN_123"},
                  {"type":"text","text":"Checking."},
                  {"type":"tool_use","id":"toolu_1","name":"lookup","input":{"city":"Paris"}}],
       "stop_reason":"tool_use","stop_sequence":null,
       "usage":{"input_tokens":10,"output_tokens":4}}
      """;

  /**
   * A tool loop with reasoning on an Anthropic route continued by {@code previous_response_id}
   * (Codex, the Agents SDK): the stored turn goes back with the thinking block Anthropic signed,
   * first, and thinking stays on — nothing adapted (docs/design.md §13).
   */
  @Test
  void previousResponseIdReplaysAnAnthropicRoutesSignedThinkingWithThinkingOn() {
    continuesAnAnthropicToolLoopWithItsSignedThinking(Step.answer(200, ANTHROPIC_TOOL_CALL), false);
  }

  /** As above, the first turn streamed: the signature arrives as a {@code signature_delta}. */
  @Test
  void previousResponseIdReplaysTheSignedThinkingOfAStreamedTurn() {
    String sse =
        AnthropicSse.start("msg_1", "opus", "{\"input_tokens\":10,\"output_tokens\":1}")
            .thinking("SIG_AN_123", "Look ", "it up.")
            .text("Checking.")
            .toolUse("toolu_1", "lookup", "{\"city\":", "\"Paris\"}")
            .end("tool_use", 4);
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    continuesAnAnthropicToolLoopWithItsSignedThinking(step, true);
  }

  private static void continuesAnAnthropicToolLoopWithItsSignedThinking(
      Step first, boolean stream) {
    String done =
        """
        {"id":"msg_2","type":"message","role":"assistant","model":"opus",
         "content":[{"type":"text","text":"2.1 million."}],"stop_reason":"end_turn",
         "stop_sequence":null,"usage":{"input_tokens":30,"output_tokens":4}}
        """;
    String tools =
        "\"tools\":[{\"type\":\"function\",\"name\":\"lookup\","
            + "\"parameters\":{\"type\":\"object\"}}],\"reasoning\":{\"effort\":\"low\"}";
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(first, Step.answer(200, done))),
            WireFidelityIT::catalog)) {
      String ask =
          "{\"model\":\"claude/opus\",\"input\":\"How big is Paris?\",\"stream\":"
              + stream
              + ","
              + tools
              + "}";
      String id;
      if (stream) {
        ServeFixture.Sse s = f.streamTo("/v1/responses", ask);
        JsonNode completed = json(s.data.get(s.data.size() - 1)).get("response");
        id = completed.get("id").asText();
      } else {
        HttpResponse<String> one = post(f, ask);
        assertThat(one.statusCode()).as(one.body()).isEqualTo(200);
        id = json(one.body()).get("id").asText();
      }

      HttpResponse<String> two =
          post(
              f,
              "{\"model\":\"claude/opus\",\"previous_response_id\":\""
                  + id
                  + "\",\"input\":[{\"type\":\"function_call_output\",\"call_id\":"
                  + "\"toolu_1\",\"output\":\"2.1 million\"}],"
                  + tools
                  + "}");

      assertThat(two.statusCode()).as(two.body()).isEqualTo(200);
      JsonNode sent = sent(f, 1);
      assertThat(sent.path("thinking").path("type").asText()).isEqualTo("enabled");
      JsonNode turn = sent.get("messages").get(1);
      assertThat(turn.path("role").asText()).isEqualTo("assistant");
      assertThat(turn.at("/content/0/type").asText()).isEqualTo("thinking");
      assertThat(turn.at("/content/0/thinking").asText()).isEqualTo("Look it up.");
      assertThat(turn.at("/content/0/signature").asText()).isEqualTo("SIG_AN_123");
      assertThat(turn.at("/content/2/type").asText()).isEqualTo("tool_use");
      assertThat(two.headers().firstValue("x-orchestrator-adapted")).isEmpty();
    }
  }

  static HttpResponse<String> post(ServeFixture f, String body) {
    return send(
        f,
        HttpRequest.newBuilder(f.uri("/v1/responses"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  static HttpResponse<String> get(ServeFixture f, String path) {
    return send(f, HttpRequest.newBuilder(f.uri(path)).GET());
  }

  static HttpResponse<String> send(ServeFixture f, HttpRequest.Builder request) {
    return f.send(request.build());
  }
}
