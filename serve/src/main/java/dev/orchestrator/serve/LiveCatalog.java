package dev.orchestrator.serve;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.catalog.CatalogRefresher;
import dev.orchestrator.catalog.SourceCache;
import dev.orchestrator.engine.catalog.Catalog;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The catalog a long-running server plans with (docs/design.md §7, docs/reference.md §5): the
 * {@code --catalog} files (or the embedded default), then each {@code --source} (a URL or a path,
 * fetched with the bounded retry of {@link CatalogRefresher}), then the {@code --config} files,
 * merged in that order; a source is read over the layers before it, so it may name a provider they
 * define. {@link #refresh()} fetches every source again — the server calls it every {@code
 * --refresh-interval-s} — and, when one changed, hands the new catalog to the listener, which swaps
 * it atomically (requests in flight finish on the catalog they planned with).
 *
 * <p>The last good copy of each source is kept in a {@link SourceCache}; a failed fetch — or new
 * copies that do not merge with the other sources — keeps the last good copies in service and in
 * the cache (the refresher logs the failure once per outage, {@link #failures()} counts every one),
 * and at start-up a source that cannot be fetched is read from the cache. The catalog's age is that
 * of its oldest source copy (or the time since start-up without sources). The warnings of the merge
 * (what a file or source says that is kept but likely a mistake, as {@link CatalogLoader#load(List,
 * java.util.function.Consumer)} hands them) are logged as warnings, each when the catalog that
 * brings it is put in service and not again while it stays.
 *
 * <p>Thread-safe: {@link #refresh()} is serialised; readers see one catalog or the next.
 */
public final class LiveCatalog {
  private final List<CatalogLoader.Text> before;
  private final List<CatalogLoader.Text> after;
  private final boolean onDefault;
  private final List<CatalogRefresher> refreshers;
  private final SourceCache cache;
  private final Clock clock;
  private final Instant startedAt;
  private final AtomicLong failures = new AtomicLong();
  private final System.Logger logger;
  // the warnings of the catalog in force, already logged
  private List<String> warned = List.of();
  private volatile Catalog current;
  private volatile Consumer<Catalog> listener = c -> {};

  private LiveCatalog(Builder b) {
    this.clock = b.clock;
    this.logger = b.logger;
    this.startedAt = clock.instant();
    this.cache = SourceCache.at(b.cacheDir, clock);
    this.onDefault = b.catalogs.isEmpty();
    this.before = texts(b.catalogs);
    this.after = texts(b.configs);
    List<CatalogRefresher> rs = new ArrayList<>();
    for (String s : b.sources) {
      int at = rs.size();
      rs.add(
          b.refresher
              .apply(CatalogRefresher.builder(s))
              .cache(cache)
              .over(() -> below(at), onDefault)
              .build());
    }
    this.refreshers = List.copyOf(rs);
    for (CatalogRefresher r : refreshers) {
      CatalogRefresher.Outcome o = r.refreshNow();
      if (!o.loaded()) {
        failures.incrementAndGet();
        if (cache.load(r.source()).isEmpty()) {
          CatalogException f =
              o.failure().orElseGet(() -> new CatalogException(r.name(), "not loaded", null));
          // the source's own place and problem, said once: "a.yaml: no such file (after …)"
          throw new CatalogException(
              f.source(),
              f.line(),
              f.column(),
              f.field(),
              f.problem()
                  + " (after "
                  + o.attempts()
                  + " attempt(s); no cached copy under "
                  + (b.cacheDir == null ? "memory" : b.cacheDir)
                  + ")",
              f);
        }
      }
    }
    this.current = inService(merge());
  }

  /** A catalog that never changes (no sources): {@code catalog} as given. */
  public static LiveCatalog fixed(Catalog catalog, Clock clock) {
    return new LiveCatalog(catalog, clock);
  }

  private LiveCatalog(Catalog fixed, Clock clock) {
    this.clock = clock;
    this.logger = System.getLogger(LiveCatalog.class.getName());
    this.startedAt = clock.instant();
    this.cache = SourceCache.at(null, clock);
    this.onDefault = false;
    this.before = List.of();
    this.after = List.of();
    this.refreshers = List.of();
    this.current = Objects.requireNonNull(fixed, "catalog");
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The catalog in force. */
  public Catalog current() {
    return current;
  }

  /**
   * The sources as shown: as given, with a URL's user information and query values hidden ({@link
   * CatalogRefresher#shown(String)}).
   */
  public List<String> sources() {
    return refreshers.stream().map(CatalogRefresher::name).toList();
  }

  /** Failed fetches and failed merges since start-up. */
  public long failures() {
    return failures.get();
  }

  /**
   * When {@code source}'s copy in service was fetched, if there is one; {@code source} as given or
   * as {@link #sources()} shows it.
   */
  public Optional<Instant> fetchedAt(String source) {
    for (CatalogRefresher r : refreshers) {
      if (r.name().equals(source)) {
        return cache.load(r.source()).map(SourceCache.Entry::fetchedAt);
      }
    }
    return cache.load(source).map(SourceCache.Entry::fetchedAt);
  }

  /**
   * The catalog's age: the age of its oldest source copy, or the time since start-up when it has no
   * sources.
   */
  public Duration age() {
    Instant oldest = startedAt;
    if (!refreshers.isEmpty()) {
      oldest = null;
      for (CatalogRefresher r : refreshers) {
        Instant t = fetchedAt(r.source()).orElse(startedAt);
        oldest = oldest == null || t.isBefore(oldest) ? t : oldest;
      }
    }
    Duration d = Duration.between(oldest, clock.instant());
    return d.isNegative() ? Duration.ZERO : d;
  }

  /** Called with each new catalog after a refresh changed it (replaces the previous listener). */
  public void onChange(Consumer<Catalog> l) {
    listener = Objects.requireNonNull(l, "listener");
  }

  /**
   * Fetches every source once (with the bounded retry) and swaps in the merged catalog when a
   * source was loaded. A source that fails keeps its last good copy.
   *
   * @return whether a new catalog was swapped in
   */
  public synchronized boolean refresh() {
    // the copies in force, put back if the new ones do not merge
    List<SourceCache.Entry> inForce = new ArrayList<>();
    for (CatalogRefresher r : refreshers) {
      cache.load(r.source()).ifPresent(inForce::add);
    }
    boolean loaded = false;
    for (CatalogRefresher r : refreshers) {
      if (r.refreshNow().loaded()) {
        loaded = true;
      } else {
        failures.incrementAndGet();
      }
    }
    if (!loaded) {
      return false;
    }
    Merged next;
    try {
      next = merge();
    } catch (CatalogException e) {
      // Each source is valid alone but not together (e.g. a pool lost its routes): keep the old,
      // and its copies, so that the age and a restart are those of the catalog in force.
      failures.incrementAndGet();
      for (SourceCache.Entry copy : inForce) {
        try {
          cache.restore(copy);
        } catch (UncheckedIOException disk) {
          logger.log(System.Logger.Level.WARNING, "{0}", disk.getMessage());
        }
      }
      logger.log(
          System.Logger.Level.WARNING,
          "catalog refresh: keeping the last good catalog: {0}",
          e.getMessage());
      return false;
    }
    current = inService(next);
    listener.accept(current);
    return true;
  }

  /** A merged catalog and the warnings of its merge. */
  private record Merged(Catalog catalog, List<String> warnings) {}

  /**
   * The layers below the source at {@code index}: the {@code --catalog} files, then the copies in
   * force of the sources before it. A source is read over them (so it may name what they define)
   * before its copy is kept.
   */
  private List<CatalogLoader.Text> below(int index) {
    List<CatalogLoader.Text> all = new ArrayList<>(before);
    for (CatalogRefresher r : refreshers.subList(0, index)) {
      cache.load(r.source()).ifPresent(e -> all.add(new CatalogLoader.Text(r.name(), e.text())));
    }
    return all;
  }

  private Merged merge() {
    List<CatalogLoader.Text> all = below(refreshers.size());
    all.addAll(after);
    List<String> warnings = new ArrayList<>();
    Catalog c = CatalogLoader.parseAll(all, onDefault, warnings::add);
    return new Merged(c, List.copyOf(warnings));
  }

  /** {@code m}'s catalog, put in service: its warnings not yet logged are logged now. */
  private Catalog inService(Merged m) {
    for (String w : m.warnings()) {
      if (!warned.contains(w)) {
        logger.log(System.Logger.Level.WARNING, "{0}", w);
      }
    }
    warned = m.warnings();
    return m.catalog();
  }

  private static List<CatalogLoader.Text> texts(List<Path> paths) {
    List<CatalogLoader.Text> out = new ArrayList<>();
    for (Path p : paths) {
      out.add(CatalogLoader.readText(p));
    }
    return List.copyOf(out);
  }

  /** Configures a {@link LiveCatalog}. Not thread-safe. */
  public static final class Builder {
    private final List<Path> catalogs = new ArrayList<>();
    private final List<Path> configs = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();
    private Path cacheDir;
    private Clock clock = Clock.systemUTC();
    private UnaryOperator<CatalogRefresher.Builder> refresher = b -> b;
    private System.Logger logger = System.getLogger(LiveCatalog.class.getName());

    private Builder() {}

    /** Catalog files laid first ({@code --catalog}); none means the embedded default catalog. */
    public Builder catalogs(List<Path> v) {
      catalogs.addAll(v);
      return this;
    }

    /** Own-configuration files laid last ({@code --config}), so they override every source. */
    public Builder configs(List<Path> v) {
      configs.addAll(v);
      return this;
    }

    /** Sources refreshed on a schedule ({@code --source}): URLs or paths. */
    public Builder sources(List<String> v) {
      sources.addAll(v);
      return this;
    }

    /** Where the last good copy of each source is kept ({@code --cache-dir}); null for memory. */
    public Builder cacheDir(Path v) {
      cacheDir = v;
      return this;
    }

    /** The clock for fetch times and age (default UTC system clock). */
    public Builder clock(Clock v) {
      clock = Objects.requireNonNull(v, "clock");
      return this;
    }

    /**
     * Where the merged catalog's warnings and a refresh that does not merge are logged (default the
     * {@code LiveCatalog} logger); a source's failed fetch is its refresher's to log ({@link
     * #refresher}).
     */
    public Builder logger(System.Logger v) {
      logger = Objects.requireNonNull(v, "logger");
      return this;
    }

    /** Adjusts each source's refresher (timeouts, sleeper, HTTP client…); for tests and tuning. */
    public Builder refresher(UnaryOperator<CatalogRefresher.Builder> v) {
      refresher = Objects.requireNonNull(v, "refresher");
      return this;
    }

    /**
     * Reads the files and fetches every source once (falling back to cached copies).
     *
     * @throws CatalogException naming the file or source that cannot be read, with no cached copy
     */
    public LiveCatalog build() {
      return new LiveCatalog(this);
    }
  }
}
