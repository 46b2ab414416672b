package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No input makes the classifier throw, and every verdict keeps its bounds. Uses {@code
 * explainStrict}, which has no safety net, so a swallowed exception would fail here.
 */
class ClassifierFuzzTest {

  @Property(tries = 400)
  void neverThrowsAndAlwaysAnswers(
      @ForAll @IntRange(min = -1000, max = 2000) int status,
      @ForAll boolean hasStatus,
      @ForAll("headers") Map<String, String> headers,
      @ForAll("bodies") String body,
      @ForAll("faults") TransportFault fault,
      @ForAll boolean streamStarted,
      @ForAll boolean inBand) {
    FailureEvidence e =
        new FailureEvidence(
            hasStatus ? status : null, headers, body, fault, body, streamStarted, inBand, "p");

    assertBounded(FailureClassifier.INSTANCE.explainStrict(e).failure());
  }

  @Test
  void survivesAMebibyteBody() {
    assertBounded(classify(500, "{\"error\":{\"message\":\"" + "a".repeat(1 << 20) + "\"}}"));
    assertBounded(classify(429, "\u0000\u0001".repeat(1 << 19)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"[", "{\"a\":", "{\"error\":"})
  void survivesJsonNested100kLevelsDeep(String open) {
    ProviderFailure f = classify(400, open.repeat(100_000));

    assertBounded(f);
    assertThat(f.category().wireName()).isEqualTo("request_invalid");
  }

  @Test
  void survivesInvalidUtf8AndLoneSurrogates() {
    byte[] bytes = {
      (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '{', (byte) 0xED, (byte) 0xA0, (byte) 0x80
    };
    assertBounded(classify(503, new String(bytes, StandardCharsets.UTF_8)));
    assertBounded(classify(503, "{\"error\":{\"message\":\"\uD800 lone \uDC00\"}}"));
    assertBounded(classify(503, "\uD83D".repeat(5000)));
  }

  @Test
  void survivesHostileHeaders() {
    Map<String, String> h =
        Map.of(
            "Retry-After",
            "9".repeat(5000),
            "retry-after-ms",
            "1e400",
            "x-ratelimit-reset-tokens",
            "9".repeat(40) + "h",
            "x-ratelimit-reset",
            "-1",
            "anthropic-ratelimit-tokens-reset",
            "not a date",
            "x-request-id",
            "\u001b]0;title\u0007" + "x".repeat(10_000));

    ProviderFailure f =
        FailureClassifier.INSTANCE.explainStrict(FailureEvidence.http(429, h, null)).failure();

    assertBounded(f);
    assertThat(f.retryAfter()).isNull();
    assertThat(f.requestId()).doesNotContain("\u001b").hasSizeLessThanOrEqualTo(200);
  }

  private static ProviderFailure classify(int status, String body) {
    return FailureClassifier.INSTANCE
        .explainStrict(FailureEvidence.http(status, Map.of(), body))
        .failure();
  }

  private static void assertBounded(ProviderFailure f) {
    assertThat(f.category()).isNotNull();
    assertThat(f.reachedModel()).isNotNull();
    assertThat(f.message()).doesNotContain("\n", "\r", "\u001b").hasSizeLessThanOrEqualTo(500);
    if (f.body() != null) {
      assertThat(f.body().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(2048);
      assertThat(f.body()).doesNotContain("\u001b", "\u0000");
    }
    assertThat(FailureExplanations.summary(f, null)).doesNotContain("\n");
    assertThat(FailureExplanations.nextStep(f, null)).doesNotContain("\n");
  }

  @Provide
  Arbitrary<Map<String, String>> headers() {
    Arbitrary<String> names =
        Arbitraries.oneOf(
            Arbitraries.of(
                "Retry-After",
                "retry-after-ms",
                "x-ratelimit-reset-requests",
                "x-ratelimit-reset-tokens",
                "x-ratelimit-remaining-tokens",
                "x-ratelimit-reset",
                "anthropic-ratelimit-requests-reset",
                "x-request-id",
                "cf-ray",
                "x-amzn-ErrorType"),
            Arbitraries.strings().ofMaxLength(20));
    Arbitrary<String> values =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(60),
            Arbitraries.strings().numeric().ofMaxLength(25),
            Arbitraries.of("1s", "6m0s", "20ms", "Wed, 21 Oct 2015 07:28:00 GMT", "0", "-1"));
    return Arbitraries.maps(names, values).ofMaxSize(6);
  }

  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<String> json =
        Arbitraries.of(
            "{\"error\":{\"message\":%s,\"type\":%s,\"code\":%s}}",
            "{\"type\":\"error\",\"error\":{\"type\":%s,\"message\":%s},\"request_id\":%s}",
            "[{\"error\":{\"code\":%s,\"status\":%s,\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":%s}]}}]",
            "{\"object\":\"error\",\"message\":%s,\"type\":%s,\"code\":%s}",
            "{\"status\":%s,\"title\":%s,\"detail\":%s}",
            "{\"error\":{\"message\":\"x\",\"code\":%s,\"metadata\":{\"raw\":%s,\"provider_name\":%s}}}");
    Arbitrary<String> atoms =
        Arbitraries.oneOf(
            Arbitraries.strings()
                .ofMaxLength(40)
                .map(s -> "\"" + s.replace("\\", "").replace("\"", "") + "\""),
            Arbitraries.integers().between(-100, 1000).map(String::valueOf),
            Arbitraries.of(
                "null",
                "true",
                "[]",
                "{}",
                "\"17s\"",
                "\"insufficient_quota\"",
                "\"overloaded_error\""));
    Arbitrary<String> filled =
        net.jqwik.api.Combinators.combine(json, atoms, atoms, atoms)
            .as(
                // Literal replacements: a generated "$" is text, not a group reference.
                (t, a, b, c) ->
                    t.replaceFirst("%s", java.util.regex.Matcher.quoteReplacement(a))
                        .replaceFirst("%s", java.util.regex.Matcher.quoteReplacement(b))
                        .replaceFirst("%s", java.util.regex.Matcher.quoteReplacement(c)));
    Arbitrary<String> binary =
        Arbitraries.bytes()
            .array(byte[].class)
            .ofMaxSize(2000)
            .map(b -> new String(b, StandardCharsets.UTF_8));
    Arbitrary<String> text = Arbitraries.strings().ofMaxLength(3000);
    Arbitrary<String> html =
        text.map(t -> "<html><title>" + t + "</title><body>" + t + "</body></html>");
    Arbitrary<String> sse = filled.map(j -> "event: error\ndata: " + j + "\n\n");
    return Arbitraries.oneOf(
        filled, binary, text, html, sse, Arbitraries.just(null), Arbitraries.just(""));
  }

  @Provide
  Arbitrary<TransportFault> faults() {
    return Arbitraries.oneOf(
        Arbitraries.of(TransportFault.class), Arbitraries.just(null), Arbitraries.just(null));
  }
}
