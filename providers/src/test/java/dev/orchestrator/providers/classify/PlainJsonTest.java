package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PlainJson}, the hand-written reader of plain JSON bodies, answers exactly Jackson's tree
 * whenever it answers, and answers for the shapes providers send.
 */
class PlainJsonTest {

  private static final Pattern PLAIN = Pattern.compile("[\\x20-\\x7E\\n\\t]*");

  @Property(tries = 2000)
  void answersJacksonsTreeOrNothing(@ForAll("jsonish") String text) {
    boolean plain = PLAIN.matcher(text).matches();
    JsonNode fast = PlainJson.read(text, plain);
    JsonNode jackson = UpstreamError.jackson(text);
    Statistics.label("answered").collect(fast != null);
    Statistics.label("jackson").collect(jackson != null);
    if (fast != null) {
      assertThat(jackson).as("Jackson rejects what the fast path read").isNotNull();
      assertThat(fast).isEqualTo(jackson);
      assertThat(fast.toString()).isEqualTo(jackson.toString()); // the fields' order too
    }
  }

  @Property(tries = 1000)
  void answersEveryPlainDocumentOfItsSubset(@ForAll("documents") String text) {
    assertThat(PlainJson.read(text, true)).isEqualTo(UpstreamError.jackson(text)).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"tokens\",\"param\":null,"
            + "\"code\":\"rate_limit_exceeded\"}}",
        "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},"
            + "\"request_id\":\"req_011CZAau32QzxDkriovTaFCB\"}",
        "[{\n  \"error\": {\n    \"code\": 429,\n    \"message\": \"Resource has been exhausted\",\n"
            + "    \"status\": \"RESOURCE_EXHAUSTED\",\n    \"details\": [{\"@type\":"
            + " \"type.googleapis.com/google.rpc.RetryInfo\", \"retryDelay\": \"6s\"}]\n  }\n}]",
        "{\"error\":{\"message\":\"Provider returned error\",\"code\":502,\"metadata\":{\"raw\":"
            + "\"{\\\"error\\\":{\\\"message\\\":\\\"upstream \\\\u00e9\\\\n\\\"}}\","
            + "\"provider_name\":\"Mistral\"}},\"user_id\":\"u\",\"ok\":false,\"x\":true}"
      })
  void readsTheShapesProvidersSend(String body) {
    JsonNode fast = PlainJson.read(body, true);

    assertThat(fast).isNotNull().isEqualTo(UpstreamError.jackson(body));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"a\":1.5}",
        "{\"a\":1e3}",
        "{\"a\":1234567890}",
        "{\"a\":-0}",
        "{\"a\":01}",
        "{\"a\":1,\"a\":2}",
        "{\"a\":1,}",
        "{\"a\":\"tab\there\"}",
        "{\"a\":\"\\x\"}",
        "{\"a\":\"\\u12G4\"}",
        "{\"a\":1} trailing",
        "\uFEFF{\"a\":1}",
        "{\"a\":\"caf\u00e9\"}",
        "{\"a\":tru}",
        "{\"a\":\"unterminated}"
      })
  void leavesEverythingElseToJackson(String text) {
    assertThat(PlainJson.read(text, PLAIN.matcher(text).matches())).isNull();
  }

  @Provide
  Arbitrary<String> documents() {
    return value(3);
  }

  // JSON-ish text: valid documents of the subset and beyond it, then perhaps cut, spliced or
  // prefixed, so that both readers see every kind of error too.
  @Provide
  Arbitrary<String> jsonish() {
    Arbitrary<String> doc = Arbitraries.oneOf(value(3), wild(3));
    Arbitrary<String> junk =
        Arbitraries.strings().withChars("{}[]:,\"\\ \n\tuae0-9.\uFEFF\u00e9\u0000").ofMaxLength(40);
    Arbitrary<Integer> at = Arbitraries.integers().between(0, 100_000);
    return Arbitraries.oneOf(
        doc,
        Combinators.combine(doc, at).as((d, i) -> d.substring(0, i % (d.length() + 1))),
        Combinators.combine(doc, junk, at).as(PlainJsonTest::splice),
        doc.map(d -> "\uFEFF" + d),
        doc.map(d -> d + " {}"));
  }

  private static String splice(String d, String junk, int at) {
    int i = at % (d.length() + 1);
    return d.substring(0, i) + junk + d.substring(i);
  }

  // Documents of the reader's subset, with random blanks.
  private Arbitrary<String> value(int depth) {
    Arbitrary<String> leaf =
        Arbitraries.oneOf(
            Arbitraries.integers().between(-999_999_999, 999_999_999).map(String::valueOf),
            Arbitraries.of("true", "false", "null", "0"),
            string());
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<String> inner = value(depth - 1);
    Arbitrary<String> array =
        Combinators.combine(inner.list().ofMaxSize(3), blank())
            .as((l, b) -> "[" + join(l, "," + b) + "]");
    Arbitrary<String> object =
        Combinators.combine(
                Arbitraries.entries(string(), inner)
                    .list()
                    .ofMaxSize(3)
                    .uniqueElements(e -> e.getKey()),
                blank())
            .as(
                (l, b) ->
                    "{"
                        + b
                        + join(
                            l.stream().map(e -> e.getKey() + b + ":" + b + e.getValue()).toList(),
                            "," + b)
                        + b
                        + "}");
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(2, leaf),
        net.jqwik.api.Tuple.of(3, array),
        net.jqwik.api.Tuple.of(5, object));
  }

  // Beyond the subset: floats, exponents, huge numbers, -0, duplicate keys, deep nesting,
  // non-ASCII, control chars.
  private Arbitrary<String> wild(int depth) {
    Arbitrary<String> leaf =
        Arbitraries.oneOf(
            Arbitraries.of(
                "1.5", "-2e10", "1E-3", "12345678901", "-0", "99999999999999999999999", "0.0"),
            Arbitraries.strings()
                .withChars("ab\u00e9\u4e2d\uD83D\uDE00\u0001\n\t\\\"/")
                .ofMaxLength(8)
                .map(s -> "\"" + s + "\""),
            Arbitraries.of(
                "{\"a\":1,\"a\":2}",
                "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<String> inner = Arbitraries.oneOf(wild(depth - 1), value(depth - 1));
    return Arbitraries.oneOf(
        leaf,
        inner.list().ofMaxSize(3).map(l -> "[" + String.join(",", l) + "]"),
        Arbitraries.entries(string(), inner)
            .list()
            .ofMaxSize(3)
            .map(
                l ->
                    "{"
                        + join(l.stream().map(e -> e.getKey() + ":" + e.getValue()).toList(), ",")
                        + "}"));
  }

  // A JSON string literal: ASCII, the escapes JSON has (and \\u of any char), quoted.
  private static Arbitrary<String> string() {
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(6).map(PlainJsonTest::escape),
            Arbitraries.of(
                "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\uD83D",
                "\\u0000", "\\uFFFF", "\\u00AD"));
    return piece.list().ofMaxSize(4).map(l -> "\"" + String.join("", l) + "\"");
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  private static Arbitrary<String> blank() {
    return Arbitraries.of("", " ", "\n  ", "\t");
  }

  private static String join(List<String> parts, String separator) {
    return String.join(separator, parts);
  }
}
