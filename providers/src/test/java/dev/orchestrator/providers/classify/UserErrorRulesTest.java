package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.FailureCategory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An operator's rules (a catalog's {@code errors:} section) come before the built-in rules: the
 * first that matches decides, and the classification says where it is written and why it matched.
 */
class UserErrorRulesTest {
  // new-api's "upstream saturated" on a 429: built in, a rate limit
  private static final FailureEvidence SATURATED =
      new FailureEvidence(
          429,
          Map.of("X-Relay-Reason", "quota exhausted upstream"),
          "{\"error\":{\"message\":\"当前分组上游负载已饱和，请稍后再试\",\"type\":\"new_api_error\"}}",
          null,
          null,
          false,
          false,
          "relay");

  private static ErrorRule rule(
      int line,
      List<String> statuses,
      String provider,
      List<String> codes,
      String header,
      String contains,
      List<String> phrases,
      FailureCategory category,
      Duration cooldown) {
    return new ErrorRule(
        "errors.yaml:" + line,
        null,
        statuses,
        provider,
        codes,
        header,
        contains,
        phrases,
        category,
        false,
        cooldown);
  }

  /** A rule on statuses alone. */
  private static ErrorRule byStatus(int line, FailureCategory category, String... statuses) {
    return rule(line, List.of(statuses), null, List.of(), null, null, List.of(), category, null);
  }

  /** A rule on message phrases alone. */
  private static ErrorRule byPhrases(int line, FailureCategory category, String... phrases) {
    return rule(line, List.of(), null, List.of(), null, null, List.of(phrases), category, null);
  }

  @Test
  void theBuiltInRulesDecideWhenNoOperatorRuleMatches() {
    Classification c = FailureClassifier.INSTANCE.explain(SATURATED);
    // a 429 whose words say the group's upstream load is saturated: the relay's rate limit (its
    // FAQ: the upstream channel answered 429)
    assertThat(c.failure().category()).isEqualTo(FailureCategory.RATE_LIMITED);
    assertThat(c.why()).isNull();

    FailureClassifier withOther =
        FailureClassifier.INSTANCE.withRules(
            List.of(
                rule(
                    3,
                    List.of("429"),
                    "elsewhere",
                    List.of(),
                    null,
                    null,
                    List.of(),
                    FailureCategory.QUOTA_EXHAUSTED,
                    null)));
    Classification other = withOther.explain(SATURATED);
    assertThat(other.rule()).isEqualTo("transient.status_429");
    assertThat(other.considered())
        .containsExactly(
            new Classification.Check(
                "user:errors.yaml:3", false, "provider relay is not elsewhere"));
  }

  @Test
  void anOperatorRuleComesBeforeTheBuiltInRulesAndSaysWhy() {
    FailureClassifier classifier =
        FailureClassifier.INSTANCE.withRules(
            List.of(
                rule(
                    18,
                    List.of("429", "503"),
                    "relay",
                    List.of("new_api_error"),
                    "x-relay-reason",
                    "QUOTA",
                    List.of("负载已饱和"),
                    FailureCategory.QUOTA_EXHAUSTED,
                    Duration.ofMinutes(15))));

    Classification c = classifier.explain(SATURATED);

    assertThat(c.rule()).isEqualTo("user:errors.yaml:18");
    assertThat(c.failure().category()).isEqualTo(FailureCategory.QUOTA_EXHAUSTED);
    assertThat(c.failure().retryable()).isFalse();
    assertThat(c.failure().retryAfter())
        .as("the rule's cool-down")
        .isEqualTo(Duration.ofMinutes(15));
    assertThat(c.failure().status()).isEqualTo(429);
    assertThat(c.why())
        .isEqualTo(
            "status 429, provider relay, code new_api_error, header x-relay-reason contains"
                + " 'quota', message contains '负载已饱和'");
    assertThat(c.considered()).extracting(Classification.Check::rule).containsExactly(c.rule());
  }

  @Test
  void theFirstMatchingOperatorRuleWinsAndEveryConditionMustHold() {
    ErrorRule wrongHeader =
        rule(
            4,
            List.of(),
            null,
            List.of(),
            "x-missing",
            null,
            List.of(),
            FailureCategory.AUTH_FAILED,
            null);
    ErrorRule byMessage = byPhrases(9, FailureCategory.OVERLOADED, "no match here", "上游负载");
    ErrorRule later = byStatus(14, FailureCategory.SERVER_ERROR, "429");

    Classification c =
        FailureClassifier.INSTANCE
            .withRules(List.of(wrongHeader, byMessage, later))
            .explain(SATURATED);

    assertThat(c.rule()).isEqualTo("user:errors.yaml:9");
    assertThat(c.failure().category()).isEqualTo(FailureCategory.OVERLOADED);
    assertThat(c.why()).isEqualTo("message contains '上游负载'");
    // every rule up to the one that matched, each with why; the later rule is never considered
    assertThat(c.considered())
        .containsExactly(
            new Classification.Check("user:errors.yaml:4", false, "no header x-missing"),
            new Classification.Check("user:errors.yaml:9", true, "message contains '上游负载'"));
  }

  @Test
  void aStatusTheMessageCarriesMatchesAStatusCondition() {
    FailureEvidence sdkText =
        FailureEvidence.message("Error code: 402 - {'error': {'message': 'budget full'}}");
    Classification c =
        FailureClassifier.INSTANCE
            .withRules(List.of(byStatus(2, FailureCategory.QUOTA_EXHAUSTED, "402")))
            .explain(sdkText);
    assertThat(c.rule()).isEqualTo("user:errors.yaml:2");
    assertThat(c.why()).contains("status 402 (the status the body or message carries)");
  }

  @Test
  void aStatusClassMatchesEveryStatusInItAndSaysWhyNotOtherwise() {
    ErrorRule fiveHundreds = byStatus(5, FailureCategory.SERVER_ERROR, "5xx");
    ErrorRule fourHundreds =
        rule(
            7,
            List.of("4XX"),
            null,
            List.of(),
            null,
            null,
            List.of("saturated", "饱和"),
            FailureCategory.QUOTA_EXHAUSTED,
            null);
    Classification c =
        FailureClassifier.INSTANCE
            .withRules(List.of(fiveHundreds, fourHundreds))
            .explain(SATURATED);
    assertThat(c.rule()).isEqualTo("user:errors.yaml:7");
    assertThat(c.considered())
        .containsExactly(
            new Classification.Check("user:errors.yaml:5", false, "status 429 is not 5xx"),
            new Classification.Check(
                "user:errors.yaml:7", true, "status 429, message contains '饱和'"));

    Classification none =
        FailureClassifier.INSTANCE
            .withRules(List.of(fourHundreds))
            .explain(
                new FailureEvidence(
                    400, Map.of(), "{\"error\":\"bad\"}", null, null, false, false, null));
    assertThat(none.considered())
        .containsExactly(
            new Classification.Check(
                "user:errors.yaml:7", false, "the message contains none of 'saturated', '饱和'"));
    assertThat(none.rule()).doesNotStartWith("user:");
  }

  @Test
  void aRuleWithoutAConditionOrWithAnImpossibleStatusIsRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> byPhrases(1, FailureCategory.SERVER_ERROR))
        .withMessageContaining("at least one condition");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> byStatus(1, FailureCategory.SERVER_ERROR, "6xx"))
        .withMessageContaining("'6xx' is not an HTTP status");
  }
}
