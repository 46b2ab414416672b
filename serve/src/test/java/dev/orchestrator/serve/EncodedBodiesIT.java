package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Request bodies sent with a {@code Content-Encoding}: gzip is inflated and answered as the plain
 * body is, on every front, with {@code --max-body-bytes} bounding the inflated size (a gzip bomb is
 * the same {@code 413} as an oversized body, refused once the bound is passed, not inflated whole);
 * any other encoding is a {@code 415} naming it, never a JSON parse error.
 */
class EncodedBodiesIT {
  private static final int LIMIT = 64 * 1024;

  /** Each front: its path and a body for {@code alpha/small}. */
  private static final Map<String, String> FRONTS =
      Map.of(
          "/v1/chat/completions",
          ServeFixture.body("alpha/small", false, ""),
          "/v1/messages",
          "{\"model\":\"alpha/small\",\"max_tokens\":16,\"messages\":[{\"role\":\"user\","
              + "\"content\":\"Say hello\"}]}",
          "/v1/responses",
          "{\"model\":\"alpha/small\",\"max_output_tokens\":16,\"input\":\"Say hello\"}");

  private static byte[] gzip(byte[] plain) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(plain);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static HttpResponse<String> post(
      ServeFixture f, String path, byte[] body, String encoding) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(f.uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (encoding != null) {
      b.header("Content-Encoding", encoding);
    }
    return f.send(b.build());
  }

  private static ServeFixture start() {
    return ServeFixture.start(
        Map.of("alpha/small", List.of(Step.ok("Same answer."))),
        ServeFixture.generousPolicy(),
        o -> o.maxBodyBytes(LIMIT));
  }

  @Test
  void aGzipBodyIsAnsweredAsThePlainOneIsOnEveryFront() {
    try (ServeFixture f = start()) {
      for (Map.Entry<String, String> front : FRONTS.entrySet()) {
        String path = front.getKey();
        byte[] plain = front.getValue().getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> asPlain = post(f, path, plain, null);
        HttpResponse<String> asGzip = post(f, path, gzip(plain), "gzip");

        assertThat(asPlain.statusCode()).as(path + " " + asPlain.body()).isEqualTo(200);
        assertThat(asGzip.statusCode()).as(path + " " + asGzip.body()).isEqualTo(200);
        assertThat(asGzip.body()).as(path).contains("Same answer.");
        List<ScriptedUpstream.Received> sent = f.upstream.received();
        assertThat(sent.get(sent.size() - 1).body())
            .as(path + ": the upstream is sent what the plain body asks for")
            .isEqualTo(sent.get(sent.size() - 2).body());
      }
    }
  }

  @Test
  void aGzipBombIsThe413OfAnOversizedBody() {
    byte[] bomb = gzip(new byte[10 * 1024 * 1024]); // 10 MiB of zeros in about 10 KiB
    assertThat(bomb.length).isLessThan(LIMIT);
    try (ServeFixture f = start()) {
      for (String path : FRONTS.keySet()) {
        HttpResponse<String> r = post(f, path, bomb, "gzip");
        assertThat(r.statusCode()).as(path + " " + r.body()).isEqualTo(413);
        assertThat(r.body()).as(path).contains("request_too_large").contains("larger than 65536");
      }
      assertThat(f.upstream.received()).isEmpty();
      assertThat(f.get("/healthz").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void anEncodingOtherThanGzipIsA415NamingIt() {
    try (ServeFixture f = start()) {
      byte[] plain = FRONTS.get("/v1/chat/completions").getBytes(StandardCharsets.UTF_8);
      for (String encoding : List.of("br", "zstd", "deflate", "gzip, br")) {
        HttpResponse<String> r = post(f, "/v1/chat/completions", plain, encoding);
        assertThat(r.statusCode()).as(encoding + " " + r.body()).isEqualTo(415);
        JsonNode error = json(r.body()).path("error");
        assertThat(error.path("code").asText()).isEqualTo("unsupported_content_encoding");
        assertThat(error.path("message").asText())
            .contains("Content-Encoding: " + encoding)
            .contains("gzip");
        assertThat(r.headers().firstValue("Accept-Encoding")).hasValue("gzip");
      }
      HttpResponse<String> messages =
          post(
              f, "/v1/messages", FRONTS.get("/v1/messages").getBytes(StandardCharsets.UTF_8), "br");
      assertThat(messages.statusCode()).isEqualTo(415);
      assertThat(json(messages.body()).at("/error/type").asText())
          .isEqualTo("invalid_request_error");
      assertThat(json(messages.body()).at("/error/message").asText()).contains("br");

      // Named as what it is, not as JSON that does not parse.
      byte[] broken = Arrays.copyOf(gzip(plain), 20);
      HttpResponse<String> truncated = post(f, "/v1/chat/completions", broken, "gzip");
      assertThat(truncated.statusCode()).isEqualTo(400);
      assertThat(json(truncated.body()).at("/error/message").asText())
          .contains("Content-Encoding: gzip")
          .doesNotContain("JSON");
      assertThat(f.upstream.received()).isEmpty();
    }
  }

  /**
   * The head alone decides a {@code 415}: a body the server cannot read is refused from its head
   * like any other (ADR 0038) — answered at once with {@code Connection: close}, never waited for.
   * It used to be read first, so a client still sending waited for the whole body, and one that
   * stopped got a {@code 415} after the body time instead of at once.
   */
  @Test
  void anUnsupportedEncodingIsRefusedFromItsHeadWithoutWaitingForItsBody() throws Exception {
    try (ServeFixture f =
            ServeFixture.start(
                Map.of(),
                ServeFixture.generousPolicy(),
                o -> o.bodyTimeout(java.time.Duration.ofSeconds(60)));
        java.net.Socket s = new java.net.Socket("127.0.0.1", f.server.port())) {
      // A declared body past the 64 KiB read before a refusal, of which one byte is sent.
      RawHttp.send(
          s,
          "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              + "Content-Encoding: br\r\nContent-Length: 100000\r\n\r\n{");
      String answer = RawHttp.answer(s); // within 10 s, far less than the 60 s body time
      assertThat(answer).startsWith("HTTP/1.1 415 ").contains("unsupported_content_encoding");
      assertThat(RawHttp.header(answer, "Connection")).isEqualTo("close");
      assertThat(RawHttp.header(answer, "Accept-Encoding")).isEqualTo("gzip");
      assertThat(f.upstream.received()).isEmpty();
    }
  }
}
