package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptOutcome;
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An upstream that answers garbage (a status line that is not HTTP/1.1, a header line without a
 * colon, a chunk size that is not hex, a body shorter than its length) gives a classified failure,
 * never a crash, and the key never shows. {@code java.net.http} skips a header line without a
 * colon, and reports garbage in a body either from the body's read or, when its selector thread
 * meets it before {@code send} returned, from {@code send} (either value, by timing; "a/b" in the
 * table).
 */
class GarbageAnswerIT {

  @ParameterizedTest(name = "{0} (stream={1})")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          not an HTTP status line | false | ICY 200 OK\\r\\n\\r\\n                                                    | RESET_AFTER_REQUEST
          header without a colon  | false | HTTP/1.1 200 OK\\r\\nno colon\\r\\nContent-Length: 2\\r\\n\\r\\n{}         | EMPTY_RESPONSE
          chunk size not hex      | false | HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\nzz\\r\\n{}\\r\\n0\\r\\n\\r\\n | STREAM_TRUNCATED/RESET_AFTER_REQUEST
          chunk size not hex      | true  | HTTP/1.1 200 OK\\r\\nContent-Type: text/event-stream\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\nzz\\r\\ndata: x\\r\\n0\\r\\n\\r\\n | STREAM_TRUNCATED/RESET_AFTER_REQUEST
          body shorter than said  | false | HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: 50\\r\\n\\r\\n{\\"id\\"   | STREAM_TRUNCATED/RESET_AFTER_REQUEST
          """)
  void garbageIsAClassifiedFailure(String name, boolean stream, String raw, String expected)
      throws Exception {
    byte[] answer = RawServer.bytes(raw.replace("\\r\\n", "\r\n").replace("\\\"", "\""));
    HttpProviderClients clients = Fixtures.clients();
    try (RawServer server = RawServer.answering(List.of(answer))) {
      Provider p = Fixtures.provider("garbage", server.baseUrl(), Protocol.OPENAI_CHAT);
      AttemptOutcome out =
          clients
              .clientFor(p)
              .send(Fixtures.call(p, "m", stream, Fixtures.easyLimits(), new Fixtures.Recorder()));

      assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
      ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
      TransportFault fault = f.transportFault();
      assertThat(fault != null ? fault.name() : f.category().name())
          .isIn((Object[]) expected.split("/"));
      assertThat(f.toString()).doesNotContain(Fixtures.SECRET);
    }
  }

  /**
   * A 200 whose body defeats a parser or is not what it says: nesting 100,000 levels deep, a number
   * of a million digits or with an exponent of a million, a page of HTML, a gzip body nobody asked
   * for (a bomb: 64 MiB of zeros in about 64 KiB; the client asks for no encoding and inflates
   * none). Each is an {@code empty_response} of either protocol, the next route's to answer, never
   * a stack overflow, a hang or memory spent on the inflated size.
   */
  @Test
  void aBodyThatDefeatsTheParserOrIsNotWhatItSaysIsAnEmptyResponse() throws Exception {
    ByteArrayOutputStream bomb = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(bomb)) {
      byte[] zeros = new byte[1 << 20];
      for (int i = 0; i < 64; i++) {
        z.write(zeros);
      }
    }
    Map<String, byte[]> bodies = new LinkedHashMap<>();
    bodies.put("nested", RawServer.bytes("[".repeat(100_000) + "]".repeat(100_000)));
    bodies.put(
        "long number",
        RawServer.bytes("{\"id\":\"x\",\"choices\":[{\"index\":" + "9".repeat(1_000_000) + "}]}"));
    bodies.put(
        "huge exponent",
        RawServer.bytes(
            "{\"id\":\"x\",\"choices\":[{\"index\":0,\"message\":{\"content\":\"hi\"}}],"
                + "\"usage\":{\"prompt_tokens\":1e1000000}}"));
    bodies.put("html", RawServer.bytes("<html><title>Just a moment...</title></html>"));
    bodies.put("gzip bomb", bomb.toByteArray());
    for (Protocol protocol : Protocol.values()) {
      for (Map.Entry<String, byte[]> body : bodies.entrySet()) {
        String type = body.getKey().equals("html") ? "text/html" : "application/json";
        String encoding = body.getKey().equals("gzip bomb") ? "Content-Encoding: gzip\r\n" : "";
        byte[] head =
            RawServer.bytes(
                "HTTP/1.1 200 OK\r\nContent-Type: "
                    + type
                    + "\r\n"
                    + encoding
                    + "Content-Length: "
                    + body.getValue().length
                    + "\r\nConnection: close\r\n\r\n");
        try (RawServer server = RawServer.answering(List.of(head, body.getValue()))) {
          Provider p = Fixtures.provider("garbage", server.baseUrl(), protocol);
          AttemptOutcome out =
              Fixtures.clients()
                  .clientFor(p)
                  .send(Fixtures.call(p, "m", false, Fixtures.easyLimits(), null));

          assertThat(out).as(body.getKey()).isInstanceOf(AttemptOutcome.Failed.class);
          ProviderFailure f = ((AttemptOutcome.Failed) out).failure();
          assertThat(f.category()).as(body.getKey()).isEqualTo(FailureCategory.EMPTY_RESPONSE);
          assertThat(f.retryable()).isTrue();
          assertThat(f.body()).hasSizeLessThanOrEqualTo(2048);
        }
      }
    }
  }
}
