package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.RouteFilter;
import dev.orchestrator.engine.plan.CloseMatches;
import dev.orchestrator.engine.tool.ToolErrorRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A catalog under construction: what a stack of sources said, merged in order. Readers fill one per
 * source; {@link #mergeFrom} lays a later one on top (field by field); {@link #build} validates the
 * references and produces the immutable {@link Catalog}. Not thread-safe.
 */
public final class Draft {
  final Map<String, ProviderPatch> providers = new LinkedHashMap<>();
  final Map<String, RoutePatch> routes = new LinkedHashMap<>();
  final Map<String, PoolPatch> pools = new LinkedHashMap<>();
  // each deny glob with where it was first written
  final Map<String, Value> deny = new LinkedHashMap<>();
  final List<String> sources = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();
  // the errors: sections, in source order, with where each rule's provider is named
  final List<ErrorRulePatch> errorRules = new ArrayList<>();
  // the toolErrors: sections, in source order
  final List<ToolErrorRule> toolErrorRules = new ArrayList<>();
  // null: the sources said nothing about allow (everything allowed).
  List<String> allow;
  boolean extendsDefault;

  /** Whether an own-config source asked to be laid on top of the embedded default catalog. */
  public boolean extendsDefault() {
    return extendsDefault;
  }

  /**
   * What the merge allowed but a user should know, one line each: a later source's {@code tier:
   * free} overriding an earlier source's price (ADR 0015), an error rule's provider or a deny glob
   * the merged catalog does not have.
   */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** Number of routes so far. */
  public int routeCount() {
    return routes.size();
  }

  ProviderPatch provider(String id) {
    return providers.computeIfAbsent(id, ProviderPatch::new);
  }

  void putRoute(RoutePatch r) {
    RoutePatch existing = routes.get(r.id());
    if (existing == null) {
      routes.put(r.id(), r);
    } else {
      existing.mergeFrom(r);
    }
  }

  /**
   * Lays {@code later} on top of this draft: providers and routes merge field by field (the later
   * source's stated fields win), pools are replaced by name, a stated {@code allow} list replaces
   * the earlier one, {@code deny} lists accumulate. {@code later} is not modified.
   */
  public void mergeFrom(Draft later) {
    for (ProviderPatch p : later.providers.values()) {
      ProviderPatch mine = providers.get(p.id);
      if (mine == null) {
        providers.put(p.id, p.copy());
      } else {
        mine.mergeFrom(p);
      }
    }
    for (RoutePatch r : later.routes.values()) {
      RoutePatch mine = routes.get(r.id());
      if (mine == null) {
        routes.put(r.id(), r.copy());
      } else {
        String overridden = mine.mergeFrom(r);
        if (overridden != null) {
          warnings.add(
              r.origin
                  .fail(
                      "tier: free overrides the catalog price "
                          + overridden
                          + " of an earlier source; requests to this route are treated as"
                          + " free")
                  .getMessage());
        }
      }
    }
    warnings.addAll(later.warnings);
    pools.putAll(later.pools);
    if (later.allow != null) {
      allow = List.copyOf(later.allow);
    }
    later.deny.forEach(deny::putIfAbsent);
    sources.addAll(later.sources);
    errorRules.addAll(later.errorRules);
    toolErrorRules.addAll(later.toolErrorRules);
    extendsDefault |= later.extendsDefault;
  }

  /**
   * Validates references and builds the catalog.
   *
   * @throws dev.orchestrator.catalog.CatalogException naming the route whose provider is undefined,
   *     or the pool and the unknown route it references
   */
  public Catalog build() {
    Catalog.Builder b = Catalog.builder();
    for (ProviderPatch p : providers.values()) {
      b.provider(p.build());
    }
    for (RoutePatch r : routes.values()) {
      if (!providers.containsKey(r.provider)) {
        throw r.origin.fail(
            "provider '"
                + r.provider
                + "' is not defined (expected: a provider listed under providers)");
      }
      b.route(r.build());
    }
    for (PoolPatch p : pools.values()) {
      for (int i = 0; i < p.routes.size(); i++) {
        String id = p.routes.get(i);
        if (!routes.containsKey(id)) {
          throw p.members
              .get(i)
              .fail(
                  "pool '"
                      + p.name
                      + "' references unknown route '"
                      + id
                      + "' (expected: a route id defined in the catalog)");
        }
      }
      b.pool(p.build());
    }
    b.filter(new RouteFilter(allow == null ? List.of() : allow, List.copyOf(deny.keySet())));
    deny.forEach(this::warnIfDenyingNothing);
    sources.forEach(b::source);
    for (ErrorRulePatch e : errorRules) {
      if (e.rule().provider() != null
          && !providers.isEmpty()
          && !providers.containsKey(e.rule().provider())) {
        // a rule may be written for a provider another file defines, or for classify --provider
        // alone (a rules-only file defines none); a typo is pointed out, not fatal
        String hint = CloseMatches.closest(e.rule().provider(), providers.keySet());
        String warning =
            e.provider()
                .fail(
                    "provider '"
                        + e.rule().provider()
                        + "' is not defined in this catalog"
                        + (hint == null ? "" : " (did you mean '" + hint + "'?)")
                        + "; the rule matches only answers from a provider with that id")
                .getMessage();
        if (!warnings.contains(warning)) {
          warnings.add(warning);
        }
      }
      b.errorRule(e.rule());
    }
    toolErrorRules.forEach(b::toolErrorRule);
    return b.build();
  }

  // A deny glob that matches no route is most likely a typo: pointed out with the closest route,
  // not fatal, since a route another file or a later refresh of a source brings may match it.
  private void warnIfDenyingNothing(String glob, Value at) {
    RouteFilter one = new RouteFilter(List.of(), List.of(glob));
    if (routes.isEmpty() || routes.keySet().stream().anyMatch(one::denies)) {
      return;
    }
    // a route id's closest route; a pattern's closest route by spelling would mean nothing
    String hint = glob.contains("*") ? null : CloseMatches.closest(glob, routes.keySet());
    String warning =
        at.fail(
                "'"
                    + glob
                    + "' matches no route of this catalog"
                    + (hint == null ? "" : " (did you mean '" + hint + "'?)")
                    + "; it denies nothing until a route it matches is added")
            .getMessage();
    if (!warnings.contains(warning)) {
      warnings.add(warning);
    }
  }
}
