package dev.orchestrator.providers.internal.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ToolDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Helpers shared by the wire protocols. */
public final class WireSupport {
  private WireSupport() {}

  /**
   * Parses JSON text that the caller supplied (a tool schema, tool arguments).
   *
   * @param what names the value in the error, e.g. {@code tool 'search' parameters}
   * @throws RequestEncodingException when it is not JSON
   */
  public static JsonNode parseCallerJson(String text, String what) throws RequestEncodingException {
    try {
      JsonNode n = Json.MAPPER.readTree(text);
      if (n == null || n.isMissingNode()) {
        throw new RequestEncodingException(what + ": empty (expected: a JSON value)");
      }
      return n;
    } catch (JsonProcessingException e) {
      throw new RequestEncodingException(what + ": not valid JSON (expected: a JSON object)");
    }
  }

  /**
   * {@code tool}'s parameter schema, or an empty object schema when it has none. The schema is a
   * JSON object: {@link ToolDefinition} refuses any other when it is built.
   */
  public static JsonNode schema(ToolDefinition tool) {
    String text = tool.parametersJsonSchema();
    if (text == null || text.isBlank()) {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("type", "object");
      o.putObject("properties");
      return o;
    }
    try {
      return Json.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "tool '" + tool.name() + "' parameters: checked when built", e);
    }
  }

  /** Text of a content node: a string, or the concatenated text parts of an array. */
  public static String contentText(JsonNode content) {
    if (content == null || content.isNull() || content.isMissingNode()) {
      return "";
    }
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder sb = new StringBuilder();
    if (content.isArray()) {
      for (JsonNode part : content) {
        if (part.isTextual()) {
          sb.append(part.asText());
        } else if (part.path("text").isTextual()) {
          sb.append(part.path("text").asText());
        }
      }
    }
    return sb.toString();
  }

  /**
   * Binds one JSON document (a whole answer, one stream event) from its UTF-8 bytes with {@code
   * reader}, read as the string they decode to reads: from the bytes themselves where Jackson reads
   * them as exactly that text, else from the decoded string (malformed UTF-8 then reads as U+FFFD,
   * and neither a byte order mark nor UTF-16 is guessed at, as Jackson would from bytes).
   *
   * @return the record, or {@code null} when the text is not JSON of that shape or is JSON {@code
   *     null}: a provider's garbage is a value the caller classifies, never an exception
   */
  public static <T> T bind(ObjectReader reader, byte[] json, int offset, int length) {
    if (readAsText(json, offset, length)) {
      try {
        return reader.readValue(json, offset, length);
      } catch (IOException e) {
        return null; // not JSON of that shape, as the string would not be
      }
    }
    try {
      return reader.readValue(text(json, offset, length));
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  /**
   * Whether Jackson reads {@code bytes} as the string they decode to: well-formed UTF-8 (Jackson
   * does not refuse every sequence the JDK's decoder replaces) whose first two bytes neither make
   * Jackson guess UTF-16 or UTF-32 (a zero byte) nor start a byte order mark (which it skips).
   */
  private static boolean readAsText(byte[] bytes, int offset, int length) {
    return length > 0
        && bytes[offset] > 0
        && (length == 1 || bytes[offset + 1] != 0)
        && wellFormedUtf8(bytes, offset, offset + length);
  }

  /** Whether {@code bytes} from {@code i} to {@code end} are well-formed UTF-8 (Unicode 3.9). */
  private static boolean wellFormedUtf8(byte[] bytes, int i, int end) {
    while (i < end) {
      int c = bytes[i] & 0xff;
      if (c < 0x80) {
        i++;
        continue;
      }
      int more; // continuation bytes after the lead byte
      int low = 0x80; // the second byte's range, narrower after some lead bytes
      int high = 0xbf;
      if (c >= 0xc2 && c <= 0xdf) {
        more = 1;
      } else if (c >= 0xe0 && c <= 0xef) {
        more = 2;
        low = c == 0xe0 ? 0xa0 : 0x80; // no overlong form
        high = c == 0xed ? 0x9f : 0xbf; // no surrogate
      } else if (c >= 0xf0 && c <= 0xf4) {
        more = 3;
        low = c == 0xf0 ? 0x90 : 0x80;
        high = c == 0xf4 ? 0x8f : 0xbf; // nothing past U+10FFFF
      } else {
        return false;
      }
      if (end - i <= more) {
        return false;
      }
      int second = bytes[i + 1] & 0xff;
      if (second < low || second > high) {
        return false;
      }
      for (int k = 2; k <= more; k++) {
        if ((bytes[i + k] & 0xc0) != 0x80) {
          return false;
        }
      }
      i += more + 1;
    }
    return true;
  }

  /** The text of UTF-8 {@code bytes} (malformed sequences replaced). */
  public static String text(byte[] bytes, int offset, int length) {
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }

  /** Whether the text of UTF-8 {@code bytes} is blank ({@link String#isBlank()}). */
  public static boolean isBlank(byte[] bytes, int offset, int length) {
    for (int i = offset; i < offset + length; i++) {
      int c = bytes[i] & 0xff;
      if (c >= 0x80) {
        return text(bytes, offset, length).isBlank(); // the rare non-ASCII case, as a string
      }
      if (!Character.isWhitespace(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the text of UTF-8 {@code bytes}, trimmed as {@link String#trim()} trims, is {@code
   * ascii}.
   */
  public static boolean trimmedEquals(byte[] bytes, int offset, int length, String ascii) {
    int from = offset;
    int to = offset + length;
    while (from < to && (bytes[from] & 0xff) <= ' ') {
      from++;
    }
    while (to > from && (bytes[to - 1] & 0xff) <= ' ') {
      to--;
    }
    if (to - from != ascii.length()) {
      return false;
    }
    for (int i = 0; i < ascii.length(); i++) {
      if (bytes[from + i] != ascii.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a free-form field is there: neither absent nor JSON {@code null}. */
  public static boolean present(JsonNode node) {
    return node != null && !node.isNull();
  }

  /** A reported token count; absent or negative reads 0. */
  public static int nonNegative(Integer count) {
    return count == null || count < 0 ? 0 : count;
  }

  /**
   * A reported detail count (cache reads, cache writes, reasoning): {@code null} when absent, never
   * a made-up 0; negative reads 0.
   */
  public static Integer nonNegativeOrNull(Integer count) {
    return count == null ? null : nonNegative(count);
  }

  /** Serialises a request DTO. */
  public static byte[] toBytes(Object dto) throws RequestEncodingException {
    try {
      return Json.MAPPER.writeValueAsBytes(dto);
    } catch (JsonProcessingException e) {
      throw new RequestEncodingException(
          "request: cannot be encoded as JSON (" + e.getOriginalMessage() + ")");
    }
  }
}
