package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.FailureCategory;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link FailureClassifier#trace}: the same answer as {@link FailureClassifier#explain}, and the
 * words the deciding built-in rule read, each of them in the failure's text.
 */
class TraceTest {
  private static final FailureClassifier CLASSIFIER = FailureClassifier.INSTANCE;

  @Test
  void answersAsExplainAndReadsOnlyWhatTheTextHolds() {
    SoftAssertions soft = new SoftAssertions();
    int withWords = 0;
    for (JsonNode row : RealBodyCorpusTest.rows()) {
      if (!"rules".equals(row.get("split").asText())) {
        continue;
      }
      FailureEvidence e = ErrorExamples.evidence(row.get("input"));
      Classification plain = CLASSIFIER.explain(e);
      Classification traced = CLASSIFIER.trace(e);
      String id = row.get("id").asText();
      soft.assertThat(traced.failure()).as(id).isEqualTo(plain.failure());
      soft.assertThat(traced.rule()).as(id).isEqualTo(plain.rule());
      soft.assertThat(plain.words()).as(id).isEmpty();
      UpstreamError read = FailureClassifier.read(e);
      for (String word : traced.words()) {
        soft.assertThat(read.wording().contains(word) || read.tokens().contains(word))
            .as("%s: '%s' is in the text or its codes", id, word)
            .isTrue();
      }
      withWords += traced.words().isEmpty() ? 0 : 1;
    }
    soft.assertAll();
    // most real failures are decided by what they say, not by a status alone
    assertThat(withWords).isGreaterThan(3_000);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          The request timed out after 30 seconds                              | in_band.timeout          | timed out after 30 seconds
          Your credit balance is too low to access the Anthropic API.         | account.wording          | credit balance is too low
          The model `gpt-9` does not exist or you do not have access to it.  | gone.model_wording       | model `gpt-9` does not exist
          """)
  void namesThePhraseThatDecided(String message, String rule, String phrase) {
    Classification c = CLASSIFIER.trace(FailureEvidence.message(message));
    assertThat(c.rule()).isEqualTo(rule);
    assertThat(c.words()).anySatisfy(w -> assertThat(phrase).contains(w));
  }

  @Test
  void aStatusReadsNoWordsAndACodeReadsItself() {
    assertThat(CLASSIFIER.trace(FailureEvidence.http(500, Map.of(), "")).words()).isEmpty();
    Classification code =
        CLASSIFIER.trace(
            FailureEvidence.http(
                429, Map.of(), "{\"error\":{\"message\":\"x\",\"type\":\"insufficient_quota\"}}"));
    assertThat(code.rule()).isEqualTo("account.error_code");
    assertThat(code.words()).containsExactly("insufficient_quota");
  }

  @Test
  void anOperatorsRuleReadsNoBuiltInWords() {
    ErrorRule rule =
        new ErrorRule(
            "errors.yaml:2",
            null,
            List.of(),
            null,
            List.of(),
            null,
            null,
            List.of("too low"),
            FailureCategory.RATE_LIMITED,
            false,
            null);
    Classification c =
        CLASSIFIER
            .withRules(List.of(rule))
            .trace(FailureEvidence.message("Your credit balance is too low"));
    assertThat(c.rule()).startsWith("user:");
    assertThat(c.words()).isEmpty();
  }
}
