package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.FailureCategory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code errors:} section of an own catalog configuration (docs/reference.md, "User error
 * rules"): operator rules for classifying provider failures, read in order, each reporting as
 * {@code user:PATH:LINE} and each mistake reported at its file, line and field.
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
                  - match:
                      status: [429, 503, "5xx"]
                      provider: relay
                      code: new_api_error
                      header: {name: X-Relay-Reason, value: quota}
                      messageContains: ["upstream saturated", "负载已饱和"]
                    category: quota_exhausted
                    retryable: false
                    cooldownS: 900
                  - name: gateway timeout text
                    match:
                      messageContains: gateway gave up
                    category: timeout
                    retryable: true
                """);

    List<ErrorRule> rules = c.errorRules();
    assertThat(rules)
        .extracting(ErrorRule::id)
        .containsExactly("user:errors.yaml:6", "user:errors.yaml:15");
    ErrorRule first = rules.get(0);
    assertThat(first.origin()).isEqualTo("errors.yaml:6");
    assertThat(first.name()).isNull();
    assertThat(first.statuses()).containsExactly("429", "503", "5xx");
    assertThat(first.provider()).isEqualTo("relay");
    assertThat(first.codes()).containsExactly("new_api_error");
    assertThat(first.header()).isEqualTo("X-Relay-Reason");
    assertThat(first.headerValue()).isEqualTo("quota");
    assertThat(first.phrases()).containsExactly("upstream saturated", "负载已饱和");
    assertThat(first.category()).isEqualTo(FailureCategory.QUOTA_EXHAUSTED);
    assertThat(first.retryable()).isFalse();
    assertThat(first.cooldown()).isEqualTo(Duration.ofMinutes(15));
    assertThat(rules.get(1).name()).isEqualTo("gateway timeout text");
    assertThat(rules.get(1).phrases()).containsExactly("gateway gave up");
    assertThat(rules.get(1).cooldown()).isNull();
    assertThat(rules.get(1).retryable()).isTrue();
  }

  @Test
  void theContractsOwnExampleReads() {
    // every condition at once, for a provider the file does not define (classify --provider acme)
    Catalog c =
        CatalogLoader.parse(
            "errors.yaml",
            """
            errors:
              - match:                       # every given condition must hold
                  status: 400                # or a list, or "4xx"
                  provider: acme             # optional: only answers from this provider
                  code: "E1234"              # the body's error code/type, any nesting
                  messageContains: ["credits depleted", "余额不足"]   # any of, case-insensitive
                  header: {name: x-acme-error, value: quota}
                category: quota_exhausted
                retryable: false
                cooldownS: 3600              # optional: how long the route/key cools down
            """);
    ErrorRule r = c.errorRules().get(0);
    assertThat(r.id()).isEqualTo("user:errors.yaml:2");
    assertThat(r.statuses()).containsExactly("400");
    assertThat(r.codes()).containsExactly("e1234");
    assertThat(r.cooldown()).isEqualTo(Duration.ofHours(1));
    assertThat(r.matchesStatus(400)).isTrue();
    assertThat(r.matchesStatus(401)).isFalse();
  }

  @Test
  void laterFilesAddTheirRulesAfterEarlierOnes() {
    Catalog c =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text(
                    "a.yaml",
                    "errors:\n  - {match: {status: 418}, category: unknown, retryable: false}\n"),
                new CatalogLoader.Text(
                    "b.yaml",
                    "errors:\n  - {match: {messageContains: teapot}, category: request_invalid,"
                        + " retryable: false}\n")),
            false);
    assertThat(c.errorRules())
        .extracting(ErrorRule::id)
        .containsExactly("user:a.yaml:2", "user:b.yaml:2");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          unknown condition key | match: {mesageContains: x} | errors.yaml:7:13: errors[0].match.mesageContains: unknown key 'mesageContains' (did you mean 'messageContains'?)
          category not known    | match: {status: 429}\\n    category: quota_exausted | errors.yaml:8:5: errors[0].category: "quota_exausted" is not a failure category (did you mean 'quota_exhausted'?)
          status out of range   | match: {status: 700} | errors.yaml:7:13: errors[0].match.status: 700 is not an HTTP status (expected: 100..599 or a class like "4xx")
          status class unknown  | match: {status: [429, "6xx"]} | errors.yaml:7:27: errors[0].match.status[1]: "6xx" is not an HTTP status
          no condition          | match: {} | errors.yaml:7:5: errors[0].match: no condition
          an empty phrase list  | match: {messageContains: []} | errors.yaml:7:13: errors[0].match.messageContains: an empty list (expected: one or more phrases of the message or body)
          an empty code list    | match: {status: 429, code: []} | errors.yaml:7:26: errors[0].match.code: an empty list (expected: one or more error types or codes)
          no match at all       | category: timeout | errors.yaml:6:5: errors[0]: the rule has no match
          header without name   | match: {header: {value: quota}} | errors.yaml:7:13: errors[0].match.header: the header condition has no name
          header as a string    | match: {header: "X-A: b"} | errors.yaml:7:13: errors[0].match.header: "X-A: b" is not an object
          bad cool-down         | match: {status: 429}\\n    cooldownS: soon | errors.yaml:8:5: errors[0].cooldownS: "soon" is not a number (expected: a positive integer)
          zero cool-down        | match: {status: 429}\\n    cooldownS: 0 | errors.yaml:8:5: errors[0].cooldownS: 0 is out of range
          the old 'when' key    | when: {status: 429} | errors.yaml:7:5: errors[0].when: 'when' is now 'match'
          the old 'cooldown'    | match: {status: 429}\\n    cooldown: 15m | errors.yaml:8:5: errors[0].cooldown: 'cooldown' is now 'cooldownS'
          """)
  void reportsEachMistakeAtItsLineAndField(String what, String rule, String expected) {
    String yaml =
        PROVIDERS
            + "errors:\n  - name: r\n    "
            + rule.replace("\\n", "\n")
            + (rule.contains("category:") ? "" : "\n    category: quota_exhausted")
            + "\n    retryable: false\n";
    assertThatThrownBy(() -> CatalogLoader.parse("errors.yaml", yaml))
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith(expected);
  }

  @Test
  void aRuleMustSayWhetherItIsRetryable() {
    assertThatThrownBy(
            () ->
                CatalogLoader.parse(
                    "errors.yaml", "errors:\n  - match: {status: 429}\n    category: timeout\n"))
        .hasMessageStartingWith(
            "errors.yaml:2:5: errors[0]: the rule does not say whether it is retryable");
  }

  @Test
  void aProviderTheCatalogDoesNotDefineIsAWarningWithACloseMatch(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("errors.yaml");
    Files.writeString(
        file,
        PROVIDERS
            + "errors:\n"
            + "  - {match: {provider: rellay}, category: timeout, retryable: true}\n");
    List<String> warnings = new ArrayList<>();
    Catalog c = CatalogLoader.load(List.of(file), warnings::add);
    assertThat(c.errorRules()).hasSize(1);
    assertThat(warnings)
        .containsExactly(
            file
                + ":6:14: errors[0].match.provider: provider 'rellay' is not defined in this"
                + " catalog (did you mean 'relay'?); the rule matches only answers from a"
                + " provider with that id");

    // a rules-only file defines no provider, so there is nothing to compare against
    Files.writeString(
        file, "errors:\n  - {match: {provider: acme}, category: timeout, retryable: true}\n");
    warnings.clear();
    assertThat(CatalogLoader.load(List.of(file), warnings::add).errorRules()).hasSize(1);
    assertThat(warnings).isEmpty();
  }
}
