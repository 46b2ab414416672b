package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.history.StrictUpstream;
import dev.orchestrator.serve.front.Dispatch;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A conversation an agent started in one protocol, continued on a route of another family after the
 * first route of its pool failed (docs/design.md §13): what each strict stand-in receives is what
 * the agent sent, adapted only where the family cannot take it, and every adaptation is named in
 * the trace and counted in {@code x-orchestrator-adapted}.
 */
class ConversationsAcrossProvidersIT {
  private static final List<String> FAMILIES =
      List.of("openai", "groq", "mistral", "gemini", "deepseek", "anthropic");

  /** A one-pixel PNG, base64. */
  private static final String PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

  private static StrictUpstream strict;
  private static ServeFixture serve;

  @BeforeAll
  static void start() {
    strict = StrictUpstream.start();
    serve = ServeFixture.start(Map.of(), u -> catalog());
  }

  @AfterAll
  static void stop() {
    serve.close();
    strict.close();
  }

  /** One route per family, and a pool per family whose first route is always down. */
  private static Catalog catalog() {
    Catalog.Builder b = Catalog.builder();
    b.provider(
        Provider.of(
            StrictUpstream.DOWN,
            strict.baseUrl(StrictUpstream.DOWN),
            Protocol.OPENAI_CHAT,
            List.of()));
    b.route(route(StrictUpstream.DOWN));
    for (String family : FAMILIES) {
      Protocol protocol =
          family.equals("anthropic") ? Protocol.ANTHROPIC_MESSAGES : Protocol.OPENAI_CHAT;
      b.provider(Provider.of(family, strict.baseUrl(family), protocol, List.of()));
      b.route(route(family));
      b.pool(
          new Pool(
              "after-down-" + family,
              PoolKind.VIRTUAL,
              List.of(StrictUpstream.DOWN + "/m", family + "/m")));
    }
    return b.build();
  }

  private static Route route(String provider) {
    return Route.builder(provider, "m")
        .tier(Tier.FREE)
        .contextWindow(200_000)
        .maxOutputTokens(32_000)
        .capabilities(Capability.TOOLS, Capability.VISION)
        .build();
  }

  private static final String SCREENSHOT_TOOL =
      "\"tools\":[{\"name\":\"screenshot\",\"description\":\"Takes a screenshot\","
          + "\"input_schema\":{\"type\":\"object\"}}]";

  /**
   * A Messages conversation whose tool result carries a screenshot (an Anthropic {@code
   * tool_result} may hold images), continued on OpenAI after the first route failed: OpenAI takes
   * only text in a tool message, so the image goes in a user message right after the results, and
   * that is named; nothing is dropped.
   */
  @Test
  void aToolResultsImageReachesAnOpenAiRouteInAUserMessageAfterTheResults() {
    String body =
        "{\"model\":\"after-down-openai\",\"max_tokens\":256,"
            + SCREENSHOT_TOOL
            + ",\"messages\":["
            + "{\"role\":\"user\",\"content\":\"What is on my screen?\"},"
            + "{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_01A\","
            + "\"name\":\"screenshot\",\"input\":{}}]},"
            + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":"
            + "\"toolu_01A\",\"content\":[{\"type\":\"text\",\"text\":\"Here it is\"},"
            + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\","
            + "\"data\":\""
            + PNG
            + "\"}}]},{\"type\":\"text\",\"text\":\"Describe it.\"}]}]}";
    int before = serve.traces.size();

    HttpResponse<String> r = postTo("/v1/messages", body);

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    StrictUpstream.Received got = last("openai");
    assertThat(got.refusal()).as("openai's refusal").isNull();
    JsonNode messages = got.body().path("messages");
    assertThat(messages.get(2).path("role").asText()).isEqualTo("tool");
    assertThat(messages.get(2).path("content").asText()).isEqualTo("Here it is");
    assertThat(messages.get(3).path("role").asText()).isEqualTo("user");
    assertThat(messages.get(3).at("/content/0/image_url/url").asText())
        .isEqualTo("data:image/png;base64," + PNG);
    assertThat(messages.get(3).at("/content/1/text").asText()).isEqualTo("Describe it.");
    assertThat(strict.received()).anyMatch(x -> x.family().equals(StrictUpstream.DOWN));
    Trace trace = serve.traces.get(before);
    assertThat(trace.servingRoute()).isEqualTo("openai/m");
    assertThat(trace.adapted())
        .anyMatch(
            a ->
                a.startsWith("messages[2].content[1]: image moved to a user message")
                    && a.contains("openai takes only text in a tool result"));
    assertThat(r.headers().firstValue(Dispatch.ADAPTED))
        .contains(Integer.toString(trace.adapted().size()));
  }

