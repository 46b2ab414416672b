package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthView;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Turns a model name, the request's needs, route health and credentials into a {@link Plan}: the
 * ranked candidates and every excluded route with one reason (docs/reference.md §3, ADR 0004).
 *
 * <p>A planner is bound to one immutable {@link Catalog}. The parts of a plan that depend only on
 * the catalog (not-chat, retired, denied and tier exclusions, and the ranking of the two virtual
 * pools) are computed once per calendar day, so planning a request costs one pass over the
 * pre-ranked eligible routes. Candidate objects are created lazily as the plan is read.
 * Thread-safe.
 */
public final class RoutePlanner {
  /** The free virtual model: free chat routes only. */
  public static final String FREE = "orchestrator/free";

  /** The auto virtual model: every chat route, ranked by the strategy. */
  public static final String AUTO = "orchestrator/auto";

  private final Catalog catalog;
  private final Clock clock;
  private volatile Index index;

  private RoutePlanner(Catalog catalog, Clock clock) {
    this.catalog = Objects.requireNonNull(catalog, "catalog");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.index = new Index(catalog, LocalDate.now(clock), clock.getZone());
  }

  /** A planner over {@code catalog}; {@code clock} decides which models have expired. */
  public static RoutePlanner create(Catalog catalog, Clock clock) {
    return new RoutePlanner(catalog, clock);
  }

  /** The catalog this planner reads. */
  public Catalog catalog() {
    return catalog;
  }

  /** Plans with every route healthy and credentials not checked (a dry run). */
  public Plan plan(PlanRequest request) {
    return plan(request, HealthView.NONE, p -> true);
  }

  /**
   * Plans one request.
   *
   * @param request the model and needs
   * @param health current route health
   * @param configured whether a provider has credentials (consulted only when {@link
   *     PlanRequest#onlyConfigured()})
   * @throws UnknownModelException when the model (or an id of the fallback list) is unknown
   */
  public Plan plan(PlanRequest request, HealthView health, Predicate<Provider> configured) {
    Index idx = currentIndex();
    Map<String, HealthMark> marks = health.marks();
    Filter f = new Filter(request, marks, configured);
    if (!request.models().isEmpty()) {
      boolean free = FREE.equals(request.model());
      List<String> ids = new ArrayList<>();
      if (!free && !AUTO.equals(request.model())) {
        ids.addAll(resolveListed(request.model()).routes);
      }
      for (int i = 0; i < request.models().size(); i++) {
        String name = request.models().get(i);
        if (name.equals(FREE) || name.equals(AUTO)) {
          throw new IllegalArgumentException(
              "models["
                  + i
                  + "]: '"
                  + name
                  + "' is a virtual model (expected: a route id or a pool;"
                  + " a virtual model is named in model)");
        }
        // a pool named in the fallback list stands for its routes, in its order
        Pool pool = catalog.pools().get(name);
        for (String id : pool == null ? List.of(name) : pool.routes()) {
          if (!ids.contains(id)) {
            ids.add(id);
          }
        }
      }
      return listed(request, free ? PoolKind.FREE : PoolKind.VIRTUAL, ids, idx, f, "fallback list");
    }
    if (FREE.equals(request.model())) {
      return ranked(request, PoolKind.FREE, idx.free, f);
    }
    if (AUTO.equals(request.model())) {
      return ranked(
          request,
          PoolKind.AUTO,
          idx.auto.get(request.strategy() == Strategy.QUALITY ? Strategy.QUALITY : Strategy.COST),
          f);
    }
    Listed l = resolveListed(request.model());
    return listed(request, l.kind, l.routes, idx, f, l.label);
  }

  /** The index of today's date on the clock, built again when the date changes. */
  private Index currentIndex() {
    Index idx = index;
    long now = clock.millis(); // no date made per plan: the index knows when its day ends
    if (now < idx.fromMillis || now >= idx.untilMillis) {
      idx = new Index(catalog, LocalDate.now(clock), clock.getZone());
      index = idx;
    }
    return idx;
  }

