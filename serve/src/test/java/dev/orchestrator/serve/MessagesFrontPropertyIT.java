package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.JsonValue;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The Messages front as properties (docs/design.md §12): a random valid Messages conversation —
 * system text, user text, tool rounds with {@code tool_use} / {@code tool_result} (some failed) —
 * reaches an Anthropic route as the agent sent it and an OpenAI-compatible route with the same
 * meaning (roles, texts, tool calls with their ids and arguments, results paired by id); and a
 * random answer reaches the client with the same content whether it is streamed or not, and with a
 * stop reason of Anthropic's list whatever finish reason the route gave.
 */
class MessagesFrontPropertyIT {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** One tool call of an assistant turn and what the tool answered. */
  record Call(String id, String arg, String result, boolean failed) {}

  /** One tool round: the assistant's text (or none) and its calls. */
  record Round(String text, List<Call> calls) {}

  /** A conversation: optional system text, the first user text, rounds, a final user text. */
  record Conversation(String system, String first, List<Round> rounds, String last) {}

  private static Arbitrary<String> words() {
    return Arbitraries.strings()
        .alpha()
        .numeric()
        .ofMinLength(1)
        .ofMaxLength(12)
        .list()
        .ofMinSize(1)
        .ofMaxSize(6)
        .map(w -> String.join(" ", w));
  }

  @Provide
  Arbitrary<Conversation> conversations() {
    Arbitrary<Call> call =
        Combinators.combine(
                Arbitraries.strings().withChars("abcXYZ0189_-").ofMinLength(1).ofMaxLength(24),
                words(),
                words(),
                Arbitraries.of(true, false))
            .as(Call::new);
    Arbitrary<Round> round =
        Combinators.combine(
                words().injectNull(0.5),
                call.list().ofMinSize(1).ofMaxSize(2).uniqueElements(Call::id))
            .as(Round::new);
    return Combinators.combine(words().injectNull(0.4), words(), round.list().ofMaxSize(2), words())
        .as(Conversation::new);
  }

  /** The Messages request body for {@code c} on {@code model}. */
  static ObjectNode body(Conversation c, String model) {
    ObjectNode b = F.objectNode().put("model", model).put("max_tokens", 200);
    if (c.system() != null) {
      b.put("system", c.system());
    }
    ArrayNode ms = b.putArray("messages");
    ms.addObject().put("role", "user").put("content", c.first());
    for (Round r : c.rounds()) {
      ArrayNode asst = ms.addObject().put("role", "assistant").putArray("content");
      if (r.text() != null) {
        asst.addObject().put("type", "text").put("text", r.text());
      }
      ArrayNode results = ms.addObject().put("role", "user").putArray("content");
      for (Call call : r.calls()) {
        ObjectNode use = asst.addObject().put("type", "tool_use").put("id", call.id());
        use.put("name", "lookup").putObject("input").put("q", call.arg());
        ObjectNode res = results.addObject().put("type", "tool_result");
        res.put("tool_use_id", call.id()).put("content", call.result());
        if (call.failed()) {
          res.put("is_error", true);
        }
      }
    }
    ms.addObject().put("role", "user").put("content", c.last());
    ObjectNode tool = b.putArray("tools").addObject().put("name", "lookup");
    tool.putObject("input_schema").put("type", "object");
    return b;
  }

  /** The meaning of {@code c} in Chat Completions terms: one line per message. */
  static List<String> meaning(Conversation c) {
    List<String> out = new ArrayList<>();
    if (c.system() != null) {
      out.add("system: " + c.system());
    }
    out.add("user: " + c.first());
    for (Round r : c.rounds()) {
      StringBuilder a = new StringBuilder("assistant: " + (r.text() == null ? "" : r.text()));
      for (Call call : r.calls()) {
        a.append(" | call ")
            .append(call.id())
            .append(" lookup {\"q\":\"")
            .append(call.arg())
            .append("\"}");
      }
      out.add(a.toString());
      for (Call call : r.calls()) {
        // a failed result says so in its content, where the OpenAI wire has no flag (ADR 0055)
        out.add("tool " + call.id() + ": " + (call.failed() ? "Error: " : "") + call.result());
      }
    }
    out.add("user: " + c.last());
    return out;
  }

  /** What an OpenAI-compatible route received, read back as {@link #meaning} lines. */
  static List<String> received(JsonNode body) {
    List<String> out = new ArrayList<>();
    for (JsonNode m : body.get("messages")) {
      String role = m.get("role").asText();
      String text = m.path("content").isTextual() ? m.get("content").asText() : "";
      if (role.equals("tool")) {
        out.add("tool " + m.get("tool_call_id").asText() + ": " + text);
        continue;
      }
      StringBuilder line = new StringBuilder(role + ": " + text);
      for (JsonNode call : m.path("tool_calls")) {
        line.append(" | call ")
            .append(call.get("id").asText())
            .append(" ")
            .append(call.at("/function/name").asText())
            .append(" ")
            .append(json(call.at("/function/arguments").asText()));
      }
      out.add(line.toString());
    }
    return out;
  }

