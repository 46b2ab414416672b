package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Secrets never leave the provider boundary: not in a message, a body or a toString(). */
class RedactorTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Incorrect API key provided: sk-proj-abcDEF1234567890xyz.             | Incorrect API key provided: [REDACTED]
          key sk-ant-api03-AbCdEf_123-xyz here                                 | key [REDACTED] here
          sk-or-v1-0123456789abcdef0123456789abcdef                            | [REDACTED]
          masked sk-VKMIs***************wjh3. ok                               | masked [REDACTED] ok
          nvapi-AbC123dEf456GhI789                                             | [REDACTED]
          gsk_abcdefghijklmnop1234                                             | [REDACTED]
          https://x.googleapis.com/v1/models?key=AIzaSyA1234567890abcdefghijkl | https://x.googleapis.com/v1/models?key=[REDACTED]
          xai-abcdefgh12345678                                                 | [REDACTED]
          Authorization: Bearer eyJhbGciOi.eyJzdWIiOi.SflKxwRJSM               | Authorization: Bearer [REDACTED]
          Bearer abcdefghijklmnopqrstuvwxyz                                    | Bearer [REDACTED]
          GET /v1?api_key=hunter22&model=x                                     | GET /v1?api_key=[REDACTED]&model=x
          {"x-api-key": "my-secret-key"}                                       | {"x-api-key": "[REDACTED]"}
          Invalid bearer token                                                 | Invalid bearer token
          max_tokens: 4096 exceeds the limit                                   | max_tokens: 4096 exceeds the limit
          risk-assessment and task-scheduler stay                              | risk-assessment and task-scheduler stay
          """)
  void redactsKnownSecretShapes(String text, String expected) {
    assertThat(Redactor.redact(text)).isEqualTo(expected);
  }

  @Property(tries = 300)
  void aSecretNeverSurvivesClassification(
      @ForAll("secrets") String secret, @ForAll("contexts") String context) {
    String text = context.replace("%s", secret);
    FailureEvidence http =
        FailureEvidence.http(
            401,
            Map.of("www-authenticate", "Bearer realm=" + secret),
            "{\"error\":{\"message\":\"" + text + "\"}}");
    FailureEvidence plain = FailureEvidence.http(500, Map.of(), text);
    FailureEvidence transport = FailureEvidence.transport(TransportFault.TLS, text);
    FailureEvidence inBand = FailureEvidence.inBand(text, false);

    for (FailureEvidence e : new FailureEvidence[] {http, plain, transport, inBand}) {
      ProviderFailure f = FailureClassifier.INSTANCE.classify(e);
      assertThat(f.message()).doesNotContain(secret);
      assertThat(String.valueOf(f.body())).doesNotContain(secret);
      assertThat(f.toString()).doesNotContain(secret);
      assertThat(e.toString()).doesNotContain(secret);
      assertThat(FailureExplanations.summary(f, "p")).doesNotContain(secret);
    }
  }

  @Provide
  Arbitrary<String> secrets() {
    Arbitrary<String> keyChars =
        Arbitraries.strings()
            .withChars("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            .ofMinLength(20)
            .ofMaxLength(64);
    Arbitrary<String> prefix =
        Arbitraries.of(
            "sk-",
            "sk-proj-",
            "sk-ant-api03-",
            "sk-or-v1-",
            "nvapi-",
            "gsk_",
            "AIza",
            "xai-",
            "hf_");
    Arbitrary<String> prefixed = Combinators.combine(prefix, keyChars).as(String::concat);
    Arbitrary<String> bearer =
        keyChars.map(k -> "Bearer " + k + "9"); // a bearer token: has a digit, or is long
    Arbitrary<String> query =
        Combinators.combine(
                Arbitraries.of("key=", "api_key=", "api-key=", "access_token="), keyChars)
            .as(String::concat);
    return Arbitraries.oneOf(prefixed, bearer, query);
  }

  @Provide
  Arbitrary<String> contexts() {
    return Arbitraries.of(
        "%s",
        "Incorrect API key provided: %s.",
        "GET https://api.example.com/v1/chat?%s&x=1",
        "header: %s\nnext line",
        "(%s)",
        "'%s'",
        "token %s, then more text",
        "\u001b[1m%s\u001b[0m");
  }
}
