package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code orchestrator preflight} in-process against a scripted loopback upstream, through the real
 * HTTP clients and classifier. The catalog's provider is keyless (like a local vLLM) and points at
 * the upstream, so no key and no hidden option is needed.
 */
class PreflightCommandIT {
  private static final String QUOTA_BODY =
      "{\"error\":{\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\","
          + "\"message\":\"You exceeded your current quota, please check your plan.\"}}";
  private static final String NOT_FOUND_BODY =
      "{\"error\":{\"code\":\"model_not_found\",\"message\":\"The model does not exist.\"}}";

  @TempDir Path dir;
  private ScriptedUpstream upstream;
  private Path catalog;

  @BeforeEach
  void start() throws IOException {
    Map<String, List<Step>> scripts = new LinkedHashMap<>();
    scripts.put(
        "local/flaky",
        List.of(Step.answer(503, "{\"error\":{\"message\":\"try again\"}}"), Step.ok("pong")));
    scripts.put("local/gone", List.of(Step.answer(404, NOT_FOUND_BODY), Step.ok("pong")));
    scripts.put("local/silent", List.of(Step.fault(Fault.NO_RESPONSE)));
    scripts.put("local/broke", List.of(Step.answer(429, QUOTA_BODY), Step.ok("pong")));
    upstream = ScriptedUpstream.start(scripts);
    catalog = dir.resolve("local.yaml");
    CliRun.write(
        catalog,
        "providers:",
        "  local:",
        "    baseUrl: " + upstream.baseUrl("local"),
        "    apiKeyEnv: []",
        "routes:",
        "  \"local/flaky\": {tier: free, contextWindow: 8192}",
        "  \"local/gone\": {tier: free, contextWindow: 8192}",
        "  \"local/silent\": {tier: free, contextWindow: 8192}",
        "  \"local/broke\": {tier: free, contextWindow: 8192}",
        "  \"local/paid\": {inputPerMtok: 1, outputPerMtok: 2, contextWindow: 8192}",
        "pools:",
        "  dead: {kind: virtual, routes: [\"local/gone\", \"local/broke\"]}",
        "");
  }

  @AfterEach
  void stop() {
    upstream.close();
  }

  private CliRun preflight(String... extra) {
    List<String> args = new ArrayList<>(List.of("preflight"));
    args.addAll(List.of(extra));
    // Long enough that a loaded machine answers the scripted routes in time (the silent route costs
    // two of it); short enough to keep the test quick.
    args.addAll(List.of("--catalog", catalog.toString(), "--attempt-timeout-ms", "1500"));
    return CliRun.of(args.toArray(new String[0]));
  }

  private static JsonNode route(JsonNode doc, String id) {
    for (JsonNode r : doc.get("routes")) {
      if (r.get("route").asText().equals(id)) {
        return r;
      }
    }
    throw new AssertionError("no verdict for " + id + " in " + doc);
  }

  @Test
  void reportsEveryFreeRouteAndExitsZeroWhenOneAnswers() {
    CliRun run = preflight("orchestrator/free", "--json");

    assertThat(run.code).as(run.err).isZero();
    JsonNode doc = run.json();
    assertThat(doc.get("model").asText()).isEqualTo("orchestrator/free");
    assertThat(doc.get("pool").asText()).isEqualTo("free");
    assertThat(doc.get("viable").asInt()).isEqualTo(1);
    assertThat(doc.get("rejected").asInt()).isEqualTo(3);

    JsonNode flaky = route(doc, "local/flaky");
    assertThat(flaky.get("verdict").asText()).isEqualTo("viable");
    assertThat(flaky.get("attempts").asInt()).isEqualTo(2);
    assertThat(flaky.get("health").asText()).isEqualTo("success");

    JsonNode gone = route(doc, "local/gone");
    assertThat(gone.get("verdict").asText()).isEqualTo("rejected");
    assertThat(gone.get("attempts").asInt()).isEqualTo(1);
    assertThat(gone.get("category").asText()).isEqualTo("not_found");
    assertThat(gone.get("status").asInt()).isEqualTo(404);
    assertThat(gone.get("health").asText()).isEqualTo("retire");

    JsonNode silent = route(doc, "local/silent");
    assertThat(silent.get("verdict").asText()).isEqualTo("rejected");
    assertThat(silent.get("attempts").asInt()).isEqualTo(2);
    assertThat(silent.get("category").asText()).isEqualTo("timeout");
    assertThat(silent.get("status").isNull()).isTrue();

    JsonNode broke = route(doc, "local/broke");
    assertThat(broke.get("verdict").asText()).isEqualTo("rejected");
    assertThat(broke.get("attempts").asInt()).isEqualTo(1);
    assertThat(broke.get("category").asText()).isEqualTo("quota_exhausted");
    assertThat(broke.get("status").asInt()).isEqualTo(429);
    assertThat(broke.get("health").asText()).isEqualTo("cool_down");

    assertThat(upstream.callCount("local/flaky")).isEqualTo(2);
    assertThat(upstream.callCount("local/gone")).isEqualTo(1);
    assertThat(upstream.callCount("local/silent")).isEqualTo(2);
    assertThat(upstream.callCount("local/broke")).isEqualTo(1);
  }

