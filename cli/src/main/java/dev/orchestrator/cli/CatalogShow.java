package dev.orchestrator.cli;

import static dev.orchestrator.cli.CatalogCommand.caps;
import static dev.orchestrator.cli.CatalogCommand.closeMatches;
import static dev.orchestrator.cli.CatalogCommand.price;
import static dev.orchestrator.cli.CatalogCommand.providerJson;
import static dev.orchestrator.cli.CatalogCommand.routeJson;
import static dev.orchestrator.cli.CatalogCommand.today;
import static dev.orchestrator.cli.CatalogCommand.write;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code catalog show NAME}: one route in full, or a virtual model or pool and its members. */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description = "Show one route, or a virtual model or pool with its members.")
final class CatalogShow implements Callable<Integer> {
  @Mixin CatalogOptions catalog;

  @Parameters(
      paramLabel = "NAME",
      converter = ModelName.class,
      description = "A route id provider/model, a virtual model or a pool name.")
  String routeId;

  @Mixin JsonOption output;

  @Option(names = "--all", description = "List every member of a pool, not only the first.")
  boolean all;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    Catalog c = catalog.load(spec.commandLine().getErr());
    var pool = CatalogPools.describe(c, routeId);
    if (pool.isPresent()) {
      PrintWriter out = spec.commandLine().getOut();
      if (output.json()) {
        out.println(write(CatalogPools.toJson(pool.get())));
      } else {
        CatalogPools.print(out, pool.get(), all);
      }
      return OrchestratorCli.EXIT_OK;
    }
    Route r =
        c.route(routeId)
            .orElseThrow(
                () -> {
                  List<String> close = closeMatches(routeId, c);
                  return CliException.of(
                      OrchestratorCli.EXIT_USAGE,
                      CliException.UNKNOWN_MODEL,
                      "unknown route or pool '"
                          + routeId
                          + "'"
                          + (close.isEmpty()
                              ? " (try: orchestrator catalog list, orchestrator catalog pools)"
                              : "; close matches: " + String.join(", ", close)),
                      "model",
                      routeId,
                      "closeMatches",
                      close);
                });
    Provider p = c.provider(r.provider()).orElseThrow();
    PrintWriter out = spec.commandLine().getOut();
    if (output.json()) {
      ObjectNode doc = routeJson(r);
      doc.set("endpoint", providerJson(p));
      out.println(write(doc));
      return OrchestratorCli.EXIT_OK;
    }
    out.println(r.id() + "  (" + r.name() + ")");
    line(out, "tier", r.tier().wireName());
    line(out, "input $/Mtok", price(r, r.inputPerMtok()));
    line(out, "output $/Mtok", price(r, r.outputPerMtok()));
    if (!r.otherCharges().isEmpty()) {
      StringJoiner charges = new StringJoiner(", ");
      r.otherCharges().forEach((field, value) -> charges.add(field + " " + value));
      line(out, "other charges", charges.toString());
    }
    line(out, "context window", r.contextWindow() == null ? "?" : r.contextWindow().toString());
    line(out, "max output", r.maxOutputTokens() == null ? "?" : r.maxOutputTokens().toString());
    if (r.maxInputTokens() != null) {
      line(out, "max input", r.maxInputTokens().toString());
    }
    line(out, "capabilities", caps(r));
    line(out, "modalities", r.inputModalities() + " -> " + r.outputModalities());
    line(out, "chat", Boolean.toString(r.chat()));
    line(out, "retired", Boolean.toString(r.retiredOn(today())));
    if (r.expirationDate() != null) {
      line(out, "expires", r.expirationDate().toString());
    }
    if (r.releaseDate() != null) {
      line(out, "released", r.releaseDate().toString());
    }
    if (r.quality() != null) {
      line(out, "quality", r.quality().toString());
    }
    line(out, "provider", p.id() + " (" + p.name() + ")");
    line(out, "base URL", CatalogProviders.baseUrl(p));
    line(out, "protocol", p.protocol().wireName());
    line(out, "key env", p.apiKeyEnv().isEmpty() ? "(none)" : String.join(", ", p.apiKeyEnv()));
    return OrchestratorCli.EXIT_OK;
  }

  private static void line(PrintWriter out, String k, String v) {
    out.printf(Locale.ROOT, "  %-15s %s%n", k, v);
  }
}
