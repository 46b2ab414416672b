package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.front.Dispatch;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A PDF sent through the HTTP front as a chat completions {@code file} part, against scripted
 * upstreams on {@code 127.0.0.1}: the front reads the part where Jackson parses it, an Anthropic
 * route receives Anthropic's {@code document} block (the translation named in the trace and counted
 * in {@code x-orchestrator-adapted}), an OpenAI-protocol route the part byte for byte, and a part
 * Anthropic cannot read is the caller's {@code 400} naming its field when only Anthropic is left.
 * The Responses front's {@code input_file} reaches Anthropic the same way.
 */
class PdfFilePartIT {
  /** "%PDF-1.4\n%äüöß\n" in base64. */
  static final String DATA = "JVBERi0xLjQKJcOkw7zDtsOfCg==";

  static final String PART =
      "{\"type\":\"file\",\"file\":{\"filename\":\"report.pdf\","
          + "\"file_data\":\"data:application/pdf;base64,"
          + DATA
          + "\"}}";

  static final String DOCUMENT =
      "{\"type\":\"document\",\"source\":{\"type\":\"base64\",\"media_type\":\"application/pdf\","
          + "\"data\":\""
          + DATA
          + "\"},\"title\":\"report.pdf\"}";

  static final String NAMED =
      "messages[0].content[1]: PDF file part sent as a document block, file.filename as its"
          + " title (anthropic-messages reads a PDF only in one)";

  /** claude/opus: Anthropic, reads PDFs; gpt/mini: OpenAI, reads PDFs. */
  static Catalog catalog(ScriptedUpstream upstream) {
    return Catalog.builder()
        .provider(
            Provider.of(
                "claude", upstream.baseUrl("claude"), Protocol.ANTHROPIC_MESSAGES, List.of()))
        .provider(Provider.of("gpt", upstream.baseUrl("gpt"), Protocol.OPENAI_CHAT, List.of()))
        .route(route("claude", "opus"))
        .route(route("gpt", "mini"))
        .build();
  }

  private static Route route(String provider, String model) {
    return Route.builder(provider, model)
        .tier(Tier.FREE)
        .contextWindow(200_000)
        .maxOutputTokens(32_000)
        .capabilities(Capability.VISION, Capability.PDF)
        .build();
  }

  static String request(String model, String part, boolean stream) {
    return "{\"model\":\""
        + model
        + "\",\"stream\":"
        + stream
        + ",\"max_tokens\":256,\"messages\":[{\"role\":\"user\",\"content\":["
        + "{\"type\":\"text\",\"text\":\"Summarise it.\"},"
        + part
        + "]}]}";
  }

  @ParameterizedTest(name = "stream={0}")
  @ValueSource(booleans = {false, true})
  void aChatCompletionsPdfFilePartReachesAnAnthropicRouteAsADocumentBlock(boolean stream) {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(Step.ok("It is a report."))), PdfFilePartIT::catalog)) {
      int before = f.traces.size();
      String adapted;
      if (stream) {
        ServeFixture.Sse s = f.streamBody(request("claude/opus", PART, true));
        assertThat(s.response.statusCode()).as(s.body).isEqualTo(200);
        assertThat(s.text()).isEqualTo("It is a report.");
        adapted = s.response.headers().firstValue(Dispatch.ADAPTED).orElse(null);
      } else {
        HttpResponse<String> r = f.post(request("claude/opus", PART, false));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(json(r.body()).at("/choices/0/message/content").asText())
            .isEqualTo("It is a report.");
        adapted = r.headers().firstValue(Dispatch.ADAPTED).orElse(null);
      }

      ScriptedUpstream.Received sent = f.upstream.received().get(0);
      assertThat(sent.routeId()).isEqualTo("claude/opus");
      assertThat(sent.path()).endsWith("/v1/messages");
      assertThat(sent.body())
          .contains("\"content\":[{\"type\":\"text\",\"text\":\"Summarise it.\"}," + DOCUMENT + "]")
          .doesNotContain("file_data")
          .doesNotContain("\"file\"");
      Trace trace = f.traces.get(before);
      assertThat(trace.adapted()).containsExactly(NAMED);
      assertThat(adapted).isEqualTo("1");
    }
  }

  @Test
  void theSamePartReachesAnOpenAiRouteByteForByte() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("gpt/mini", List.of(Step.ok("It is a report."))), PdfFilePartIT::catalog)) {
      HttpResponse<String> r = f.post(request("gpt/mini", PART, false));

      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(r.headers().firstValue(Dispatch.ADAPTED)).isEmpty();
      ScriptedUpstream.Received sent = f.upstream.received().get(0);
      assertThat(sent.routeId()).isEqualTo("gpt/mini");
      assertThat(sent.body())
          .contains("\"content\":[{\"type\":\"text\",\"text\":\"Summarise it.\"}," + PART + "]")
          .doesNotContain("document");
    }
  }

  @Test
  void anUploadedFilesIdForOnlyAnAnthropicRouteIs400NamingTheField() {
    try (ServeFixture f = ServeFixture.start(Map.of(), PdfFilePartIT::catalog)) {
      HttpResponse<String> r =
          f.post(
              request(
                  "claude/opus", "{\"type\":\"file\",\"file\":{\"file_id\":\"file-abc\"}}", false));

      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      JsonNode error = json(r.body()).get("error");
      assertThat(error.path("param").asText()).isEqualTo("messages[0].content[1].file.file_id");
      assertThat(error.path("message").asText())
          .contains("an uploaded file's id, readable only where it was stored");
      assertThat(f.upstream.calls()).isEmpty();
    }
  }

  @Test
  void aResponsesInputFileReachesAnAnthropicRouteAsTheSameDocumentBlock() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("claude/opus", List.of(Step.ok("It is a report."))), PdfFilePartIT::catalog)) {
      HttpResponse<String> r =
          ResponsesIT.post(
              f,
              "{\"model\":\"claude/opus\",\"max_output_tokens\":256,\"input\":[{\"role\":\"user\","
                  + "\"content\":[{\"type\":\"input_text\",\"text\":\"Summarise it.\"},"
                  + "{\"type\":\"input_file\",\"filename\":\"report.pdf\","
                  + "\"file_data\":\"data:application/pdf;base64,"
                  + DATA
                  + "\"}]}]}");

      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(f.upstream.received().get(0).body())
          .contains(
              "\"content\":[{\"type\":\"text\",\"text\":\"Summarise it.\"}," + DOCUMENT + "]");
    }
  }
}
