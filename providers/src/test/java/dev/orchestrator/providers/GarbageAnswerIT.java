package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptOutcome;
import java.util.List;
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
}
