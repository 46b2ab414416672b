package dev.orchestrator.cli;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.observe.RouteFigures;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.CloseMatches;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.MissingCredentials;
import dev.orchestrator.engine.plan.ObservedRanking;
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
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code orchestrator route MODEL}: dry-run planning, no network (docs/reference.md §3). */
@Command(
    name = "route",
    mixinStandardHelpOptions = true,
    description = {
      "Shows which routes a request for MODEL would try, in order, and why every other route"
          + " was left out. Sends nothing."
    })
public final class RouteCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin PlanOptions target;

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
      description =
          "Required capability: tools, vision, json, reasoning, prefill, pdf, audio, video"
              + " (repeatable).")
  List<String> require = new ArrayList<>();

  @Option(
      names = "--max-price",
      paramLabel = "USD_PER_MTOK",
      description = "Maximum input+output price per million tokens.")
  BigDecimal maxPrice;

  @Option(
      names = "--observations",
      paramLabel = "FILE",
      description =
          "Rank with these observed route figures (docs/reference.md §3: the file format); the"
              + " same file gives the same plan.")
  java.nio.file.Path observations;

  @Option(
      names = "--learning",
      description =
          "Let the observations correct the cost and quality orders and the order of pools too.")
  boolean learning;

  @Mixin JsonOption output;

  @Option(
      names = "--all-excluded",
      description = "List every excluded route with its detail (JSON always has all).")
  boolean allExcluded;

  @Option(
      names = "--all",
      description = "List every candidate, not only the first " + TOP + " (JSON always has all).")
  boolean all;

  // The library's names for what these options set, as its messages say them.
  private static final String[][] OPTION_NAMES = {
    {"capability", "--require"}, {"strategy", "--strategy"},
  };

  /** Candidates the table shows without {@code --all}. */
  static final int TOP = 10;

  @Override
  public Integer call() {
    Set<Capability> caps = EnumSet.noneOf(Capability.class);
    try {
      for (String r : require) {
        caps.add(Capability.fromWireName(r));
      }
      if (promptTokens < 0) {
        throw new IllegalArgumentException(
            "--prompt-tokens: " + promptTokens + " (expected: >= 0)");
      }
      if (maxOutputTokens < 0) {
        throw new IllegalArgumentException(
            "--max-output-tokens: " + maxOutputTokens + " (expected: >= 0)");
      }
      if (maxPrice != null && maxPrice.signum() < 0) {
        throw new IllegalArgumentException("--max-price: " + maxPrice + " (expected: >= 0)");
      }
    } catch (IllegalArgumentException e) {
      throw CliException.usage(UsageMessages.forOption(e.getMessage(), OPTION_NAMES));
    }
    Strategy strat;
    try {
      strat = Strategy.fromWireName(target.strategy);
    } catch (IllegalArgumentException e) {
      throw CliException.usage(UsageMessages.forOption(e.getMessage(), OPTION_NAMES));
    }
    Catalog catalog = target.catalog.load(spec.commandLine().getErr());
    Credentials env = Credentials.fromEnvironment();
    Plan plan;
    try {
      plan =
          RoutePlanner.create(catalog, Clock.systemUTC())
              .plan(
                  PlanRequest.builder(target.model)
                      .promptTokens(promptTokens)
                      .maxOutputTokens(maxOutputTokens)
                      .require(caps)
                      .maxPricePerMtok(maxPrice)
                      .strategy(strat)
                      .onlyConfigured(target.onlyConfigured)
                      .build(),
                  () -> Map.of(),
                  env::configured);
    } catch (UnknownModelException e) {
      throw CliException.unknownModel(e);
    }
    Map<String, RouteFigures> figures =
        observations == null ? Map.of() : ObservationsFile.load(observations);
    warnUnknownRoutes(figures, catalog, spec.commandLine().getErr());
    // A dry run never explores: the same inputs give the same plan.
    plan =
        new ObservedRanking(strat, learning, 0)
            .apply(plan, ProviderPreferences.NONE, false, figures, () -> 1.0);
    PrintWriter out = spec.commandLine().getOut();
    if (output.json()) {
      out.println(Json.write(toJson(plan, figures)));
    } else {
      printTable(out, plan, catalog, env);
    }
    return OrchestratorCli.EXIT_OK;
  }

  /**
   * A route of the observations file that the catalog does not have (a typo, or another catalog)
   * ranks nothing: said on stderr with close matches, never silently dropped.
   */
  private void warnUnknownRoutes(
      Map<String, RouteFigures> figures, Catalog catalog, PrintWriter err) {
    List<String> ids = null;
    for (String id : new java.util.TreeSet<>(figures.keySet())) {
      if (catalog.route(id).isPresent()) {
        continue;
      }
      if (ids == null) {
        ids = catalog.routes().stream().map(Route::id).toList();
      }
      List<String> close = CloseMatches.find(id, ids, 3);
      err.println(
          "warning: "
              + observations
              + ": routes."
              + id
              + " names no route of the catalog; its figures are not used"
              + (close.isEmpty() ? "" : " (close matches: " + String.join(", ", close) + ")"));
    }
  }

  /** The {@code route --json} document for a plan (docs/reference.md §3). */
  static Map<String, Object> toJson(Plan plan) {
    return toJson(plan, Map.of());
  }

  /**
   * The {@code route --json} document for a plan ranked with {@code figures}: each observed
   * candidate carries them under {@code observed}.
   */
  static Map<String, Object> toJson(Plan plan, Map<String, RouteFigures> figures) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("model", plan.model());
    doc.put("pool", plan.pool().planName());
    List<Map<String, Object>> cands = new ArrayList<>();
    for (Candidate c : plan.candidates()) {
      Route r = c.route();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("rank", c.rank());
      m.put("route", r.id());
      m.put("provider", r.provider());
      m.put("model", r.model());
      m.put("tier", r.tier().wireName());
      // A route declared free without prices costs 0 (as usage.cost says), not an unknown price.
      m.put("inputPerMtok", planPrice(r, r.inputPerMtok()));
      m.put("outputPerMtok", planPrice(r, r.outputPerMtok()));
      m.put("contextWindow", r.contextWindow());
      m.put("why", c.why());
      RouteFigures f = figures.get(r.id());
      if (f != null) {
        m.put("observed", ObservationsFile.toJson(f));
      }
      cands.add(m);
    }
    doc.put("candidates", cands);
    doc.put("excluded", exclusionsJson(plan.excluded()));
    return doc;
  }

  /**
   * {@code [{"route", "reason", "detail"}]} for excluded routes (docs/reference.md §3); {@code
   * detail} only when there is one.
   */
  static List<Map<String, Object>> exclusionsJson(List<Exclusion> excluded) {
    List<Map<String, Object>> ex = new ArrayList<>(excluded.size());
    for (Exclusion x : excluded) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("route", x.route());
      m.put("reason", x.reason().wireName());
      if (!x.detail().isEmpty()) {
        m.put("detail", x.detail());
      }
      ex.add(m);
    }
    return ex;
  }

  /** {@code d} as {@link #plain}, or {@code 0} for a free route without that price. */
  private static BigDecimal planPrice(Route r, BigDecimal d) {
    return d == null && r.tier() == Tier.FREE ? BigDecimal.ZERO : plain(d);
  }

  private static BigDecimal plain(BigDecimal d) {
    if (d == null) {
      return null;
    }
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  private void printTable(PrintWriter out, Plan plan, Catalog catalog, Credentials env) {
    out.printf(
        "%s → %s pool: %d candidate(s), %d excluded  (catalog: %s)%n",
        plan.model(),
        plan.pool().planName(),
        plan.candidates().size(),
        plan.excluded().size(),
        String.join(", ", catalog.sources()));
    if (!plan.candidates().isEmpty()) {
      printCandidates(out, plan.candidates());
      if (!target.onlyConfigured) {
        printMissingKeys(out, plan, catalog, env);
      }
    }
    if (!plan.excluded().isEmpty()) {
      out.println();
      if (allExcluded) {
        out.print(ExcludedTable.full(plan.excluded()));
      } else {
        out.print(ExcludedTable.byReason(plan.excluded()));
        out.printf("%n(--all-excluded lists every route with its detail; --json prints all)%n");
      }
    }
    if (target.onlyConfigured && plan.candidates().isEmpty()) {
      List<MissingCredentials.Missing> missing =
          MissingCredentials.excludedIn(catalog, plan.excluded());
      if (!missing.isEmpty()) {
        out.printf(
            "%nNo candidate has %s: %s.%n",
            MissingCredentials.lacking(missing), MissingCredentials.hint(missing));
      }
    }
  }

  private void printCandidates(PrintWriter out, List<Candidate> candidates) {
    List<String> shared = WhyParts.shared(candidates);
    if (!shared.isEmpty() && candidates.size() > 1) {
      out.printf("%nEvery candidate: %s%n", String.join("; ", shared));
    }
    int show = all ? candidates.size() : Math.min(TOP, candidates.size());
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"RANK", "ROUTE", "TIER", "IN/OUT $/MTOK", "WINDOW", "WHY"});
    for (Candidate c : candidates.subList(0, show)) {
      Route r = c.route();
      String price =
          r.inputPerMtok() == null || r.outputPerMtok() == null
              ? r.tier() == Tier.FREE ? "0/0 (tier: free)" : "?"
              : plain(r.inputPerMtok()).toPlainString()
                  + "/"
                  + plain(r.outputPerMtok()).toPlainString();
      String why =
          candidates.size() > 1 ? String.join("; ", WhyParts.own(c.why(), shared)) : c.why();
      rows.add(
          new String[] {
            Integer.toString(c.rank()),
            r.id(),
            r.tier().wireName(),
            price,
            r.contextWindow() == null ? "?" : r.contextWindow().toString(),
            why.isEmpty() ? "-" : why
          });
    }
    out.println();
    out.print(TextTable.render(rows, "  "));
    if (show < candidates.size()) {
      out.printf("  … and %d more (--all)%n", candidates.size() - show);
    }
  }

  // A dry run does not need keys, but the user should learn here which ones a real run needs.
  private static void printMissingKeys(
      PrintWriter out, Plan plan, Catalog catalog, Credentials env) {
    List<String> ids = new ArrayList<>(plan.candidates().size());
    plan.candidates().forEach(c -> ids.add(c.route().id()));
    List<MissingCredentials.Missing> missing = MissingCredentials.among(catalog, ids, env);
    if (missing.isEmpty()) {
      return;
    }
    int n = missing.stream().mapToInt(MissingCredentials.Missing::routes).sum();
    out.printf(
        "%n%d of %d candidate(s) have no key: %s. A real request leaves them out"
            + " (--only-configured shows that plan).%n",
        n, ids.size(), MissingCredentials.hint(missing));
  }
}
