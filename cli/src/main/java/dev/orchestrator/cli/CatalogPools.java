package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.plan.Candidate;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The names a request may use besides a route: the two virtual models and the catalog's pools, with
 * their kind, members and how each ranks ({@code catalog pools}, and {@code catalog show} for one
 * of them). Members are listed as a dry-run plan lists them (no credentials checked). Stateless
 * apart from the command options; one instance per invocation.
 */
@Command(
    name = "pools",
    mixinStandardHelpOptions = true,
    description = "List the virtual models and pools: kind, members, how each ranks.")
final class CatalogPools implements Callable<Integer> {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Mixin CatalogOptions catalog;

  @Mixin JsonOption output;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** One virtual model or pool as {@code catalog pools} and {@code catalog show} describe it. */
  record Described(String name, String kind, String ranking, List<String> members) {}

  @Override
  public Integer call() {
    Catalog c = catalog.load(spec.commandLine().getErr());
    List<Described> all = new ArrayList<>();
    all.add(describe(c, RoutePlanner.FREE).orElseThrow());
    all.add(describe(c, RoutePlanner.AUTO).orElseThrow());
    for (String name : c.pools().keySet()) {
      all.add(describe(c, name).orElseThrow());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (output.json()) {
      ObjectNode doc = NODES.objectNode();
      ArrayNode pools = doc.putArray("pools");
      all.forEach(d -> pools.add(toJson(d)));
      out.println(CatalogCommand.write(doc));
      return OrchestratorCli.EXIT_OK;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"NAME", "KIND", "MEMBERS", "RANKING"});
    for (Described d : all) {
      rows.add(
          new String[] {d.name(), d.kind(), Integer.toString(d.members().size()), d.ranking()});
    }
    out.print(TextTable.render(rows, ""));
    out.println("(orchestrator catalog show NAME lists the members)");
    return OrchestratorCli.EXIT_OK;
  }

  /** The virtual model or pool called {@code name}, or empty when it is neither. */
  static Optional<Described> describe(Catalog c, String name) {
    if (RoutePlanner.FREE.equals(name)) {
      return Optional.of(
          new Described(
              name,
              PoolKind.FREE.wireName(),
              "free chat routes only (both prices 0, or tier: free in a config); by quality,"
                  + " then window, then release date",
              members(c, name)));
    }
    if (RoutePlanner.AUTO.equals(name)) {
      return Optional.of(
          new Described(
              name,
              PoolKind.AUTO.wireName(),
              "every chat route; cost-first (free, then cheapest) or --strategy quality",
              members(c, name)));
    }
    Pool p = c.pools().get(name);
    if (p == null) {
      return Optional.empty();
    }
    String ranking =
        p.kind() == PoolKind.GROUP
            ? "in the order listed; one model, so a settled 4xx stops and comes back as itself"
            : "in the order listed; a settled 4xx fails over to the next member";
    return Optional.of(new Described(name, p.kind().wireName(), ranking, p.routes()));
  }

  // The virtual models' members in rank order, as a dry run would try them.
  private static List<String> members(Catalog c, String model) {
    Plan plan = RoutePlanner.create(c, Clock.systemUTC()).plan(PlanRequest.builder(model).build());
    List<String> ids = new ArrayList<>(plan.candidates().size());
    for (Candidate cand : plan.candidates()) {
      ids.add(cand.route().id());
    }
    return ids;
  }

  static ObjectNode toJson(Described d) {
    ObjectNode o = NODES.objectNode();
    o.put("name", d.name());
    o.put("kind", d.kind());
    o.put("ranking", d.ranking());
    ArrayNode m = o.putArray("members");
    d.members().forEach(m::add);
    return o;
  }

  /** {@code catalog show NAME} for a virtual model or pool: its facts, then its first members. */
  static void print(PrintWriter out, Described d, boolean all) {
    out.println(d.name() + "  (" + d.kind() + ")");
    out.printf("  %-15s %s%n", "ranking", d.ranking());
    out.printf("  %-15s %d%n", "members", d.members().size());
    int show = all ? d.members().size() : Math.min(RouteCommand.TOP, d.members().size());
    for (int i = 0; i < show; i++) {
      out.printf("  %4d  %s%n", i + 1, d.members().get(i));
    }
    if (show < d.members().size()) {
      out.printf("  … and %d more (--all)%n", d.members().size() - show);
    }
  }
}
