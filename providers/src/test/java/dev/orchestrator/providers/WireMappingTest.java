package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import dev.orchestrator.providers.internal.wire.StreamSignal;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Request encoding and response decoding of both wire formats. */
class WireMappingTest {
  static final Route ROUTE = Route.builder("p", "vendor/model-1").build();

  static ChatRequest conversation(boolean stream) {
    return anthropicConversation(stream).toBuilder()
        .responseFormat(ResponseFormat.JSON_OBJECT)
        .build();
  }

  /** The same conversation without a response format, which Anthropic cannot express. */
  static ChatRequest anthropicConversation(boolean stream) {
    return ChatRequest.builder("p/vendor/model-1")
        .system("Be brief.")
        .user("Weather in Oslo?")
        .message(
            new ChatMessage(
                Role.ASSISTANT,
                "",
                List.of(new ToolCall("call_1", "weather", "{\"city\":\"Oslo\"}")),
                null))
        .message(ChatMessage.tool("call_1", "-3 C"))
        .tool(new ToolDefinition("weather", "Current weather", "{\"type\":\"object\"}"))
        .maxTokens(64)
        .temperature(0.2)
        .stream(stream)
        .build();
  }

  static JsonNode json(byte[] b) throws Exception {
    return Json.MAPPER.readTree(b);
  }

  static Decoded decode(WireProtocol wire, String body, String model, String headerRequestId) {
    return wire.decode(body.getBytes(StandardCharsets.UTF_8), model, headerRequestId);
  }

