package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Models.dev provider without {@code api} (24 of the real snapshot's 147) has no base URL: its
 * routes can never be called, so every command says so before anything is sent — the plan leaves
 * them out as {@code no_credentials} naming the setting, {@code catalog providers} and {@code
 * catalog show} say the base URL is missing, and a config that sets it makes them candidates again.
 * Both providers' key variable is {@code PATH}, which every environment sets, so the base URL is
 * the only thing missing.
 */
class MissingBaseUrlTest {
  @TempDir static Path dir;
  static String modelsDev;
  static String baseUrlConfig;

  @BeforeAll
  static void writeCatalogs() throws Exception {
    modelsDev =
        CliRun.write(
                dir.resolve("api.json"),
                "{\"hosted\": {\"id\": \"hosted\", \"env\": [\"PATH\"],"
                    + " \"api\": \"http://127.0.0.1:9/v1\", \"models\": {\"m\": {\"cost\":"
                    + " {\"input\": 0, \"output\": 0}, \"limit\": {\"context\": 1000}}}},",
                " \"bare\": {\"id\": \"bare\", \"env\": [\"PATH\"], \"models\": {\"m\":"
                    + " {\"cost\": {\"input\": 0, \"output\": 0}, \"limit\": {\"context\": 2000}}}}}")
            .toString();
    baseUrlConfig =
        CliRun.write(
                dir.resolve("base-url.yaml"),
                "providers:",
                "  bare: {baseUrl: 'http://127.0.0.1:9/v1'}",
                "")
            .toString();
  }

  private static List<String> routes(JsonNode list) {
    List<String> ids = new ArrayList<>();
    list.forEach(x -> ids.add(x.get("route").asText()));
    return ids;
  }

  @Test
  void theDryRunPlanLeavesTheRouteOutNamingTheSettingToSet() {
    CliRun r = CliRun.of("route", "orchestrator/auto", "--catalog", modelsDev, "--all-excluded");

    assertThat(r.code).isZero();
    assertThat(r.out)
        .contains("orchestrator/auto → auto pool: 1 candidate(s), 1 excluded")
        .contains("  1     hosted/m")
        .contains("bare/m          no_credentials  no base URL: set providers.bare.baseUrl");
    JsonNode doc = CliRun.of("route", "orchestrator/auto", "--catalog", modelsDev, "--json").json();
    assertThat(routes(doc.get("candidates"))).containsExactly("hosted/m");
    assertThat(doc.get("excluded"))
        .extracting(
            x ->
                x.get("route").asText()
                    + ": "
                    + x.get("reason").asText()
                    + ", "
                    + x.get("detail").asText())
        .containsExactly("bare/m: no_credentials, no base URL: set providers.bare.baseUrl");
  }

  @Test
  void aBaseUrlInTheConfigMakesItACandidateAgainOnEitherSideOfTheSnapshot() {
    for (List<String> order :
        List.of(List.of(modelsDev, baseUrlConfig), List.of(baseUrlConfig, modelsDev))) {
      JsonNode doc =
          CliRun.of(
                  "route",
                  "orchestrator/auto",
                  "--catalog",
                  order.get(0),
                  "--catalog",
                  order.get(1),
                  "--only-configured",
                  "--json")
              .json();

      assertThat(routes(doc.get("candidates"))).as("%s", order).contains("bare/m");
      assertThat(doc.get("excluded")).as("%s", order).isEmpty();
    }
  }

  @Test
  void withNoOtherCandidateTheSettingIsWhatToSet() {
    CliRun r = CliRun.of("route", "bare/m", "--catalog", modelsDev, "--only-configured");

    assertThat(r.out)
        .contains("bare/m → route pool: 0 candidate(s), 1 excluded")
        .contains("No candidate has a base URL: set providers.bare.baseUrl (1 route).");
  }

  @Test
  void chatSendsNothingAndItsErrorNamesTheSetting() {
    CliRun r = CliRun.of("chat", "bare/m", "--message", "hi", "--catalog", modelsDev, "--json");

    assertThat(r.code).isEqualTo(1);
    assertThat(r.json().get("error").get("type").asText()).isEqualTo("no_candidates");
    assertThat(r.json().get("error").get("message").asText())
        .isEqualTo(
            "no eligible route for bare/m (excluded: 1 no_credentials); to enable routes, set"
                + " providers.bare.baseUrl (1 route)");
    assertThat(r.json().get("attempts")).isEmpty();
    assertThat(
            CliRun.of("chat", "bare/m", "--message", "hi", "--catalog", modelsDev, "--trace").err)
        .contains("plan: route (0 candidates, 1 left out without a base URL)")
        .contains(
            "  left out without a base URL: bare/m (no base URL: set providers.bare.baseUrl)");
  }

  @Test
  void preflightNeverProbesItAndSaysWhatToSet() {
    CliRun r = CliRun.of("preflight", "bare/m", "--catalog", modelsDev);

    assertThat(r.code).isEqualTo(4);
    assertThat(r.out)
        .contains("bare/m → route pool: 0 viable, 0 rejected, 0 skipped")
        .contains("Never contacted (left out by the plan): no_credentials 1")
        .contains("To enable routes without a base URL: set providers.bare.baseUrl (1 route).");
    JsonNode doc = CliRun.of("preflight", "bare/m", "--catalog", modelsDev, "--json").json();
    assertThat(doc.get("routes")).isEmpty();
    assertThat(doc.get("excluded").get(0).get("detail").asText())
        .isEqualTo("no base URL: set providers.bare.baseUrl");
  }

  @Test
  void catalogProvidersAndShowSayTheBaseUrlIsMissingAndWhatToSet() {
    CliRun r = CliRun.of("catalog", "providers", "--catalog", modelsDev);

    assertThat(r.out)
        .contains("(none: set providers.bare.baseUrl)")
        .contains("hosted    openai-chat  1       PATH set  http://127.0.0.1:9/v1")
        .contains(
            "2 providers, 0 without a key (set one of the variables marked 'unset' to enable its"
                + " routes), 1 without a base URL (set providers.<id>.baseUrl in a config to"
                + " enable its routes)");
    JsonNode providers =
        CliRun.of("catalog", "providers", "--catalog", modelsDev, "--json").json().get("providers");
    // A key is set, but the routes cannot be called: not configured, as the plan says.
    assertThat(providers)
        .extracting(
            p ->
                p.get("id").asText()
                    + " baseUrl="
                    + p.get("baseUrl")
                    + " configured="
                    + p.get("configured"))
        .containsExactly(
            "bare baseUrl=null configured=false",
            "hosted baseUrl=\"http://127.0.0.1:9/v1\" configured=true");
    assertThat(CliRun.of("catalog", "show", "bare/m", "--catalog", modelsDev).out)
        .contains("  base URL        (none: set providers.bare.baseUrl)");
    assertThat(
            CliRun.of(
                    "catalog", "show", "bare/m", "--catalog", modelsDev, "--catalog", baseUrlConfig)
                .out)
        .contains("  base URL        http://127.0.0.1:9/v1");
  }
}