  /** A user pool or a single route: routes tried in the order listed. */
  private static final class Listed {
    final PoolKind kind;
    final List<String> routes;
    final String label;

    Listed(PoolKind kind, List<String> routes, String label) {
      this.kind = kind;
      this.routes = routes;
      this.label = label;
    }
  }

  /** Resolves a non-virtual name to a user pool or a single route. */
  private Listed resolveListed(String model) {
    Pool p = catalog.pools().get(model);
    if (p != null) {
      return new Listed(p.kind(), p.routes(), p.kind().wireName() + " " + p.name());
    }
    if (catalog.route(model).isPresent()) {
      return new Listed(PoolKind.ROUTE, List.of(model), "route");
    }
    throw unknown(model);
  }

  private UnknownModelException unknown(String model) {
    List<String> names = new ArrayList<>();
    names.add(FREE);
    names.add(AUTO);
    names.addAll(catalog.pools().keySet());
    for (Route r : catalog.routes()) {
      names.add(r.id());
    }
    return new UnknownModelException(model, CloseMatches.find(model, names, 5));
  }

  private Plan ranked(PlanRequest req, PoolKind kind, PoolIndex pi, Filter f) {
    Entry[] kept = new Entry[pi.ranked.length];
    Standby standby = new Standby(pi.ranked.length);
    int n = 0;
    List<Exclusion> dynamic = new ArrayList<>(pi.ranked.length);
    for (Entry e : pi.ranked) {
      Exclusion x = f.check(e);
      if (x == null) {
        kept[n++] = e;
      } else {
        dynamic.add(x);
      }
      standby.add(e, x);
    }
    return finish(
        req,
        kind,
        kept,
        n,
        dynamic,
        pi.excluded,
        f.marks,
        kind == PoolKind.FREE ? "free" : "auto",
        standby);
  }

  private Plan listed(
      PlanRequest req, PoolKind kind, List<String> ids, Index idx, Filter f, String label) {
    Entry[] kept = new Entry[ids.size()];
    Standby standby = new Standby(ids.size());
    int n = 0;
    List<Exclusion> excluded = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (String id : ids) {
      if (!seen.add(id)) {
        continue;
      }
      Entry e = idx.byId.get(id);
      if (e == null) {
        throw unknown(id);
      }
      ExclusionReason r = e.staticReason(kind == PoolKind.FREE);
      Exclusion x = r == null ? f.check(e) : e.exclusion(r);
      if (x == null) {
        kept[n++] = e;
      } else {
        excluded.add(x);
      }
      standby.add(e, x);
    }
    return finish(req, kind, kept, n, excluded, List.of(), f.marks, label, standby);
  }

  private Plan finish(
      PlanRequest req,
      PoolKind kind,
      Entry[] kept,
      int n,
      List<Exclusion> dynamic,
      List<Exclusion> staticExcluded,
      Map<String, HealthMark> marks,
      String label,
      Standby standby) {
    String probeWhy = null;
    int admissible = n;
    if (n == 0) {
      // Every breaker open: probe the least recently failed route rather than refusing.
      int probe = -1;
      long oldest = Long.MAX_VALUE;
      for (int i = 0; i < dynamic.size(); i++) {
        Exclusion x = dynamic.get(i);
        if (x.reason() == ExclusionReason.CIRCUIT_OPEN) {
          long t = marks.get(x.route()).lastFailureNanos();
          if (probe < 0 || t < oldest) {
            probe = i;
            oldest = t;
          }
        }
      }
      if (probe >= 0) {
        Exclusion x = dynamic.remove(probe);
        kept[n++] = index.byId.get(x.route());
        probeWhy = "probe: every candidate's circuit is open; this one failed least recently";
      }
    }
    if (kind == PoolKind.FREE) {
      for (int i = 0; i < standby.n; i++) {
        if (!standby.entries[i].free) {
          throw new TierGuard.FreeTierViolation(
              "free-tier boundary: planner kept priced route " + standby.entries[i].id);
        }
      }
    }
    List<Exclusion> excluded =
        staticExcluded.isEmpty()
            ? Collections.unmodifiableList(dynamic)
            : new Concatenation<>(dynamic, staticExcluded);
    List<Candidate> candidates = new CandidateList(kept, n, req, label, probeWhy);
    return Plan.trusted(
        req.model(),
        kind,
        candidates,
        excluded,
        standby.held ? new CandidateList(standby.entries, standby.n, req, label, null) : null,
        admissible);
  }

