package dev.orchestrator.cli;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Credentials;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code orchestrator route MODEL}: dry-run planning, no network (CONTRACT §3). */
@Command(
    name = "route",
    mixinStandardHelpOptions = true,
    description = {
      "Shows which routes a request for MODEL would try, in order, and why every other route"
          + " was left out. Sends nothing."
    })
public final class RouteCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin CatalogOptions catalogOptions;

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      description =
          "orchestrator/free, orchestrator/auto, a pool name, or a route id provider/model")
  String model;

  @Option(names = "--prompt-tokens", paramLabel = "N", description = "Estimated prompt tokens.")
  int promptTokens;

  @Option(
      names = "--max-output-tokens",
      paramLabel = "N",
      description = "Requested maximum output tokens.")
  int maxOutputTokens;

  @Option(
      names = "--require",
      paramLabel = "CAP",
      description = "Required capability: tools, vision, json (repeatable).")
  List<String> require = new ArrayList<>();

  @Option(
      names = "--max-price",
      paramLabel = "USD_PER_MTOK",
      description = "Maximum input+output price per million tokens.")
  BigDecimal maxPrice;

  @Option(
      names = "--strategy",
      paramLabel = "cost|quality",
      description = "Ranking of orchestrator/auto (default: ${DEFAULT-VALUE}).",
      defaultValue = "cost")
  String strategy;

  @Option(
      names = "--only-configured",
      description = "Exclude routes whose provider has no API key in the environment.")
  boolean onlyConfigured;

  @Option(names = "--json", description = "Print one JSON document.")
  boolean json;

  @Option(
      names = "--all-excluded",
      description = "List every excluded route in the table output (JSON always has all).")
  boolean allExcluded;

  @Override
  public Integer call() {
    Set<Capability> caps = EnumSet.noneOf(Capability.class);
    try {
      for (String r : require) {
        caps.add(Capability.fromWireName(r));
      }
      if (promptTokens < 0 || maxOutputTokens < 0) {
        throw new IllegalArgumentException("token counts must be >= 0");
      }
      if (maxPrice != null && maxPrice.signum() < 0) {
        throw new IllegalArgumentException("--max-price: " + maxPrice + " (expected: >= 0)");
      }
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
    Strategy strat;
    try {
      strat = Strategy.fromWireName(strategy);
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
    Catalog catalog = catalogOptions.load();
    Credentials env = Credentials.fromEnvironment();
    Plan plan;
    try {
      plan =
          RoutePlanner.create(catalog, Clock.systemUTC())
              .plan(
                  new PlanRequest(
                      model,
                      List.of(),
                      promptTokens,
                      maxOutputTokens,
                      caps,
                      maxPrice,
                      strat,
                      onlyConfigured),
                  () -> Map.of(),
                  env::configured);
    } catch (UnknownModelException e) {
      throw CliException.usage(e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.write(toJson(plan)));
    } else {
      printTable(out, plan);
    }
    return OrchestratorCli.EXIT_OK;
  }

  /** The CONTRACT §3 document for a plan. */
  static Map<String, Object> toJson(Plan plan) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("model", plan.model());
    doc.put("pool", plan.pool().wireName());
    List<Map<String, Object>> cands = new ArrayList<>();
    for (Candidate c : plan.candidates()) {
      Route r = c.route();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("rank", c.rank());
      m.put("route", r.id());
      m.put("provider", r.provider());
      m.put("model", r.model());
      m.put("tier", r.tier().wireName());
      m.put("inputPerMtok", plain(r.inputPerMtok()));
      m.put("outputPerMtok", plain(r.outputPerMtok()));
      m.put("contextWindow", r.contextWindow());
      m.put("why", c.why());
      cands.add(m);
    }
    doc.put("candidates", cands);
    doc.put("excluded", exclusionsJson(plan.excluded()));
    return doc;
  }

  /** {@code [{"route", "reason"}]} for excluded routes (CONTRACT §3). */
  static List<Map<String, Object>> exclusionsJson(List<Exclusion> excluded) {
    List<Map<String, Object>> ex = new ArrayList<>(excluded.size());
    for (Exclusion x : excluded) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("route", x.route());
      m.put("reason", x.reason().wireName());
      ex.add(m);
    }
    return ex;
  }

  private static BigDecimal plain(BigDecimal d) {
    if (d == null) {
      return null;
    }
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  private void printTable(PrintWriter out, Plan plan) {
    out.printf(
        "%s → %s pool: %d candidate(s), %d excluded%n",
        plan.model(), plan.pool().wireName(), plan.candidates().size(), plan.excluded().size());
    if (!plan.candidates().isEmpty()) {
      out.printf(
          "%n  %4s  %-58s %-6s %18s %9s%n", "rank", "route", "tier", "in/out $/Mtok", "window");
      for (Candidate c : plan.candidates()) {
        Route r = c.route();
        String price =
            r.inputPerMtok() == null || r.outputPerMtok() == null
                ? "?"
                : plain(r.inputPerMtok()).toPlainString()
                    + "/"
                    + plain(r.outputPerMtok()).toPlainString();
        out.printf(
            "  %4d  %-58s %-6s %18s %9s%n",
            c.rank(),
            abbreviate(r.id(), 58),
            r.tier().wireName(),
            price,
            r.contextWindow() == null ? "?" : r.contextWindow().toString());
        out.printf("        why: %s%n", c.why());
      }
    }
    if (!plan.excluded().isEmpty()) {
      Map<ExclusionReason, List<String>> byReason = new EnumMap<>(ExclusionReason.class);
      for (Exclusion x : plan.excluded()) {
        byReason.computeIfAbsent(x.reason(), k -> new ArrayList<>()).add(x.route());
      }
      out.printf("%nExcluded:%n");
      byReason.forEach(
          (reason, routes) -> {
            int show = allExcluded ? routes.size() : Math.min(3, routes.size());
            out.printf(
                "  %-22s %5d  %s%s%n",
                reason.wireName(),
                routes.size(),
                String.join(", ", routes.subList(0, show)),
                show < routes.size() ? ", …" : "");
          });
      if (!allExcluded) {
        out.printf("%n(--all-excluded lists every route; --json prints the full plan)%n");
      }
    }
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "…";
  }
}
