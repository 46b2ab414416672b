package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.front.DroppedHeader;
import dev.orchestrator.serve.http.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A long conversation whose every turn carries a hint the serving route cannot take (Claude Code's
 * {@code cache_control}, Codex's replayed {@code encrypted_content}) is answered: the {@code
 * x-orchestrator-dropped} header names the first hints and counts the rest, and never grows past
 * what an HTTP head can carry.
 */
class DroppedHeaderIT {
  /** Enough turns that naming each dropped hint takes far more than a response head may hold. */
  private static final int TURNS = 1500;

  private static HttpResponse<String> post(ServeFixture f, String path, String body) {
    return f.send(
        HttpRequest.newBuilder(f.uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  private static String messagesBody(boolean stream) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("model", "alpha/small").put("max_tokens", 16).put("stream", stream);
    ArrayNode messages = o.putArray("messages");
    for (int i = 0; i <= TURNS; i++) {
      ObjectNode block =
          messages
              .addObject()
              .put("role", i % 2 == 0 ? "user" : "assistant")
              .putArray("content")
              .addObject();
      block.put("type", "text").put("text", "turn " + i);
      block.putObject("cache_control").put("type", "ephemeral");
    }
    return o.toString();
  }

  private static String responsesBody(boolean stream) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("model", "alpha/small").put("stream", stream);
    ArrayNode input = o.putArray("input");
    input.addObject().put("type", "message").put("role", "user").put("content", "hello");
    for (int i = 0; i < TURNS; i++) {
      ObjectNode reasoning = input.addObject();
      reasoning.put("type", "reasoning").put("id", "rs_" + i);
      reasoning.putArray("summary");
      reasoning.put("encrypted_content", "opaque-" + i);
    }
    return o.toString();
  }

  private static void assertBounded(HttpResponse<String> r, String firstDropped) {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    String dropped = r.headers().firstValue("x-orchestrator-dropped").orElseThrow();
    assertThat(dropped.length()).isLessThanOrEqualTo(DroppedHeader.MAX_CHARS);
    assertThat(dropped).startsWith(firstDropped + ",").matches(".*,\\.\\.\\. \\(\\d+ more\\)$");
  }

  @Test
  void aLongMessagesConversationWithAHintOnEveryTurnIsAnsweredWholeAndStreamed() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("whole"), Step.ok("streamed"))),
            ServeFixture.generousPolicy(),
            o -> {})) {
      HttpResponse<String> whole = post(f, "/v1/messages", messagesBody(false));
      assertBounded(whole, "messages[0].content[0].cache_control");
      assertThat(whole.body()).contains("whole");

      HttpResponse<String> streamed = post(f, "/v1/messages", messagesBody(true));
      assertBounded(streamed, "messages[0].content[0].cache_control");
      assertThat(streamed.body()).contains("streamed").contains("message_stop");
    }
  }

  @Test
  void aLongResponsesConversationWithReplayedReasoningIsAnsweredWholeAndStreamed() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("whole"), Step.ok("streamed"))),
            ServeFixture.generousPolicy(),
            o -> {})) {
      HttpResponse<String> whole = post(f, "/v1/responses", responsesBody(false));
      assertBounded(whole, "input[1].encrypted_content");
      assertThat(whole.body()).contains("whole");

      HttpResponse<String> streamed = post(f, "/v1/responses", responsesBody(true));
      assertBounded(streamed, "input[1].encrypted_content");
      assertThat(streamed.body()).contains("streamed").contains("response.completed");
    }
  }

  @Test
  void oneOverlongNameIsCut() {
    String type = "x".repeat(100_000);
    String value = DroppedHeader.value(List.of("messages[0].content[0] (" + type + ")", "top_k"));
    assertThat(value).isEqualTo("... (2 more)");
    assertThat(DroppedHeader.value(List.of("a", "b"))).isEqualTo("a,b");
  }
}