  /**
   * A Responses conversation whose function call output carries an image, sent to OpenAI chat
   * completions: the image follows the results in a user message of its own.
   */
  @Test
  void aFunctionCallOutputsImageReachesAnOpenAiRouteInAUserMessage() {
    String body =
        "{\"model\":\"after-down-openai\",\"tools\":[{\"type\":\"function\",\"name\":"
            + "\"screenshot\",\"parameters\":{\"type\":\"object\"}}],\"input\":["
            + "{\"role\":\"user\",\"content\":\"What is on my screen?\"},"
            + "{\"type\":\"function_call\",\"call_id\":\"call_1\",\"name\":\"screenshot\","
            + "\"arguments\":\"{}\"},"
            + "{\"type\":\"function_call_output\",\"call_id\":\"call_1\",\"output\":["
            + "{\"type\":\"input_image\",\"image_url\":\"https://example.com/shot.png\"}]}]}";

    HttpResponse<String> r = postTo("/v1/responses", body);

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    StrictUpstream.Received got = last("openai");
    assertThat(got.refusal()).as("openai's refusal").isNull();
    JsonNode messages = got.body().path("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(2).path("role").asText()).isEqualTo("tool");
    assertThat(messages.get(3).path("role").asText()).isEqualTo("user");
    assertThat(messages.get(3).at("/content/0/image_url/url").asText())
        .isEqualTo("https://example.com/shot.png");
  }

  /**
   * A Messages tool result marked {@code is_error}, continued on Groq: the OpenAI wire has no such
   * field, so the content says it (ADR 0055): it starts with {@code Error: }, and that is named.
   */
  @Test
  void aFailedToolResultsIsErrorIsNamedWhereTheRouteHasNoSuchField() {
    String body =
        "{\"model\":\"after-down-groq\",\"max_tokens\":256,"
            + SCREENSHOT_TOOL
            + ",\"messages\":["
            + "{\"role\":\"user\",\"content\":\"What is on my screen?\"},"
            + "{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_01B\","
            + "\"name\":\"screenshot\",\"input\":{}}]},"
            + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":"
            + "\"toolu_01B\",\"is_error\":true,\"content\":\"display not found\"}]}]}";
    int before = serve.traces.size();

    HttpResponse<String> r = postTo("/v1/messages", body);

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode result = last("groq").body().path("messages").get(2);
    assertThat(result.path("role").asText()).isEqualTo("tool");
    assertThat(result.path("content").asText()).isEqualTo("Error: display not found");
    assertThat(result.has("is_error")).isFalse();
    Trace trace = serve.traces.get(before);
    assertThat(trace.servingRoute()).isEqualTo("groq/m");
    assertThat(trace.adapted())
        .contains(
            "messages[2].is_error: said in the content, which starts with \"Error\" (groq has no"
                + " such field)");
    assertThat(r.headers().firstValue(Dispatch.ADAPTED))
        .contains(Integer.toString(trace.adapted().size()));
  }

  /**
   * A Claude Code turn with thinking on, whose last tool loop an OpenAI route answered after a
   * failover (so its assistant turn has no thinking block Anthropic signed), back on Anthropic: the
   * normaliser runs this request without thinking, and that is what the route receives the first
   * time — the caller's own body, without its {@code thinking} — not a body Anthropic refuses and
   * the repair then sends again.
   */
  @Test
  void thinkingTurnedOffForAForeignToolLoopIsWhatTheAnthropicRouteReceives() {
    String body =
        "{\"model\":\"anthropic/m\",\"max_tokens\":4096,"
            + "\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":2048},"
            + SCREENSHOT_TOOL
            + ",\"messages\":["
            + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"What is on my"
            + " screen?\",\"cache_control\":{\"type\":\"ephemeral\"}}]},"
            + "{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"call_9\","
            + "\"name\":\"screenshot\",\"input\":{}}]},"
            + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":"
            + "\"call_9\",\"content\":\"a terminal\"}]}]}";
    int before = serve.traces.size();
    int sent = strict.received().size();

    HttpResponse<String> r = postTo("/v1/messages", body);

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    List<StrictUpstream.Received> got = strict.received().subList(sent, strict.received().size());
    assertThat(got).hasSize(1);
    assertThat(got.get(0).refusal()).as("anthropic's refusal").isNull();
    assertThat(got.get(0).body().has("thinking")).isFalse();
    assertThat(got.get(0).body().at("/messages/0/content/0/cache_control/type").asText())
        .as("the caller's own body, cache control and all")
        .isEqualTo("ephemeral");
    assertThat(serve.traces.get(before).adapted())
        .anyMatch(a -> a.startsWith("reasoning_effort: thinking off for this request"));
  }

