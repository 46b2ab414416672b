package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.serve.http.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Hostile request bodies and headers against every front (issue #30): truncated JSON, wrong types,
 * deep nesting, huge numbers, invalid UTF-8, NUL, duplicate keys, long strings within the body
 * limit, trailing garbage, wrong content types and bad credentials. Every answer is an error in the
 * front's own shape with a 4xx status, never a 5xx and never a hang, and the server stays healthy.
 * The model named is not in the catalog, so no mutation that happens to parse reaches an upstream:
 * it is a 404. One server serves every try of every property.
 */
class HostileInputPropertyIT {
  private static final int BODY_LIMIT = 256 * 1024;

  private static ServeFixture server;

  private static synchronized ServeFixture server() {
    if (server == null) {
      server =
          ServeFixture.start(
              Map.of(),
              ServeFixture.generousPolicy(),
              o -> o.token(ServeFixture.TOKEN).maxBodyBytes(BODY_LIMIT));
    }
    return server;
  }

  @AfterContainer
  static synchronized void stop() {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** A front: its path, a valid body naming an unknown model, and its error shape. */
  enum Front {
    CHAT(
        "/v1/chat/completions",
        "{\"model\":\"nosuch/m\",\"max_tokens\":16,\"messages\":[{\"role\":\"user\","
            + "\"content\":\"hi\"}]}"),
    MESSAGES(
        "/v1/messages",
        "{\"model\":\"nosuch/m\",\"max_tokens\":16,\"messages\":[{\"role\":\"user\","
            + "\"content\":\"hi\"}]}"),
    RESPONSES(
        "/v1/responses", "{\"model\":\"nosuch/m\",\"max_output_tokens\":16,\"input\":\"hi\"}");

    final String path;
    final String body;

    Front(String path, String body) {
      this.path = path;
      this.body = body;
    }

    /** Whether {@code error} is an error in this front's shape. */
    boolean wellFormed(JsonNode error) {
      if (this == MESSAGES) {
        return error.path("type").asText().equals("error")
            && error.path("error").path("type").isTextual()
            && error.path("error").path("message").isTextual();
      }
      return error.path("error").path("message").isTextual()
          && error.path("error").path("type").isTextual();
    }
  }

  /** One hostile request: a body, a content type (or none) and an authorization (or none). */
  record Hostile(byte[] body, String contentType, String authorization) {
    @Override
    public String toString() {
      String b = new String(body, StandardCharsets.ISO_8859_1);
      return "Hostile["
          + (b.length() > 200 ? b.substring(0, 200) + "…" : b)
          + ", "
          + contentType
          + ", "
          + (authorization == null ? null : authorization.length())
          + "]";
    }
  }

  @Provide
  Arbitrary<Hostile> chat() {
    return hostile(Front.CHAT);
  }

  @Provide
  Arbitrary<Hostile> messages() {
    return hostile(Front.MESSAGES);
  }

  @Provide
  Arbitrary<Hostile> responses() {
    return hostile(Front.RESPONSES);
  }

  private static Arbitrary<Hostile> hostile(Front front) {
    Arbitrary<String> contentType =
        Arbitraries.of(
            "application/json",
            "application/json; charset=utf-8",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/json; charset=iso-8859-1",
            "");
    Arbitrary<String> authorization =
        Arbitraries.oneOf(
            Arbitraries.just("Bearer " + ServeFixture.TOKEN),
            Arbitraries.just("Bearer " + ServeFixture.TOKEN),
            Arbitraries.just("Bearer " + ServeFixture.TOKEN),
            Arbitraries.just(""),
            Arbitraries.just("Bearer"),
            Arbitraries.just("Basic dXNlcjpwYXNz"),
            Arbitraries.just("Bearer " + ServeFixture.TOKEN + "x"),
            Arbitraries.strings().ofMinLength(0).ofMaxLength(8000).alpha().map(s -> "Bearer " + s));
    return Combinators.combine(body(front), contentType, authorization)
        .as((b, t, a) -> new Hostile(b, t.isEmpty() ? null : t, a.isEmpty() ? null : a));
  }

  /** A mutation of {@code front}'s valid body that no front may take for a request. */
  private static Arbitrary<byte[]> body(Front front) {
    String base = front.body;
    byte[] bytes = base.getBytes(StandardCharsets.UTF_8);
    Arbitrary<byte[]> truncated =
        Arbitraries.integers().between(0, bytes.length - 1).map(n -> slice(bytes, n));
    Arbitrary<byte[]> wrongType =
        Arbitraries.of("1", "true", "null", "[]", "{}", "-1e999", "\"\"", "[[[]]]", "0.5")
            .flatMap(
                v ->
                    Arbitraries.of("\"hi\"", "16", "\"nosuch/m\"", "\"user\"")
                        .filter(base::contains)
                        .map(target -> utf8(base.replaceFirst(quote(target), v))));
    Arbitrary<byte[]> deep =
        Arbitraries.integers()
            .between(100, 20_000)
            .map(d -> utf8(base.replace("\"hi\"", "[".repeat(d) + "]".repeat(d))));
    Arbitrary<byte[]> hugeNumber =
        Arbitraries.integers()
            .between(20, 20_000)
            .map(n -> utf8(base.replace("16", "9".repeat(n))));
    Arbitrary<byte[]> hugeExponent =
        Arbitraries.of("1e999999999", "-1e-999999999", "1E400", "0x10", "NaN", "Infinity", "01")
            .map(v -> utf8(base.replace("16", v)));
    Arbitrary<byte[]> invalidUtf8 =
        Arbitraries.of(
                new byte[] {(byte) 0xff},
                new byte[] {(byte) 0xc3, 0x28},
                new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
                new byte[] {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
                new byte[] {0})
            .map(bad -> splice(base, "\"h", bad));
    Arbitrary<byte[]> duplicateKeys =
        Arbitraries.of("\"model\":\"other/x\",", "\"messages\":[],", "\"input\":7,")
            .map(dup -> utf8("{" + dup + base.substring(1)));
    Arbitrary<byte[]> longString =
        Arbitraries.integers()
            .between(1_000, BODY_LIMIT - 1_000)
            .map(n -> utf8(base.replace("\"hi\"", "\"" + "\\u0000x".repeat(n / 7) + "\"")))
            .map(b -> utf8(new String(b, StandardCharsets.UTF_8).replace("nosuch/m", "\u0000")));
    Arbitrary<byte[]> trailing =
        Arbitraries.of(" xyz", "{}", base, ",", "\u0000", "]").map(t -> utf8(base + t));
    Arbitrary<byte[]> noise = Arbitraries.bytes().array(byte[].class).ofMaxSize(2048);
    Arbitrary<byte[]> notAnObject =
        Arbitraries.of("[]", "null", "\"text\"", "42", "[" + base + "]")
            .map(HostileInputPropertyIT::utf8);
    return Arbitraries.oneOf(
        truncated,
        wrongType,
        deep,
        hugeNumber,
        hugeExponent,
        invalidUtf8,
        duplicateKeys,
        longString,
        trailing,
        noise,
        notAnObject);
  }

  private static String quote(String s) {
    return java.util.regex.Pattern.quote(s);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] slice(byte[] b, int n) {
    byte[] out = new byte[n];
    System.arraycopy(b, 0, out, 0, n);
    return out;
  }

  /** {@code base} with {@code bad} inserted after the first {@code after}. */
  private static byte[] splice(String base, String after, byte[] bad) {
    int at = base.indexOf(after) + after.length();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(utf8(base.substring(0, at)));
    out.writeBytes(bad);
    out.writeBytes(utf8(base.substring(at)));
    return out.toByteArray();
  }

  @Property(tries = 80)
  void theChatFrontAnswersEveryHostileRequestWithItsOwn4xx(@ForAll("chat") Hostile h)
      throws Exception {
    answersWith4xx(Front.CHAT, h);
  }

  @Property(tries = 80)
  void theMessagesFrontAnswersEveryHostileRequestWithItsOwn4xx(@ForAll("messages") Hostile h)
      throws Exception {
    answersWith4xx(Front.MESSAGES, h);
  }

  @Property(tries = 80)
  void theResponsesFrontAnswersEveryHostileRequestWithItsOwn4xx(@ForAll("responses") Hostile h)
      throws Exception {
    answersWith4xx(Front.RESPONSES, h);
  }

  private static void answersWith4xx(Front front, Hostile h) throws Exception {
    ServeFixture f = server();
    HttpRequest.Builder b =
        HttpRequest.newBuilder(f.uri(front.path))
            .timeout(Duration.ofSeconds(20))
            .POST(HttpRequest.BodyPublishers.ofByteArray(h.body()));
    if (h.contentType() != null) {
      b.header("Content-Type", h.contentType());
    }
    if (h.authorization() != null) {
      b.header("Authorization", h.authorization());
    }
    HttpResponse<String> r = f.client.send(b.build(), HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).as(r.body()).isBetween(400, 499);
    JsonNode error = json(r.body());
    assertThat(front.wellFormed(error)).as(r.body()).isTrue();
    assertThat(
            f.client
                .send(
                    HttpRequest.newBuilder(f.uri("/healthz"))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                    HttpResponse.BodyHandlers.discarding())
                .statusCode())
        .isEqualTo(200);
  }

  private static JsonNode json(String text) {
    try {
      return Json.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + text, e);
    }
  }
}
