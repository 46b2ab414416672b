package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.providers.simulation.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Grafana dashboard in {@code deploy/grafana} reads what {@code serve} exposes: it is a
 * dashboard (panels with titles and Prometheus queries), every query is valid PromQL ({@code
 * promtool check rules}), and every series and label a query names is in a real {@code GET
 * /metrics} scrape after a scripted run.
 */
class DashboardIT {
  private static final Path DASHBOARD = Path.of("../deploy/grafana/orchestrator-serve.json");

  /** Series that exist only with configuration the scripted run has no use for. */
  private static final Set<String> CONFIGURED_ONLY = Set.of("orchestrator_budget_refused_total");

  private static final Pattern SERIES =
      Pattern.compile("\\b((?:orchestrator|gen_ai|jetty|jvm)_[a-z0-9_]+)");

  @TempDir Path dir;

  @Test
  void everyPanelQueriesSeriesThatServeExposes() throws Exception {
    JsonNode dashboard = new ObjectMapper().readTree(Files.readString(DASHBOARD));
    assertThat(dashboard.path("title").asText()).isNotBlank();
    assertThat(dashboard.path("uid").asText()).isEqualTo("orchestrator-serve");
    List<String> exprs = new ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      assertThat(panel.path("title").asText()).isNotBlank();
      assertThat(panel.path("targets")).as(panel.path("title").asText()).isNotEmpty();
      for (JsonNode target : panel.path("targets")) {
        exprs.add(target.path("expr").asText());
      }
    }
    assertThat(exprs).hasSizeGreaterThan(10).allSatisfy(e -> assertThat(e).isNotBlank());

    // Grafana's own variable is not PromQL: promtool checks the queries with a fixed range.
    List<String> promql = exprs.stream().map(e -> e.replace("$__rate_interval", "5m")).toList();
    PromText.assertPromtoolAcceptsExpressions(promql, dir);

    String scrape = scrapeAfterAScriptedRun();
    Set<String> missing = new TreeSet<>();
    for (String e : exprs) {
      Matcher m = SERIES.matcher(e);
      while (m.find()) {
        String series = m.group(1);
        // A series (its name starts a line) or a label the queries group by (name="…").
        if (!CONFIGURED_ONLY.contains(series)
            && !scrape.contains("\n" + series + "{")
            && !scrape.contains("\n" + series + " ")
            && !scrape.contains(series + "=\"")) {
          missing.add(series);
        }
      }
    }
    assertThat(missing)
        .as("series and labels the dashboard queries but /metrics does not expose")
        .isEmpty();
  }

  /** A success, a failover, a priced answer with usage and a streamed answer, then the scrape. */
  private static String scrapeAfterAScriptedRun() {
    Map<String, List<Step>> scripts =
        Map.of(
            "alpha/small",
            List.of(Step.answer(503, "{\"error\":{\"message\":\"overloaded\"}}"), Step.ok("hi")),
            "beta/large",
            List.of(Step.ok("from beta")),
            "gamma/priced",
            List.of(
                Step.ok("priced")
                    .withUsage(Map.of("prompt_tokens", 1000, "completion_tokens", 500))));
    try (ServeFixture f = ServeFixture.start(scripts)) {
      assertThat(f.chat("pair").statusCode()).isEqualTo(200);
      assertThat(f.chat("gamma/priced").statusCode()).isEqualTo(200);
      assertThat(f.stream("beta/large", "").error()).isNull();
      return "\n" + f.get("/metrics").body();
    }
  }
}
