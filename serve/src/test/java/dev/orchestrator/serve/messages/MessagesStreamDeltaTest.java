package dev.orchestrator.serve.messages;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.serve.http.Json;
import java.io.ByteArrayOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A text, thinking, signature or argument piece written straight by the generator is, byte for
 * byte, the {@code content_block_delta} event the same JSON tree serialises to.
 */
class MessagesStreamDeltaTest {

  @Property(tries = 300)
  void aDeltaIsTheEventATreeOfTheSameFieldsGives(
      @ForAll @IntRange(min = 0, max = 40) int index,
      @ForAll("kinds") String kind,
      @ForAll("text") String value)
      throws Exception {
    String field =
        switch (kind) {
          case "text_delta" -> "text";
          case "thinking_delta" -> "thinking";
          case "signature_delta" -> "signature";
          default -> "partial_json";
        };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(out)) {
      MessagesStream.writeDelta(g, index, kind, field, value);
    }
    ObjectNode tree = Json.MAPPER.createObjectNode().put("type", "content_block_delta");
    tree.put("index", index);
    tree.set("delta", Json.MAPPER.createObjectNode().put("type", kind).put(field, value));
    assertThat(out.toByteArray()).isEqualTo(Json.MAPPER.writeValueAsBytes(tree));
  }

  @Provide
  Arbitrary<String> kinds() {
    return Arbitraries.of("text_delta", "thinking_delta", "signature_delta", "input_json_delta");
  }

  /** Text with what JSON must escape, non-ASCII and a character outside the BMP. */
  @Provide
  Arbitrary<String> text() {
    return Arbitraries.strings()
        .withCharRange(' ', '~')
        .withChars('"', '\\', '\n', '\t', '\u0001', 'é', '✓', '\u2028')
        .ofMaxLength(24)
        .flatMap(s -> Arbitraries.of(s, s + "\uD83D\uDE00"));
  }
}
