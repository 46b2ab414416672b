package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.http.Json;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A name of megabytes in a request body — a model, a fallback model, a tool to force, a previous
 * response — is refused in a few hundred bytes naming its length, on every front, and the access
 * log line stays a line: no answer and no log repeats a caller's megabytes.
 */
class HugeNamesIT {
  private static final String HUGE = "orchestrator/fre" + "e".repeat(2_000_000);
  private static final int SMALL = 2_048;

  private static HttpResponse<String> post(ServeFixture f, String path, String token, String body) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(f.uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return f.send(b.build());
  }

  private static String chat(String model) {
    ObjectNode o = Json.MAPPER.createObjectNode().put("model", model);
    o.putArray("messages").addObject().put("role", "user").put("content", "hi");
    return o.toString();
  }

  private static void assertSmall(HttpResponse<String> r, int status) {
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(r.body().length()).as("answer size").isLessThan(SMALL);
    assertThat(r.body()).contains("(2000016 characters)");
  }

  @Test
  void anUnknownModelOfMegabytesIsNamedByItsLengthOnEveryFront() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("ok"))),
            ServeFixture.generousPolicy(),
            o -> o.maxBodyBytes(8L * 1024 * 1024))) {
      assertSmall(post(f, "/v1/chat/completions", null, chat(HUGE)), 404);

      ObjectNode messages = Json.MAPPER.createObjectNode().put("model", HUGE).put("max_tokens", 4);
      messages.putArray("messages").addObject().put("role", "user").put("content", "hi");
      assertSmall(post(f, "/v1/messages", null, messages.toString()), 404);

      ObjectNode responses = Json.MAPPER.createObjectNode().put("model", HUGE).put("input", "hi");
      assertSmall(post(f, "/v1/responses", null, responses.toString()), 404);

      ObjectNode fallback = (ObjectNode) Json.MAPPER.valueToTree(ServeFixture.json(chat("pair")));
      fallback.putArray("models").add("alpha/small").add(HUGE);
      assertSmall(post(f, "/v1/chat/completions", null, fallback.toString()), 404);

      ObjectNode previous =
          Json.MAPPER
              .createObjectNode()
              .put("model", "alpha/small")
              .put("input", "hi")
              .put("previous_response_id", HUGE);
      assertSmall(post(f, "/v1/responses", null, previous.toString()), 404);

      ObjectNode forced = (ObjectNode) ServeFixture.json(chat("beta/large"));
      forced
          .putArray("tools")
          .addObject()
          .put("type", "function")
          .putObject("function")
          .put("name", "f")
          .putObject("parameters");
      forced
          .putObject("tool_choice")
          .put("type", "function")
          .putObject("function")
          .put("name", HUGE);
      assertSmall(post(f, "/v1/chat/completions", null, forced.toString()), 400);

      assertThat(ServeFixture.within10s(() -> f.accessLog.size() == 6)).isTrue();
      assertThat(f.accessLog).allSatisfy(line -> assertThat(line.length()).isLessThan(SMALL));
    }
  }

  @Test
  void aModelOfMegabytesOutsideAnAllowListIsNamedByItsLength() {
    ClientToken limited =
        new ClientToken(
            "limited", ClientToken.sha256("limited-token"), BigDecimal.ONE, null, List.of("a*"));
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok("ok"))),
            ServeFixture.generousPolicy(),
            o -> o.maxBodyBytes(8L * 1024 * 1024).clients(List.of(limited)))) {
      assertSmall(post(f, "/v1/chat/completions", "limited-token", chat(HUGE)), 403);
    }
  }
}
