package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.Fixtures;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.serve.chat.ChatCompletionParser;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * docs/design.md §9 as a property: for a generated request, what the upstream receives is the
 * request (modulo the documented translations: the route's own model id, no {@code models}); what
 * the caller receives is what the upstream sent — through {@code serve} and in-process through
 * {@link TaskOrchestrator#chat} and {@link TaskOrchestrator#stream}.
 */
class WireFidelityPropertyIT {

  @Provide
  Arbitrary<ObjectNode> requests() {
    return WireGenerators.request("eye/seer");
  }

  @Provide
  Arbitrary<ObjectNode> answers() {
    return WireGenerators.answer();
  }

  private static ObjectNode expectedUpstreamBody(ObjectNode request) {
    ObjectNode e = (ObjectNode) json(request.toString()); // as text, the way the route reads it
    e.put("model", "seer");
    e.remove("models");
    return e;
  }

  private static List<JsonNode> received(ServeFixture f) {
    List<JsonNode> out = new ArrayList<>();
    f.upstream.received().forEach(r -> out.add(json(r.body())));
    return out;
  }

  @Property(tries = 25)
  void whatTheRouteReceivesIsTheRequestAndWhatTheCallerReceivesIsTheAnswer(
      @ForAll("requests") ObjectNode request, @ForAll("answers") ObjectNode answer) {
    try (ServeFixture f = WireFidelityIT.answering("eye/seer", answer.toString())) {
      HttpResponse<String> r = f.post(request.toString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      JsonNode sent = json(answer.toString());
      assertAnswerKept(json(r.body()), sent);

      // In-process: the same request through the library reaches the route unchanged too.
      ChatRequest parsed =
          ChatCompletionParser.parse(request.toString().getBytes(StandardCharsets.UTF_8)).request();
      ChatResult inProcess = orchestrator(f).chat(parsed);
      assertResponseKept(inProcess.response(), sent);

      assertThat(received(f))
          .hasSize(2)
          .allSatisfy(b -> assertThat(b).isEqualTo(expectedUpstreamBody(request)));
    }
  }

  private static TaskOrchestrator orchestrator(ServeFixture f) {
    Credentials creds = Credentials.constant(ServeFixture.SIM_KEY);
    return TaskOrchestrator.builder()
        .catalog(WireFidelityIT.catalog(f.upstream))
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(ServeFixture.generousPolicy())
        .build();
  }

  private static String reasoning(JsonNode upstreamMessage) {
    JsonNode r =
        upstreamMessage.has("reasoning_content")
            ? upstreamMessage.get("reasoning_content")
            : upstreamMessage.get("reasoning");
    return r == null ? null : r.asText();
  }

  /** The serve answer against the upstream's, field by field. */
  private static void assertAnswerKept(JsonNode body, JsonNode up) {
    JsonNode upMessage = up.at("/choices/0/message");
    JsonNode message = body.at("/choices/0/message");
    assertThat(body.path("id")).isEqualTo(up.path("id"));
    assertThat(body.path("system_fingerprint")).isEqualTo(up.path("system_fingerprint"));
    assertThat(message.path("content")).isEqualTo(upMessage.path("content"));
    assertThat(message.path("refusal").isNull() ? null : message.path("refusal").asText())
        .isEqualTo(upMessage.has("refusal") ? upMessage.get("refusal").asText() : null);
    assertThat(message.has("reasoning_content") ? message.get("reasoning_content").asText() : null)
        .isEqualTo(reasoning(upMessage));
    assertThat(message.path("tool_calls")).isEqualTo(upMessage.path("tool_calls"));
    assertThat(body.at("/choices/0/finish_reason")).isEqualTo(up.at("/choices/0/finish_reason"));
    if (readsAsNone(up.path("usage"))) {
      assertThat(body.has("usage")).as("no usage made up: %s", body).isFalse();
    } else {
      ObjectNode usage = (ObjectNode) body.path("usage").deepCopy();
      usage.remove("cost"); // serve's own addition (docs/reference.md §5), not the upstream's
      assertThat(usage).isEqualTo(up.path("usage"));
    }
  }

  /**
   * Zeros throughout and no detail count: what the engine reads as no usage reported ({@link
   * dev.orchestrator.engine.chat.Usage#isNone}, priced as unknown), which an answer leaves out.
   */
  private static boolean readsAsNone(JsonNode u) {
    return u.path("total_tokens").asInt() == 0
        && !u.has("prompt_tokens_details")
        && !u.has("completion_tokens_details");
  }

  /** The library answer against the upstream's. */
  private static void assertResponseKept(ChatResponse r, JsonNode up) {
    JsonNode m = up.at("/choices/0/message");
    assertThat(r.id()).isEqualTo(up.path("id").asText());
    assertThat(r.systemFingerprint())
        .isEqualTo(up.has("system_fingerprint") ? up.get("system_fingerprint").asText() : null);
    assertThat(r.content()).isEqualTo(m.path("content").isNull() ? "" : m.get("content").asText());
    assertThat(r.refusal()).isEqualTo(m.has("refusal") ? m.get("refusal").asText() : null);
    assertThat(r.reasoningContent()).isEqualTo(reasoning(m));
    List<ToolCall> calls = new ArrayList<>();
    m.path("tool_calls")
        .forEach(
            c ->
                calls.add(
                    new ToolCall(
                        c.get("id").asText(),
                        c.at("/function/name").asText(),
                        c.at("/function/arguments").asText())));
    assertThat(r.toolCalls()).isEqualTo(calls);
    assertThat(r.finishReason()).isEqualTo(up.at("/choices/0/finish_reason").asText());
    JsonNode u = up.path("usage");
    assertThat(r.usage().promptTokens()).isEqualTo(u.path("prompt_tokens").asInt());
    assertThat(r.usage().completionTokens()).isEqualTo(u.path("completion_tokens").asInt());
    assertThat(r.usage().cachedTokens())
        .isEqualTo(
            u.has("prompt_tokens_details")
                ? u.at("/prompt_tokens_details/cached_tokens").asInt()
                : null);
    assertThat(r.usage().reasoningTokens())
        .isEqualTo(
            u.has("completion_tokens_details")
                ? u.at("/completion_tokens_details/reasoning_tokens").asInt()
                : null);
  }

  /** The answer as an OpenAI stream: every text cut in two deltas, tool calls in fragments. */
  static String asSse(JsonNode up) {
    JsonNode m = up.at("/choices/0/message");
    StringBuilder sse = new StringBuilder();
    java.util.function.Consumer<ObjectNode> chunk =
        delta -> {
          ObjectNode c = WireGenerators.obj().put("id", up.path("id").asText());
          if (up.has("system_fingerprint")) {
            c.set("system_fingerprint", up.get("system_fingerprint"));
          }
          c.putArray("choices").addObject().put("index", 0).set("delta", delta);
          sse.append("data: ").append(c).append("\n\n");
        };
    for (String field : List.of("reasoning_content", "reasoning", "refusal", "content")) {
      if (m.path(field).isTextual()) {
        String t = m.get(field).asText();
        int half = t.length() / 2;
        chunk.accept(WireGenerators.obj().put(field, t.substring(0, half)));
        chunk.accept(WireGenerators.obj().put(field, t.substring(half)));
      }
    }
    int i = 0;
    for (JsonNode call : m.path("tool_calls")) {
      String args = call.at("/function/arguments").asText();
      ObjectNode first = WireGenerators.obj();
      ObjectNode f = first.putArray("tool_calls").addObject().put("index", i);
      f.put("id", call.get("id").asText()).put("type", "function");
      f.putObject("function").put("name", call.at("/function/name").asText()).put("arguments", "");
      chunk.accept(first);
      ObjectNode rest = WireGenerators.obj();
      rest.putArray("tool_calls")
          .addObject()
          .put("index", i)
          .putObject("function")
          .put("arguments", args);
      chunk.accept(rest);
      i++;
    }
    ObjectNode end = WireGenerators.obj().put("id", up.path("id").asText());
    end.putArray("choices")
        .addObject()
        .put("index", 0)
        .put("finish_reason", up.at("/choices/0/finish_reason").asText())
        .putObject("delta");
    end.set("usage", up.get("usage"));
    sse.append("data: ").append(end).append("\n\ndata: [DONE]\n\n");
    return sse.toString();
  }

  @Property(tries = 20)
  void aStreamedAnswerReachesTheListenerWholeAndInOpenAisIncrementalShape(
      @ForAll("answers") ObjectNode answer) {
    JsonNode up = json(answer.toString());
    try (ServeFixture f = WireFidelityIT.seerStreaming(asSse(up))) {
      Fixtures.Recorder rec = new Fixtures.Recorder();
      ChatRequest request = ChatRequest.builder("eye/seer").user("go").stream(true).build();
      ChatResult r = orchestrator(f).stream(request, rec);

      assertResponseKept(r.response(), up);
      JsonNode m = up.at("/choices/0/message");
      assertThat(rec.id).isEqualTo(up.path("id").asText());
      assertThat(rec.text()).isEqualTo(r.response().content());
      assertThat(rec.reasoning.toString())
          .isEqualTo(
              r.response().reasoningContent() == null ? "" : r.response().reasoningContent());
      assertThat(rec.refusal.toString()).isEqualTo(m.path("refusal").asText(""));
      int calls = m.path("tool_calls").size();
      List<dev.orchestrator.engine.chat.ToolCallDelta> firsts =
          rec.fragments.stream().filter(d -> d.name() != null).toList();
      assertThat(firsts).hasSize(calls);
      for (int i = 0; i < calls; i++) {
        int index = i;
        JsonNode call = m.path("tool_calls").get(i);
        assertThat(firsts.get(i).index()).isEqualTo(i);
        assertThat(firsts.get(i).id()).isEqualTo(call.get("id").asText());
        String args =
            rec.fragments.stream()
                .filter(d -> d.index() == index)
                .map(dev.orchestrator.engine.chat.ToolCallDelta::argumentsFragment)
                .collect(java.util.stream.Collectors.joining());
        assertThat(args).isEqualTo(call.at("/function/arguments").asText());
      }
    }
  }
}
