package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.JsonValue;
import com.anthropic.core.http.HttpResponseFor;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.errors.AnthropicException;
import com.anthropic.errors.BadRequestException;
import com.anthropic.errors.NotFoundException;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.ErrorType;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.JsonOutputFormat;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCountTokensParams;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.OutputConfig;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.Tool;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUseBlock;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.front.Dispatch;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Anthropic Messages front driven by the official Anthropic Java SDK (docs/reference.md §7):
 * every case once served by an OpenAI-compatible route ({@code alpha/small}) and once by an
 * Anthropic route ({@code claude/opus}), over real sockets to the scripted loopback upstream.
 */
class MessagesFrontIT {
  private static final String OPENAI_ROUTE = "alpha/small";
  private static final String ANTHROPIC_ROUTE = "claude/opus";

  /** {@code ask} streamed through the Anthropic SDK and accumulated as the SDK does it. */
  static Message streamedAndAccumulated(ServeFixture f, MessageCreateParams ask) {
    MessageAccumulator acc = MessageAccumulator.create();
    try (StreamResponse<RawMessageStreamEvent> s = sdk(f).messages().createStreaming(ask)) {
      s.stream().forEach(acc::accumulate);
    }
    return acc.message();
  }

  /** {@code question} to {@code alpha/small} with one {@code weather} tool of an open schema. */
  static MessageCreateParams weatherQuestion(String question) {
    return MessageCreateParams.builder()
        .model("alpha/small")
        .maxTokens(256)
        .addUserMessage(question)
        .addTool(
            Tool.builder().name("weather").inputSchema(Tool.InputSchema.builder().build()).build())
        .build();
  }

