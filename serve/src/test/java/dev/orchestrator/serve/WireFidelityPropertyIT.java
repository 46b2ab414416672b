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
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * DESIGN §9 as a property: for a generated request, what the upstream receives is the request
 * (modulo the documented translations: the route's own model id, no {@code models}); what the
 * caller receives is what the upstream sent — through {@code serve} and in-process through {@link
 * TaskOrchestrator#chat}.
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
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("eye/seer", List.of(Step.answer(200, answer.toString()))),
            WireFidelityIT::catalog)) {
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
        .policy(ServeFixture.policy().build())
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
    ObjectNode usage = (ObjectNode) body.path("usage").deepCopy();
    usage.remove("cost"); // serve's own addition (CONTRACT §5), not the upstream's
    assertThat(usage).isEqualTo(up.path("usage"));
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
}
