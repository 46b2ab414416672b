package dev.orchestrator.serve.chat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.serve.http.Json;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The encoder's events are, byte for byte, the chunks of docs/reference.md §5 as a JSON tree of the
 * same fields serialises them, for any sequence of deltas, heads (a head that changes midway: a
 * continuation's route) and logprobs — so the reused prefix and buffer never leak one chunk into
 * the next.
 */
class ChunkEncoderPropertyTest {

  /** One chunk to write: the head it carries, its delta, its logprobs. */
  record Step(Completions.StreamHead head, Completions.Delta delta, String logprobs) {}

  @Property(tries = 800)
  void eventsAreTheChunksATreeOfTheSameFieldsGives(@ForAll("streams") List<Step> steps)
      throws Exception {
    ChunkEncoder encoder = new ChunkEncoder();
    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    StringBuilder expected = new StringBuilder();
    for (Step s : steps) {
      encoder.write(actual, s.head(), s.delta(), s.logprobs());
      expected.append("data: ").append(tree(s)).append("\n\n");
    }
    assertThat(actual.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString());
  }

  @Test
  void aContentChunkHasTheReferenceShape() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new ChunkEncoder()
        .write(
            out,
            new Completions.StreamHead("chatcmpl-1", 1764441600, "a/m", null),
            new Completions.Delta(true, "Hi \"there\"", null, null, null, null),
            null);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1764441600,"
                + "\"model\":\"a/m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
                + "\"content\":\"Hi \\\"there\\\"\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
  }

  @Test
  void theUsageChunkAfterDeltasHasTheReferenceShape() throws Exception {
    ChunkEncoder encoder = new ChunkEncoder();
    Completions.StreamHead head = new Completions.StreamHead("chatcmpl-1", 1764441600, "a/m", "fp");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    encoder.write(out, head, new Completions.Delta(true, "Hi", null, null, null, null), null);
    out.reset();
    encoder.writeUsage(out, head, new Usage(3, 2, 5), new BigDecimal("0.000125"));
    encoder.writeUsage(out, head, Usage.NONE, null);
    encoder.close();
    String prefix =
        "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1764441600,"
            + "\"model\":\"a/m\",\"system_fingerprint\":\"fp\",\"choices\":[],";
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            prefix
                + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2,\"total_tokens\":5,"
                + "\"cost\":0.000125}}\n\n"
                + prefix
                + "\"usage\":null}\n\n");
  }

  private static String tree(Step s) throws Exception {
    ObjectNode root = Json.MAPPER.createObjectNode();
    Completions.StreamHead h = s.head();
    root.put("id", h.id()).put("object", "chat.completion.chunk").put("created", h.created());
    root.put("model", h.model());
    if (h.systemFingerprint() != null) {
      root.put("system_fingerprint", h.systemFingerprint());
    }
    ObjectNode choice = root.putArray("choices").addObject().put("index", 0);
    ObjectNode delta = choice.putObject("delta");
    Completions.Delta d = s.delta();
    if (d.first()) {
      delta.put("role", "assistant");
    }
    if (d.content() != null) {
      delta.put("content", d.content());
    }
    if (d.reasoning() != null) {
      delta.put("reasoning_content", d.reasoning());
    }
    if (d.refusal() != null) {
      delta.put("refusal", d.refusal());
    }
    if (d.toolCall() != null) {
      ToolCallDelta t = d.toolCall();
      ArrayNode calls = delta.putArray("tool_calls");
      ObjectNode call = calls.addObject().put("index", t.index());
      if (t.name() != null) {
        call.put("id", t.id() != null ? t.id() : "call_" + t.index()).put("type", "function");
        call.putObject("function").put("name", t.name()).put("arguments", t.argumentsFragment());
      } else {
        call.putObject("function").put("arguments", t.argumentsFragment());
      }
    }
    if (s.logprobs() != null) {
      choice.set("logprobs", Json.MAPPER.readTree(s.logprobs()));
    } else {
      choice.putNull("logprobs");
    }
    if (d.finishReason() != null) {
      choice.put("finish_reason", d.finishReason());
    } else {
      choice.putNull("finish_reason");
    }
    // as bytes, the way the chunks were written before: the UTF-8 generator escapes surrogates
    return new String(Json.MAPPER.writeValueAsBytes(root), StandardCharsets.UTF_8);
  }

  @Provide
  Arbitrary<List<Step>> streams() {
    Arbitrary<Completions.StreamHead> heads =
        Combinators.combine(
                text(),
                Arbitraries.longs().between(0, 4_000_000_000L),
                text(),
                text().injectNull(0.4))
            .as(Completions.StreamHead::new);
    Arbitrary<Step> step =
        Combinators.combine(
                heads,
                delta(),
                Arbitraries.of("{\"content\":[{\"token\":\"é\",\"logprob\":-0.5}]}", "{}")
                    .injectNull(0.7))
            .as(Step::new);
    // most steps reuse the previous step's head (the common case the prefix is cached for)
    return step.list()
        .ofMinSize(1)
        .ofMaxSize(8)
        .flatMap(
            list ->
                Arbitraries.integers()
                    .between(0, 3)
                    .list()
                    .ofSize(list.size())
                    .map(
                        reuse -> {
                          java.util.ArrayList<Step> out = new java.util.ArrayList<>();
                          for (int i = 0; i < list.size(); i++) {
                            Step s = list.get(i);
                            if (i > 0 && reuse.get(i) > 0) {
                              s = new Step(out.get(i - 1).head(), s.delta(), s.logprobs());
                            }
                            out.add(s);
                          }
                          return out;
                        }));
  }

  private static Arbitrary<Completions.Delta> delta() {
    Arbitrary<ToolCallDelta> call =
        Combinators.combine(
                Arbitraries.integers().between(0, 3),
                text().injectNull(0.3),
                text().injectNull(0.5),
                text())
            .as(ToolCallDelta::new);
    Arbitrary<Boolean> first = Arbitraries.of(true, false);
    return Arbitraries.frequencyOf(
        Tuple.of(
            5,
            Combinators.combine(first, text())
                .as((f, t) -> new Completions.Delta(f, t, null, null, null, null))),
        Tuple.of(
            1,
            Combinators.combine(first, text())
                .as((f, t) -> new Completions.Delta(f, null, t, null, null, null))),
        Tuple.of(
            1,
            Combinators.combine(first, text())
                .as((f, t) -> new Completions.Delta(f, null, null, t, null, null))),
        Tuple.of(
            1,
            Combinators.combine(first, call)
                .as((f, c) -> new Completions.Delta(f, null, null, null, c, null))),
        Tuple.of(
            1,
            Combinators.combine(first, text())
                .as((f, r) -> new Completions.Delta(f, null, null, null, null, r))));
  }

  /** Text with what JSON must escape, non-ASCII and a character outside the BMP. */
  private static Arbitrary<String> text() {
    return Arbitraries.strings()
        .withCharRange(' ', '~')
        .withChars('"', '\\', '\n', '\t', '\u0001', 'é', '✓', '\u2028')
        .ofMaxLength(16)
        .flatMap(s -> Arbitraries.of(s, s + "\uD83D\uDE00"));
  }
}
