package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OpenRouter's {@code reasoning_details} — the reasoning blocks (text with a signature, encrypted,
 * summaries) a reasoning model must get back on the next turn to go on thinking where it left off
 * (https://openrouter.ai/docs/use-cases/reasoning-tokens#preserving-reasoning-blocks) — survive the
 * chat front both ways: an OpenRouter answer's array reaches the client, whole and streamed ({@code
 * choices[].delta.reasoning_details}), and the client's replayed array reaches the route unchanged.
 */
class ReasoningDetailsIT {
  private static final String ROUTE = "openrouter/anthropic/claude-sonnet-4";
  private static final String DETAILS =
      """
      [{"type":"reasoning.text","text":"The user wants Oslo.","signature":"sig-1",
        "format":"anthropic-claude-v1","index":0},
       {"type":"reasoning.encrypted","data":"ZW5jcnlwdGVk","format":"anthropic-claude-v1",
        "index":1}]""";

  static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    b.provider(
        Provider.of("openrouter", upstream.baseUrl("openrouter"), Protocol.OPENAI_CHAT, List.of()));
    b.route(
        Route.builder("openrouter", "anthropic/claude-sonnet-4")
            .tier(Tier.FREE)
            .contextWindow(200_000)
            .capabilities(Capability.TOOLS, Capability.REASONING)
            .build());
    return b.build();
  }

  private static ServeFixture serve(Step... steps) {
    return ServeFixture.start(Map.of(ROUTE, List.of(steps)), ReasoningDetailsIT::catalog);
  }

  private static String ask(boolean stream) {
    return """
        {"model":"%s","stream":%s,"messages":[{"role":"user","content":"Weather in Oslo?"}]}"""
        .formatted(ROUTE, stream);
  }

  /**
   * The round trip: the answer's array reaches the client, which replays the assistant message it
   * got on the next turn, and the route receives the array unchanged.
   */
  @Test
  void aWholeAnswersReasoningDetailsReachTheClientAndComeBackToTheRouteUnchanged() {
    String answer =
        """
        {"id":"gen-1","object":"chat.completion","created":1,"model":"anthropic/claude-sonnet-4",
         "choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant",
           "content":"Sunny.","reasoning":"The user wants Oslo.","reasoning_details":%s}}],
         "usage":{"prompt_tokens":9,"completion_tokens":7,"total_tokens":16}}"""
            .formatted(DETAILS);
    try (ServeFixture f = serve(Step.answer(200, answer), Step.ok("Still sunny."))) {
      HttpResponse<String> r = f.post(ask(false), ServeFixture.TOKEN);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      JsonNode message = json(r.body()).at("/choices/0/message");
      assertThat(message.path("content").asText()).isEqualTo("Sunny.");
      assertThat(message.path("reasoning_content").asText()).isEqualTo("The user wants Oslo.");
      assertThat(message.path("reasoning_details")).as(r.body()).isEqualTo(json(DETAILS));

      String next =
          """
          {"model":"%s","messages":[{"role":"user","content":"Weather in Oslo?"},%s,
            {"role":"user","content":"And tomorrow?"}]}"""
              .formatted(ROUTE, message);
      HttpResponse<String> second = f.post(next, ServeFixture.TOKEN);
      assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
      JsonNode sent = json(f.upstream.received().get(1).body()).at("/messages/1");
      assertThat(sent.path("reasoning_details")).isEqualTo(json(DETAILS));
    }
  }

  @Test
  void aStreamsReasoningDetailsDeltasReachTheClientInOrder() {
    String head =
        "data: {\"id\":\"gen-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
            + "\"model\":\"anthropic/claude-sonnet-4\",\"choices\":[{\"index\":0,\"delta\":";
    String sse =
        head
            + "{\"role\":\"assistant\",\"content\":\"\",\"reasoning\":\"The user \","
            + "\"reasoning_details\":[{\"type\":\"reasoning.text\",\"text\":\"The user \","
            + "\"format\":\"anthropic-claude-v1\",\"index\":0}]},\"finish_reason\":null}]}\n\n"
            + head
            + "{\"content\":\"\",\"reasoning\":\"wants Oslo.\",\"reasoning_details\":["
            + "{\"type\":\"reasoning.text\",\"text\":\"wants Oslo.\",\"signature\":\"sig-1\","
            + "\"format\":\"anthropic-claude-v1\",\"index\":0}]},\"finish_reason\":null}]}\n\n"
            + head
            + "{\"content\":\"Sunny.\"},\"finish_reason\":null}]}\n\n"
            + head
            + "{},\"finish_reason\":\"stop\"}]}\n\n"
            + "data: [DONE]\n\n";
    Step step = Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
    try (ServeFixture f = serve(step)) {
      ServeFixture.Sse s = f.streamBody(ask(true));
      assertThat(s.text()).as(s.body).isEqualTo("Sunny.");
      List<JsonNode> details = new ArrayList<>();
      for (JsonNode c : s.chunks()) {
        c.at("/choices/0/delta/reasoning_details").forEach(details::add);
      }
      assertThat(details)
          .as(s.body)
          .containsExactly(
              json(
                  "{\"type\":\"reasoning.text\",\"text\":\"The user \","
                      + "\"format\":\"anthropic-claude-v1\",\"index\":0}"),
              json(
                  "{\"type\":\"reasoning.text\",\"text\":\"wants Oslo.\",\"signature\":\"sig-1\","
                      + "\"format\":\"anthropic-claude-v1\",\"index\":0}"));
    }
  }
}
