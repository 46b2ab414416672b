package dev.orchestrator.providers.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The scripted upstream's own contract (docs/reference.md §4), spoken to with a plain HTTP client.
 */
class ScriptedUpstreamIT {
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private HttpResponse<String> post(ScriptedUpstream u, String provider, String body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(u.baseUrl(provider) + "/chat/completions"))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .timeout(Duration.ofSeconds(5))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void takesTheNextStepPerCallAndRepeatsTheLast() throws Exception {
    try (ScriptedUpstream u =
        ScriptedUpstream.start(
            Map.of("a/m", List.of(Step.answer(503, "busy"), Step.ok("first"), Step.ok("last"))))) {
      List<Integer> statuses = new java.util.ArrayList<>();
      List<String> bodies = new java.util.ArrayList<>();
      for (int i = 0; i < 4; i++) {
        HttpResponse<String> r = post(u, "a", "{\"model\":\"m\"}");
        statuses.add(r.statusCode());
        bodies.add(r.body());
      }
      HttpResponse<String> other = post(u, "b", "{\"model\":\"x/y:free\"}");

      assertThat(statuses).containsExactly(503, 200, 200, 200);
      assertThat(bodies.get(0)).isEqualTo("busy");
      assertThat(bodies.get(1)).contains("\"content\":\"first\"");
      assertThat(bodies.get(3)).contains("\"content\":\"last\"");
      assertThat(other.body()).contains("\"content\":\"ok\"");
      assertThat(u.calls()).containsExactly("a/m", "a/m", "a/m", "a/m", "b/x/y:free");
      assertThat(u.callCount("a/m")).isEqualTo(4);
      assertThat(u.callCount("b/x/y:free")).isEqualTo(1);
      assertThat(u.callCount("never/called")).isZero();
    }
  }

  @Test
  void streamsAsServerSentEventsWhenAsked() throws Exception {
    try (ScriptedUpstream u =
        ScriptedUpstream.start(
            Map.of("a/m", List.of(Step.ok("two words").withUsage(Map.of("total_tokens", 3)))))) {
      HttpResponse<String> r = post(u, "a", "{\"model\":\"m\",\"stream\":true}");

      assertThat(r.headers().firstValue("content-type")).hasValue("text/event-stream");
      assertThat(r.body())
          .contains("\"content\":\"two \"")
          .contains("\"finish_reason\":\"stop\"")
          .contains("\"total_tokens\":3")
          .endsWith("data: [DONE]\n\n");
    }
  }

  @Test
  void answersUnknownPathsWithA404() throws Exception {
    try (ScriptedUpstream u = ScriptedUpstream.start(Map.of())) {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + u.port() + "/nope"))
                  .POST(HttpRequest.BodyPublishers.ofString("{}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(r.statusCode()).isEqualTo(404);
      assertThat(u.calls()).isEmpty();
    }
  }

  @Test
  void closesPromptlyWhileAClientWaitsOnAStall() throws Exception {
    ScriptedUpstream u =
        ScriptedUpstream.start(Map.of("a/m", List.of(Step.fault(Fault.NO_RESPONSE))));
    try (Socket s = new Socket("127.0.0.1", u.port())) {
      byte[] body = "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8);
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /p/a/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      while (u.callCount("a/m") == 0) {
        Thread.onSpinWait();
      }
      u.close();

      // Closing woke the handler blocked on the stall: its connection is gone when close returns
      // (it removes it as it ends). Had only close's two-second wait ended, it would still be open.
      assertThat(u.openConnections()).isZero();
      assertThat(s.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void namesProviderBaseUrlsUnderItsPort() {
    try (ScriptedUpstream u = ScriptedUpstream.start(Map.of())) {
      assertThat(u.baseUrl("nvidia")).isEqualTo("http://127.0.0.1:" + u.port() + "/p/nvidia/v1");
    }
  }
}
