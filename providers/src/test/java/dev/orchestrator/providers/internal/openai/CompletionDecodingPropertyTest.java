package dev.orchestrator.providers.internal.openai;

import static dev.orchestrator.providers.internal.openai.WireArbitraries.anyValue;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.list;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.object;
import static dev.orchestrator.providers.internal.openai.WireArbitraries.wrongType;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.internal.Decoded;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The streaming decode of a completion's bytes gives, for every body, what data binding of its text
 * gives: well-formed completions with and without optional parts, and bodies with fields of the
 * wrong JSON type, nulls anywhere, unknown fields, or no JSON at all.
 */
class CompletionDecodingPropertyTest {
  private static final OpenAiWire WIRE = OpenAiWire.INSTANCE;

  @Property(tries = 1500)
  void bytesDecodeAsTheirTextDecodes(@ForAll("completions") String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    Decoded fromBytes = WIRE.decode(bytes, "fallback-model", "req-header");
    Decoded fromText = WIRE.decode(body, "fallback-model", "req-header");
    assertThat(fromBytes).as(body).isEqualTo(fromText);
  }

  @Property(tries = 300)
  void notJsonDecodesAsItsTextDecodes(@ForAll("notJson") String body) {
    assertThat(WIRE.decode(body.getBytes(StandardCharsets.UTF_8), "m", null))
        .as(body)
        .isEqualTo(WIRE.decode(body, "m", null));
  }

  @Test
  void aTypicalCompletionTakesTheStreamingPath() {
    String body =
        "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1764441600,"
            + "\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
            + "\"assistant\",\"content\":\"Hello.\",\"refusal\":null,\"tool_calls\":[{\"id\":"
            + "\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":"
            + "\"{}\"}}]},\"logprobs\":null,\"finish_reason\":\"stop\"}],\"usage\":"
            + "{\"prompt_tokens\":21,\"completion_tokens\":9,\"total_tokens\":30,"
            + "\"prompt_tokens_details\":{\"cached_tokens\":4}},\"system_fingerprint\":\"fp_1\"}";
    OpenAiDto.Completion c = CompletionParser.parse(body.getBytes(StandardCharsets.UTF_8));
    assertThat(c).isNotNull();
    assertThat(c.choices()).hasSize(1);
    assertThat(c.choices().get(0).message().toolCalls()).hasSize(1);
    assertThat(c.usage().promptDetails().cachedTokens()).isEqualTo(4);
    assertThat(WIRE.decode(body.getBytes(StandardCharsets.UTF_8), "m", null))
        .isEqualTo(WIRE.decode(body, "m", null));
  }

  @Provide
  Arbitrary<String> notJson() {
    return Arbitraries.oneOf(
        Arbitraries.of("", " ", "null", "[]", "\"x\"", "12", "{", "{\"id\":", "{\"choices\":[}"),
        Arbitraries.strings().ofMaxLength(40));
  }

  @Provide
  Arbitrary<String> completions() {
    Arbitrary<Object> message =
        object(
            Map.of(
                "role", text(),
                "content", content(),
                "refusal", text(),
                "reasoning_content", text(),
                "reasoning", text(),
                "tool_calls", list(toolCall(), true)),
            true);
    Arbitrary<Object> choice =
        object(
            Map.of(
                "index", integer(),
                "message", message,
                "finish_reason", text(),
                "logprobs", anyValue()),
            true);
    Arbitrary<Object> details =
        object(Map.of("cached_tokens", integer(), "reasoning_tokens", integer()), true);
    Arbitrary<Object> usage =
        object(
            Map.of(
                "prompt_tokens", integer(),
                "completion_tokens", integer(),
                "total_tokens", integer(),
                "prompt_tokens_details", details,
                "completion_tokens_details", details),
            true);
    Arbitrary<Object> completion =
        object(
            Map.of(
                "id", text(),
                "model", text(),
                "system_fingerprint", text(),
                "choices", list(choice, true),
                "usage", usage,
                "error", anyValue()),
            true);
    return completion.map(WireArbitraries::json);
  }

  private static Arbitrary<Object> toolCall() {
    return object(
        Map.of(
            "id",
            text(),
            "type",
            text(),
            "function",
            object(Map.of("name", text(), "arguments", text()), true)),
        true);
  }

  /** A string field: usually a string, sometimes null or another JSON type. */
  private static Arbitrary<Object> text() {
    return Arbitraries.frequencyOf(
        Tuple.of(8, Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(12).map(s -> s)),
        Tuple.of(1, Arbitraries.just(null)),
        Tuple.of(1, wrongType()));
  }

  /** An int field: usually a small int, sometimes null, a long, a float, a string or a list. */
  private static Arbitrary<Object> integer() {
    return Arbitraries.frequencyOf(
        Tuple.of(8, Arbitraries.integers().between(-5, 5000).map(i -> i)),
        Tuple.of(1, Arbitraries.just(null)),
        Tuple.of(1, Arbitraries.of(5_000_000_000L, 3.5, "12", "x", "", true)),
        Tuple.of(1, wrongType()));
  }

  private static Arbitrary<Object> content() {
    Arbitrary<Object> parts =
        list(
            Arbitraries.oneOf(
                text(), object(Map.of("type", Arbitraries.just("text"), "text", text()), true)),
            true);
    return Arbitraries.frequencyOf(
        Tuple.of(6, text()), Tuple.of(2, parts), Tuple.of(1, Arbitraries.just(null)));
  }
}
