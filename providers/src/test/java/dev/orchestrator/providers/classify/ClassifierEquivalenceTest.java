package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.failure.TransportFault;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The optimised classifier gives exactly the answer of the straightforward one it replaced (kept in
 * {@code reference}, test scope only): the same rule and the same failure, field by field —
 * message, body, type, code, request id and retry delay included.
 */
class ClassifierEquivalenceTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
  private static final FailureClassifier FAST = FailureClassifier.withClock(CLOCK);
  private static final dev.orchestrator.providers.classify.reference.FailureClassifier REFERENCE =
      dev.orchestrator.providers.classify.reference.FailureClassifier.withClock(CLOCK);

  private static final List<JsonNode> EXAMPLES = examples();

  @Test
  void answersEveryCorpusExampleAsTheReferenceDoes() {
    assertThat(EXAMPLES).isNotEmpty();
    for (JsonNode row : EXAMPLES) {
      assertSameAnswer(ErrorExamples.evidence(row.get("input")));
    }
  }

  @Property(tries = 1500)
  void answersLikeTheReferenceForBodiesBuiltFromRealFragments(
      @ForAll("statuses") Integer status,
      @ForAll("headers") Map<String, String> headers,
      @ForAll("bodies") String body,
      @ForAll("faults") TransportFault fault,
      @ForAll("messages") String exceptionMessage,
      @ForAll boolean streamStarted,
      @ForAll boolean inBand) {
    assertSameAnswer(
        new FailureEvidence(
            status, headers, body, fault, exceptionMessage, streamStarted, inBand, "p"));
  }

  private static void assertSameAnswer(FailureEvidence e) {
    Classification fast = FAST.explain(e);
    dev.orchestrator.providers.classify.reference.Classification ref = REFERENCE.explain(e);
    assertThat(fast.rule()).as("rule for %s", e).isEqualTo(ref.rule());
    assertThat(fast.failure()).as("failure for %s", e).isEqualTo(ref.failure());
  }

  @Provide
  Arbitrary<Integer> statuses() {
    return Arbitraries.oneOf(
        Arbitraries.of(200, 400, 401, 402, 403, 404, 408, 409, 413, 422, 429, 500, 501, 502, 503)
            .map(Integer::valueOf),
        Arbitraries.of(504, 520, 522, 524, 529).map(Integer::valueOf),
        Arbitraries.just(null));
  }

  @Provide
  Arbitrary<Map<String, String>> headers() {
    return Arbitraries.of(
        Map.of(),
        Map.of("retry-after", "7", "x-request-id", "req_123abc"),
        Map.of("cf-ray", "7d1a2b3c4d5e6f70-AMS", "x-ratelimit-reset-tokens", "6m0s"),
        Map.of("x-amzn-ErrorType", "ThrottlingException:http://internal.amazon.com/coral/"),
        Map.of("authorization", "Bearer sk-proj-abcdefghijklmnop1234", "retry-after-ms", "250"));
  }

  @Provide
  Arbitrary<TransportFault> faults() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, Arbitraries.just(null)),
        net.jqwik.api.Tuple.of(1, Arbitraries.of(TransportFault.class)));
  }

  @Provide
  Arbitrary<String> messages() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.just(null)), net.jqwik.api.Tuple.of(1, fragment()));
  }

  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<String> joined =
        fragment().list().ofMinSize(1).ofMaxSize(5).map(l -> String.join("", l));
    Arbitrary<String> repeated =
        Combinators.combine(joined, Arbitraries.of(1, 1, 2, 5, 30, 300))
            .as((s, n) -> s.repeat(Math.min(n, 70_000 / Math.max(1, s.length()))));
    Arbitrary<String> inJson =
        repeated.map(
            s -> "{\"error\":{\"message\":" + quoted(s) + ",\"type\":\"invalid_request_error\"}}");
    Arbitrary<String> inSse = joined.map(s -> "event: error\ndata: " + s + "\n\n");
    Arbitrary<String> inHtml =
        joined.map(s -> "<html><head><title>" + s + "</title></head><body><p>" + s + "</p></body>");
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, repeated),
        net.jqwik.api.Tuple.of(3, inJson),
        net.jqwik.api.Tuple.of(1, inSse),
        net.jqwik.api.Tuple.of(1, inHtml),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(null)));
  }

  // Whole corpus bodies and messages, pieces of them, and the words, secrets, separators and
  // control characters that the rules and the redactor look at.
  private static Arbitrary<String> fragment() {
    List<String> corpus = new ArrayList<>();
    for (JsonNode row : EXAMPLES) {
      JsonNode in = row.get("input");
      for (String field : new String[] {"body", "message"}) {
        if (in.hasNonNull(field) && !in.get(field).asText().isEmpty()) {
          corpus.add(in.get(field).asText());
        }
      }
    }
    Arbitrary<String> whole = Arbitraries.of(corpus);
    Arbitrary<String> piece =
        Combinators.combine(
                whole, Arbitraries.doubles().between(0, 1), Arbitraries.doubles().between(0, 1))
            .as(
                (s, a, b) -> {
                  int from = (int) (Math.min(a, b) * s.length());
                  int to = (int) (Math.max(a, b) * s.length());
                  return s.substring(from, to);
                });
    Arbitrary<String> words =
        Arbitraries.of(
            "sk-proj-abcdefghijklmnopqrstuvwx",
            "AIzaSyA1234567890abcdefghij",
            "Bearer abcdefgh12345678",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.",
            "api_key=abcd1234",
            "\"x-api-key\": \"secret-value-123\"",
            "password: hunter22",
            "litellm.RateLimitError: ",
            "openai.APIStatusError",
            "Error code: 429 - ",
            "request id: req_abc123def",
            "Request-ID: 0123456789ab",
            "the model `gpt-5` does not exist",
            "models/gemini-1.0-pro is not found",
            "You exceeded your current quota",
            "Invalid API key",
            "maximum context length",
            "content policy",
            "Overloaded",
            "rate limit",
            "timed out",
            "connection reset",
            "internal server error",
            "<title>502 Bad Gateway</title>",
            "<div>",
            "</p>",
            "<",
            ">",
            "{",
            "}",
            ",",
            ";",
            "&",
            "\"",
            ":",
            "=",
            " ",
            "   ",
            "\n",
            "\r\n",
            "\t",
            "\u0000",
            "\u001b[1m",
            "\u001b]0;title\u0007",
            "\u00a0",
            "\u200b",
            "\uD83D\uDE00",
            "\uD800",
            "İ",
            "K",
            "ß",
            "data: ",
            "[REDACTED]");
    Arbitrary<String> filler = Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(40);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(2, whole),
        net.jqwik.api.Tuple.of(3, piece),
        net.jqwik.api.Tuple.of(4, words),
        net.jqwik.api.Tuple.of(1, filler));
  }

  private static String quoted(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<JsonNode> examples() {
    List<JsonNode> rows = new ArrayList<>();
    try {
      read(
          Path.of(
              ClassifierEquivalenceTest.class.getResource("/errors/provider-errors.jsonl").toURI()),
          rows);
      Optional<Path> shared = SharedFiles.shared("examples/errors.jsonl");
      if (shared.isPresent()) {
        read(shared.get(), rows);
      }
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    rows.add(benchmarkRow());
    return List.copyOf(rows);
  }

  private static void read(Path file, List<JsonNode> rows) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (!line.isBlank()) {
          rows.add(JSON.readTree(line));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // The 2 KiB OpenAI body of ClassifierBenchmark, in the corpus's row shape.
  private static JsonNode benchmarkRow() {
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("status", 429);
    input.put(
        "body",
        "{\n  \"error\": {\n    \"message\": \"Rate limit reached for gpt-4o in organization"
            + " org-VDAWofJASuLH0vVz8o9tiQZr on tokens per min (TPM): Limit 30000, Used 29810,"
            + " Requested 1240. Please try again in 2.1s."
            + " You can increase your rate limit by adding a payment method.".repeat(25)
            + "\",\n    \"type\": \"tokens\",\n    \"param\": null,\n"
            + "    \"code\": \"rate_limit_exceeded\"\n  }\n}");
    return JSON.valueToTree(Map.of("id", "benchmark-openai-2k", "input", input));
  }
}