  /** alpha/small: OpenAI protocol; claude/opus: Anthropic. Pool agents: alpha then claude. */
  static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    b.provider(Provider.of("alpha", upstream.baseUrl("alpha"), Protocol.OPENAI_CHAT, List.of()));
    b.provider(
        Provider.of("claude", upstream.baseUrl("claude"), Protocol.ANTHROPIC_MESSAGES, List.of()));
    for (String r : List.of(OPENAI_ROUTE, ANTHROPIC_ROUTE)) {
      String[] pm = r.split("/");
      b.route(
          Route.builder(pm[0], pm[1])
              .tier(Tier.FREE)
              .contextWindow(200_000)
              .maxOutputTokens(32_000)
              .capabilities(Capability.TOOLS, Capability.JSON, Capability.VISION)
              .build());
    }
    b.pool(new Pool("agents", PoolKind.VIRTUAL, List.of(OPENAI_ROUTE, ANTHROPIC_ROUTE)));
    return b.build();
  }

  private static ServeFixture serve(Map<String, List<Step>> scripts) {
    return ServeFixture.start(scripts, MessagesFrontIT::catalog);
  }

  static AnthropicClient sdk(ServeFixture f) {
    return AnthropicOkHttpClient.builder()
        .baseUrl("http://127.0.0.1:" + f.server.port())
        .apiKey("unused-without-tokens")
        .maxRetries(0)
        .timeout(Duration.ofSeconds(20))
        .build();
  }

  private static MessageCreateParams.Builder ask(String model, String text) {
    return MessageCreateParams.builder().model(model).maxTokens(256).addUserMessage(text);
  }

  private static String text(Message m) {
    StringBuilder sb = new StringBuilder();
    for (ContentBlock b : m.content()) {
      b.text().ifPresent(t -> sb.append(t.text()));
    }
    return sb.toString();
  }

  private static JsonNode sent(ServeFixture f, int i) {
    return json(f.upstream.received().get(i).body());
  }

  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aPlainRequestIsAnsweredAsAMessageNamingTheServingRoute(String route) {
    try (ServeFixture f =
        serve(
            Map.of(
                route,
                List.of(
                    Step.ok("Hello there.")
                        .withUsage(
                            Map.of(
                                "prompt_tokens",
                                12,
                                "completion_tokens",
                                3,
                                "input_tokens",
                                12,
                                "output_tokens",
                                3)))))) {
      Message m = sdk(f).messages().create(ask(route, "Hi").system("Be brief.").build());

      assertThat(text(m)).isEqualTo("Hello there.");
      assertThat(m.model().asString()).isEqualTo(route);
      assertThat(m.stopReason()).contains(StopReason.END_TURN);
      assertThat(m.id()).startsWith("msg_");
      assertThat(m.usage().outputTokens()).isEqualTo(3);
      assertThat(m.usage().inputTokens()).isEqualTo(12);
      JsonNode up = sent(f, 0);
      if (route.equals(ANTHROPIC_ROUTE)) {
        assertThat(up.path("system").asText()).isEqualTo("Be brief.");
        assertThat(up.path("max_tokens").asInt()).isEqualTo(256);
      } else {
        assertThat(up.at("/messages/0/role").asText()).isEqualTo("system");
        assertThat(up.at("/messages/1/content").asText()).isEqualTo("Hi");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aStreamIsAnthropicsEventGrammarAndAccumulatesToTheAnswer(String route) {
    try (ServeFixture f = serve(Map.of(route, List.of(Step.ok("Streaming works fine."))))) {
      MessageAccumulator acc = MessageAccumulator.create();
      List<String> types = new ArrayList<>();
      try (StreamResponse<RawMessageStreamEvent> s =
          sdk(f).messages().createStreaming(ask(route, "Hi").build())) {
        s.stream()
            .forEach(
                e -> {
                  acc.accumulate(e);
                  types.add(
                      e.isMessageStart()
                          ? "message_start"
                          : e.isContentBlockStart()
                              ? "content_block_start"
                              : e.isContentBlockDelta()
                                  ? "content_block_delta"
                                  : e.isContentBlockStop()
                                      ? "content_block_stop"
                                      : e.isMessageDelta() ? "message_delta" : "message_stop");
                });
      }
      Message m = acc.message();
      assertThat(text(m)).isEqualTo("Streaming works fine.");
      assertThat(m.model().asString()).isEqualTo(route);
      assertThat(m.stopReason()).contains(StopReason.END_TURN);
      assertThat(types.get(0)).isEqualTo("message_start");
      assertThat(types).endsWith("content_block_stop", "message_delta", "message_stop");
      assertThat(sent(f, 0).path("stream").asBoolean()).isTrue();
    }
  }

  /**
   * A stream from an Anthropic route starts with the input and cache counts its upstream's {@code
   * message_start} gave, not zeros: Claude Code reads the context it uses from them.
   */
  @Test
  void messageStartCarriesTheUpstreamsInputAndCacheCounts() {
    String sse =
        AnthropicSse.start(
                "msg_1",
                "opus",
                "{\"input_tokens\":20,\"output_tokens\":1,\"cache_creation_input_tokens\":4,"
                    + "\"cache_read_input_tokens\":6}")
            .text("Hi ", "there.")
            .end("end_turn", 7);
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f = serve(Map.of(ANTHROPIC_ROUTE, List.of(step)))) {
      ServeFixture.Sse s =
          f.streamTo(
              "/v1/messages",
              "{\"model\":\"claude/opus\",\"max_tokens\":64,\"stream\":true,"
                  + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");
      JsonNode start = json(s.data.get(0));
      assertThat(start.path("type").asText()).isEqualTo("message_start");
      JsonNode usage = start.at("/message/usage");
      assertThat(usage.path("input_tokens").asInt()).isEqualTo(20);
      assertThat(usage.path("cache_creation_input_tokens").asInt()).isEqualTo(4);
      assertThat(usage.path("cache_read_input_tokens").asInt()).isEqualTo(6);
      assertThat(usage.path("output_tokens").asInt()).isEqualTo(1);
    }
  }

  /**
   * A route that reported no usage gets none made up where Anthropic's schema lets the answer say
   * so: the cache counts are {@code null} ("not reported"); the input and output counts, which the
   * schema and the SDK require as numbers, are {@code 0}. Whole and streamed, on either protocol;
   * the SDK parses both (its {@code validate()} checks every required field).
   */
  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aRouteThatReportedNoUsageGetsNoMadeUpCacheCounts(String route) {
    try (ServeFixture f = serve(Map.of(route, List.of(Step.ok("No usage."), Step.ok("None."))))) {
      Message whole = sdk(f).messages().create(ask(route, "Hi").build());
      Message streamed = streamedAndAccumulated(f, ask(route, "Hi").build());
      for (Message m : List.of(whole, streamed)) {
        m.usage().validate();
        assertThat(m.usage().inputTokens()).isZero();
        assertThat(m.usage().outputTokens()).isZero();
        assertThat(m.usage().cacheReadInputTokens()).isEmpty();
        assertThat(m.usage().cacheCreationInputTokens()).isEmpty();
      }
    }
    try (ServeFixture f = serve(Map.of(route, List.of(Step.ok("No usage."))))) {
      HttpResponse<String> r =
          f.send(
              HttpRequest.newBuilder(f.uri("/v1/messages"))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"model\":\""
                              + route
                              + "\",\"max_tokens\":64,"
                              + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}"))
                  .build());
      assertThat(json(r.body()).path("usage"))
          .isEqualTo(
              json(
                  "{\"input_tokens\":0,\"output_tokens\":0,\"cache_creation_input_tokens\":null,"
                      + "\"cache_read_input_tokens\":null}"));
    }
  }

  /**
   * An OpenAI-compatible route that reported its counts but no cache details: the cache counts are
   * {@code null} ("not reported"), not zeros it never said, and the input count is its whole
   * prompt; whole and streamed.
   */
  @Test
  void aRouteThatReportedNoCacheDetailsGetsNoMadeUpCacheCounts() {
    Map<String, Object> counts = Map.of("prompt_tokens", 20, "completion_tokens", 9);
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE,
                List.of(
                    Step.ok("Counted.").withUsage(counts), Step.ok("Too.").withUsage(counts))))) {
      Message whole = sdk(f).messages().create(ask(OPENAI_ROUTE, "Hi").build());
      Message streamed = streamedAndAccumulated(f, ask(OPENAI_ROUTE, "Hi").build());
      for (Message m : List.of(whole, streamed)) {
        m.usage().validate();
        assertThat(m.usage().inputTokens()).isEqualTo(20);
        assertThat(m.usage().outputTokens()).isEqualTo(9);
        assertThat(m.usage().cacheReadInputTokens()).isEmpty();
        assertThat(m.usage().cacheCreationInputTokens()).isEmpty();
      }
    }
  }

  private static Step toolCallAnswer(String route) {
    if (route.equals(ANTHROPIC_ROUTE)) {
      return Step.answer(
          200,
          """
          {"id":"msg_tool1","type":"message","role":"assistant","model":"opus",
           "content":[{"type":"text","text":"Let me check."},
                      {"type":"tool_use","id":"toolu_01A","name":"weather","input":{"city":"Oslo"}}],
           "stop_reason":"tool_use","usage":{"input_tokens":20,"output_tokens":9}}""");
    }
    return Step.answer(
        200,
        """
        {"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"small",
         "choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant",
           "content":"Let me check.","tool_calls":[{"id":"toolu_01A","type":"function",
           "function":{"name":"weather","arguments":"{\\"city\\":\\"Oslo\\"}"}}]}}],
         "usage":{"prompt_tokens":20,"completion_tokens":9,"total_tokens":29}}""");
  }

  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aToolRoundTripRunsTheAgentLoop(String route) {
    try (ServeFixture f =
        serve(Map.of(route, List.of(toolCallAnswer(route), Step.ok("Sunny, 21 C in Oslo."))))) {
      AnthropicClient c = sdk(f);
      Tool weather =
          Tool.builder()
              .name("weather")
              .description("Current weather")
              .inputSchema(
                  Tool.InputSchema.builder()
                      .properties(
                          Tool.InputSchema.Properties.builder()
                              .putAdditionalProperty(
                                  "city", JsonValue.from(Map.of("type", "string")))
                              .build())
                      .required(List.of("city"))
                      .build())
              .build();
      MessageCreateParams first = ask(route, "Weather in Oslo?").addTool(weather).build();
      Message call = c.messages().create(first);

      assertThat(call.stopReason()).contains(StopReason.TOOL_USE);
      ToolUseBlock use =
          call.content().stream().flatMap(b -> b.toolUse().stream()).findFirst().orElseThrow();
      assertThat(use.id()).isEqualTo("toolu_01A");
      assertThat(use.name()).isEqualTo("weather");
      assertThat(use._input().convert(JsonNode.class)).isEqualTo(json("{\"city\":\"Oslo\"}"));

      Message answer =
          c.messages()
              .create(
                  first.toBuilder()
                      .addMessage(call)
                      .addUserMessageOfContentBlockParams(
                          List.of(
                              ContentBlockParam.ofToolResult(
                                  ToolResultBlockParam.builder()
                                      .toolUseId(use.id())
                                      .content("21 C, sunny")
                                      .build())))
                      .build());
      assertThat(text(answer)).isEqualTo("Sunny, 21 C in Oslo.");

      JsonNode second = sent(f, 1);
      if (route.equals(ANTHROPIC_ROUTE)) {
        // The agent's own body, unchanged: its blocks as it sent them.
        assertThat(second.at("/messages/1/content/1/type").asText()).isEqualTo("tool_use");
        assertThat(second.at("/messages/1/content/1/id").asText()).isEqualTo("toolu_01A");
        assertThat(second.at("/messages/2/content/0/tool_use_id").asText()).isEqualTo("toolu_01A");
        assertThat(second.at("/tools/0/input_schema/required/0").asText()).isEqualTo("city");
      } else {
        assertThat(second.at("/messages/1/tool_calls/0/id").asText()).isEqualTo("toolu_01A");
        assertThat(json(second.at("/messages/1/tool_calls/0/function/arguments").asText()))
            .isEqualTo(json("{\"city\":\"Oslo\"}"));
        assertThat(second.at("/messages/2/role").asText()).isEqualTo("tool");
        assertThat(second.at("/messages/2/tool_call_id").asText()).isEqualTo("toolu_01A");
        assertThat(second.at("/messages/2/content").asText()).isEqualTo("21 C, sunny");
        assertThat(second.at("/tools/0/function/parameters/required/0").asText()).isEqualTo("city");
      }
    }
  }

  /**
   * A tool that failed ({@code is_error}, as Claude Code marks one): an Anthropic route receives
   * the block as the SDK wrote it; an OpenAI route's tool message has no error flag, so its content
   * says it, {@code Error: } first (ADR 0055), and the answer counts that in {@code
   * x-orchestrator-adapted}.
   */
  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aFailedToolReachesTheModelAsAFailure(String route) {
    try (ServeFixture f =
        serve(Map.of(route, List.of(toolCallAnswer(route), Step.ok("Oslo is not reachable."))))) {
      AnthropicClient c = sdk(f);
      MessageCreateParams first =
          weatherQuestion("Weather in Oslo?").toBuilder().model(route).build();
      Message call = c.messages().create(first);
      ToolUseBlock use =
          call.content().stream().flatMap(b -> b.toolUse().stream()).findFirst().orElseThrow();

      MessageCreateParams next =
          first.toBuilder()
              .addMessage(call)
              .addUserMessageOfContentBlockParams(
                  List.of(
                      ContentBlockParam.ofToolResult(
                          ToolResultBlockParam.builder()
                              .toolUseId(use.id())
                              .isError(true)
                              .content("connection refused")
                              .build())))
              .build();
      try (HttpResponseFor<Message> raw = c.messages().withRawResponse().create(next)) {
        assertThat(text(raw.parse())).isEqualTo("Oslo is not reachable.");
        List<String> adapted = raw.headers().values(Dispatch.ADAPTED);
        if (route.equals(ANTHROPIC_ROUTE)) {
          assertThat(adapted).isEmpty();
        } else {
          assertThat(adapted).containsExactly("1");
        }
      }

      JsonNode result = sent(f, 1).at("/messages/2");
      if (route.equals(ANTHROPIC_ROUTE)) {
        assertThat(result.at("/content/0"))
            .isEqualTo(
                json(
                    "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_01A\",\"is_error\":true,"
                        + "\"content\":\"connection refused\"}"));
      } else {
        assertThat(result.path("role").asText()).isEqualTo("tool");
        assertThat(result.path("content").asText()).isEqualTo("Error: connection refused");
        assertThat(result.has("is_error")).isFalse();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void structuredOutputReachesTheRouteAsItsOwnFormat(String route) {
    try (ServeFixture f = serve(Map.of(route, List.of(Step.ok("{\"answer\":42}"))))) {
      JsonOutputFormat.Schema schema =
          JsonOutputFormat.Schema.builder()
              .putAdditionalProperty("type", JsonValue.from("object"))
              .putAdditionalProperty(
                  "properties", JsonValue.from(Map.of("answer", Map.of("type", "integer"))))
              .build();
      Message m =
          sdk(f)
              .messages()
              .create(
                  ask(route, "The answer?")
                      .outputConfig(
                          OutputConfig.builder()
                              .format(JsonOutputFormat.builder().schema(schema).build())
                              .build())
                      .build());
      assertThat(json(text(m)).path("answer").asInt()).isEqualTo(42);
      JsonNode up = sent(f, 0);
      if (route.equals(ANTHROPIC_ROUTE)) {
        assertThat(up.at("/output_config/format/type").asText()).isEqualTo("json_schema");
      } else {
        assertThat(up.at("/response_format/type").asText()).isEqualTo("json_schema");
        assertThat(up.at("/response_format/json_schema/schema/properties/answer/type").asText())
            .isEqualTo("integer");
      }
    }
  }

  @Test
  void theStructuredOutputsBetasOutputFormatIsReadAsTheFormatNotDropped() {
    try (ServeFixture f = serve(Map.of(OPENAI_ROUTE, List.of(Step.ok("{\"answer\":42}"))))) {
      String body =
          """
          {"model":"%s","max_tokens":64,"messages":[{"role":"user","content":"The answer?"}],
           "output_format":{"type":"json_schema","schema":{"type":"object",
             "properties":{"answer":{"type":"integer"}}}}}"""
              .formatted(OPENAI_ROUTE);
      HttpResponse<String> r = post(f, body, Map.of());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-dropped")).isEmpty();
      assertThat(
              sent(f, 0).at("/response_format/json_schema/schema/properties/answer/type").asText())
          .isEqualTo("integer");

      HttpResponse<String> both =
          post(
              f,
              body.replace(
                  "\"output_format\"",
                  "\"output_config\":{\"format\":{\"type\":\"json_schema\",\"schema\":{}}},\"output_format\""),
              Map.of());
      assertThat(both.statusCode()).isEqualTo(400);
      assertThat(json(both.body()).at("/error/message").asText()).startsWith("output_format: ");
    }
  }

  @Test
  void anUnknownModelIsTheSdksNotFoundErrorWithCloseMatches() {
    try (ServeFixture f = serve(Map.of())) {
      assertThatThrownBy(() -> sdk(f).messages().create(ask("claude/opuss", "Hi").build()))
          .isInstanceOf(NotFoundException.class)
          .hasMessageContaining("claude/opus");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  /**
   * A {@code tool_result} whose {@code tool_use_id} is the id of no earlier {@code tool_use} is
   * refused by every provider: a 400 naming the block's field and the id, whole or streamed, and no
   * route of the pool is asked (ADR 0055).
   */
  @Test
  void aToolResultAnsweringNoEarlierToolUseIsA400NamingItAndNothingIsSent() {
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE,
                List.of(Step.ok("never sent")),
                ANTHROPIC_ROUTE,
                List.of(Step.ok("never sent"))))) {
      MessageCreateParams orphan =
          ask("agents", "Weather in Oslo?")
              .addAssistantMessage("Checking.")
              .addUserMessageOfContentBlockParams(
                  List.of(
                      ContentBlockParam.ofToolResult(
                          ToolResultBlockParam.builder()
                              .toolUseId("toolu_lost")
                              .content("21 C")
                              .build())))
              .build();
      String named = "messages[2].content[0].tool_use_id: 'toolu_lost' answers no tool call";

      assertThatThrownBy(() -> sdk(f).messages().create(orphan))
          .isInstanceOf(BadRequestException.class)
          .satisfies(
              e ->
                  assertThat(((BadRequestException) e).type())
                      .contains(ErrorType.INVALID_REQUEST_ERROR))
          .hasMessageContaining(named);
      assertThatThrownBy(
              () -> {
                try (StreamResponse<RawMessageStreamEvent> s =
                    sdk(f).messages().createStreaming(orphan)) {
                  s.stream().forEach(e -> {});
                }
              })
          .isInstanceOf(BadRequestException.class)
          .hasMessageContaining(named);
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  @Test
  void aFailoverThroughA503IsInvisibleToTheSdk() {
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE,
                List.of(Step.answer(503, "{\"error\":{\"message\":\"overloaded\"}}")),
                ANTHROPIC_ROUTE,
                List.of(Step.ok("Served by the second route."))))) {
      Message m = sdk(f).messages().create(ask("agents", "Hi").build());
      assertThat(text(m)).isEqualTo("Served by the second route.");
      assertThat(m.model().asString()).isEqualTo(ANTHROPIC_ROUTE);
      // The 503 route first (with its same-route retry), then the route that answered.
      assertThat(f.upstream.calls()).startsWith(OPENAI_ROUTE).endsWith(ANTHROPIC_ROUTE);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aStreamCutAfterOutputIsAnErrorForTheSdkNeverACleanEnd(String route) {
    try (ServeFixture f = serve(Map.of(route, List.of(Step.fault(Fault.STREAM_CUT))))) {
      MessageAccumulator acc = MessageAccumulator.create();
      assertThatThrownBy(
              () -> {
                try (StreamResponse<RawMessageStreamEvent> s =
                    sdk(f).messages().createStreaming(ask(route, "Hi").build())) {
                  s.stream().forEach(acc::accumulate);
                }
              })
          .isInstanceOf(AnthropicException.class);
    }
  }

  @Test
  void countTokensIsTheAnthropicProvidersOwnCountWhenAnAnthropicRouteWouldServe() {
    try (ServeFixture f =
        serve(Map.of(ANTHROPIC_ROUTE, List.of(Step.answer(200, "{\"input_tokens\":1234}"))))) {
      long n =
          sdk(f)
              .messages()
              .countTokens(
                  MessageCountTokensParams.builder()
                      .model(ANTHROPIC_ROUTE)
                      .system("Be brief.")
                      .addUserMessage("How many tokens is this?")
                      .build())
              .inputTokens();
      assertThat(n).isEqualTo(1234);
      ScriptedUpstream.Received sent = f.upstream.received().get(0);
      assertThat(sent.path()).endsWith("/v1/messages/count_tokens");
      JsonNode body = json(sent.body());
      assertThat(body.path("model").asText()).isEqualTo("opus");
      assertThat(body.path("system").asText()).isEqualTo("Be brief.");
      assertThat(body.has("max_tokens")).isFalse();
      assertThat(body.has("stream")).isFalse();
    }
  }

  @Test
  void countTokensIsAnEstimateSaidSoWhenTheRouteCannotCount() {
    try (ServeFixture f = serve(Map.of())) {
      HttpResponse<String> r =
          f.send(
              HttpRequest.newBuilder(f.uri("/v1/messages/count_tokens"))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"model\":\"alpha/small\",\"messages\":[{\"role\":\"user\","
                              + "\"content\":\"How many tokens is this sentence, roughly?\"}]}"))
                  .build());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(json(r.body()).path("input_tokens").asInt()).isPositive();
      assertThat(r.headers().firstValue("x-orchestrator-estimate")).contains("true");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  @Test
  void orchestratorFreeServesTheMessagesFront() {
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE, List.of(Step.ok("Free and fine.")),
                ANTHROPIC_ROUTE, List.of(Step.ok("Free and fine."))))) {
      Message m = sdk(f).messages().create(ask("orchestrator/free", "Hi").build());
      assertThat(text(m)).isEqualTo("Free and fine.");
      assertThat(m.model().asString()).isIn(OPENAI_ROUTE, ANTHROPIC_ROUTE);
    }
  }

  @Test
  void aFieldOnlyAnthropicHonoursWithNoAnthropicCandidateIsA400NamingIt() {
    try (ServeFixture f = serve(Map.of(OPENAI_ROUTE, List.of(Step.ok("never sent"))))) {
      String body =
          """
          {"model":"%s","max_tokens":64,"messages":[{"role":"user","content":[
            {"type":"text","text":"Summarise"},
            {"type":"document","source":{"type":"url","url":"https://docs.example/a.pdf"}}]}]}"""
              .formatted(OPENAI_ROUTE);
      HttpResponse<String> r = post(f, body, Map.of());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body());
      assertThat(error.path("type").asText()).isEqualTo("error");
      assertThat(error.at("/error/type").asText()).isEqualTo("invalid_request_error");
      assertThat(error.at("/error/message").asText()).contains("messages[0].content[1].source");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  /** {@code plain/text}: an OpenAI-protocol route that reads neither images nor a JSON format. */
  private static Catalog plainCatalog(ScriptedUpstream upstream) {
    return Catalog.builder()
        .provider(Provider.of("plain", upstream.baseUrl("plain"), Protocol.OPENAI_CHAT, List.of()))
        .route(
            Route.builder("plain", "text")
                .tier(Tier.FREE)
                .contextWindow(200_000)
                .maxOutputTokens(32_000)
                .capabilities(Capability.TOOLS)
                .build())
        .build();
  }

  /**
   * A field no candidate honours is named as this front's request spells it (docs/reference.md §5:
   * "a 400 naming it"): a block by its index among the body's messages and blocks — a system prompt
   * is no message of the body, and a tool result is no part of the user message it sits in — and a
   * structured output by {@code output_config.format}, never the engine's chat vocabulary.
   */
  @Test
  void aFieldNoCandidateHonoursIsNamedAsTheMessagesRequestSpellsIt() {
    try (ServeFixture f = ServeFixture.start(Map.of(), MessagesFrontIT::plainCatalog)) {
      String image =
          """
          {"model":"plain/text","max_tokens":64,"system":"Be brief.","messages":[
            {"role":"user","content":"Call it"},
            {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"f","input":{}}]},
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"42"},
              {"type":"text","text":"And this?"},
              {"type":"image","source":{"type":"base64","media_type":"image/png",
                "data":"iVBORw0KGgo="}}]}],
           "tools":[{"name":"f","input_schema":{"type":"object"}}]}""";
      HttpResponse<String> r = post(f, image, Map.of());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(json(r.body()).at("/error/message").asText())
          .contains("messages[2].content[2]")
          .doesNotContain("messages[4]");

      String format =
          """
          {"model":"plain/text","max_tokens":64,"messages":[{"role":"user","content":"Hi"}],
           "output_config":{"format":{"type":"json_schema","schema":{"type":"object"}}}}""";
      HttpResponse<String> refused = post(f, format, Map.of());
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
      assertThat(json(refused.body()).at("/error/message").asText())
          .contains("output_config.format")
          .doesNotContain("response_format");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  /**
   * A message with empty content is refused as Anthropic refuses it, on a route of either protocol,
   * naming it — never left out of the history (which left {@code messages: []} or two assistant
   * turns in a row); a final assistant message may be empty (an empty prefill).
   */
  @ParameterizedTest
  @ValueSource(strings = {OPENAI_ROUTE, ANTHROPIC_ROUTE})
  void aMessageWithEmptyContentIsA400NamingIt(String route) {
    try (ServeFixture f = serve(Map.of(route, List.of(Step.ok("ok"))))) {
      String body =
          """
          {"model":"%s","max_tokens":64,"messages":[{"role":"user","content":"Hi"},
            {"role":"assistant","content":[]},{"role":"user","content":"Again"}]}"""
              .formatted(route);
      HttpResponse<String> r = post(f, body, Map.of());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body());
      assertThat(error.path("type").asText()).isEqualTo("error");
      assertThat(error.at("/error/type").asText()).isEqualTo("invalid_request_error");
      assertThat(error.at("/error/message").asText()).startsWith("messages[1].content: empty");
      assertThat(f.upstream.received()).isEmpty();

      String prefill =
          """
          {"model":"%s","max_tokens":64,"messages":[{"role":"user","content":"Hi"},
            {"role":"assistant","content":[]}]}"""
              .formatted(route);
      HttpResponse<String> ok = post(f, prefill, Map.of());
      assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
    }
  }

  /**
   * A message of only blocks the engine does not read would be left out of a translated history: an
   * OpenAI-protocol route is no candidate, so with none else it is a 400 naming the message; an
   * Anthropic route gets the body as the agent wrote it.
   */
  @Test
  void aMessageOfOnlyUnreadBlocksGoesOnlyToAnAnthropicRoute() {
    String body =
        """
        {"model":"%s","max_tokens":64,"messages":[{"role":"user","content":"Search"},
          {"role":"assistant","content":[{"type":"server_tool_use","id":"srvtoolu_1",
            "name":"web_search","input":{"query":"q"}}]},
          {"role":"user","content":"Go on"}]}""";
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE, List.of(Step.ok("never sent")),
                ANTHROPIC_ROUTE, List.of(Step.ok("ok"))))) {
      HttpResponse<String> refused = post(f, body.formatted(OPENAI_ROUTE), Map.of());
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
      assertThat(json(refused.body()).at("/error/message").asText())
          .contains("messages[1].content");
      assertThat(f.upstream.received()).isEmpty();

      HttpResponse<String> served = post(f, body.formatted(ANTHROPIC_ROUTE), Map.of());
      assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
      assertThat(sent(f, 0).at("/messages/1/content/0/type").asText()).isEqualTo("server_tool_use");
    }
  }

  /** A body cut short is named plainly on both paths, without the JSON reader's internals. */
  @ParameterizedTest
  @ValueSource(strings = {"/v1/messages", "/v1/messages/count_tokens"})
  void aTruncatedBodyIsA400InPlainWords(String path) {
    try (ServeFixture f = serve(Map.of())) {
      HttpResponse<String> r =
          f.send(
              HttpRequest.newBuilder(f.uri(path))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"x\",\"messages\":["))
                  .build());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body());
      assertThat(error.path("type").asText()).isEqualTo("error");
      assertThat(error.at("/error/message").asText())
          .isEqualTo(
              "request body: invalid JSON at line 1, column 26: Unexpected end-of-input: expected"
                  + " close marker for Array (start marker at line 1, column 25)");
    }
  }

  private static HttpResponse<String> post(ServeFixture f, String body, Map<String, String> h) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(f.uri("/v1/messages?beta=true"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    h.forEach(b::header);
    return f.send(b.build());
  }

  private static final String CACHED =
      """
      {"model":"%s","max_tokens":64,"top_k":5,"context_management":{"edits":[]},
       "system":[{"type":"text","text":"Be brief.","cache_control":{"type":"ephemeral"}}],
       "messages":[{"role":"user","content":[{"type":"text","text":"Hi"}]}]}""";

  @Test
  void whatTheEngineDoesNotModelPassesToAnAnthropicRouteUnchangedWithItsHeaders() {
    try (ServeFixture f = serve(Map.of(ANTHROPIC_ROUTE, List.of(Step.ok("ok"))))) {
      String body = CACHED.formatted(ANTHROPIC_ROUTE);
      HttpResponse<String> r =
          post(
              f,
              body,
              Map.of(
                  "anthropic-beta",
                  "context-management-2025-06-27",
                  "anthropic-version",
                  "2023-06-01"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-dropped")).isEmpty();
      JsonNode expected = json(body);
      ((com.fasterxml.jackson.databind.node.ObjectNode) expected).put("model", "opus");
      assertThat(sent(f, 0)).isEqualTo(expected);
      assertThat(f.upstream.received().get(0).headers())
          .containsEntry("anthropic-beta", "context-management-2025-06-27");
    }
  }

  @Test
  void hintsAnotherProtocolCannotCarryAreDroppedAndNamed() {
    try (ServeFixture f = serve(Map.of(OPENAI_ROUTE, List.of(Step.ok("ok"))))) {
      HttpResponse<String> r =
          post(
              f,
              CACHED.formatted(OPENAI_ROUTE),
              Map.of("anthropic-beta", "context-management-2025-06-27, interleaved-thinking"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-orchestrator-dropped").orElseThrow().split(","))
          .containsExactlyInAnyOrder(
              "system[0].cache_control",
              "top_k",
              "context_management",
              "anthropic-beta (context-management-2025-06-27 interleaved-thinking)");
      assertThat(f.upstream.received().get(0).headers()).doesNotContainKey("anthropic-beta");
      JsonNode up = sent(f, 0);
      assertThat(up.has("top_k")).isFalse();
      assertThat(up.at("/messages/0/content").asText()).isEqualTo("Be brief.");
    }
  }

  @Test
  void errorsHaveTheMessagesShapeAndStatus() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(), ServeFixture.policy().build(), o -> o.token(ServeFixture.TOKEN))) {
      String ok =
          "{\"model\":\"x\",\"max_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";
      HttpResponse<String> noKey = post(f, ok, Map.of());
      assertThat(noKey.statusCode()).isEqualTo(401);
      assertThat(json(noKey.body()).path("type").asText()).isEqualTo("error");
      assertThat(json(noKey.body()).at("/error/type").asText()).isEqualTo("authentication_error");

      HttpResponse<String> missing =
          post(f, "{\"model\":\"x\",\"messages\":[]}", Map.of("x-api-key", ServeFixture.TOKEN));
      assertThat(missing.statusCode()).isEqualTo(400);
      assertThat(json(missing.body()).at("/error/type").asText())
          .isEqualTo("invalid_request_error");
      assertThat(json(missing.body()).at("/error/message").asText()).contains("max_tokens");

      HttpResponse<String> badSchema =
          post(
              f,
              "{\"model\":\"x\",\"max_tokens\":5,\"messages\":[{\"role\":\"user\","
                  + "\"content\":\"Hi\"}],\"tools\":[{\"name\":\"t\",\"input_schema\":"
                  + "{\"type\":\"string\"}}]}",
              Map.of("x-api-key", ServeFixture.TOKEN));
      assertThat(badSchema.statusCode()).isEqualTo(400);
      assertThat(json(badSchema.body()).at("/error/message").asText())
          .isEqualTo(
              "tools[0].input_schema: tool 't' parameters: \"type\": \"string\" (expected:"
                  + " \"object\", or no type)");
    }
  }

  @Test
  void noRouteLeftIsAnthropicsOverloaded529() {
    try (ServeFixture f =
        serve(
            Map.of(
                OPENAI_ROUTE, List.of(Step.answer(503, "{}"), Step.answer(503, "{}")),
                ANTHROPIC_ROUTE, List.of(Step.answer(503, "{}"), Step.answer(503, "{}"))))) {
      HttpResponse<String> r =
          post(
              f,
              "{\"model\":\"agents\",\"max_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}",
              Map.of());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(529);
      assertThat(json(r.body()).at("/error/type").asText()).isEqualTo("overloaded_error");
    }
  }

  @Test
  void signedThinkingReachesTheSdkAndGoesBackToTheRouteThatSignedIt() {
    String answer =
        """
        {"id":"msg_t1","type":"message","role":"assistant","model":"opus",
         "content":[{"type":"thinking","thinking":"Consider Oslo.","signature":"sig-A1"},
                    {"type":"text","text":"Oslo it is."}],
         "stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":7}}""";
    try (ServeFixture f =
        serve(Map.of(ANTHROPIC_ROUTE, List.of(Step.answer(200, answer), Step.ok("Again."))))) {
      AnthropicClient c = sdk(f);
      MessageCreateParams first = ask(ANTHROPIC_ROUTE, "Which city?").build();
      Message m = c.messages().create(first);
      var thinking = m.content().get(0).thinking().orElseThrow();
      assertThat(thinking.thinking()).isEqualTo("Consider Oslo.");
      assertThat(thinking.signature()).isEqualTo("sig-A1");

      c.messages().create(first.toBuilder().addMessage(m).addUserMessage("Sure?").build());
      JsonNode replayed = sent(f, 1).at("/messages/1/content/0");
      assertThat(replayed.path("type").asText()).isEqualTo("thinking");
      assertThat(replayed.path("signature").asText()).isEqualTo("sig-A1");
    }
  }
}