  /**
   * The candidates in rank order with the routes only short-term health excludes (an open breaker,
   * a cool-down): every other rule, the free boundary first, has already passed them. An account
   * state is not short-term: its route stays out.
   */
  private static final class Standby {
    final Entry[] entries;
    int n;
    boolean held;

    Standby(int capacity) {
      entries = new Entry[capacity];
    }

    void add(Entry e, Exclusion x) {
      boolean shortTerm =
          x != null
              && (x.reason() == ExclusionReason.CIRCUIT_OPEN
                  || x.reason() == ExclusionReason.COOLING_DOWN);
      if (x == null || shortTerm) {
        entries[n++] = e;
        held |= shortTerm;
      }
    }
  }

  /** Per-request checks, in the order that decides the reported reason. */
  private static final class Filter {
    private final PlanRequest req;
    private final Map<String, HealthMark> marks;
    private final Predicate<Provider> configured;
    private final int needCaps;
    private final long needTokens;
    private final double maxPrice;
    private final Map<String, Boolean> configuredByProvider = new java.util.HashMap<>();
    private final boolean preferences;

    Filter(PlanRequest req, Map<String, HealthMark> marks, Predicate<Provider> configured) {
      this.req = req;
      this.marks = marks;
      this.configured = configured;
      this.needCaps = Entry.mask(req.require());
      this.needTokens = (long) req.promptTokens() + req.maxOutputTokens();
      this.maxPrice =
          req.maxPricePerMtok() == null ? Double.NaN : req.maxPricePerMtok().doubleValue();
      this.preferences = !req.provider().isNone();
    }

    /** Credentials are looked up once per provider per plan, not once per route. */
    private boolean isConfigured(Provider p) {
      Boolean known = configuredByProvider.get(p.id());
      if (known == null) {
        known = configured.test(p);
        configuredByProvider.put(p.id(), known);
      }
      return known;
    }

    /** The first rule that excludes {@code e}, with its detail; {@code null} when none does. */
    Exclusion check(Entry e) {
      if (preferences) {
        Exclusion x = preference(e, req.provider());
        if (x != null) {
          return x;
        }
      }
      if ((e.caps & needCaps) != needCaps) {
        return e.missingCapability(needCaps & ~e.caps);
      }
      FieldGap gap = req.gaps().isEmpty() ? null : req.gaps().get(e.provider.protocol());
      if (gap != null) {
        return new Exclusion(e.id, ExclusionReason.MISSING_CAPABILITY, gap.detail());
      }
      if (e.window > 0 && needTokens > e.window) {
        return e.tooSmall(needTokens, false);
      }
      if (e.maxOut > 0 && req.maxOutputTokens() > e.maxOut) {
        return e.tooSmall(req.maxOutputTokens(), true);
      }
      if (e.maxIn > 0 && req.promptTokens() > e.maxIn) {
        return e.inputTooLarge(req.promptTokens());
      }
      // Prices compare as doubles converted once from the same decimals: exact for equal values.
      // A free-tier route costs nothing (positive evidence, docs/design.md §3), whatever prices it
      // lists.
      if (!Double.isNaN(maxPrice) && !e.free && !(e.blendedOrNaN <= maxPrice)) {
        return e.overMaxPrice(req.maxPricePerMtok(), maxPrice);
      }
      // After the request's own limits: a route that could not serve this request with a key
      // either is excluded for that, so a field no candidate honours is the caller's 400, not
      // a 503 for missing keys (docs/reference.md §5). A provider without a base URL cannot be
      // called whatever the environment holds: a fact of the catalog, so a dry run says it too.
      if (e.noBaseUrl) {
        return e.exclusion(ExclusionReason.NO_CREDENTIALS);
      }
      if (req.onlyConfigured() && !isConfigured(e.provider)) {
        return e.exclusion(ExclusionReason.NO_CREDENTIALS);
      }
      if (!marks.isEmpty()) {
        HealthMark m = marks.get(e.id);
        if (m != null) {
          switch (m.condition()) {
            case RETIRED:
              return e.exclusion(ExclusionReason.RETIRED);
            case COOLING_DOWN:
              return e.exclusion(ExclusionReason.COOLING_DOWN);
            case ACCOUNT_STATE:
              return e.exclusion(ExclusionReason.ACCOUNT_STATE);
            case CIRCUIT_OPEN:
              return e.exclusion(ExclusionReason.CIRCUIT_OPEN);
          }
        }
      }
      return null;
    }
  }

