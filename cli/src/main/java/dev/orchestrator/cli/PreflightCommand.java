package dev.orchestrator.cli;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.MissingCredentials;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.preflight.Preflight;
import dev.orchestrator.engine.preflight.PreflightReport;
import dev.orchestrator.engine.preflight.RouteVerdict;
import dev.orchestrator.engine.preflight.Verdict;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code orchestrator preflight MODEL}: sends each candidate of a pool one minimal chat request and
 * reports which answer right now (ADR 0012). Exit {@code 0} when at least one route answered,
 * {@value #EXIT_NONE_VIABLE} when none did, so a CI job can gate on it; {@code 2} bad usage
 * (unknown model), {@code 3} unreadable or invalid catalog.
 */
@Command(
    name = "preflight",
    mixinStandardHelpOptions = true,
    description = {
      "Sends each candidate of MODEL a one-word chat request (max_tokens ≤ 5), at most two"
          + " attempts each, and reports which routes answer right now.",
      "Exit codes: 0 at least one route is viable, 4 none is, 2 bad usage, 3 bad catalog."
    })
public final class PreflightCommand implements Callable<Integer> {

  /** Exit code: the check ran and no route answered. */
  public static final int EXIT_NONE_VIABLE = 4;

  private static final String[][] OPTION_NAMES = {
    {"strategy", "--strategy"},
    {"concurrency", "--concurrency"},
    {"maxTokens", "--max-tokens"},
    {"maxRoutes", "--max-routes"},
  };

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin PlanOptions target;

  @Option(
      names = "--max-routes",
      paramLabel = "N",
      description = "Probe at most N routes (free ones first); the rest are reported as skipped.")
  Integer maxRoutes;

  @Option(
      names = "--allow-priced",
      description =
          "Also probe priced routes of orchestrator/auto, a group or a route (after every free"
              + " one). A free pool never probes a priced route.")
  boolean allowPriced;

  @Option(
      names = "--concurrency",
      paramLabel = "N",
      description = "Most probes in flight at once (default: ${DEFAULT-VALUE}).",
      defaultValue = "4")
  int concurrency;

  @Option(
      names = "--attempt-timeout-ms",
      paramLabel = "MS",
      description = "Limit on each attempt (default: ${DEFAULT-VALUE}).",
      defaultValue = "15000")
  long attemptTimeoutMs;

  @Option(
      names = "--max-tokens",
      paramLabel = "N",
      description = "The probe's max_tokens, 1..5 (default: ${DEFAULT-VALUE}).",
      defaultValue = "5")
  int maxTokens;

  @Mixin JsonOption output;

  @Override
  public Integer call() {
    if (attemptTimeoutMs <= 0) {
      throw CliException.usage("--attempt-timeout-ms: " + attemptTimeoutMs + " (expected: > 0)");
    }
    Preflight.Builder b;
    try {
      b =
          Preflight.builder()
              .strategy(Strategy.fromWireName(target.strategy))
              .concurrency(concurrency)
              .attemptTimeout(Duration.ofMillis(attemptTimeoutMs))
              .maxTokens(maxTokens)
              .allowPriced(allowPriced)
              .onlyConfigured(target.onlyConfigured);
      if (maxRoutes != null) {
        b.maxRoutes(maxRoutes);
      }
    } catch (IllegalArgumentException e) {
      // The library names its settings; say the option instead.
      throw CliException.usage(UsageMessages.forOption(e.getMessage(), OPTION_NAMES));
    }
    Catalog catalog = target.catalog.load(spec.commandLine().getErr());
    Credentials env = Credentials.fromEnvironment();
    PreflightReport report;
    try {
      report =
          b.catalog(catalog)
              .credentials(env)
              .providers(
                  HttpProviderClients.builder()
                      .credentials(env)
                      .errorRules(catalog.errorRules())
                      .build())
              .build()
              .check(target.model);
    } catch (UnknownModelException e) {
      throw CliException.unknownModel(e);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (output.json()) {
      out.println(Json.write(toJson(report)));
    } else {
      printTable(out, report, catalog);
    }
    if (!report.anyViable()) {
      spec.commandLine()
          .getErr()
          .println(
              report.routes().isEmpty()
                  ? "preflight: "
                      + report.model()
                      + " has no candidate to probe; every route was left out by the plan"
                      + " (exit 4)"
                  : "preflight: no route of " + report.model() + " answered (exit 4)");
      return EXIT_NONE_VIABLE;
    }
    return OrchestratorCli.EXIT_OK;
  }

  /** The {@code --json} document. */
  static Map<String, Object> toJson(PreflightReport r) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("model", r.model());
    doc.put("pool", r.pool().planName());
    doc.put("allowPriced", r.allowPriced());
    doc.put("viable", r.viableCount());
    doc.put("rejected", r.rejectedCount());
    doc.put("skipped", r.skippedCount());
    doc.put("elapsedMs", r.elapsed().toMillis());
    List<Map<String, Object>> routes = new ArrayList<>(r.routes().size());
    for (RouteVerdict v : r.routes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("route", v.route());
      m.put("rank", v.rank());
      m.put("tier", v.tier().wireName());
      m.put("verdict", v.verdict().wireName());
      m.put("category", v.category() == null ? null : v.category().wireName());
      m.put("status", v.httpStatus());
      m.put("attempts", v.attempts());
      m.put("latencyMs", v.latency().toMillis());
      m.put("elapsedMs", v.elapsed().toMillis());
      m.put("health", v.health().wireName());
      m.put("pricedProbed", v.pricedProbed());
      m.put("note", v.note());
      m.put("message", v.failure() == null ? null : v.failure().message());
      routes.add(m);
    }
    doc.put("routes", routes);
    doc.put("excluded", RouteCommand.exclusionsJson(r.excluded()));
    return doc;
  }

  private static void printTable(PrintWriter out, PreflightReport r, Catalog catalog) {
    out.printf(
        "%s → %s pool: %d viable, %d rejected, %d skipped (%d ms)%n",
        r.model(),
        r.pool().planName(),
        r.viableCount(),
        r.rejectedCount(),
        r.skippedCount(),
        r.elapsed().toMillis());
    if (!r.routes().isEmpty()) {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"VERDICT", "ROUTE", "TIER", "TRIES", "LATENCY", "FAILURE", "HEALTH"});
      for (RouteVerdict v : r.routes()) {
        String failure =
            v.category() == null
                ? ""
                : v.category().wireName() + (v.httpStatus() == null ? "" : " " + v.httpStatus());
        rows.add(
            new String[] {
              v.verdict().wireName(),
              v.route(),
              v.tier().wireName(),
              Integer.toString(v.attempts()),
              v.attempts() == 0 ? "" : v.latency().toMillis() + " ms",
              failure,
              v.health() == AttemptHealth.NEUTRAL ? "" : v.health().wireName()
            });
      }
      // Full route ids, aligned; each route's note and upstream message follow its own row.
      String[] lines = TextTable.render(rows, "  ").split(System.lineSeparator());
      out.println();
      out.println(lines[0]);
      for (int i = 0; i < r.routes().size(); i++) {
        RouteVerdict v = r.routes().get(i);
        out.println(lines[i + 1]);
        if (v.note() != null) {
          out.printf("      %s%n", v.note());
        }
        // A route not probed heard nothing from upstream: its note already says why.
        if (v.verdict() != Verdict.SKIPPED
            && v.failure() != null
            && !v.failure().message().isEmpty()) {
          out.printf("      upstream: %s%n", abbreviate(v.failure().message(), 160));
        }
      }
    }
    if (!r.excluded().isEmpty()) {
      Map<ExclusionReason, Integer> counts = new EnumMap<>(ExclusionReason.class);
      for (Exclusion x : r.excluded()) {
        counts.merge(x.reason(), 1, Integer::sum);
      }
      StringBuilder sb = new StringBuilder();
      counts.forEach(
          (k, n) ->
              sb.append(sb.length() == 0 ? "" : ", ").append(k.wireName()).append(' ').append(n));
      out.printf("%nNever contacted (left out by the plan): %s%n", sb);
      List<MissingCredentials.Missing> missing =
          MissingCredentials.excludedIn(catalog, r.excluded());
      if (!missing.isEmpty()) {
        out.printf(
            "To enable routes without %s: %s.%n",
            MissingCredentials.lacking(missing), MissingCredentials.hint(missing));
      }
    }
  }

  // An upstream message is the provider's text: bounded here so one row stays readable.
  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "…";
  }
}
