package dev.orchestrator.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.catalog.CatalogRefresher;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.plan.CloseMatches;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code orchestrator catalog list|show|refresh}: inspect the catalog the other commands plan from.
 * Exit 3 when a catalog file or source is unreadable or invalid; exit 2 for an unknown route.
 */
@Command(
    name = "catalog",
    mixinStandardHelpOptions = true,
    description =
        "Inspect the model catalog: list routes, pools or providers, show one, or fetch a source.",
    subcommands = {
      CatalogCommand.ListRoutes.class,
      CatalogPools.class,
      CatalogProviders.class,
      CatalogShow.class,
      CatalogCommand.Refresh.class
    })
public final class CatalogCommand implements Runnable {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code catalog list}: every route as a table, or as JSON. */
  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the catalog's routes.")
  static final class ListRoutes implements Callable<Integer> {
    @Mixin CatalogOptions catalog;

    @Mixin JsonOption output;

    @Option(names = "--free", description = "Only free chat routes.")
    boolean freeOnly;

    @Option(names = "--provider", paramLabel = "ID", description = "Only this provider's routes.")
    String provider;

    @Option(
        names = "--source",
        paramLabel = "URL|PATH",
        description =
            "Catalog source laid over --catalog, repeatable; its cached copy is used when the fetch"
                + " fails, and its age is shown.")
    List<String> sources = new ArrayList<>();

    @Mixin CacheDirOption cacheDir;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      LiveSources live = LiveSources.load(catalog, sources, cacheDir, spec.commandLine().getErr());
      Catalog c = live.catalog();
      if (provider != null && !c.providers().containsKey(provider)) {
        List<String> close = CloseMatches.find(provider, c.providers().keySet(), 3);
        throw CliException.of(
            OrchestratorCli.EXIT_USAGE,
            CliException.USAGE,
            "--provider: unknown provider '"
                + provider
                + "'"
                + (close.isEmpty()
                    ? " (try: orchestrator catalog providers)"
                    : " (close matches: " + String.join(", ", close) + ")"),
            "closeMatches",
            close);
      }
      List<Route> routes =
          c.routes().stream()
              .filter(r -> provider == null || r.provider().equals(provider))
              .filter(r -> !freeOnly || (r.tier() == Tier.FREE && r.chat()))
              .collect(Collectors.toList());
      PrintWriter out = spec.commandLine().getOut();
      if (output.json()) {
        ObjectNode doc = NODES.objectNode();
        ArrayNode sources = doc.putArray("sources");
        c.sources().forEach(sources::add);
        ArrayNode providers = doc.putArray("providers");
        c.providers().values().forEach(p -> providers.add(providerJson(p)));
        ArrayNode rs = doc.putArray("routes");
        routes.forEach(r -> rs.add(routeJson(r)));
        ObjectNode pools = doc.putObject("pools");
        c.pools()
            .values()
            .forEach(
                p -> {
                  ObjectNode pj = pools.putObject(p.name());
                  pj.put("kind", p.kind().wireName());
                  ArrayNode members = pj.putArray("routes");
                  p.routes().forEach(members::add);
                });
        live.describe(doc);
        out.println(write(doc));
      } else {
        out.print(table(routes));
        live.describe(out);
        long free = routes.stream().filter(r -> r.tier() == Tier.FREE && r.chat()).count();
        out.println(
            routes.size()
                + " routes ("
                + free
                + " free chat) from "
                + String.join(", ", c.sources()));
      }
      return OrchestratorCli.EXIT_OK;
    }
  }

  /** {@code catalog refresh --source URL|PATH}: fetch a source with the bounded retry. */
  @Command(
      name = "refresh",
      mixinStandardHelpOptions = true,
      description =
          "Fetch a catalog source (URL or path) with up to 3 attempts and print what was loaded."
              + " --catalog files are what would stay in service if the fetch failed.")
  static final class Refresh implements Callable<Integer> {
    @Mixin CatalogOptions catalog;

    @Option(
        names = "--source",
        required = true,
        paramLabel = "URL|PATH",
        description = "Models.dev api.json, OpenRouter /api/v1/models, or own config.")
    String source;

    @Mixin JsonOption output;

    @Mixin CacheDirOption cacheDir;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      // The --catalog files' warnings are the merge's too when the source loads over them: said
      // once, by the merge, or here when the source fails and they are what stays.
      StringWriter fallbackWarnings = new StringWriter();
      Catalog fallback = catalog.load(new PrintWriter(fallbackWarnings, true));
      List<CatalogLoader.Text> below = new ArrayList<>();
      catalog.paths().forEach(p -> below.add(CatalogLoader.readText(p)));
      CatalogRefresher.Outcome o;
      // A failure is reported below, and the refresher's warning of it is not printed; a warning
      // of a loaded source (its copy not kept, what its catalog skipped) is. It is kept in the
      // cache, where serve and catalog list find it.
      WarningLines warnings = new WarningLines();
      try {
        o =
            CatalogRefresher.builder(source)
                .fallback(fallback)
                .cache(cacheDir.cache())
                .logger(warnings)
                .warnings(w -> warnings.log(System.Logger.Level.WARNING, w))
                .over(() -> below, below.isEmpty())
                .build()
                .refreshNow();
      } catch (IllegalArgumentException e) {
        throw CliException.usage("--source: " + e.getMessage());
      }
      if (!o.loaded()) {
        spec.commandLine().getErr().print(fallbackWarnings);
        CatalogException f =
            o.failure()
                .orElseGet(
                    () -> new CatalogException(CatalogRefresher.shown(source), "not loaded", null));
        throw CliException.input(
            f.getMessage()
                + " ("
                + o.attempts()
                + " attempt(s); keeping "
                + summary(o.catalog())
                + ")",
            f);
      }
      warnings.print(spec.commandLine().getErr());
      Catalog c = o.catalog();
      PrintWriter out = spec.commandLine().getOut();
      if (output.json()) {
        ObjectNode doc = NODES.objectNode();
        doc.put("source", CatalogRefresher.shown(source));
        doc.put("loaded", true);
        doc.put("attempts", o.attempts());
        ArrayNode sources = doc.putArray("sources");
        c.sources().forEach(sources::add);
        doc.put("providers", c.providers().size());
        doc.put("routes", c.routes().size());
        doc.put("chatRoutes", c.routes().stream().filter(Route::chat).count());
        doc.put("freeChatRoutes", freeChat(c));
        doc.put("cachedAs", cacheDir.cache().file(source).toString());
        out.println(write(doc));
      } else {
        out.println(
            "loaded "
                + summary(c)
                + " from "
                + String.join(", ", c.sources())
                + " in "
                + o.attempts()
                + " attempt(s); kept in "
                + cacheDir.cache().file(source));
      }
      return OrchestratorCli.EXIT_OK;
    }
  }

  private static long freeChat(Catalog c) {
    return c.routes().stream().filter(r -> r.chat() && r.tier() == Tier.FREE).count();
  }

  private static String summary(Catalog c) {
    return c.providers().size()
        + " providers, "
        + c.routes().size()
        + " routes ("
        + c.routes().stream().filter(Route::chat).count()
        + " chat, "
        + freeChat(c)
        + " free chat)";
  }

  static LocalDate today() {
    return LocalDate.now(ZoneOffset.UTC);
  }

  static ObjectNode routeJson(Route r) {
    ObjectNode o = NODES.objectNode();
    o.put("route", r.id());
    o.put("provider", r.provider());
    o.put("model", r.model());
    o.put("name", r.name());
    o.put("tier", r.tier().wireName());
    o.put("inputPerMtok", r.inputPerMtok());
    o.put("outputPerMtok", r.outputPerMtok());
    o.put("contextWindow", r.contextWindow());
    o.put("maxOutputTokens", r.maxOutputTokens());
    o.put("maxInputTokens", r.maxInputTokens());
    ArrayNode caps = o.putArray("capabilities");
    r.capabilities().forEach(cap -> caps.add(cap.wireName()));
    ArrayNode in = o.putArray("inputModalities");
    r.inputModalities().forEach(in::add);
    ArrayNode out = o.putArray("outputModalities");
    r.outputModalities().forEach(out::add);
    o.put("chat", r.chat());
    o.put("retired", r.retiredOn(today()));
    o.put("releaseDate", r.releaseDate() == null ? null : r.releaseDate().toString());
    o.put("expirationDate", r.expirationDate() == null ? null : r.expirationDate().toString());
    if (r.quality() == null) {
      o.putNull("quality");
    } else {
      o.put("quality", r.quality());
    }
    // what the catalog bills apart from the tokens; any makes a route without tier: free priced
    ObjectNode charges = o.putObject("otherCharges");
    r.otherCharges().forEach(charges::put);
    return o;
  }

  // Header names only: values are not secrets by contract, but need not be echoed either.
  static ObjectNode providerJson(Provider p) {
    ObjectNode o = NODES.objectNode();
    o.put("id", p.id());
    o.put("name", p.name());
    o.put("baseUrl", p.baseUrl());
    o.put("protocol", p.protocol().wireName());
    ArrayNode env = o.putArray("apiKeyEnv");
    p.apiKeyEnv().forEach(env::add);
    ArrayNode headers = o.putArray("headers");
    p.headers().keySet().forEach(headers::add);
    return o;
  }

  // Prices print as plain decimals (never 1.5E-7).
  static String write(ObjectNode doc) {
    try {
      return Json.MAPPER
          .writer()
          .with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
          .writeValueAsString(doc);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise catalog output", e);
    }
  }

  /**
   * One price of {@code r} per million tokens: the catalog's, {@code 0 (tier: free)} for a route
   * declared free without prices, else {@code ?}.
   */
  static String price(Route r, BigDecimal d) {
    if (d != null) {
      return d.toPlainString();
    }
    return r.tier() == Tier.FREE ? "0 (tier: free)" : "?";
  }

  static String caps(Route r) {
    if (r.capabilities().isEmpty()) {
      return "-";
    }
    return r.capabilities().stream().map(Capability::wireName).collect(Collectors.joining(","));
  }

  static String table(List<Route> routes) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {"ROUTE", "TIER", "IN$/MTOK", "OUT$/MTOK", "CONTEXT", "CAPABILITIES", "NOTE"});
    LocalDate today = today();
    for (Route r : routes) {
      String note = !r.chat() ? "not chat" : r.retiredOn(today) ? "retired" : "";
      rows.add(
          new String[] {
            r.id(),
            r.tier().wireName(),
            price(r, r.inputPerMtok()),
            price(r, r.outputPerMtok()),
            r.contextWindow() == null ? "?" : r.contextWindow().toString(),
            caps(r),
            note
          });
    }
    return TextTable.render(rows, "");
  }

  /**
   * Up to five names close to {@code query} among routes, virtual models and pools (the project's
   * one close-matches rule).
   */
  static List<String> closeMatches(String query, Catalog c) {
    List<String> ids = new ArrayList<>();
    ids.add(dev.orchestrator.engine.plan.RoutePlanner.FREE);
    ids.add(dev.orchestrator.engine.plan.RoutePlanner.AUTO);
    ids.addAll(c.pools().keySet());
    for (Route r : c.routes()) {
      ids.add(r.id());
    }
    return CloseMatches.find(query, ids, 5);
  }
}