  /**
   * The exclusion the request's own provider preferences make: {@code only}, {@code ignore}, {@code
   * order} without fallbacks ({@code denied_by_config}, the request being the caller's config), and
   * {@code max_price} per prompt and completion token ({@code over_max_price}; a free route costs
   * nothing, a priced one without a price is over any cap).
   */
  private static Exclusion preference(Entry e, ProviderPreferences pp) {
    String p = e.provider.id();
    if (!pp.admits(p)) {
      String why =
          pp.ignore().contains(p.toLowerCase(java.util.Locale.ROOT))
              ? "provider.ignore names " + p
              : "provider.only leaves " + p + " out";
      return new Exclusion(e.id, ExclusionReason.DENIED_BY_CONFIG, why);
    }
    if (!pp.allowFallbacks() && !pp.order().isEmpty() && pp.orderOf(p) < 0) {
      return new Exclusion(
          e.id,
          ExclusionReason.DENIED_BY_CONFIG,
          "provider.order leaves " + p + " out and provider.allow_fallbacks is false");
    }
    if (e.free) {
      return null;
    }
    String over =
        overCap("prompt", e.route.inputPerMtok(), pp.maxPromptPerMtok(), "in")
            + overCap("completion", e.route.outputPerMtok(), pp.maxCompletionPerMtok(), "out");
    return over.isEmpty()
        ? null
        : new Exclusion(e.id, ExclusionReason.OVER_MAX_PRICE, over.substring(2));
  }

  private static String overCap(String field, BigDecimal price, BigDecimal max, String side) {
    if (max == null || price != null && price.compareTo(max) <= 0) {
      return "";
    }
    return "; "
        + (price == null ? "price unknown" : "$" + price.stripTrailingZeros().toPlainString())
        + " "
        + side
        + " per Mtok, provider.max_price."
        + field
        + " $"
        + max.stripTrailingZeros().toPlainString();
  }

  private static final ExclusionReason[] REASONS = ExclusionReason.values();
  private static final Capability[] CAPABILITIES = Capability.values();

  /** Catalog-only facts about a route, precomputed for fast per-request filtering. */
  static final class Entry {
    final Route route;
    final Provider provider;
    final String id;
    final int caps;
    final long window;
    final long maxOut;
    final long maxIn;
    final BigDecimal blended;
    final double blendedOrNaN;
    final ExclusionReason staticReason;
    final boolean noBaseUrl;
    private String price;
    private final Exclusion[] exclusions = new Exclusion[REASONS.length];
    private final Exclusion[] missing = new Exclusion[CAPABILITIES.length];
    final boolean free;