  private static HttpResponse<String> post(ServeFixture f, ObjectNode body) {
    return f.send(
        HttpRequest.newBuilder(f.uri("/v1/messages"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build());
  }

  @Property(tries = 15)
  void anAnthropicRouteReceivesTheAgentsOwnBody(@ForAll("conversations") Conversation c) {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(Step.ok("ok"))), MessagesFrontIT::catalog)) {
      ObjectNode body = body(c, "claude/opus");
      HttpResponse<String> r = post(f, body);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      body.put("model", "opus");
      assertThat(json(f.upstream.received().get(0).body())).isEqualTo(body);
    }
  }

  @Property(tries = 15)
  void anOpenAiRouteReceivesTheSameMeaning(@ForAll("conversations") Conversation c) {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("ok"))), MessagesFrontIT::catalog)) {
      HttpResponse<String> r = post(f, body(c, "alpha/small"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(received(json(f.upstream.received().get(0).body()))).isEqualTo(meaning(c));
    }
  }

  /**
   * A random answer: text, and maybe one tool call, in the route's own protocol; an OpenAI route's
   * ends with {@code finish} when it is not null — a word of OpenAI's, another server's synonym, or
   * one no table reads (ADR 0055).
   */
  record Answer(String text, String callArg, String finish) {
    String openAi() {
      ObjectNode a = F.objectNode().put("id", "chatcmpl-p").put("object", "chat.completion");
      a.put("created", 1).put("model", "small");
      ObjectNode m =
          a.putArray("choices")
              .addObject()
              .put("index", 0)
              .put(
                  "finish_reason",
                  finish != null ? finish : callArg == null ? "stop" : "tool_calls")
              .putObject("message")
              .put("role", "assistant")
              .put("content", text);
      if (callArg != null) {
        m.putArray("tool_calls")
            .addObject()
            .put("id", "call_p1")
            .put("type", "function")
            .putObject("function")
            .put("name", "lookup")
            .put("arguments", F.objectNode().put("q", callArg).toString());
      }
      a.putObject("usage")
          .put("prompt_tokens", 5)
          .put("completion_tokens", 3)
          .put("total_tokens", 8);
      return a.toString();
    }

    String anthropic() {
      ObjectNode a = F.objectNode().put("id", "msg_p").put("type", "message");
      a.put("role", "assistant").put("model", "opus");
      ArrayNode content = a.putArray("content");
      content.addObject().put("type", "text").put("text", text);
      if (callArg != null) {
        content
            .addObject()
            .put("type", "tool_use")
            .put("id", "toolu_p1")
            .put("name", "lookup")
            .putObject("input")
            .put("q", callArg);
      }
      a.put("stop_reason", callArg == null ? "end_turn" : "tool_use");
      a.putObject("usage").put("input_tokens", 5).put("output_tokens", 3);
      return a.toString();
    }
  }

  /** Finish reasons that mean the generation failed (ADR 0055 addendum): no answer to compare. */
  private static final Set<String> IN_BAND_ERRORS =
      Set.of("error", "network_error", "insufficient_system_resource", "abort");

  @Provide
  Arbitrary<Answer> answers() {
    Arbitrary<String> finish =
        Arbitraries.oneOf(
                Arbitraries.of(
                    "stop",
                    "length",
                    "tool_calls",
                    "content_filter",
                    "eos",
                    "model_length",
                    "recitation",
                    "MALFORMED_FUNCTION_CALL"),
                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12))
            // an in-band error, failed over, not an answer (StreamFinishErrorTest)
            .filter(w -> !IN_BAND_ERRORS.contains(w))
            .injectNull(0.4);
    return Combinators.combine(words(), words().injectNull(0.5), finish).as(Answer::new);
  }

  @Property(tries = 12)
  void streamedAndWholeAnswersAgree(@ForAll("answers") Answer a, @ForAll("routes") String route) {
    String body = route.equals("claude/opus") ? a.anthropic() : a.openAi();
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(route, List.of(Step.answer(200, body), Step.answer(200, body))),
            MessagesFrontIT::catalog)) {
      AnthropicClient sdk =
          AnthropicOkHttpClient.builder()
              .baseUrl("http://127.0.0.1:" + f.server.port())
              .apiKey("unused")
              .maxRetries(0)
              .timeout(Duration.ofSeconds(20))
              .build();
      MessageCreateParams p =
          MessageCreateParams.builder().model(route).maxTokens(64).addUserMessage("Go").build();
      Message whole = sdk.messages().create(p);
      MessageAccumulator acc = MessageAccumulator.create();
      try (StreamResponse<RawMessageStreamEvent> s = sdk.messages().createStreaming(p)) {
        s.stream().forEach(acc::accumulate);
      }
      Message streamed = acc.message();
      assertThat(JsonValue.from(streamed.content()).toString())
          .isEqualTo(JsonValue.from(whole.content()).toString());
      assertThat(streamed.stopReason()).isEqualTo(whole.stopReason());
      // a word of Anthropic's closed list, whatever the route said: known() throws on another
      assertThat(whole.stopReason().orElseThrow().known()).isNotNull();
      assertThat(streamed.model()).isEqualTo(whole.model());
      assertThat(whole.model().asString()).isEqualTo(route);
    }
  }

  @Provide
  Arbitrary<String> routes() {
    return Arbitraries.of("alpha/small", "claude/opus");
  }
}
