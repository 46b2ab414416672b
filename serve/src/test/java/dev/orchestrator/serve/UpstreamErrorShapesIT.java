package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A settled upstream 4xx answered on each front in that front's own error shape (docs/design.md
 * §12, docs/reference.md §7): an error of the front's own protocol as the upstream wrote it, one of
 * the other protocol said in the front's shape with its status, message and type — and, on every
 * front, the project's {@code upstream_status} and {@code category} inside {@code error}.
 */
class UpstreamErrorShapesIT {
  private static final String OPENAI_400 =
      "{\"error\":{\"message\":\"Invalid 'messages[0]'.\",\"type\":\"invalid_request_error\","
          + "\"param\":\"messages\",\"code\":null}}";
  private static final String ANTHROPIC_400 =
      "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
          + "\"message\":\"prompt is too long: 210000 tokens > 200000 maximum\"},"
          + "\"request_id\":\"req_011\"}";
  private static final String ANTHROPIC_413 =
      "{\"type\":\"error\",\"error\":{\"type\":\"request_too_large\","
          + "\"message\":\"Request exceeds the maximum allowed number of bytes.\"}}";

  @ParameterizedTest(name = "{0} answering {1} {2}")
  @CsvSource({
    "/v1/chat/completions, claude/opus, 400",
    "/v1/responses, claude/opus, 400",
    "/v1/responses, claude/opus, 413",
    "/v1/chat/completions, alpha/small, 400",
    "/v1/responses, alpha/small, 400",
    "/v1/messages, alpha/small, 400",
    "/v1/messages, claude/opus, 400",
  })
  void aSettledUpstreamErrorIsInTheFrontsOwnShape(String path, String route, int status) {
    boolean anthropicUpstream = route.startsWith("claude");
    String upstream =
        !anthropicUpstream ? OPENAI_400 : status == 413 ? ANTHROPIC_413 : ANTHROPIC_400;
    try (ServeFixture f =
        ServeFixture.start(
            Map.of(route, List.of(Step.answer(status, upstream))), MessagesFrontIT::catalog)) {
      HttpResponse<String> r = f.send(request(f, path, route));

      assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
      JsonNode body = json(r.body());
      JsonNode sent = json(upstream);
      JsonNode err = body.get("error");
      assertThat(err.path("message").asText()).isEqualTo(sent.at("/error/message").asText());
      assertThat(err.path("type").asText()).isEqualTo(sent.at("/error/type").asText());
      assertThat(err.path("upstream_status").asInt()).isEqualTo(status);
      assertThat(err.path("category").asText()).isNotEmpty();
      boolean messagesFront = path.equals("/v1/messages");
      if (messagesFront) {
        assertThat(body.path("type").asText()).isEqualTo("error");
        assertThat(err.has("param")).isFalse();
      } else {
        assertThat(body.has("type")).as("no Anthropic envelope").isFalse();
        assertThat(err.has("param")).isTrue();
        assertThat(err.has("code")).isTrue();
      }
      if (messagesFront == anthropicUpstream) {
        // The front's own protocol: the upstream's body as it wrote it, its other fields too.
        assertThat(body.path("request_id").asText()).isEqualTo(sent.path("request_id").asText());
        assertThat(err.path("param").asText()).isEqualTo(sent.at("/error/param").asText());
      }
    }
  }

  private static HttpRequest request(ServeFixture f, String path, String route) {
    String body =
        switch (path) {
          case "/v1/messages" ->
              "{\"model\":\""
                  + route
                  + "\",\"max_tokens\":50,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
          case "/v1/responses" -> "{\"model\":\"" + route + "\",\"input\":\"hi\"}";
          default -> ServeFixture.body(route, false, "");
        };
    return HttpRequest.newBuilder(f.uri(path))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