  @Test
  void neverContactsAPricedRouteForTheFreePool() {
    CliRun run = preflight("orchestrator/free", "--json", "--allow-priced");

    JsonNode doc = run.json();
    assertThat(upstream.callCount("local/paid")).isZero();
    assertThat(doc.get("routes").findValuesAsText("route")).doesNotContain("local/paid");
    assertThat(doc.get("excluded").get(0).get("route").asText()).isEqualTo("local/paid");
    assertThat(doc.get("excluded").get(0).get("reason").asText()).isEqualTo("priced_tier_boundary");
  }

  @Test
  void autoProbesAPricedRouteOnlyWithAllowPricedAndSaysSo() {
    JsonNode without = preflight("orchestrator/auto", "--json").json();
    assertThat(route(without, "local/paid").get("verdict").asText()).isEqualTo("skipped");
    assertThat(route(without, "local/paid").get("note").asText()).contains("--allow-priced");
    assertThat(upstream.callCount("local/paid")).isZero();

    JsonNode with = preflight("orchestrator/auto", "--json", "--allow-priced").json();
    JsonNode paid = route(with, "local/paid");
    assertThat(paid.get("verdict").asText()).isEqualTo("viable");
    assertThat(paid.get("pricedProbed").asBoolean()).isTrue();
    assertThat(paid.get("note").asText()).contains("priced route probed");
    assertThat(upstream.callCount("local/paid")).isEqualTo(1);
  }

  @Test
  void exitsFourWhenNoRouteAnswers() {
    CliRun run = preflight("dead", "--json");

    assertThat(run.code).isEqualTo(PreflightCommand.EXIT_NONE_VIABLE);
    JsonNode doc = run.json();
    assertThat(doc.get("pool").asText()).isEqualTo("group");
    assertThat(doc.get("viable").asInt()).isZero();
    assertThat(doc.get("rejected").asInt()).isEqualTo(2);
    assertThat(run.err).contains("no route of dead answered");
  }

  @Test
  void printsATableForPeopleWithTheSameExitCodes() {
    CliRun run = preflight("local/gone", "--max-routes", "1");

    assertThat(run.code).isEqualTo(4);
    assertThat(run.out)
        .contains("local/gone → route pool: 0 viable, 1 rejected, 0 skipped")
        .contains("not_found 404")
        .contains("retire")
        .contains("upstream: The model does not exist.");
  }

  @Test
  void maxRoutesLimitsWhatIsContacted() {
    JsonNode doc = preflight("orchestrator/free", "--json", "--max-routes", "1").json();

    assertThat(doc.get("skipped").asInt()).isEqualTo(3);
    assertThat(upstream.calls()).hasSize(upstream.callCount(upstream.calls().get(0)));
  }

  @Test
  void anUnknownModelIsBadUsage() {
    CliRun run = preflight("local/nope", "--json");

    assertThat(run.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(run.json().get("error").get("type").asText()).isEqualTo("unknown_model");
    assertThat(upstream.calls()).isEmpty();
  }

  @Test
  void anInvalidSettingIsBadUsageNamingTheOption() {
    CliRun run = preflight("orchestrator/free", "--max-tokens", "9");

    assertThat(run.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(run.err).contains("--max-tokens: 9 (expected: 1..5)");
  }

  @Test
  void anInvalidCatalogIsAnInputError() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "routes:\n  \"x/y\": {contextWindow: abc}\n");

    CliRun run = CliRun.of("preflight", "orchestrator/free", "--catalog", bad.toString());

    assertThat(run.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(run.err).contains("bad.yaml");
  }

  /**
   * A route whose provider has no key set is not probed: nothing leaves the process, so it is
   * {@code skipped} with what to set, not {@code rejected} with an attempt, a latency and an
   * "upstream" line (it read as if the provider had refused a key).
   */
  @Test
  void aRouteWithoutItsKeyIsSkippedSayingWhatToSet() throws IOException {
    Path keyed = dir.resolve("keyed.yaml");
    CliRun.write(
        keyed,
        "providers:",
        "  keyed:",
        "    baseUrl: " + upstream.baseUrl("keyed"),
        "    apiKeyEnv: [ORCHESTRATOR_TEST_KEY_NEVER_SET]",
        "routes:",
        "  \"keyed/m\": {tier: free, contextWindow: 8192}",
        "");

    CliRun json = CliRun.of("preflight", "keyed/m", "--catalog", keyed.toString(), "--json");
    CliRun text = CliRun.of("preflight", "keyed/m", "--catalog", keyed.toString());

    assertThat(json.code).isEqualTo(4);
    JsonNode v = route(json.json(), "keyed/m");
    assertThat(v.get("verdict").asText()).isEqualTo("skipped");
    assertThat(v.get("attempts").asInt()).isZero();
    assertThat(v.get("note").asText())
        .isEqualTo(
            "not probed: no API key for provider 'keyed': set ORCHESTRATOR_TEST_KEY_NEVER_SET");
    assertThat(json.json().get("skipped").asInt()).isEqualTo(1);
    assertThat(json.json().get("rejected").asInt()).isZero();
    assertThat(text.out)
        .contains("set ORCHESTRATOR_TEST_KEY_NEVER_SET")
        .doesNotContain("upstream:");
    assertThat(upstream.calls()).isEmpty();
  }
}
