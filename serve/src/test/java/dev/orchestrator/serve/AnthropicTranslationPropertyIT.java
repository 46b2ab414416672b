package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static dev.orchestrator.serve.WireGenerators.maybe;
import static dev.orchestrator.serve.WireGenerators.obj;
import static dev.orchestrator.serve.WireGenerators.quarters;
import static dev.orchestrator.serve.WireGenerators.words;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * docs/design.md §9 for Anthropic routes, as a property: for a generated request made only of
 * fields with an Anthropic equivalent, the upstream receives exactly the translation {@code
 * providers/README.md} documents; for a generated Anthropic answer, the caller receives its id,
 * text, thinking, tool calls, finish reason and cache counts in OpenAI's terms.
 */
class AnthropicTranslationPropertyIT {
  private static final int ROUTE_MAX_OUTPUT = 32_000; // claude/opus in WireFidelityIT's catalog

  /** A request of translatable fields: the OpenAI JSON and the Anthropic body it must become. */
  record Case(ObjectNode openAi, ObjectNode anthropic) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<List<Object>> conversation =
        Combinators.combine(
                maybe(words()),
                words(),
                Arbitraries.of("none", "url", "data"),
                Arbitraries.of(true, false),
                words())
            .as((a, b, c, d, e) -> Arrays.asList(a, b, c, d, e));
    Arbitrary<List<Object>> knobs =
        Combinators.combine(
                maybe(quarters(0, 1)),
                maybe(quarters(0, 1)),
                maybe(words().list().ofMinSize(1).ofMaxSize(3)),
                maybe(Arbitraries.integers().between(1, 8192)),
                Arbitraries.of(true, false),
                maybe(words()),
                Arbitraries.of("absent", "auto", "none", "required", "lookup"),
                maybe(Arbitraries.of(true, false)))
            .as((a, b, c, d, e, f, g, h) -> Arrays.asList(a, b, c, d, e, f, g, h));
    return Combinators.combine(conversation, knobs).as(AnthropicTranslationPropertyIT::build);
  }

  @SuppressWarnings("unchecked")
  private static Case build(List<Object> conv, List<Object> k) {
    String system = (String) conv.get(0);
    String text = (String) conv.get(1);
    String image = (String) conv.get(2);
    boolean toolTrip = (Boolean) conv.get(3);
    String result = (String) conv.get(4);
    ObjectNode o = obj().put("model", "claude/opus");
    ObjectNode a = obj().put("model", "opus");
    ArrayNode om = o.putArray("messages");
    ArrayNode am = obj().arrayNode();
    if (system != null) {
      om.addObject().put("role", "system").put("content", system);
      a.put("system", system);
    }
    ObjectNode user = om.addObject().put("role", "user");
    ArrayNode userBlocks = am.addObject().put("role", "user").putArray("content");
    if (!text.isBlank()) {
      // a whitespace-only text says nothing, and Anthropic rejects it: the translation drops it
      userBlocks.addObject().put("type", "text").put("text", text);
    }
    if (image.equals("none")) {
      user.put("content", text);
    } else {
      ArrayNode parts = user.putArray("content");
      parts.addObject().put("type", "text").put("text", text);
      ObjectNode source = userBlocks.addObject().put("type", "image").putObject("source");
      if (image.equals("url")) {
        parts
            .addObject()
            .put("type", "image_url")
            .putObject("image_url")
            .put("url", "https://img.test/a.png");
        source.put("type", "url").put("url", "https://img.test/a.png");
      } else {
        parts
            .addObject()
            .put("type", "image_url")
            .putObject("image_url")
            .put("url", "data:image/png;base64," + WireGenerators.PNG);
        source.put("type", "base64").put("media_type", "image/png").put("data", WireGenerators.PNG);
      }
    }
    if (toolTrip) {
      ObjectNode asst = om.addObject().put("role", "assistant");
      asst.putNull("content");
      ObjectNode call = asst.putArray("tool_calls").addObject().put("id", "call_1");
      call.put("type", "function")
          .putObject("function")
          .put("name", "lookup")
          .put("arguments", "{\"q\":1}");
      ObjectNode use = am.addObject().put("role", "assistant").putArray("content").addObject();
      use.put("type", "tool_use").put("id", "call_1").put("name", "lookup");
      use.putObject("input").put("q", 1);
      om.addObject().put("role", "tool").put("tool_call_id", "call_1").put("content", result);
      am.addObject()
          .put("role", "user")
          .putArray("content")
          .addObject()
          .put("type", "tool_result")
          .put("tool_use_id", "call_1")
          .put("content", result);
    }
    a.set("messages", am);
    Double temperature = (Double) k.get(0);
    Double topP = (Double) k.get(1);
    List<String> stop = (List<String>) k.get(2);
    Integer limit = (Integer) k.get(3);
    boolean completionName = (Boolean) k.get(4);
    String endUser = (String) k.get(5);
    String choice = (String) k.get(6);
    Boolean parallel = (Boolean) k.get(7);
    a.put("max_tokens", limit == null ? ROUTE_MAX_OUTPUT : limit);
    if (limit != null) {
      o.put(completionName ? "max_completion_tokens" : "max_tokens", limit);
    }
    if (temperature != null) {
      o.put("temperature", temperature);
      a.put("temperature", temperature);
    }
    if (topP != null) {
      o.put("top_p", topP);
      a.put("top_p", topP);
    }
    if (stop != null) {
      stop.forEach(o.putArray("stop")::add);
      stop.forEach(a.putArray("stop_sequences")::add);
    }
    if (endUser != null) {
      o.put("user", endUser);
      a.putObject("metadata").put("user_id", endUser);
    }
    o.putArray("tools")
        .addObject()
        .put("type", "function")
        .putObject("function")
        .put("name", "lookup")
        .putObject("parameters")
        .put("type", "object");
    a.putArray("tools")
        .addObject()
        .put("name", "lookup")
        .putObject("input_schema")
        .put("type", "object");
    ObjectNode tc = obj();
    switch (choice) {
      case "auto" -> {
        o.put("tool_choice", "auto");
        tc.put("type", "auto");
      }
      case "none" -> {
        o.put("tool_choice", "none");
        tc.put("type", "none");
      }
      case "required" -> {
        o.put("tool_choice", "required");
        tc.put("type", "any");
      }
      case "lookup" -> {
        o.putObject("tool_choice")
            .put("type", "function")
            .putObject("function")
            .put("name", "lookup");
        tc.put("type", "tool").put("name", "lookup");
      }
      default -> {
        if (Boolean.FALSE.equals(parallel)) {
          tc.put("type", "auto");
        }
      }
    }
    if (parallel != null) {
      o.put("parallel_tool_calls", parallel);
    }
    if (Boolean.FALSE.equals(parallel) && !choice.equals("none")) {
      tc.put("disable_parallel_tool_use", true);
    }
    if (!tc.isEmpty()) {
      a.set("tool_choice", tc);
    }
    return new Case(o, a);
  }

  @Provide
  Arbitrary<ObjectNode> answers() {
    return Combinators.combine(
            Arbitraries.strings().alpha().numeric().ofLength(10),
            maybe(words()),
            maybe(words()),
            Arbitraries.integers().between(0, 2),
            Arbitraries.of("end_turn", "stop_sequence", "max_tokens", "refusal"),
            Arbitraries.integers().between(0, 900),
            maybe(Arbitraries.integers().between(0, 900)),
            maybe(Arbitraries.integers().between(0, 900)))
        .as(
            (id, thinking, text, calls, stop, in, read, write) -> {
              ObjectNode a = obj().put("id", "msg_" + id).put("type", "message");
              a.put("role", "assistant").put("model", "opus");
              ArrayNode content = a.putArray("content");
              if (thinking != null) {
                content
                    .addObject()
                    .put("type", "thinking")
                    .put("thinking", thinking)
                    .put("signature", "s");
              }
              String t = text == null && calls == 0 ? "fallback" : text;
              if (t != null) {
                content.addObject().put("type", "text").put("text", t);
              }
              for (int i = 0; i < calls; i++) {
                ObjectNode use = content.addObject().put("type", "tool_use");
                use.put("id", "toolu_" + id + i)
                    .put("name", "lookup")
                    .putObject("input")
                    .put("i", i);
              }
              a.put("stop_reason", calls > 0 ? "tool_use" : stop);
              ObjectNode u = a.putObject("usage").put("input_tokens", in).put("output_tokens", 7);
              if (read != null) {
                u.put("cache_read_input_tokens", read);
              }
              if (write != null) {
                u.put("cache_creation_input_tokens", write);
              }
              return a;
            });
  }

  private static final Map<String, String> FINISH =
      Map.of(
          "end_turn", "stop",
          "stop_sequence", "stop",
          "max_tokens", "length",
          "refusal", "content_filter",
          "tool_use", "tool_calls");

  @Property(tries = 25)
  void anAnthropicRouteReceivesTheDocumentedTranslationAndTheCallerGetsItsAnswerInOpenAiTerms(
      @ForAll("cases") Case c, @ForAll("answers") ObjectNode answer) {
    try (ServeFixture f = WireFidelityIT.answering("claude/opus", answer.toString())) {
      HttpResponse<String> r = f.post(c.openAi().toString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);

      JsonNode sent = json(f.upstream.received().get(0).body());
      assertThat(sent).isEqualTo(json(c.anthropic().toString()));

      JsonNode up = json(answer.toString());
      JsonNode body = json(r.body());
      JsonNode m = body.at("/choices/0/message");
      StringBuilder text = new StringBuilder();
      StringBuilder thinking = new StringBuilder();
      ArrayNode calls = obj().arrayNode();
      for (JsonNode block : up.get("content")) {
        switch (block.get("type").asText()) {
          case "text" -> text.append(block.get("text").asText());
          case "thinking" -> thinking.append(block.get("thinking").asText());
          default -> {
            ObjectNode call = calls.addObject().put("id", block.get("id").asText());
            call.put("type", "function")
                .putObject("function")
                .put("name", "lookup")
                .put("arguments", block.get("input").toString());
          }
        }
      }
      assertThat(body.path("id").asText()).isEqualTo(up.get("id").asText());
      assertThat(m.path("content").asText("")).isEqualTo(text.toString());
      assertThat(m.path("reasoning_content").asText("")).isEqualTo(thinking.toString());
      assertThat(m.path("tool_calls").isMissingNode() ? obj().arrayNode() : m.get("tool_calls"))
          .isEqualTo(calls);
      assertThat(body.at("/choices/0/finish_reason").asText())
          .isEqualTo(FINISH.get(up.get("stop_reason").asText()));
      JsonNode u = up.get("usage");
      int read = u.path("cache_read_input_tokens").asInt(0);
      int write = u.path("cache_creation_input_tokens").asInt(0);
      assertThat(body.at("/usage/prompt_tokens").asInt())
          .isEqualTo(u.get("input_tokens").asInt() + read + write);
      assertThat(body.at("/usage/prompt_tokens_details/cached_tokens"))
          .isEqualTo(u.path("cache_read_input_tokens"));
      assertThat(body.at("/usage/prompt_tokens_details/cache_write_tokens"))
          .isEqualTo(u.path("cache_creation_input_tokens"));
    }
  }
}