  /**
   * A Codex turn replayed whole ({@code store: false}) with reasoning asked for, whose tool loop's
   * reasoning another server encrypted and whose results are followed by the user's text: Anthropic
   * reads the results and the text as one user turn still answering the calls, so the assistant
   * turn before it would need a thinking block Anthropic signed. The request runs without thinking,
   * and that is named — not refused by Anthropic for a thinking block it cannot have.
   */
  @Test
  void aReplayedToolLoopWithUserTextAfterItsResultsRunsWithoutThinkingOnAnthropic() {
    String body =
        "{\"model\":\"anthropic/m\",\"store\":false,\"reasoning\":{\"effort\":\"medium\"},"
            + "\"tools\":[{\"type\":\"function\",\"name\":\"shell\",\"parameters\":"
            + "{\"type\":\"object\"}}],\"input\":["
            + "{\"type\":\"message\",\"role\":\"user\",\"content\":\"list\"},"
            + "{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\","
            + "\"text\":\"I'll run ls\"}],\"encrypted_content\":\"gAAAAENC\"},"
            + "{\"type\":\"function_call\",\"call_id\":\"call_77\",\"name\":\"shell\","
            + "\"arguments\":\"{}\"},"
            + "{\"type\":\"function_call_output\",\"call_id\":\"call_77\",\"output\":\"a.txt\"},"
            + "{\"type\":\"message\",\"role\":\"user\",\"content\":\"thanks\"}]}";
    int before = serve.traces.size();

    HttpResponse<String> r = postTo("/v1/responses", body);

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    StrictUpstream.Received got = last("anthropic");
    assertThat(got.refusal()).as("anthropic's refusal").isNull();
    assertThat(got.body().has("thinking")).isFalse();
    Trace trace = serve.traces.get(before);
    assertThat(trace.adapted())
        .anyMatch(a -> a.startsWith("reasoning_effort: thinking off for this request"));
    assertThat(r.headers().firstValue(Dispatch.ADAPTED))
        .contains(Integer.toString(trace.adapted().size()));
  }

  /**
   * A chat conversation ending in an assistant prefill that ends in a space (OpenAI takes it;
   * Anthropic refuses a final assistant message ending in whitespace), continued on Anthropic after
   * the first route failed: the trailing whitespace is left out, and that is named.
   */
  @Test
  void aPrefillEndingInWhitespaceReachesAnthropicTrimmed() {
    String body =
        "{\"model\":\"after-down-anthropic\",\"messages\":["
            + "{\"role\":\"user\",\"content\":\"Name the capital of France.\"},"
            + "{\"role\":\"assistant\",\"content\":\"The capital of France is \"}]}";
    int before = serve.traces.size();

    HttpResponse<String> r = serve.post(body);

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    StrictUpstream.Received got = last("anthropic");
    assertThat(got.refusal()).as("anthropic's refusal").isNull();
    assertThat(got.body().at("/messages/1/content/0/text").asText())
        .isEqualTo("The capital of France is");
    Trace trace = serve.traces.get(before);
    assertThat(trace.servingRoute()).isEqualTo("anthropic/m");
    assertThat(trace.adapted())
        .contains(
            "messages[1].content: trailing whitespace left out (anthropic refuses a final"
                + " assistant message that ends in whitespace)");
  }

  static HttpResponse<String> postTo(String path, String body) {
    return serve.send(
        HttpRequest.newBuilder(serve.uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  static StrictUpstream.Received last(String family) {
    List<StrictUpstream.Received> got = strict.received();
    for (int i = got.size() - 1; i >= 0; i--) {
      if (got.get(i).family().equals(family)) {
        return got.get(i);
      }
    }
    throw new AssertionError("nothing reached " + family);
  }
}
