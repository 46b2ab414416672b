package dev.orchestrator.providers.internal.openai;

import static dev.orchestrator.providers.internal.openai.WireArbitraries.anyValue;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.list;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.object;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.wrongType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming decode of a chunk builds, for every chunk it takes, the record data binding builds;
 * it takes every well-typed chunk; what it leaves (fields of another JSON type, text that is not a
 * JSON object) goes to data binding, so no chunk decodes differently than before.
 */
class ChunkDecodingPropertyTest {
  @Property(tries = 2000)
  void aChunkTakenIsTheRecordDataBindingBuilds(@ForAll("chunks") String data) throws Exception {
    OpenAiDto.Chunk parsed = ChunkParser.parse(data);
    if (parsed != null) {
      assertThat(parsed).as(data).isEqualTo(OpenAiWire.bindChunk(data));
    }
  }

  @Property(tries = 1000)
  void everyWellTypedChunkIsTaken(@ForAll("wellTypedChunks") String data) throws Exception {
    assertThat(ChunkParser.parse(data)).as(data).isNotNull().isEqualTo(OpenAiWire.bindChunk(data));
  }

  @Test
  void aTypicalContentChunkIsReadField() {
    OpenAiDto.Chunk c =
        ChunkParser.parse(
            "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
                + "\"model\":\"gpt-4o-mini\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,"
                + "\"delta\":{\"content\":\"Hel\\u00e9\"},\"logprobs\":null,\"finish_reason\":null}]}");
    assertThat(c.id()).isEqualTo("chatcmpl-1");
    assertThat(c.systemFingerprint()).isEqualTo("fp_1");
    assertThat(c.choices().get(0).delta().content().asText()).isEqualTo("Helé");
    assertThat(c.choices().get(0).logprobs().isNull()).isTrue();
    assertThat(c.choices().get(0).finishReason()).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "null",
        "[]",
        "\"x\"",
        "{",
        "{\"choices\":[}",
        "{\"id\":7}",
        "{\"usage\":{\"prompt_tokens\":\"3\"}}"
      })
  void whatItDoesNotTakeIsLeftToDataBinding(String data) {
    assertThat(ChunkParser.parse(data)).isNull();
  }

  @Test
  void aCoercibleFieldIsCoercedByDataBindingAsBefore() throws Exception {
    String data = "{\"choices\":[{\"index\":\"0\",\"delta\":{\"content\":\"a\"}}]}";
    assertThat(ChunkParser.parse(data)).isNull();
    assertThat(OpenAiWire.bindChunk(data).choices().get(0).index()).isZero();
    assertThatThrownBy(() -> OpenAiWire.bindChunk("{\"choices\":[}"))
        .isInstanceOf(JsonProcessingException.class);
  }

  @Provide
  Arbitrary<String> chunks() {
    return chunk(true);
  }

  @Provide
  Arbitrary<String> wellTypedChunks() {
    return chunk(false);
  }

  private static Arbitrary<String> chunk(boolean wrongTypes) {
    Arbitrary<Object> function =
        object(Map.of("name", text(wrongTypes), "arguments", text(wrongTypes)), wrongTypes);
    Arbitrary<Object> toolCall =
        object(
            Map.of(
                "index", integer(wrongTypes),
                "id", text(wrongTypes),
                "type", text(wrongTypes),
                "function", function),
            wrongTypes);
    Arbitrary<Object> delta =
        object(
            Map.of(
                "role", text(wrongTypes),
                "content", content(wrongTypes),
                "refusal", text(wrongTypes),
                "reasoning_content", text(wrongTypes),
                "reasoning", text(wrongTypes),
                "tool_calls", list(toolCall, wrongTypes)),
            wrongTypes);
    Arbitrary<Object> choice =
        object(
            Map.of(
                "index", integer(wrongTypes),
                "delta", delta,
                "finish_reason", text(wrongTypes),
                "logprobs", anyValue()),
            wrongTypes);
    Arbitrary<Object> details =
        object(
            Map.of("cached_tokens", integer(wrongTypes), "reasoning_tokens", integer(wrongTypes)),
            wrongTypes);
    Arbitrary<Object> usage =
        object(
            Map.of(
                "prompt_tokens", integer(wrongTypes),
                "completion_tokens", integer(wrongTypes),
                "total_tokens", integer(wrongTypes),
                "prompt_tokens_details", details,
                "completion_tokens_details", details),
            wrongTypes);
    Arbitrary<Object> chunk =
        object(
            Map.of(
                "id", text(wrongTypes),
                "object", Arbitraries.just("chat.completion.chunk"),
                "model", text(wrongTypes),
                "system_fingerprint", text(wrongTypes),
                "choices", list(choice, wrongTypes),
                "usage", usage,
                "error", anyValue()),
            false);
    return chunk.filter(c -> c != null).map(WireArbitraries::json);
  }

  /** A string field: a string (escapes and non-ASCII included) or null; else now and then. */
  private static Arbitrary<Object> text(boolean wrongTypes) {
    Arbitrary<Object> s =
        Arbitraries.strings()
            .withCharRange(' ', '~')
            .withChars('\n', '"', '\\', 'é', '✓')
            .ofMaxLength(12)
            .map(v -> v);
    return wrongTypes
        ? Arbitraries.frequencyOf(
            Tuple.of(8, s), Tuple.of(1, Arbitraries.just(null)), Tuple.of(1, wrongType()))
        : Arbitraries.frequencyOf(Tuple.of(8, s), Tuple.of(1, Arbitraries.just(null)));
  }

  private static Arbitrary<Object> integer(boolean wrongTypes) {
    Arbitrary<Object> i = Arbitraries.integers().between(-5, 5000).map(v -> v);
    return wrongTypes
        ? Arbitraries.frequencyOf(
            Tuple.of(8, i),
            Tuple.of(1, Arbitraries.just(null)),
            Tuple.of(1, Arbitraries.of(5_000_000_000L, 3.5, "12", "x", "", true)),
            Tuple.of(1, wrongType()))
        : Arbitraries.frequencyOf(Tuple.of(8, i), Tuple.of(1, Arbitraries.just(null)));
  }

  /** Content is a JSON value of any shape to the record: a string, parts, null. */
  private static Arbitrary<Object> content(boolean wrongTypes) {
    Arbitrary<Object> parts =
        list(
            Arbitraries.oneOf(
                text(wrongTypes),
                object(
                    Map.of("type", Arbitraries.just("text"), "text", text(wrongTypes)),
                    wrongTypes)),
            wrongTypes);
    return Arbitraries.frequencyOf(
        Tuple.of(6, text(wrongTypes)), Tuple.of(2, parts), Tuple.of(1, Arbitraries.just(null)));
  }
}