    Entry(Route route, Provider provider, ExclusionReason staticReason) {
      this.route = route;
      this.provider = provider;
      this.id = route.id();
      this.caps = mask(route.capabilities());
      this.window = route.contextWindow() == null ? 0 : route.contextWindow();
      this.maxOut = route.maxOutputTokens() == null ? 0 : route.maxOutputTokens();
      this.maxIn = route.maxInputTokens() == null ? 0 : route.maxInputTokens();
      this.blended = route.blendedPricePerMtok();
      this.blendedOrNaN = blended == null ? Double.NaN : blended.doubleValue();
      this.staticReason = staticReason;
      this.noBaseUrl = !provider.hasBaseUrl();
      this.free = route.tier() == Tier.FREE;
    }

    /**
     * The price as a candidate's line says it ({@link Ranking#price}): made at its first use, then
     * kept (a benign race at worst), not on every line.
     */
    String price() {
      String p = price;
      if (p == null) {
        p = Ranking.price(route, free);
        price = p;
      }
      return p;
    }

    /**
     * This route's exclusion for a reason whose detail depends on the route alone; immutable, so
     * cached (a benign race at worst).
     */
    Exclusion exclusion(ExclusionReason r) {
      Exclusion x = exclusions[r.ordinal()];
      if (x == null) {
        x = new Exclusion(id, r, ExclusionDetails.of(r, route, provider));
        exclusions[r.ordinal()] = x;
      }
      return x;
    }

    // One-slot caches for the request-dependent details, keyed by the request's number: plans in a
    // row usually ask alike, and a detail string per excluded route per plan would cost more than
    // the plan itself. Plain fields on purpose: Keyed's fields are final, so a thread that sees a
    // Keyed sees it whole, and a lost or stale slot only means building the detail again.
    private Keyed lastMissing;
    private Keyed lastTooSmall;
    private Keyed lastOverPrice;

    /** An exclusion and the request value its detail was built from. */
    private record Keyed(long key, Exclusion exclusion) {}

    Exclusion missingCapability(int missingMask) {
      Keyed k = lastMissing;
      if (k == null || k.key != missingMask) {
        k =
            new Keyed(
                missingMask,
                new Exclusion(
                    id, ExclusionReason.MISSING_CAPABILITY, ExclusionDetails.missing(missingMask)));
        lastMissing = k;
      }
      return k.exclusion;
    }

    /** The output limit is checked with {@code output}, the window without. */
    Exclusion tooSmall(long needed, boolean output) {
      long key = output ? -needed : needed;
      Keyed k = lastTooSmall;
      if (k == null || k.key != key) {
        String detail =
            output
                ? needed + " output tokens requested, limit " + maxOut
                : needed + " tokens needed, window " + window;
        k = new Keyed(key, new Exclusion(id, ExclusionReason.CONTEXT_TOO_SMALL, detail));
        lastTooSmall = k;
      }
      return k.exclusion;
    }

    /** A prompt over the route's input limit, which is below its window. */
    Exclusion inputTooLarge(long prompt) {
      return new Exclusion(
          id, ExclusionReason.CONTEXT_TOO_SMALL, prompt + " prompt tokens, input limit " + maxIn);
    }

    Exclusion overMaxPrice(BigDecimal max, double maxAsDouble) {
      long key = Double.doubleToLongBits(maxAsDouble);
      Keyed k = lastOverPrice;
      if (k == null || k.key != key) {
        k =
            new Keyed(
                key,
                new Exclusion(
                    id, ExclusionReason.OVER_MAX_PRICE, ExclusionDetails.overPrice(blended, max)));
        lastOverPrice = k;
      }
      return k.exclusion;
    }

    /** The catalog-only reason, adding the tier boundary for free pools. */
    ExclusionReason staticReason(boolean freeOnly) {
      if (staticReason != null) {
        return staticReason;
      }
      return freeOnly && !free ? ExclusionReason.PRICED_TIER_BOUNDARY : null;
    }

    static int mask(Set<Capability> caps) {
      int m = 0;
      for (Capability c : caps) {
        m |= 1 << c.ordinal();
      }
      return m;
    }
  }

