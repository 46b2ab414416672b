package dev.orchestrator.engine.catalog;

import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.tool.ToolErrorRule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable snapshot of everything the planner knows: providers, routes, user pools and the
 * allow/deny lists of the configuration. Routes iterate in id order so that every output built from
 * a catalog is deterministic. Thread-safe.
 */
public final class Catalog {
  private final Map<String, Provider> providers;
  private final Map<String, Route> routes;
  private final Map<String, Pool> pools;
  private final RouteFilter filter;
  private final List<String> sources;
  private final List<ErrorRule> errorRules;
  private final List<ToolErrorRule> toolErrorRules;

  private Catalog(Builder b) {
    this.providers = Collections.unmodifiableMap(new TreeMap<>(b.providers));
    this.routes = Collections.unmodifiableMap(new TreeMap<>(b.routes));
    this.pools = Collections.unmodifiableMap(new TreeMap<>(b.pools));
    this.filter = b.filter;
    this.sources = List.copyOf(b.sources);
    this.errorRules = List.copyOf(b.errorRules);
    this.toolErrorRules = List.copyOf(b.toolErrorRules);
  }

  /** An empty catalog. */
  public static Catalog empty() {
    return builder().build();
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns a builder holding everything in this catalog, for merging. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.providers.putAll(providers);
    b.routes.putAll(routes);
    b.pools.putAll(pools);
    b.filter = filter;
    b.sources.addAll(sources);
    b.errorRules.addAll(errorRules);
    b.toolErrorRules.addAll(toolErrorRules);
    return b;
  }

  /** Providers by id, in id order. */
  public Map<String, Provider> providers() {
    return providers;
  }

  /** All routes, in id order. */
  public Collection<Route> routes() {
    return routes.values();
  }

  /** User-defined pools by name. */
  public Map<String, Pool> pools() {
    return pools;
  }

  /** The configuration's allow/deny lists. */
  public RouteFilter filter() {
    return filter;
  }

  /** Human-readable names of the sources merged into this catalog, in merge order. */
  public List<String> sources() {
    return sources;
  }

  /**
   * The operator's failure-classification rules (the {@code errors:} sections of the sources), in
   * source order; evaluated before the built-in rules.
   */
  public List<ErrorRule> errorRules() {
    return errorRules;
  }

  /**
   * The operator's tool-failure rules (the {@code toolErrors:} sections of the sources), in source
   * order; a {@link dev.orchestrator.engine.tool.ToolGuard} reads them before the built-in readings
   * when given them ({@code ToolGuard.builder().rules(catalog.toolErrorRules())}).
   */
  public List<ToolErrorRule> toolErrorRules() {
    return toolErrorRules;
  }

  /** The route with this id. */
  public Optional<Route> route(String id) {
    return Optional.ofNullable(routes.get(id));
  }

  /** The provider with this id. */
  public Optional<Provider> provider(String id) {
    return Optional.ofNullable(providers.get(id));
  }

  /** The user pool with this name. */
  public Optional<Pool> pool(String name) {
    return Optional.ofNullable(pools.get(name));
  }

  @Override
  public String toString() {
    return "Catalog{providers="
        + providers.size()
        + ", routes="
        + routes.size()
        + ", pools="
        + pools.size()
        + ", sources="
        + sources
        + "}";
  }

  /** Mutable builder; later puts replace earlier ones. Not thread-safe. */
  public static final class Builder {
    private final Map<String, Provider> providers = new LinkedHashMap<>();
    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final Map<String, Pool> pools = new LinkedHashMap<>();
    private final List<String> sources = new ArrayList<>();
    private final List<ErrorRule> errorRules = new ArrayList<>();
    private final List<ToolErrorRule> toolErrorRules = new ArrayList<>();
    private RouteFilter filter = RouteFilter.ALLOW_ALL;

    private Builder() {}

    /** Adds or replaces a provider. */
    public Builder provider(Provider p) {
      providers.put(p.id(), p);
      return this;
    }

    /** Adds or replaces a route. */
    public Builder route(Route r) {
      routes.put(r.id(), r);
      return this;
    }

    /** Adds or replaces a pool. */
    public Builder pool(Pool p) {
      pools.put(p.name(), p);
      return this;
    }

    /** Sets the allow/deny lists. */
    public Builder filter(RouteFilter f) {
      filter = Objects.requireNonNull(f, "filter");
      return this;
    }

    /** Records the name of a source merged in. */
    public Builder source(String name) {
      sources.add(name);
      return this;
    }

    /** Appends an operator's failure-classification rule. */
    public Builder errorRule(ErrorRule r) {
      errorRules.add(Objects.requireNonNull(r, "rule"));
      return this;
    }

    /** Appends an operator's tool-failure rule. */
    public Builder toolErrorRule(ToolErrorRule r) {
      toolErrorRules.add(Objects.requireNonNull(r, "rule"));
      return this;
    }

    /** The route with this id, if already added (for field-by-field merges). */
    public Optional<Route> route(String id) {
      return Optional.ofNullable(routes.get(id));
    }

    /** The provider with this id, if already added. */
    public Optional<Provider> provider(String id) {
      return Optional.ofNullable(providers.get(id));
    }

    /**
     * Builds the catalog.
     *
     * @throws IllegalArgumentException when a route names an unknown provider
     */
    public Catalog build() {
      for (Route r : routes.values()) {
        if (!providers.containsKey(r.provider())) {
          throw new IllegalArgumentException(
              "route " + r.id() + ": provider '" + r.provider() + "' is not defined");
        }
      }
      return new Catalog(this);
    }
  }
}
