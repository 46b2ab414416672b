package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code route --observations FILE}: observed figures rank, and the output says why. */
class RouteObservationsTest {
  private static final String GROUP =
      "[groq/llama-3.3-70b-versatile, openrouter/openai/gpt-oss-120b:free]";

  private static Path config(Path dir) throws Exception {
    Path cfg = dir.resolve("pools.yaml");
    CliRun.write(
        cfg,
        "extends: default",
        "pools:",
        "  mix:",
        "    kind: virtual",
        "    routes: " + GROUP,
        "");
    return cfg;
  }

  private static Path observations(Path dir) throws Exception {
    Path f = dir.resolve("observed.json");
    CliRun.write(
        f,
        "{\"routes\": {",
        "  \"groq/llama-3.3-70b-versatile\": {\"samples\": 40, \"ttftMs\": 900,",
        "     \"tokensPerSecond\": 300, \"successRate\": 0.5,",
        "     \"failures\": {\"rate_limited\": 0.5}, \"toolCallValidity\": 1},",
        "  \"openrouter/openai/gpt-oss-120b:free\": {\"samples\": 12, \"ttftMs\": 400,",
        "     \"successRate\": 0.95, \"toolCallValidity\": 0.9}}}");
    return f;
  }

  /** {@code route mix} over the pool config and the observations file, with {@code options}. */
  private static CliRun routeMix(Path dir, String... options) throws Exception {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "route",
            "mix",
            "--catalog",
            config(dir).toString(),
            "--observations",
            observations(dir).toString()));
    args.addAll(List.of(options));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void learningMovesAnUnreliableRouteDownAndShowsTheFigures(@TempDir Path dir) throws Exception {
    CliRun r = routeMix(dir, "--learning", "--json");
    assertThat(r.code).as(r.err).isZero();
    JsonNode c = r.json().get("candidates");
    assertThat(c.get(0).get("route").asText()).isEqualTo("openrouter/openai/gpt-oss-120b:free");
    JsonNode groq = c.get(1);
    assertThat(groq.get("observed").get("successRate").asDouble()).isEqualTo(0.5);
    assertThat(groq.get("observed").get("failures").get("rate_limited").asDouble()).isEqualTo(0.5);
    assertThat(groq.get("why").asText())
        .contains("success 0.50 (rate_limited 0.50)", "moved down from 1 to 2");
    CliRun again = routeMix(dir, "--learning", "--json");
    assertThat(again.out).isEqualTo(r.out);
  }

  @Test
  void withoutLearningAPoolKeepsItsOrderButShowsWhatWasObserved(@TempDir Path dir)
      throws Exception {
    CliRun r = routeMix(dir, "--json");
    assertThat(r.code).as(r.err).isZero();
    JsonNode c = r.json().get("candidates");
    assertThat(c.get(0).get("route").asText()).isEqualTo("groq/llama-3.3-70b-versatile");
    assertThat(c.get(0).get("observed").get("ttftMs").asDouble()).isEqualTo(900);
  }

  @Test
  void theLatencyStrategyRanksByObservedTimeToFirstToken(@TempDir Path dir) throws Exception {
    CliRun r = routeMix(dir, "--strategy", "latency");
    assertThat(r.code).as(r.err).isZero();
    assertThat(r.out).contains("observed ttft 400 ms");
    assertThat(r.out.indexOf("openrouter/openai/gpt-oss-120b:free"))
        .isLessThan(r.out.indexOf("groq/llama-3.3-70b-versatile"));
  }

  @Test
  void aRouteTheCatalogDoesNotHaveIsAWarningWithCloseMatches(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("typo.json");
    CliRun.write(f, "{\"routes\": {\"groq/llama-3.3-70b-versatil\": {\"ttftMs\": 900}}}");
    CliRun r = CliRun.of("route", "orchestrator/auto", "--observations", f.toString(), "--json");
    assertThat(r.code).as(r.err).isZero();
    assertThat(r.err)
        .contains(
            "warning: "
                + f
                + ": routes.groq/llama-3.3-70b-versatil names no route of the catalog; its"
                + " figures are not used (close matches: groq/llama-3.3-70b-versatile");
    assertThat(r.json().get("candidates")).isNotEmpty();
  }

  @Test
  void aBrokenObservationsFileIsAnInputErrorNamingTheField(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.json");
    CliRun.write(f, "{\"routes\": {\"a/m\": {\"successRate\": 2}}}");
    CliRun r = CliRun.of("route", "orchestrator/free", "--observations", f.toString());
    assertThat(r.code).isEqualTo(3);
    assertThat(r.err).contains("routes.a/m.successRate: 2.0 (expected: 0..1)");
  }

  @Test
  void aWrongValueIsReportedAtItsFileLineAndFieldInTheJsonErrorDocument(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("bad.json");
    CliRun.write(
        f, "{\"routes\": {", "  \"a/m\": {\"samples\": 3,", "          \"ttftMs\": \"fast\"}}}");
    CliRun r = CliRun.of("route", "orchestrator/free", "--observations", f.toString(), "--json");
    assertThat(r.code).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("type").asText()).isEqualTo("invalid_input");
    assertThat(e.get("file").asText()).isEqualTo(f.toString());
    assertThat(e.get("field").asText()).isEqualTo("routes.a/m.ttftMs");
    assertThat(e.get("line").asInt()).isEqualTo(3);
    assertThat(e.get("message").asText())
        .isEqualTo(f + ":3: routes.a/m.ttftMs: \"fast\" (expected: a number)");
  }

  @Test
  void anUnknownFailureCategoryIsNamedWithItsPathAndTheCategories(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("bad.json");
    CliRun.write(f, "{\"routes\": {", "  \"a/m\": {\"failures\": {\"rate_limitd\": 0.5}}}}");
    CliRun r = CliRun.of("route", "orchestrator/free", "--observations", f.toString(), "--json");
    assertThat(r.code).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("field").asText()).isEqualTo("routes.a/m.failures.rate_limitd");
    assertThat(e.get("line").asInt()).isEqualTo(2);
    assertThat(e.get("message").asText())
        .contains("routes.a/m.failures.rate_limitd: 'rate_limitd' is not a failure category")
        .contains("rate_limited");
  }

  @Test
  void aScenarioNamesTheObservationsFieldOnce(@TempDir Path dir) throws Exception {
    Path s = dir.resolve("s.json");
    CliRun.write(
        s,
        "{\"request\": {\"model\": \"orchestrator/free\"},",
        " \"observations\": {\"routes\": {\"a/m\":",
        "    {\"samples\": \"x\"}}}}");
    CliRun r = CliRun.of("simulate", s.toString(), "--json");
    assertThat(r.code).isEqualTo(3);
    JsonNode e = r.json().get("error");
    assertThat(e.get("field").asText()).isEqualTo("observations.routes.a/m.samples");
    assertThat(e.get("line").asInt()).isEqualTo(3);
    assertThat(e.get("message").asText())
        .isEqualTo(s + ":3: observations.routes.a/m.samples: \"x\" (expected: a number)");
  }
}
