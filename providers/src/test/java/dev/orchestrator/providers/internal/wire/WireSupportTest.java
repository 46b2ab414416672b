package dev.orchestrator.providers.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** JSON and text read from an answer's bytes as from the string they decode to. */
class WireSupportTest {
  private static final ObjectReader TREE = Json.MAPPER.readerFor(JsonNode.class);

  /** What reading the decoded string gives: the reading the bytes must match. */
  private static JsonNode fromText(byte[] bytes, int offset, int length) {
    try {
      return TREE.readValue(new String(bytes, offset, length, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static byte[] hex(String h) {
    byte[] b = new byte[h.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }

  /**
   * Bytes Jackson would read otherwise than their decoded string: malformed UTF-8, a surrogate or
   * an overlong form it decodes, a byte order mark it skips, UTF-16 and UTF-32 it guesses.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "7b2261223a224772c3bcc39f6520f09f8c8d227d", // {"a":"Grüße 🌍"}: well-formed
        "7b2261223a2278ff79227d", // {"a":"x\xFFy"}
        "7b2261223a22eda080edb08d227d", // a surrogate pair written as CESU-8
        "7b2261223a22c080227d", // an overlong NUL
        "7b2261223a22f4908080227d", // past U+10FFFF
        "7b2261223a22e282227d", // a cut sequence
        "efbbbf7b2261223a317d", // a byte order mark, then {"a":1}
        "007b002200610022003a0031007d", // UTF-16BE {"a":1}
        "7b00220061002200", // UTF-16LE {"a"
        "000000", // zeros
        "6e756c6c", // null
        "2020207b7d", // spaces, then {}
        "",
      })
  void readsTheBytesAsTheStringTheyDecodeTo(String bytesInHex) {
    byte[] b = hex(bytesInHex);
    assertThat(WireSupport.<JsonNode>bind(TREE, b, 0, b.length))
        .isEqualTo(fromText(b, 0, b.length));
  }

  @Property(tries = 1000)
  void anyByteChangedInADocumentReadsAsItsStringReads(
      @ForAll @Size(max = 12) String text,
      @ForAll @IntRange(min = 0, max = 200) int at,
      @ForAll byte b)
      throws Exception {
    byte[] doc =
        ("{\"a\":" + Json.MAPPER.writeValueAsString(text) + "}").getBytes(StandardCharsets.UTF_8);
    doc[at % doc.length] = b;
    byte[] padded = new byte[doc.length + 6]; // read from the middle of a larger array
    Arrays.fill(padded, (byte) '#');
    System.arraycopy(doc, 0, padded, 3, doc.length);
    assertThat(WireSupport.<JsonNode>bind(TREE, padded, 3, doc.length))
        .isEqualTo(fromText(padded, 3, doc.length));
  }

  @Property(tries = 1000)
  void blankAsTheDecodedStringIsBlank(@ForAll @Size(max = 8) byte[] bytes) {
    assertThat(WireSupport.isBlank(bytes, 0, bytes.length))
        .isEqualTo(new String(bytes, StandardCharsets.UTF_8).isBlank());
  }

  @Property(tries = 1000)
  void blankAsTheDecodedStringIsBlankForTextOfSpaces(
      @ForAll @CharRange(from = '\u0000', to = '\u0022') @CharRange(from = '\u2000', to = '\u200b')
          String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    assertThat(WireSupport.isBlank(bytes, 0, bytes.length)).isEqualTo(s.isBlank());
  }

  @Property(tries = 1000)
  void trimmedAsTheDecodedStringIsTrimmed(
      @ForAll @CharRange(from = '\u0000', to = '\u0022') @Size(max = 3) String before,
      @ForAll @CharRange(from = '\u0000', to = '\u0022') @Size(max = 3) String after,
      @ForAll boolean done) {
    String s = before + (done ? "[DONE]" : "[DONE]x") + after;
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    assertThat(WireSupport.trimmedEquals(bytes, 0, bytes.length, "[DONE]"))
        .isEqualTo(s.trim().equals("[DONE]"));
  }
}
