package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class FailureExplanationsTest {

  @ParameterizedTest
  @EnumSource(FailureCategory.class)
  void everyCategoryReadsAsOneSentenceNamingTheProvider(FailureCategory category) {
    ProviderFailure f =
        ProviderFailure.builder(category, ReachedModel.UNKNOWN).status(418).message("m").build();

    String summary = FailureExplanations.summary(f, "openrouter");
    String next = FailureExplanations.nextStep(f, "openrouter");

    assertThat(summary)
        .contains("openrouter")
        .contains("HTTP 418")
        .endsWith(".")
        .doesNotContain("\n");
    assertThat(next).isNotBlank().endsWith(".").doesNotContain("\n");
    assertThat(FailureExplanations.summary(f, null)).contains("the provider");
  }

  @Test
  void quotaExhaustedTellsWhatToDo() {
    ProviderFailure f =
        FailureClassifier.INSTANCE.classify(
            FailureEvidence.http(
                402, Map.of(), "{\"error\":{\"message\":\"Insufficient credits\"}}"));

    assertThat(FailureExplanations.summary(f, "openrouter"))
        .isEqualTo(
            "Quota exhausted on openrouter (HTTP 402): the account is out of credits, quota or budget.");
    assertThat(FailureExplanations.nextStep(f, "openrouter"))
        .isEqualTo("Add credits or wait for the reset; the route is skipped until then.");
  }

  @Test
  void aRefusedHistoryShapeSaysItIsRepairedOnce() {
    ProviderFailure f =
        FailureClassifier.INSTANCE.classify(
            FailureEvidence.http(
                400,
                Map.of(),
                "{\"object\":\"error\",\"message\":\"Tool call id was call_1 but must be a-z,"
                    + " A-Z, 0-9, with a length of 9.\",\"type\":\"invalid_request_message_error\"}"));

    assertThat(f.repairable()).isTrue();
    assertThat(FailureExplanations.summary(f, "mistral"))
        .isEqualTo("Request rejected by mistral (HTTP 400) for the shape of its history.");
    assertThat(FailureExplanations.nextStep(f, "mistral"))
        .startsWith("The orchestrator sends the same route the history once more");
  }

  @Test
  void rateLimitedNamesTheWait() {
    ProviderFailure f =
        FailureClassifier.INSTANCE.classify(
            FailureEvidence.http(429, Map.of("Retry-After", "2"), null));

    assertThat(FailureExplanations.summary(f, "groq"))
        .isEqualTo("Rate limited by groq (HTTP 429); it asks to wait 2s.");
    assertThat(FailureExplanations.nextStep(f, "groq")).startsWith("Wait 2s before retrying groq");
  }

  @ParameterizedTest
  @CsvSource({"250,250ms", "2000,2s", "1500,1.5s", "360000,6m", "90500,1m 30s", "7380000,2h 3m"})
  void writesDurationsForPeople(long millis, String text) {
    assertThat(FailureExplanations.human(Duration.ofMillis(millis))).isEqualTo(text);
  }
}
