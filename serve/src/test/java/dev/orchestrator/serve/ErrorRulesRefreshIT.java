package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator's {@code errors:} rules follow the catalog in force: a rule that arrives with a
 * refreshed {@code --source} decides the next failure of the server's own provider clients, with no
 * restart (docs/reference.md, "User error rules").
 */
class ErrorRulesRefreshIT {
  @TempDir Path cacheDir;

  private static final String TEAPOT =
      "{\"error\":{\"message\":\"upstream says teapot\",\"type\":\"invalid_request_error\"}}";

  private static final String RULE =
      """
      errors:
        - match:
            messageContains: teapot
          category: quota_exhausted
          retryable: false
      """;

  private static String yaml(ScriptedUpstream upstream, String extra) {
    return "providers:\n  alpha: {baseUrl: \""
        + upstream.baseUrl("alpha")
        + "\", protocol: openai-chat, apiKeyEnv: [SIM_KEY]}\n"
        + "routes:\n  \"alpha/m\": {tier: free, contextWindow: 8000}\n"
        + extra;
  }

  @Test
  void aRuleThatArrivesWithARefreshedCatalogDecidesTheNextFailure() throws Exception {
    try (ScriptedUpstream upstream =
            ScriptedUpstream.start(
                Map.of("alpha/m", List.of(Step.answer(400, TEAPOT), Step.answer(400, TEAPOT))));
        CatalogServer source = new CatalogServer()) {
      source.serve(yaml(upstream, ""));
      LiveCatalog live =
          LiveCatalog.builder()
              .catalogs(List.of())
              .sources(List.of(source.url()))
              .cacheDir(cacheDir)
              .refresher(r -> r.sleeper(d -> {}).timeout(Duration.ofSeconds(5)))
              .build();
      try (OrchestratorServer server =
          OrchestratorServer.builder()
              .options(
                  ServerOptions.builder()
                      .port(0)
                      .threads(4)
                      .shutdownGrace(Duration.ofSeconds(2))
                      .build())
              .liveCatalog(live)
              .credentials(Credentials.constant("sk-sim"))
              .start()) {
        assertThat(chat(server).at("/error/category").asText()).isEqualTo("request_invalid");

        source.serve(yaml(upstream, RULE));
        assertThat(server.catalog().refresh()).isTrue();

        assertThat(chat(server).at("/error/category").asText()).isEqualTo("quota_exhausted");
      }
    }
  }

  private static JsonNode chat(OrchestratorServer server) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/v1/chat/completions"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            ServeFixture.body("alpha/m", false, "")))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return ServeFixture.json(r.body());
  }
}