  /** A virtual pool's eligible routes in rank order, and its catalog-only exclusions. */
  static final class PoolIndex {
    final Entry[] ranked;
    final List<Exclusion> excluded;

    PoolIndex(List<Entry> all, boolean freeOnly, Comparator<Entry> order) {
      List<Entry> ok = new ArrayList<>();
      List<Exclusion> out = new ArrayList<>();
      for (Entry e : all) {
        ExclusionReason r = e.staticReason(freeOnly);
        if (r == null) {
          ok.add(e);
        } else {
          out.add(e.exclusion(r));
        }
      }
      Entry[] arr = ok.toArray(new Entry[0]);
      Arrays.sort(arr, order);
      this.ranked = arr;
      this.excluded = List.copyOf(out);
    }
  }

  /** Everything that depends only on the catalog and the day. */
  static final class Index {
    /** When the index's day begins and ends in the clock's zone, epoch milliseconds. */
    final long fromMillis;

    final long untilMillis;

    final Map<String, Entry> byId;
    final PoolIndex free;
    final Map<Strategy, PoolIndex> auto;

    Index(Catalog catalog, LocalDate day, ZoneId zone) {
      this.fromMillis = day.atStartOfDay(zone).toInstant().toEpochMilli();
      this.untilMillis = day.plusDays(1).atStartOfDay(zone).toInstant().toEpochMilli();
      Map<String, Entry> m = new java.util.HashMap<>();
      List<Entry> all = new ArrayList<>();
      for (Route r : catalog.routes()) {
        ExclusionReason reason = null;
        if (!r.chat()) {
          reason = ExclusionReason.NOT_CHAT;
        } else if (r.retiredOn(day)) {
          reason = ExclusionReason.RETIRED;
        } else if (catalog.filter().denies(r.id())) {
          reason = ExclusionReason.DENIED_BY_CONFIG;
        }
        Entry e = new Entry(r, catalog.provider(r.provider()).orElseThrow(), reason);
        if (reason == ExclusionReason.DENIED_BY_CONFIG) {
          e.exclusions[reason.ordinal()] =
              new Exclusion(e.id, reason, ExclusionDetails.denied(catalog.filter(), e.id));
        }
        m.put(e.id, e);
        all.add(e);
      }
      this.byId = m;
      this.free = new PoolIndex(all, true, Ranking.FREE);
      EnumMap<Strategy, PoolIndex> a = new EnumMap<>(Strategy.class);
      a.put(Strategy.COST, new PoolIndex(all, false, Ranking.COST));
      a.put(Strategy.QUALITY, new PoolIndex(all, false, Ranking.QUALITY));
      this.auto = a;
    }
  }

  /** An unmodifiable view of one list followed by another (no copy of the static exclusions). */
  private static final class Concatenation<T> extends AbstractList<T> implements RandomAccess {
    private final List<T> head;
    private final List<T> tail;

    Concatenation(List<T> head, List<T> tail) {
      this.head = head;
      this.tail = tail;
    }

    @Override
    public T get(int i) {
      int h = head.size();
      return i < h ? head.get(i) : tail.get(i - h);
    }

    @Override
    public int size() {
      return head.size() + tail.size();
    }
  }

  /** The ranked candidates of a plan, materialised lazily (most callers read only the first). */
  private static final class CandidateList extends AbstractList<Candidate> implements RandomAccess {
    private final Entry[] entries;
    private final int size;
    private final PlanRequest req;
    private final String label;
    private final String probeWhy;

    CandidateList(Entry[] entries, int size, PlanRequest req, String label, String probeWhy) {
      this.entries = entries;
      this.size = size;
      this.req = req;
      this.label = label;
      this.probeWhy = probeWhy;
    }

    @Override
    public Candidate get(int i) {
      Objects.checkIndex(i, size);
      Entry e = entries[i];
      String why = probeWhy != null ? probeWhy : Ranking.why(e, i + 1, label, req);
      return new Candidate(i + 1, e.route, why);
    }

    @Override
    public int size() {
      return size;
    }
  }
}
