package dev.orchestrator.providers.internal.openai;

import static dev.orchestrator.providers.internal.openai.WireArbitraries.anyValue;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.list;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.object;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.wrongType;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import dev.orchestrator.providers.internal.wire.StreamSignal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * A provider's garbage is a value, never an exception: completions and stream chunks with fields
 * present or absent, unknown fields, nulls anywhere and values of the wrong JSON type decode to a
 * {@link Decoded} or a stream signal; a well-typed chunk is never skipped as invalid.
 */
class WireDecodingPropertyTest {
  private static final OpenAiWire WIRE = OpenAiWire.INSTANCE;

  @Property(tries = 1500)
  void aCompletionOfAnyShapeDecodesToAValue(@ForAll("completions") String body) {
    Decoded d = WIRE.decode(body.getBytes(StandardCharsets.UTF_8), "fallback-model", "req-header");

    assertThat(d).as(body).isNotNull();
    if (d.kind() == Decoded.Kind.OK) {
      assertThat(d.response().usable()).isTrue();
      assertThat(d.response().requestId()).isEqualTo("req-header");
    }
  }

  @Property(tries = 300)
  void textThatIsNotACompletionIsAnEmptyAnswer(@ForAll("notJson") String body) {
    assertThat(WIRE.decode(body.getBytes(StandardCharsets.UTF_8), "m", null).kind())
        .as(body)
        .isEqualTo(Decoded.Kind.EMPTY);
  }

  @Property(tries = 1000)
  void chunksOfAnyShapeAreHandledOrSkipped(@ForAll("anyChunks") List<String> events) {
    StreamAssembler a = WIRE.newAssembler(delta -> {}, "m", null);
    for (String e : events) {
      a.onEvent("message", e);
    }

    assertThat(a.signal())
        .isIn(StreamSignal.CONTINUE, StreamSignal.MALFORMED, StreamSignal.IN_BAND_ERROR);
    assertThat(a.response()).isNotNull();
  }

  @Property(tries = 1000)
  void aWellTypedChunkIsNeverSkipped(@ForAll("wellTypedChunks") String event) {
    StreamAssembler a = WIRE.newAssembler(delta -> {}, "m", null);
    a.onEvent("message", event);

    assertThat(a.skippedEvents()).as(event).isZero();
    assertThat(a.signal()).as(event).isIn(StreamSignal.CONTINUE, StreamSignal.IN_BAND_ERROR);
  }

  @Provide
  Arbitrary<String> notJson() {
    return Arbitraries.oneOf(
        Arbitraries.of("", " ", "null", "[]", "\"x\"", "12", "{", "{\"id\":", "{\"choices\":[}"),
        Arbitraries.strings().ofMaxLength(40).filter(s -> !s.trim().startsWith("{")));
  }

  @Provide
  Arbitrary<String> completions() {
    Arbitrary<Object> choice = choice("message", true);
    return object(
            Map.of(
                "id", text(true),
                "model", text(true),
                "system_fingerprint", text(true),
                "choices", list(choice, true),
                "usage", usage(true),
                "error", anyValue()),
            true)
        .map(WireArbitraries::json);
  }

  @Provide
  Arbitrary<List<String>> anyChunks() {
    return Arbitraries.oneOf(chunk(true), Arbitraries.of("{", "[]", "7", "{\"choices\":[}"))
        .list()
        .ofMaxSize(6);
  }

  @Provide
  Arbitrary<String> wellTypedChunks() {
    return chunk(false);
  }

  private static Arbitrary<String> chunk(boolean wrongTypes) {
    Arbitrary<Object> choice = choice("delta", wrongTypes);
    return object(
            Map.of(
                "id", text(wrongTypes),
                "object", Arbitraries.just("chat.completion.chunk"),
                "model", text(wrongTypes),
                "system_fingerprint", text(wrongTypes),
                "choices", list(choice, wrongTypes),
                "usage", usage(wrongTypes),
                "error", anyValue()),
            false)
        .filter(c -> c != null)
        .map(WireArbitraries::json);
  }

  /** A choice whose message (a whole answer's) or delta (a chunk's) sits under {@code key}. */
  private static Arbitrary<Object> choice(String key, boolean wrongTypes) {
    Arbitrary<Object> message =
        object(
            Map.of(
                "role", text(wrongTypes),
                "content", content(wrongTypes),
                "refusal", text(wrongTypes),
                "reasoning_content", text(wrongTypes),
                "reasoning", text(wrongTypes),
                "tool_calls", list(toolCall(wrongTypes), wrongTypes)),
            wrongTypes);
    return object(
        Map.of(
            "index",
            integer(wrongTypes),
            key,
            message,
            "finish_reason",
            text(wrongTypes),
            "logprobs",
            anyValue()),
        wrongTypes);
  }

  private static Arbitrary<Object> toolCall(boolean wrongTypes) {
    return object(
        Map.of(
            "index", integer(wrongTypes),
            "id", text(wrongTypes),
            "type", text(wrongTypes),
            "function",
                object(
                    Map.of("name", text(wrongTypes), "arguments", text(wrongTypes)), wrongTypes)),
        wrongTypes);
  }

  private static Arbitrary<Object> usage(boolean wrongTypes) {
    Arbitrary<Object> details =
        object(
            Map.of("cached_tokens", integer(wrongTypes), "reasoning_tokens", integer(wrongTypes)),
            wrongTypes);
    return object(
        Map.of(
            "prompt_tokens", integer(wrongTypes),
            "completion_tokens", integer(wrongTypes),
            "total_tokens", integer(wrongTypes),
            "prompt_tokens_details", details,
            "completion_tokens_details", details),
        wrongTypes);
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

  /** An int field: a small int or null; else a long, a float, a string or another type. */
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
