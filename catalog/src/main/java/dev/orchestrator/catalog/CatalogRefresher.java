package dev.orchestrator.catalog;

import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Keeps a catalog from one remote or local source fresh (docs/design.md §7). A fetch sends a fixed
 * {@code User-Agent: orchestrator-catalog/<version>}, has a timeout, and makes at most three
 * attempts with a short pause between them (only transient failures — transport errors, 408, 425,
 * 429, 5xx — are retried; a 4xx or a broken document is not). A document that lists no models
 * ({@code {}}, OpenRouter's {@code {"data":[]}}, a Models.dev object without models) is broken too:
 * it is what an upstream in trouble answers, and would otherwise replace every route of the source
 * with none. The result is cached with Caffeine and refreshed after write in the background while
 * the old catalog keeps being served (stale-while-revalidate).
 *
 * <p>When every attempt fails, the last good catalog stays in service, the failure is logged once
 * (until the next success) through {@link System.Logger}, and no evidence is added: before any
 * success the last good copy in the {@linkplain Builder#cache source cache} is served when there is
 * one, else the {@linkplain Builder#fallback fallback} catalog (empty by default), so a failed
 * fetch can never make a route free. Every successful fetch is kept in that cache.
 *
 * <p>Thread-safe.
 */
public final class CatalogRefresher {
  /** The {@code User-Agent} sent with every fetch: {@code orchestrator-catalog/<version>}. */
  public static final String USER_AGENT = "orchestrator-catalog/" + Version.VALUE;

  // The most routes one refresh may turn free that the last good copy priced: a provider making a
  // few models free is news, a source listing everything at zero is a broken upstream (ADR 0018).
  static final int MAX_NEWLY_FREE = 5;

  // Larger than any real catalog; bounds memory when a URL serves something else.
  private static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

  private final String source;
  private final String name;
  private final HttpClient http;
  private final Duration timeout;
  private final int maxAttempts;
  private final Duration retryDelay;
  private final Sleeper sleeper;
  private final Catalog fallback;
  private final System.Logger logger;
  private final Consumer<String> warnings;
  private final Supplier<List<CatalogLoader.Text>> below;
  private final boolean onDefault;
  private final SourceCache sourceCache;
  private final BodyDeadline.Timer bodyTimer;
  private final LoadingCache<String, Catalog> cache;
  private final AtomicBoolean failureLogged = new AtomicBoolean();
  private volatile Catalog lastGood;

  private CatalogRefresher(Builder b) {
    this.source = b.source;
    this.name = shown(b.source);
    this.http =
        b.http != null
            ? b.http
            : HttpClient.newBuilder()
                .connectTimeout(b.timeout)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    this.timeout = b.timeout;
    this.maxAttempts = b.maxAttempts;
    this.retryDelay = b.retryDelay;
    this.sleeper = b.sleeper;
    this.fallback = b.fallback;
    this.logger = b.logger;
    this.warnings = b.warnings;
    this.below = b.below;
    this.onDefault = b.onDefault;
    this.sourceCache = b.sourceCache;
    this.bodyTimer = b.bodyTimer;
    this.cache =
        Caffeine.newBuilder()
            .ticker(b.ticker)
            .executor(b.executor)
            .refreshAfterWrite(b.refreshAfter)
            .build(
                new CacheLoader<String, Catalog>() {
                  @Override
                  public Catalog load(String key) {
                    return settle(fetch());
                  }

                  @Override
                  public Catalog reload(String key, Catalog old) {
                    return settle(fetch());
                  }
                });
  }

  /**
   * A builder for a refresher of {@code source}: an {@code http(s)://} URL, a {@code file:} URI or
   * a file path.
   */
  public static Builder builder(String source) {
    return new Builder(source);
  }

  /** The source this refresher reads, as given (a URL may hold a secret: show {@link #name()}). */
  public String source() {
    return source;
  }

  /**
   * The source as messages, logs and {@link Catalog#sources()} show it: {@link #shown(String)} of
   * {@link #source()}.
   */
  public String name() {
    return name;
  }

  /**
   * {@code source} with what a URL may hold as a secret hidden: the user information ({@code
   * https://****@host/…}) and the values of the query ({@code ?key=****}). Paths and other text are
   * returned unchanged.
   */
  public static String shown(String source) {
    if (!isHttp(source)) {
      return source;
    }
    int scheme = source.indexOf("://") + 3;
    int end = scheme;
    while (end < source.length() && "/?#".indexOf(source.charAt(end)) < 0) {
      end++;
    }
    String authority = source.substring(scheme, end);
    int at = authority.lastIndexOf('@');
    StringBuilder b = new StringBuilder(source.substring(0, scheme));
    b.append(at < 0 ? authority : "****@" + authority.substring(at + 1));
    String rest = source.substring(end);
    int q = rest.indexOf('?');
    if (q < 0) {
      return b.append(rest).toString();
    }
    int hash = rest.indexOf('#', q);
    String query = hash < 0 ? rest.substring(q + 1) : rest.substring(q + 1, hash);
    b.append(rest, 0, q + 1);
    String[] pairs = query.split("&", -1);
    for (int i = 0; i < pairs.length; i++) {
      int eq = pairs[i].indexOf('=');
      b.append(i > 0 ? "&" : "").append(eq < 0 ? pairs[i] : pairs[i].substring(0, eq) + "=****");
    }
    return b.append(hash < 0 ? "" : rest.substring(hash)).toString();
  }

  /**
   * The catalog to use now. The first call fetches (blocking); later calls return the cached
   * catalog at once and, once it is older than the refresh interval, start a background refresh.
   */
  public Catalog current() {
    return cache.get(source);
  }

  /**
   * Fetches now, blocking, with the bounded retry. On success the new catalog is served from now
   * on; on failure the previous one stays.
   */
  public Outcome refreshNow() {
    Outcome o = fetch();
    Catalog served = settle(o);
    if (o.loaded()) {
      cache.put(source, served);
    }
    return new Outcome(served, o.loaded(), o.attempts(), o.failure().orElse(null));
  }

  private Catalog settle(Outcome o) {
    if (o.loaded()) {
      lastGood = o.catalog();
      if (failureLogged.getAndSet(false)) {
        logger.log(System.Logger.Level.INFO, "catalog source {0} is readable again", name);
      }
      return o.catalog();
    }
    if (!failureLogged.getAndSet(true)) {
      logger.log(
          System.Logger.Level.WARNING,
          "catalog refresh failed after {0} attempt(s), keeping the last good catalog: {1}",
          o.attempts(),
          o.failure().map(CatalogException::getMessage).orElse("unknown"));
    }
    Catalog keep = lastGood;
    if (keep == null && sourceCache != null) {
      keep = fromCache();
    }
    return keep != null ? keep : fallback;
  }

  private Catalog fromCache() {
    Catalog c = cachedOverCurrentLayers();
    if (c != null) {
      lastGood = c;
    }
    return c;
  }

  private void keep(String text) {
    if (sourceCache == null) {
      return;
    }
    try {
      sourceCache.store(source, text);
    } catch (UncheckedIOException e) {
      logger.log(System.Logger.Level.WARNING, "{0}", e.getMessage());
    }
  }

  private Outcome fetch() {
    boolean remote = isHttp(source);
    int max = remote ? maxAttempts : 1;
    CatalogException last = null;
    int attempts = 0;
    for (int attempt = 1; attempt <= max; attempt++) {
      attempts = attempt;
      try {
        String text = remote ? get() : CatalogLoader.read(localPath());
        Catalog parsed = read(text, warnings);
        Catalog served = holdBackSuddenlyFree(parsed);
        if (served == parsed) {
          // A copy with routes held back is not kept: the next copy is compared with the last
          // one taken whole, so the widening stays held for as long as the source says it.
          keep(text);
        }
        return new Outcome(served, true, attempts, null);
      } catch (Transient t) {
        last = t.failure;
        if (attempt < max && !pause()) {
          break;
        }
      } catch (CatalogException e) {
        // Broken content or a settled 4xx: another attempt would read the same thing.
        last = e;
        break;
      }
    }
    return new Outcome(null, false, attempts, last);
  }

  /**
   * {@code parsed}, or, when it makes more than {@link #MAX_NEWLY_FREE} routes free which the last
   * good copy (the cached one read over the current layers, else the one in memory) priced with a
   * known price, {@code parsed} with those routes as the last good copy had them: an upstream that
   * suddenly lists everything at zero is no evidence, and the rest of the copy — a route newly
   * priced above all — is taken (money is fail-closed; ADR 0018, addendum). Routes whose price was
   * unknown, and routes new to the source, do not count; without an earlier copy nothing is
   * compared. A warning names the count, a few of the routes and how to accept them.
   */
  private Catalog holdBackSuddenlyFree(Catalog parsed) {
    // The last good copy read over the layers as they are now, so that a route a lower layer (an
    // earlier source, a file) turned free meanwhile is not counted against this copy.
    Catalog before = cachedOverCurrentLayers();
    if (before == null) {
      before = lastGood;
    }
    if (before == null) {
      return parsed;
    }
    List<Route> widened = new ArrayList<>();
    for (Route now : parsed.routes()) {
      if (now.tier() != Tier.FREE) {
        continue;
      }
      before.route(now.id()).filter(CatalogRefresher::pricedWithEvidence).ifPresent(widened::add);
    }
    if (widened.size() <= MAX_NEWLY_FREE) {
      return parsed;
    }
    Catalog.Builder held = parsed.toBuilder();
    List<String> ids = new ArrayList<>();
    for (Route was : widened) {
      held.route(was);
      ids.add(was.id());
    }
    String message =
        name
            + ": this copy makes "
            + widened.size()
            + " routes free that the last good copy priced ("
            + String.join(", ", ids.subList(0, 3))
            + ", …); they stay priced as they were, since a copy that widens the free pool by more"
            + " than "
            + MAX_NEWLY_FREE
            + " routes at once is no evidence; the rest of the copy is taken"
            + (sourceCache == null
                ? ""
                : " (to accept them, delete " + sourceCache.file(source) + " and restart)");
    warnings.accept(message);
    logger.log(System.Logger.Level.WARNING, "{0}", message);
    return held.build();
  }

  /**
   * The cached copy read over the layers as they are now, or {@code null} when nothing (readable)
   * is cached.
   */
  private Catalog cachedOverCurrentLayers() {
    if (sourceCache == null) {
      return null;
    }
    return sourceCache
        .load(source)
        .map(
            e -> {
              try {
                return read(e.text(), warning -> {});
              } catch (CatalogException damaged) {
                return null;
              }
            })
        .orElse(null);
  }

  // Priced by a price the catalog states (not merely unknown): a positive token price, or a charge
  // besides them.
  private static boolean pricedWithEvidence(Route r) {
    return r.tier() == Tier.PRICED
        && (r.inputPerMtok() != null && r.inputPerMtok().signum() > 0
            || r.outputPerMtok() != null && r.outputPerMtok().signum() > 0
            || !r.chargesBesidesTokens().isEmpty());
  }

  /** The catalog {@code text}, a copy of the source, makes: alone, or over its layers below. */
  private Catalog read(String text, Consumer<String> warn) {
    return CatalogLoader.parseFetchedOver(below.get(), onDefault, name, text, warn);
  }

  private boolean pause() {
    try {
      sleeper.sleep(retryDelay);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Path localPath() {
    return source.regionMatches(true, 0, "file:", 0, 5)
        ? Path.of(URI.create(source))
        : Path.of(source);
  }

  private String get() {
    long deadline = System.nanoTime() + timeout.toNanos();
    URI uri;
    try {
      uri = URI.create(source);
    } catch (IllegalArgumentException e) {
      // the parser's message quotes the whole URL, secrets and all
      throw new CatalogException(name, "not a valid URL (expected: http(s)://host/path)", null);
    }
    HttpRequest req =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("User-Agent", USER_AGENT)
            .header("Accept", "application/json, application/yaml;q=0.9, */*;q=0.1")
            .GET()
            .build();
    HttpResponse<InputStream> resp;
    try {
      resp = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw new Transient(new CatalogException(name, "cannot fetch: " + describe(e), e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CatalogException(name, "fetch interrupted", e);
    }
    int status = resp.statusCode();
    try (InputStream body = resp.body()) {
      if (status < 200 || status > 299) {
        CatalogException e =
            new CatalogException(name, "HTTP " + status + " (expected: 200)", null);
        if (status == 408 || status == 425 || status == 429 || status >= 500) {
          throw new Transient(e);
        }
        throw e;
      }
      byte[] bytes = BodyDeadline.read(body, MAX_BODY_BYTES + 1, deadline, bodyTimer);
      if (bytes == null) {
        throw new Transient(
            new CatalogException(
                name,
                "body not received within the timeout of " + timeout.toMillis() + " ms",
                null));
      }
      if (bytes.length > MAX_BODY_BYTES) {
        throw new CatalogException(
            name, "response larger than " + MAX_BODY_BYTES + " bytes (expected: a catalog)", null);
      }
      return CatalogLoader.decode(name, bytes);
    } catch (IOException e) {
      throw new Transient(new CatalogException(name, "cannot read body: " + describe(e), e));
    }
  }

  private static String describe(IOException e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
  }

  private static boolean isHttp(String s) {
    String l = s.toLowerCase(Locale.ROOT);
    return l.startsWith("http://") || l.startsWith("https://");
  }

  /** Pauses between attempts; injected so tests never sleep on the wall clock. */
  @FunctionalInterface
  public interface Sleeper {
    /** Pauses for {@code d}. */
    void sleep(Duration d) throws InterruptedException;
  }

  /**
   * The result of one fetch. Immutable and thread-safe.
   *
   * @param catalog the catalog now served: the fetched one when {@code loaded}, otherwise the last
   *     good one (or the fallback)
   * @param loaded whether this fetch read and parsed the source
   * @param attempts how many attempts were made (1..3)
   * @param failureOrNull the last failure when not {@code loaded}, else {@code null}
   */
  public record Outcome(
      Catalog catalog, boolean loaded, int attempts, CatalogException failureOrNull) {
    /** The last failure, when the fetch did not load the source. */
    public Optional<CatalogException> failure() {
      return Optional.ofNullable(failureOrNull);
    }
  }

  /** Configures a {@link CatalogRefresher}. Not thread-safe. */
  public static final class Builder {
    private final String source;
    private HttpClient http;
    private Duration timeout = Duration.ofSeconds(10);
    private int maxAttempts = 3;
    private Duration retryDelay = Duration.ofMillis(500);
    private Sleeper sleeper = d -> Thread.sleep(d.toMillis());
    private Ticker ticker = Ticker.systemTicker();
    private Duration refreshAfter = Duration.ofHours(1);
    private Executor executor = ForkJoinPool.commonPool();
    private Catalog fallback = Catalog.empty();
    private System.Logger logger = System.getLogger(CatalogRefresher.class.getName());
    private Consumer<String> warnings = warning -> {};
    private Supplier<List<CatalogLoader.Text>> below = List::of;
    private boolean onDefault;
    private SourceCache sourceCache;
    private BodyDeadline.Timer bodyTimer = BodyDeadline.WALL_CLOCK;

    private Builder(String source) {
      Objects.requireNonNull(source, "source");
      if (source.isBlank()) {
        throw new IllegalArgumentException("source: blank (expected: a URL or a path)");
      }
      this.source = source.strip();
    }

    /** The HTTP client (default: a new one with a connect timeout equal to the timeout). */
    public Builder httpClient(HttpClient v) {
      http = Objects.requireNonNull(v, "httpClient");
      return this;
    }

    /** Per-attempt timeout (default 10 s). */
    public Builder timeout(Duration v) {
      if (v == null || v.isNegative() || v.isZero()) {
        throw new IllegalArgumentException("timeout: " + v + " (expected: positive)");
      }
      timeout = v;
      return this;
    }

    /** Attempts per fetch, 1..3 (default 3). */
    public Builder maxAttempts(int v) {
      if (v < 1 || v > 3) {
        throw new IllegalArgumentException("maxAttempts: " + v + " (expected: 1..3)");
      }
      maxAttempts = v;
      return this;
    }

    /** Pause between attempts, 0..5 s (default 500 ms). */
    public Builder retryDelay(Duration v) {
      if (v == null || v.isNegative() || v.compareTo(Duration.ofSeconds(5)) > 0) {
        throw new IllegalArgumentException("retryDelay: " + v + " (expected: 0..5s)");
      }
      retryDelay = v;
      return this;
    }

    /** How pauses are taken (default {@link Thread#sleep}); tests inject a recorder. */
    public Builder sleeper(Sleeper v) {
      sleeper = Objects.requireNonNull(v, "sleeper");
      return this;
    }

    /** The cache's clock (default the system ticker). */
    public Builder ticker(Ticker v) {
      ticker = Objects.requireNonNull(v, "ticker");
      return this;
    }

    /** Age after which a read triggers a background refresh (default 1 h). */
    public Builder refreshAfter(Duration v) {
      if (v == null || v.isNegative() || v.isZero()) {
        throw new IllegalArgumentException("refreshAfter: " + v + " (expected: positive)");
      }
      refreshAfter = v;
      return this;
    }

    /** Where background refreshes run (default the common pool). */
    public Builder executor(Executor v) {
      executor = Objects.requireNonNull(v, "executor");
      return this;
    }

    /**
     * The catalog served before any fetch succeeds (default {@link Catalog#empty()}: no evidence,
     * so nothing is free).
     */
    public Builder fallback(Catalog v) {
      fallback = Objects.requireNonNull(v, "fallback");
      return this;
    }

    /** Where the one-per-outage failure message goes. */
    public Builder logger(System.Logger v) {
      logger = Objects.requireNonNull(v, "logger");
      return this;
    }

    /**
     * Where the warnings of each copy loaded go, one line each (a deny entry that matches nothing,
     * …), as {@link CatalogLoader#load(java.util.List, Consumer)} hands those of files (default:
     * nowhere; a reader that merges the source with others reports the merge's instead).
     */
    public Builder warnings(Consumer<String> v) {
      warnings = Objects.requireNonNull(v, "warnings");
      return this;
    }

    /**
     * The layers the source is laid over (docs/reference.md §5: {@code --source} over the {@code
     * --catalog} files), asked at each read: a copy is read as their merge with it on top, so that
     * it may name a provider a layer below defines, and the catalog served is that merge (its
     * warnings those of the merge); with {@code onDefault} the embedded default catalog is the
     * first layer. Default: none, the source alone.
     */
    public Builder over(Supplier<List<CatalogLoader.Text>> below, boolean onDefault) {
      this.below = Objects.requireNonNull(below, "below");
      this.onDefault = onDefault;
      return this;
    }

    /**
     * Where the last good copy of the source is kept after every successful fetch, and read from
     * when a fetch fails before any succeeded (default: none).
     */
    public Builder cache(SourceCache v) {
      sourceCache = Objects.requireNonNull(v, "cache");
      return this;
    }

    /**
     * What ends a body still arriving at the timeout (default the wall clock); tests inject one
     * that fires when they say.
     */
    Builder bodyTimer(BodyDeadline.Timer v) {
      bodyTimer = Objects.requireNonNull(v, "bodyTimer");
      return this;
    }

    /** Builds the refresher; nothing is fetched until first use. */
    public CatalogRefresher build() {
      return new CatalogRefresher(this);
    }
  }

  // A failure worth another attempt.
  private static final class Transient extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient CatalogException failure;

    Transient(CatalogException failure) {
      super(failure.getMessage(), null, false, false);
      this.failure = failure;
    }
  }

  private static final class Version {
    static final String VALUE = read();

    private static String read() {
      try (InputStream in =
          CatalogRefresher.class.getResourceAsStream(
              "/dev/orchestrator/catalog/version.properties")) {
        if (in == null) {
          return "dev";
        }
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version", "dev").trim();
        return v.isEmpty() || v.startsWith("$") ? "dev" : v;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
