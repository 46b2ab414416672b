package dev.orchestrator.providers.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SseReaderTest {

  /** Decodes {@code text} fed in the given piece sizes; returns "event|data" strings. */
  static List<String> decode(String text, List<Integer> pieces, boolean end) throws Exception {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    List<String> events = new ArrayList<>();
    SseReader r = new SseReader(1024);
    SseReader.Handler h = (e, d, off, len) -> events.add(e + "|" + text(d, off, len));
    int at = 0;
    int i = 0;
    while (at < bytes.length) {
      int n = pieces.isEmpty() ? bytes.length : Math.max(1, pieces.get(i++ % pieces.size()));
      n = Math.min(n, bytes.length - at);
      r.feed(bytes, at, n, h);
      at += n;
    }
    if (end) {
      r.endOfInput(h);
    }
    return events;
  }

  /** An event's data as text. */
  static String text(byte[] data, int offset, int length) {
    return new String(data, offset, length, StandardCharsets.UTF_8);
  }

  static final String SAMPLE =
      ": keep-alive\r\n\r\n"
          + "data: {\"a\":\"Grüße 🌍\"}\r\n\r\n"
          + "event: content_block_delta\ndata:{\"b\":1}\n\n"
          + "data: line one\ndata: line two\n\n"
          + "id: 7\nretry: 100\ndata: [DONE]\r\r";

  @Test
  void decodesFieldsCommentsMultiLineDataAndEveryLineEnding() throws Exception {
    assertThat(decode(SAMPLE, List.of(), true))
        .containsExactly(
            "message|{\"a\":\"Grüße 🌍\"}",
            "content_block_delta|{\"b\":1}",
            "message|line one\nline two",
            "message|[DONE]");
  }

  @Property(tries = 200)
  void splittingTheBytesAnywhereChangesNothing(
      @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 9) Integer> pieces)
      throws Exception {
    assertThat(decode(SAMPLE, pieces, true)).isEqualTo(decode(SAMPLE, List.of(), true));
  }

  @Test
  void dispatchesALastEventWhoseLinesEndedEvenWithoutTheBlankLine() throws Exception {
    assertThat(decode("data: {\"done\":true}\n", List.of(), true))
        .containsExactly("message|{\"done\":true}");
  }

  @Test
  void discardsAPartialLastLine() throws Exception {
    assertThat(decode("data: {\"ok\":1}\n\ndata: {\"cut", List.of(3), true))
        .containsExactly("message|{\"ok\":1}");
  }

  @Test
  void handsOverAnEventsDataAsTheBytesThatArrivedMalformedUtf8Included() throws Exception {
    byte[] b = {'d', 'a', 't', 'a', ':', ' ', (byte) 0xff, 'x', '\n', 'd', 'a', 't', 'a', ':', 'y'};
    byte[] end = {'\r', '\n', '\r', '\n', 'd', 'a', 't', 'a', ':', 'z', '\n', '\n'};
    List<byte[]> seen = new ArrayList<>();
    SseReader r = new SseReader(64);
    SseReader.Handler h = (e, d, off, len) -> seen.add(Arrays.copyOfRange(d, off, off + len));
    r.feed(b, 0, b.length, h);
    r.feed(end, 0, end.length, h);
    assertThat(seen).containsExactly(new byte[] {(byte) 0xff, 'x', '\n', 'y'}, new byte[] {'z'});
  }

  @Test
  void stopsDispatchingWhenTheHandlerSaysSo() throws Exception {
    List<String> seen = new ArrayList<>();
    SseReader r = new SseReader(64);
    byte[] b = "data: 1\n\ndata: 2\n\n".getBytes(StandardCharsets.UTF_8);
    r.feed(b, 0, b.length, (e, d, off, len) -> seen.add(text(d, off, len)) && false);

    assertThat(seen).containsExactly("1");
    assertThat(r.stopped()).isTrue();
  }

  @Test
  void rejectsALineBeyondTheBound() {
    SseReader r = new SseReader(32);
    byte[] b = ("data: " + "x".repeat(40)).getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> r.feed(b, 0, b.length, (e, d, off, len) -> true))
        .isInstanceOf(SseReader.MalformedStreamException.class)
        .hasMessageContaining("longer than 32 bytes");
  }

  @Test
  void rejectsAnEventBeyondItsBoundAcrossItsDataLines() throws Exception {
    SseReader r = new SseReader(64, 40);
    byte[] ok = "data: 0123456789\ndata: 0123456789\n\n".getBytes(StandardCharsets.UTF_8);
    byte[] tooBig =
        "data: 0123456789\ndata: 0123456789\ndata: 0123456789\n".getBytes(StandardCharsets.UTF_8);
    List<String> seen = new ArrayList<>();
    r.feed(ok, 0, ok.length, (e, d, off, len) -> seen.add(text(d, off, len)));
    assertThat(seen).containsExactly("0123456789\n0123456789");
    assertThatThrownBy(() -> r.feed(tooBig, 0, tooBig.length, (e, d, off, len) -> true))
        .isInstanceOf(SseReader.MalformedStreamException.class)
        .hasMessageContaining("larger than 40 bytes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"data: x\n\n", "data:x\n\n", "data: x\r\n\r\n", "\uFEFFdata: x\n\n"})
  void acceptsDataWithOrWithoutTheSpaceAndABom(String text) throws Exception {
    assertThat(decode(text, List.of(1), true)).containsExactly("message|x");
  }

  /** Data lines joined with a newline however many there are, empty ones included. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '\'',
      textBlock =
          """
          'data: a\\n\\n'                    | 'a'
          'data:\\n\\n'                      | ''
          'data\\n\\n'                       | ''
          'data:\\ndata: b\\n\\n'            | '\\nb'
          'data: a\\ndata:\\ndata: c\\n\\n'  | 'a\\n\\nc'
          'data:  two spaces\\n\\n'          | ' two spaces'
          'datum: x\\ndata: y\\n\\n'         | 'y'
          'event: e\\nevent: f\\ndata: z\\n\\n' | 'z'
          """)
  void joinsDataLinesWithNewlines(String text, String data) throws Exception {
    String stream = text.replace("\\n", "\n");
    assertThat(decode(stream, List.of(), true))
        .containsExactly(
            (stream.contains("event: f") ? "f" : "message") + "|" + data.replace("\\n", "\n"));
  }

  @Test
  void acceptsALineOfExactlyTheBoundArrivingInPieces() throws Exception {
    SseReader r = new SseReader(32);
    byte[] b = ("data: " + "x".repeat(26) + "\n\n").getBytes(StandardCharsets.UTF_8);
    List<String> seen = new ArrayList<>();
    r.feed(b, 0, 10, (e, d, off, len) -> seen.add(text(d, off, len)));
    r.feed(b, 10, b.length - 10, (e, d, off, len) -> seen.add(text(d, off, len)));
    assertThat(seen).containsExactly("x".repeat(26));
  }
}
