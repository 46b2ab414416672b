package dev.orchestrator.serve.responses;

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
 * A {@code ….delta} event written straight by the generator is, byte for byte, the event the same
 * JSON tree serialises to, as the stream built it before: type, the item's fields, {@code delta},
 * an empty {@code logprobs} for output text, then {@code sequence_number}.
 */
class ResponsesStreamDeltaTest {

  @Property(tries = 300)
  void aDeltaIsTheEventATreeOfTheSameFieldsGives(
      @ForAll("types") String type,
      @ForAll("text") String itemId,
      @ForAll @IntRange(min = 0, max = 40) int outputIndex,
      @ForAll @IntRange(min = 0, max = 3) int index,
      @ForAll("text") String delta,
      @ForAll @IntRange(min = 0, max = 100_000) int sequence)
      throws Exception {
    String indexName =
        switch (type) {
          case "response.reasoning_summary_text.delta" -> "summary_index";
          case "response.function_call_arguments.delta" -> null;
          default -> "content_index";
        };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(out)) {
      ResponsesStream.writeDelta(g, type, itemId, outputIndex, indexName, index, delta, sequence);
    }
    ObjectNode fields = Json.MAPPER.createObjectNode().put("item_id", itemId);
    fields.put("output_index", outputIndex);
    if (indexName != null) {
      fields.put(indexName, index);
    }
    fields.put("delta", delta);
    if (type.equals("response.output_text.delta")) {
      fields.putArray("logprobs");
    }
    ObjectNode tree = Json.MAPPER.createObjectNode().put("type", type);
    tree.setAll(fields);
    tree.put("sequence_number", sequence);
    assertThat(out.toByteArray()).isEqualTo(Json.MAPPER.writeValueAsBytes(tree));
  }

  @Provide
  Arbitrary<String> types() {
    return Arbitraries.of(
        "response.output_text.delta",
        "response.refusal.delta",
        "response.reasoning_summary_text.delta",
        "response.function_call_arguments.delta");
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