  @Test
  void encodesAnOpenAiConversationWithToolsAndStreamOptions() throws Exception {
    JsonNode body = json(OpenAiWire.INSTANCE.encode(conversation(true), ROUTE));

    assertThat(body.get("model").asText()).isEqualTo("vendor/model-1");
    assertThat(body.at("/messages/0/role").asText()).isEqualTo("system");
    assertThat(body.at("/messages/2/content").isNull()).isTrue();
    assertThat(body.at("/messages/2/tool_calls/0/function/arguments").asText())
        .isEqualTo("{\"city\":\"Oslo\"}");
    assertThat(body.at("/messages/3/role").asText()).isEqualTo("tool");
    assertThat(body.at("/messages/3/tool_call_id").asText()).isEqualTo("call_1");
    assertThat(body.at("/tools/0/function/parameters/type").asText()).isEqualTo("object");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(64);
    assertThat(body.at("/response_format/type").asText()).isEqualTo("json_object");
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.at("/stream_options/include_usage").asBoolean()).isTrue();
  }

  @Test
  void omitsStreamFieldsWhenNotStreaming() throws Exception {
    JsonNode body = json(OpenAiWire.INSTANCE.encode(conversation(false), ROUTE));
    assertThat(body.has("stream")).isFalse();
    assertThat(body.has("stream_options")).isFalse();
  }

  @Test
  void encodesAnAnthropicConversationWithTopLevelSystemAndToolBlocks() throws Exception {
    JsonNode body = json(AnthropicWire.INSTANCE.encode(anthropicConversation(true), ROUTE));

    assertThat(body.get("system").asText()).isEqualTo("Be brief.");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(64);
    assertThat(body.get("messages")).hasSize(3);
    assertThat(body.at("/messages/1/content/0/type").asText()).isEqualTo("tool_use");
    assertThat(body.at("/messages/1/content/0/input/city").asText()).isEqualTo("Oslo");
    assertThat(body.at("/messages/2/role").asText()).isEqualTo("user");
    assertThat(body.at("/messages/2/content/0/type").asText()).isEqualTo("tool_result");
    assertThat(body.at("/messages/2/content/0/tool_use_id").asText()).isEqualTo("call_1");
    assertThat(body.at("/tools/0/input_schema/type").asText()).isEqualTo("object");
  }

  @Test
  void refusesToDropAResponseFormatAnthropicCannotExpress() {
    assertThatThrownBy(() -> AnthropicWire.INSTANCE.encode(conversation(true), ROUTE))
        .isInstanceOf(RequestEncodingException.class)
        .hasMessage(
            "response_format: json_object has no anthropic-messages equivalent in this version");
  }

  @Test
  void givesAnthropicADefaultMaxTokens() throws Exception {
    ChatRequest r = ChatRequest.builder("m").user("hi").build();
    assertThat(json(AnthropicWire.INSTANCE.encode(r, ROUTE)).get("max_tokens").asInt())
        .isEqualTo(AnthropicWire.DEFAULT_MAX_TOKENS);
    Route known = ROUTE.toBuilder().maxOutputTokens(1000).build();
    assertThat(json(AnthropicWire.INSTANCE.encode(r, known)).get("max_tokens").asInt())
        .isEqualTo(1000);
  }

  @Test
  void decodesOpenAiContentPartsToolCallsAndUsage() {
    Decoded d =
        decode(
            OpenAiWire.INSTANCE,
            "{\"id\":\"c1\",\"model\":\"served\",\"choices\":[{\"message\":{\"content\":"
                + "[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}],"
                + "\"tool_calls\":[{\"id\":\"x\",\"type\":\"function\",\"function\":{\"name\":\"f\","
                + "\"arguments\":\"{}\"}}]},\"finish_reason\":\"tool_calls\"}],"
                + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}",
            "route-model",
            null);

    assertThat(d.kind()).isEqualTo(Decoded.Kind.OK);
    assertThat(d.response().content()).isEqualTo("ab");
    assertThat(d.response().toolCalls()).containsExactly(new ToolCall("x", "f", "{}"));
    assertThat(d.response().usage().totalTokens()).isEqualTo(3);
    assertThat(d.response().requestId()).isEqualTo("c1");
    assertThat(d.response().servedModel()).isEqualTo("served");
  }

  @Test
  void readsAnErrorObjectInsideATwoHundredAsInBand() {
    assertThat(decode(OpenAiWire.INSTANCE, "{\"error\":{\"message\":\"x\"}}", "m", null).kind())
        .isEqualTo(Decoded.Kind.IN_BAND_ERROR);
    assertThat(
            decode(AnthropicWire.INSTANCE, "{\"type\":\"error\",\"error\":{}}", "m", null).kind())
        .isEqualTo(Decoded.Kind.IN_BAND_ERROR);
  }

  @Test
  void normalisesAnthropicStopReasons() {
    Decoded d =
        decode(
            AnthropicWire.INSTANCE,
            "{\"id\":\"msg\",\"type\":\"message\",\"content\":[{\"type\":\"text\",\"text\":\"t\"}],"
                + "\"stop_reason\":\"max_tokens\",\"usage\":{\"input_tokens\":4,\"output_tokens\":5}}",
            "route-model",
            "req_h");

    assertThat(d.response().finishReason()).isEqualTo("length");
    assertThat(d.response().servedModel()).isEqualTo("route-model");
    assertThat(d.response().requestId()).isEqualTo("req_h");
    assertThat(d.response().usage().totalTokens()).isEqualTo(9);
  }

  @Test
  void streamsEachChunksLogprobsBeforeItsDeltaAndJoinsThemInTheAnswer() throws Exception {
    List<String> heard = new ArrayList<>();
    StreamAssembler a =
        OpenAiWire.INSTANCE.newAssembler(
            new StreamListener() {
              @Override
              public void onContent(String delta) {
                heard.add("content " + delta);
              }

              @Override
              public void onLogprobs(String logprobsJson) {
                heard.add("logprobs " + logprobsJson);
              }
            },
            "m",
            null);
    String hel = "{\"content\":[{\"token\":\"Hel\",\"logprob\":-0.5}]}";
    String lo = "{\"content\":[{\"token\":\"lo\",\"logprob\":-1.0}]}";
    a.onEvent(null, chunk("Hel", hel));
    a.onEvent(null, chunk("lo", lo));
    a.onEvent(null, "{\"choices\":[{\"index\":0,\"delta\":{},\"logprobs\":null}]}");

    assertThat(heard)
        .containsExactly("logprobs " + hel, "content Hel", "logprobs " + lo, "content lo");
    assertThat(Json.MAPPER.readTree(a.response().logprobsJson()))
        .isEqualTo(
            Json.MAPPER.readTree(
                "{\"content\":[{\"token\":\"Hel\",\"logprob\":-0.5},"
                    + "{\"token\":\"lo\",\"logprob\":-1.0}]}"));
  }

  @Test
  void aStreamWithoutLogprobsAnswersWithoutThem() {
    StreamAssembler a = OpenAiWire.INSTANCE.newAssembler(d -> {}, "m", null);
    a.onEvent(null, "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}]}");

    assertThat(a.response().logprobsJson()).isNull();
  }

  @Test
  void decodesTheFingerprintReasoningRefusalAndDetailedUsageOfAnOpenAiAnswer() {
    Decoded d =
        decode(
            OpenAiWire.INSTANCE,
            "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
                + "\"message\":{\"role\":\"assistant\",\"content\":\"Hello.\",\"refusal\":\"no\","
                + "\"reasoning\":\"think\"},\"logprobs\":null,\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":21,\"completion_tokens\":9,\"total_tokens\":30,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":4},"
                + "\"completion_tokens_details\":{\"reasoning_tokens\":5}},"
                + "\"system_fingerprint\":\"fp_1\",\"service_tier\":\"default\"}",
            "m",
            null);

    ChatResponse r = d.response();
    assertThat(r.systemFingerprint()).isEqualTo("fp_1");
    assertThat(r.reasoningContent()).isEqualTo("think");
    assertThat(r.refusal()).isEqualTo("no");
    assertThat(r.logprobsJson()).isNull();
    assertThat(r.usage().cachedTokens()).isEqualTo(4);
    assertThat(r.usage().reasoningTokens()).isEqualTo(5);
  }

  @Test
  void aBodyThatIsNotACompletionIsAnEmptyAnswerNamingWhy() {
    for (String body : List.of("", "null", "[]", "{\"choices\":[}", "{\"choices\":7}")) {
      Decoded d = decode(OpenAiWire.INSTANCE, body, "m", null);
      assertThat(d.kind()).as(body).isEqualTo(Decoded.Kind.EMPTY);
      assertThat(d.detail()).as(body).isEqualTo("the 200 body is not a JSON completion");
    }
  }

  @Test
  void assemblesAStreamsIdFingerprintEscapedTextAndUsage() {
    List<String> metadata = new ArrayList<>();
    StreamAssembler a =
        OpenAiWire.INSTANCE.newAssembler(
            new StreamListener() {
              @Override
              public void onContent(String delta) {}

              @Override
              public void onResponseMetadata(String upstreamId, String systemFingerprint) {
                metadata.add(upstreamId + " " + systemFingerprint);
              }
            },
            "m",
            null);
    a.onEvent(
        "message",
        "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
            + "\"model\":\"served\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"content\":\"Hel\\u00e9\"},\"logprobs\":null,\"finish_reason\":null}]}");
    a.onEvent("message", "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
    a.onEvent(
        "message",
        "{\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2,"
            + "\"prompt_tokens_details\":{\"cached_tokens\":1}}}");

    assertThat(a.onEvent("message", "[DONE]")).isFalse();
    assertThat(a.signal()).isEqualTo(StreamSignal.DONE);
    assertThat(metadata).containsExactly("chatcmpl-1 fp_1");
    ChatResponse r = a.response();
    assertThat(r.content()).isEqualTo("Helé");
    assertThat(r.requestId()).isEqualTo("chatcmpl-1");
    assertThat(r.servedModel()).isEqualTo("served");
    assertThat(r.finishReason()).isEqualTo("stop");
    assertThat(r.usage().totalTokens()).isEqualTo(5);
    assertThat(r.usage().cachedTokens()).isEqualTo(1);
  }

  @Test
  void readsAToolCallIndexSentAsAQuotedNumber() {
    StreamAssembler a = OpenAiWire.INSTANCE.newAssembler(d -> {}, "m", null);
    a.onEvent(
        "message",
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":\"1\",\"id\":\"c\","
            + "\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"a\\\"\"}}]}}]}");
    a.onEvent(
        "message",
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":1,"
            + "\"function\":{\"arguments\":\":1}\"}}]}}]}");

    assertThat(a.skippedEvents()).isZero();
    assertThat(a.response().toolCalls()).containsExactly(new ToolCall("c", "f", "{\"a\":1}"));
  }

  @Test
  void anInvalidEventIsSkippedAndCountedUpToTheBound() {
    StreamAssembler a = OpenAiWire.INSTANCE.newAssembler(d -> {}, "m", null);
    a.bounds(1, 1_000);

    assertThat(a.onEvent("message", "{\"choices\":[}")).isTrue();
    assertThat(a.onEvent("message", "{\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}")).isTrue();
    assertThat(a.onEvent("message", "not json")).isFalse();
    assertThat(a.signal()).isEqualTo(StreamSignal.MALFORMED);
    assertThat(a.malformed())
        .isEqualTo("more than 1 invalid events; the last: a stream event is not a JSON chunk")
        .doesNotContain("not json");
  }

  @Test
  void anErrorEventOrAnErrorObjectIsAnInBandError() {
    for (WireProtocol wire : List.of(OpenAiWire.INSTANCE, AnthropicWire.INSTANCE)) {
      StreamAssembler named = wire.newAssembler(d -> {}, "m", null);
      assertThat(named.onEvent("error", "{\"message\":\"overloaded\"}")).isFalse();
      assertThat(named.signal()).isEqualTo(StreamSignal.IN_BAND_ERROR);
      assertThat(named.errorData()).isEqualTo("{\"message\":\"overloaded\"}");

      StreamAssembler inData = wire.newAssembler(d -> {}, "m", null);
      assertThat(inData.onEvent("message", "{\"error\":{\"type\":\"overloaded_error\"}}"))
          .isFalse();
      assertThat(inData.signal()).isEqualTo(StreamSignal.IN_BAND_ERROR);
    }
  }

  private static String chunk(String content, String logprobs) {
    return "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
        + content
        + "\"},\"logprobs\":"
        + logprobs
        + "}]}";
  }
}
