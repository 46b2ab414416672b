package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user without keys learns from the tool which variables to set: {@code route} (a dry run
 * that needs none), {@code chat} (which does) and {@code catalog providers}. The providers' key
 * variables are names no environment sets, so the tests do not depend on the machine's keys.
 */
class MissingKeysTest {
  @TempDir static Path dir;
  static String catalog;

  @BeforeAll
  static void writeCatalog() throws Exception {
    Path p = dir.resolve("keys.yaml");
    CliRun.write(
        p,
        "providers:",
        "  alpha: {baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: [ORCH_TEST_UNSET_ALPHA_KEY]}",
        "  beta: {baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: [ORCH_TEST_UNSET_B1, ORCH_TEST_UNSET_B2]}",
        "routes:",
        "  alpha/one: {tier: free, contextWindow: 1000}",
        "  alpha/two: {tier: free, contextWindow: 2000}",
        "  beta/one: {inputPerMtok: 0, outputPerMtok: 0, contextWindow: 3000}",
        "");
    catalog = p.toString();
  }

  @Test
  void aDryRunSaysHowManyCandidatesHaveNoKeyAndWhatToSet() {
    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", catalog);

    assertThat(r.code).isZero();
    assertThat(r.out)
        .contains(
            "3 of 3 candidate(s) have no key: set ORCH_TEST_UNSET_ALPHA_KEY (2 routes),"
                + " ORCH_TEST_UNSET_B1 or ORCH_TEST_UNSET_B2 (1 route). A real request leaves them"
                + " out (--only-configured shows that plan).");
  }

  @Test
  void onlyConfiguredExcludesThemWithTheVariableAsDetail() {
    CliRun r = CliRun.of("route", "orchestrator/free", "--catalog", catalog, "--only-configured");

    assertThat(r.out)
        .contains("0 candidate(s), 3 excluded")
        .contains(
            "No candidate has a key: set ORCH_TEST_UNSET_ALPHA_KEY (2 routes), ORCH_TEST_UNSET_B1"
                + " or ORCH_TEST_UNSET_B2 (1 route).");
    JsonNode doc =
        CliRun.of("route", "orchestrator/free", "--catalog", catalog, "--only-configured", "--json")
            .json();
    assertThat(doc.get("excluded"))
        .extracting(
            x ->
                x.get("route").asText()
                    + ": "
                    + x.get("reason").asText()
                    + ", "
                    + x.get("detail").asText())
        .containsExactly(
            "beta/one: no_credentials, set ORCH_TEST_UNSET_B1 or ORCH_TEST_UNSET_B2",
            "alpha/two: no_credentials, set ORCH_TEST_UNSET_ALPHA_KEY",
            "alpha/one: no_credentials, set ORCH_TEST_UNSET_ALPHA_KEY");
  }

  @Test
  void chatWithoutKeysNamesTheVariablesAndSendsNothing() {
    CliRun r =
        CliRun.of("chat", "orchestrator/free", "--message", "hi", "--catalog", catalog, "--json");

    assertThat(r.code).isEqualTo(1);
    JsonNode error = r.json().get("error");
    assertThat(error.get("type").asText()).isEqualTo("no_candidates");
    assertThat(error.get("message").asText())
        .isEqualTo(
            "no eligible route for orchestrator/free (excluded: 3 no_credentials); to enable"
                + " routes, set ORCH_TEST_UNSET_ALPHA_KEY (2 routes), ORCH_TEST_UNSET_B1 or"
                + " ORCH_TEST_UNSET_B2 (1 route)");
    assertThat(r.json().get("attempts")).isEmpty();
  }

  @Test
  void catalogProvidersSaysWhichVariablesAreSetNeverTheirValues() {
    CliRun r = CliRun.of("catalog", "providers", "--catalog", catalog);

    assertThat(r.out)
        .contains("alpha     openai-chat  2       ORCH_TEST_UNSET_ALPHA_KEY unset")
        .contains("ORCH_TEST_UNSET_B1 unset, ORCH_TEST_UNSET_B2 unset")
        .contains("2 providers, 2 without a key");
    JsonNode beta =
        CliRun.of("catalog", "providers", "--catalog", catalog, "--json")
            .json()
            .get("providers")
            .get(1);
    assertThat(beta.get("id").asText()).isEqualTo("beta");
    assertThat(beta.get("configured").asBoolean()).isFalse();
    assertThat(beta.get("keyVariables").get(1).get("name").asText())
        .isEqualTo("ORCH_TEST_UNSET_B2");
    assertThat(beta.get("keyVariables").get(1).get("set").asBoolean()).isFalse();
    assertThat(beta.get("routes").asInt()).isEqualTo(1);
  }
}
