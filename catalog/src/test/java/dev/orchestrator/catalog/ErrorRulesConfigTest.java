package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.FailureCategory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code errors:} section of an own catalog configuration: operator rules for classifying
 * provider failures, read in order, each error reported at its file, line and field.
 */
class ErrorRulesConfigTest {
  private static final String PROVIDERS =
      """
      providers:
        relay:
          baseUrl: https://relay.test/v1
          protocol: openai-chat
      """;

  @Test
  void readsEveryConditionAndVerdictInOrder() {
    Catalog c =
        CatalogLoader.parse(
            "errors.yaml",
            PROVIDERS
                + """
                errors:
                  - name: relay-saturated-is-quota
                    when:
                      status: [429, 503]
                      provider: relay
                      code: new_api_error
                      header: "X-Relay-Reason: quota"
                      message: ["upstream saturated", "负载已饱和"]
                    category: quota_exhausted
                    retryable: false
                    cooldown: 15m
                  - name: gateway-timeout-text
                    when:
                      message: gateway gave up
                    category: timeout
                    retryable: true
                """);

    List<ErrorRule> rules = c.errorRules();
    assertThat(rules)
        .extracting(ErrorRule::name)
        .containsExactly("relay-saturated-is-quota", "gateway-timeout-text");
    ErrorRule first = rules.get(0);
    assertThat(first.origin()).isEqualTo("errors.yaml:6");
    assertThat(first.statuses()).containsExactly(429, 503);
    assertThat(first.provider()).isEqualTo("relay");
    assertThat(first.codes()).containsExactly("new_api_error");
    assertThat(first.header()).isEqualTo("X-Relay-Reason");
    assertThat(first.headerContains()).isEqualTo("quota");
    assertThat(first.phrases()).containsExactly("upstream saturated", "负载已饱和");
    assertThat(first.category()).isEqualTo(FailureCategory.QUOTA_EXHAUSTED);
    assertThat(first.retryable()).isFalse();
    assertThat(first.cooldown()).isEqualTo(Duration.ofMinutes(15));
    assertThat(rules.get(1).cooldown()).isNull();
    assertThat(rules.get(1).retryable()).isTrue();
  }

  @Test
  void laterFilesAddTheirRulesAfterEarlierOnes() {
    Catalog c =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text(
                    "a.yaml",
                    "errors:\n  - {name: a, when: {status: 418}, category: unknown,"
                        + " retryable: false}\n"),
                new CatalogLoader.Text(
                    "b.yaml",
                    "errors:\n  - {name: b, when: {message: teapot}, category: request_invalid,"
                        + " retryable: false}\n")),
            false);
    assertThat(c.errorRules()).extracting(ErrorRule::name).containsExactly("a", "b");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          unknown condition key | when: {mesage: x} | errors.yaml:7:12: errors[0].when.mesage: unknown key 'mesage' (did you mean 'message'?)
          category not known    | when: {status: 429}\\n    category: quota_exausted | errors.yaml:8:5: errors[0].category: "quota_exausted" is not a failure category (did you mean 'quota_exhausted'?)
          status out of range   | when: {status: 700} | errors.yaml:7:12: errors[0].when.status: 700 is not an HTTP status (expected: an integer 100..599)
          no condition          | when: {} | errors.yaml:7:5: errors[0].when: no condition
          bad cool-down         | when: {status: 429}\\n    cooldown: soon | errors.yaml:8:5: errors[0].cooldown: "soon" is not a duration (expected: like 90s, 15m, 2h or 1d)
          undefined provider    | when: {provider: nowhere} | errors.yaml:7:12: errors[0].when.provider: provider 'nowhere' is not defined
          """)
  void reportsEachMistakeAtItsLineAndField(String what, String when, String expected) {
    String yaml =
        PROVIDERS
            + "errors:\n  - name: r\n    "
            + when.replace("\\n", "\n")
            + (when.contains("category:") ? "" : "\n    category: quota_exhausted")
            + "\n    retryable: false\n";
    assertThatThrownBy(() -> CatalogLoader.parse("errors.yaml", yaml))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith(expected);
  }

  @Test
  void aRuleMustSayWhetherItIsRetryableAndHaveAUniqueName() {
    assertThatThrownBy(
            () ->
                CatalogLoader.parse(
                    "errors.yaml",
                    "errors:\n  - name: r\n    when: {status: 429}\n    category: timeout\n"))
        .hasMessageContaining("errors.yaml:2")
        .hasMessageContaining("errors[0]: rule 'r' does not say whether it is retryable");
    assertThatThrownBy(
            () ->
                CatalogLoader.parse(
                    "errors.yaml",
                    "errors:\n"
                        + "  - {name: r, when: {status: 429}, category: timeout, retryable: true}\n"
                        + "  - {name: r, when: {status: 500}, category: timeout, retryable: true}\n"))
        .hasMessageContaining("errors.yaml:3")
        .hasMessageContaining("errors[1].name: rule 'r' is defined twice");
  }
}
