package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.body;
import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Session affinity through {@code serve} (issue #32): an agent's session, named by the body's
 * {@code prompt_cache_key} or by its own session header (Claude Code's {@code
 * x-claude-code-session-id}, Codex's {@code session-id}, or {@code x-session-id}), stays on the
 * route that last answered it, and {@code x-orchestrator-affinity} says so.
 */
class SessionAffinityIT {
  private static final Step REFUSED =
      Step.answer(400, "{\"error\":{\"message\":\"not on this route\",\"type\":\"invalid\"}}");

  private static HttpRequest.Builder chat(ServeFixture f, String body) {
    return HttpRequest.newBuilder(f.uri("/v1/chat/completions"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  @Test
  void eachWayOfNamingASessionKeepsItOnTheRouteThatAnsweredIt() {
    for (String header :
        List.of("x-session-id", "x-claude-code-session-id", "session-id", "prompt_cache_key")) {
      // alpha refuses the first request (a 400 fails over in a virtual pool); beta answers it.
      try (ServeFixture f =
          ServeFixture.start(Map.of("alpha/small", List.of(REFUSED, Step.ok("alpha"))))) {
        boolean inBody = header.equals("prompt_cache_key");
        String turn = body("pair", false, inBody ? "\"prompt_cache_key\":\"s-1\"" : "");
        HttpRequest.Builder first = chat(f, turn);
        HttpRequest.Builder second = chat(f, turn);
        if (!inBody) {
          first.header(header, "s-1");
          second.header(header, "s-1");
        }
        HttpResponse<String> moved = f.send(first.build());
        assertThat(moved.headers().firstValue("x-orchestrator-route")).hasValue("beta/large");
        assertThat(moved.headers().firstValue("x-orchestrator-affinity")).isEmpty();

        HttpResponse<String> kept = f.send(second.build());
        assertThat(json(kept.body()).path("model").asText()).as(header).isEqualTo("beta/large");
        assertThat(kept.headers().firstValue("x-orchestrator-affinity"))
            .as(header)
            .hasValue("beta/large");

        // A request without the session is planned as ever: alpha first, and it answers now.
        HttpResponse<String> other = f.send(chat(f, body("pair", false, "")).build());
        assertThat(json(other.body()).path("model").asText()).isEqualTo("alpha/small");
        assertThat(other.headers().firstValue("x-orchestrator-affinity")).isEmpty();
      }
    }
  }

  @Test
  void everyFrontNamesTheSessionsRouteOnAStreamedAnswerToo() {
    try (ServeFixture f =
        ServeFixture.start(Map.of("alpha/small", List.of(REFUSED, Step.ok("alpha"))))) {
      HttpResponse<String> moved =
          f.send(chat(f, body("pair", false, "")).header("x-session-id", "s-2").build());
      assertThat(moved.headers().firstValue("x-orchestrator-route")).hasValue("beta/large");
      Map<String, String> streamed =
          Map.of(
              "/v1/chat/completions",
              body("pair", true, ""),
              "/v1/messages",
              "{\"model\":\"pair\",\"max_tokens\":16,\"stream\":true,"
                  + "\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}",
              "/v1/responses",
              "{\"model\":\"pair\",\"max_output_tokens\":16,\"stream\":true,\"input\":\"hello\"}");
      streamed.forEach(
          (path, b) -> {
            HttpResponse<String> r =
                f.send(
                    HttpRequest.newBuilder(f.uri(path))
                        .header("Content-Type", "application/json")
                        .header("x-session-id", "s-2")
                        .POST(HttpRequest.BodyPublishers.ofString(b))
                        .build());
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            assertThat(r.headers().firstValue("content-type").orElse(""))
                .as(path)
                .startsWith("text/event-stream");
            assertThat(r.headers().firstValue("x-orchestrator-affinity"))
                .as(path)
                .hasValue("beta/large");
            HttpResponse<String> none =
                f.send(
                    HttpRequest.newBuilder(f.uri(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(b))
                        .build());
            assertThat(none.headers().firstValue("x-orchestrator-affinity")).as(path).isEmpty();
          });
    }
  }
}
