package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ProviderPreferences;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.Headroom;
import dev.orchestrator.engine.observe.RouteFigures;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Orders a plan's candidates by what routes were observed to do (docs/design.md §14, ADR 0034),
 * then by the request's {@code provider.order}. Only the order changes — never which routes are
 * candidates — so no observation can bring a priced route into a free plan, and every exclusion
 * holds.
 *
 * <p>The order: ranking by cost, free routes before priced ones (a failing or limited free route
 * costs a retry or a wait, never money); then routes whose keys have room, then those whose every
 * key is near exhaustion ({@link Headroom#LOW}: a limit seen in the rate-limit headers before the
 * 429, or a declared daily limit spent ahead of its pace), then those with no key to send with now
 * ({@link Headroom#OUT}) — a route near its limit goes after its peers; then routes whose observed
 * usable share (answered × valid tool calls) is at least {@link #HEALTHY}, the routes that fail
 * more often than they serve after them; within each, the strategy's figure — price per usable
 * answer (cost), time to first token per usable answer (latency), usable tokens per second
 * (throughput), usable share (reliability), the catalog order (quality) — then the usable share,
 * then the catalog order, which also ranks routes never observed. The cost figure uses the price
 * the answers really paid (prompt-cache reads at their price, {@link RouteFigures#costRatio()}),
 * and scales the price of a route observed more than twice as slow as the fastest candidate (time
 * to first token or throughput) by how much slower it is, so a slightly cheaper but much slower
 * route does not win. With probability {@code exploration} the least measured candidate goes first
 * instead, so a recovered or new route is measured again. Each moved candidate's {@code why} says
 * what was observed and why it moved. Stateless and thread-safe.
 */
public final class ObservedRanking {
  /** The usable share below which a route goes after every route at or above it. */
  public static final double HEALTHY = 0.5;

  /** How much slower than the fastest candidate a route may be before its price is scaled. */
  private static final double SLOWNESS_TOLERATED = 2;

  /** The least usable share a figure is divided by (a route that never answers is not infinite). */
  private static final double FLOOR = 0.05;

  private final Strategy strategy;
  private final boolean learning;
  private final double exploration;

  /**
   * A ranking.
   *
   * @param strategy the policy's strategy
   * @param learning whether observations correct the cost and quality orders too (the observed
   *     strategies always use them)
   * @param exploration the share of requests (0..1) whose least measured candidate goes first
   */
  public ObservedRanking(Strategy strategy, boolean learning, double exploration) {
    if (!(exploration >= 0 && exploration <= 1)) {
      throw new IllegalArgumentException("exploration: " + exploration + " (expected: 0..1)");
    }
    this.strategy = strategy;
    this.learning = learning;
    this.exploration = exploration;
  }

  /** The strategy a request ranks by: its {@code provider.sort}, else the policy's. */
  public Strategy strategyFor(ProviderPreferences pp) {
    if (pp.sort() == null) {
      return strategy;
    }
    return switch (pp.sort()) {
      case PRICE -> Strategy.COST;
      case THROUGHPUT -> Strategy.THROUGHPUT;
      case LATENCY -> Strategy.LATENCY;
    };
  }

  /**
   * {@code plan} in the order observations and the request's preferences give, every key taken to
   * have room.
   *
   * @see #apply(Plan, ProviderPreferences, boolean, Map, Function, DoubleSupplier)
   */
  public Plan apply(
      Plan plan,
      ProviderPreferences pp,
      boolean explicitList,
      Map<String, RouteFigures> figures,
      DoubleSupplier random) {
    return apply(plan, pp, explicitList, figures, r -> Headroom.READY, random);
  }

  /**
   * {@code plan} in the order observations, the keys' headroom and the request's preferences give.
   *
   * @param plan the catalog plan
   * @param pp the request's provider preferences
   * @param explicitList whether the request named its own fallback list ({@code models}), whose
   *     order observations leave alone
   * @param figures observed figures by route id (absent: never observed)
   * @param headroom what a route's provider's keys have left (asked once per provider, only when
   *     observations order the plan)
   * @param random draws in [0, 1) deciding exploration
   */
  public Plan apply(
      Plan plan,
      ProviderPreferences pp,
      boolean explicitList,
      Map<String, RouteFigures> figures,
      Function<Route, Headroom> headroom,
      DoubleSupplier random) {
    return apply(plan, pp, explicitList, () -> figures, headroom, random);
  }

  /**
   * As {@link #apply(Plan, ProviderPreferences, boolean, Map, Function, DoubleSupplier)}, the
   * figures asked of {@code figures} (once) only when observations order the plan.
   */
  public Plan apply(
      Plan plan,
      ProviderPreferences pp,
      boolean explicitList,
      Supplier<Map<String, RouteFigures>> figures,
      Function<Route, Headroom> headroom,
      DoubleSupplier random) {
    if (plan.candidates().size() < 2 && plan.standby().size() < 2) {
      return plan;
    }
    Strategy s = strategyFor(pp);
    boolean observe = !explicitList && plan.pool() != PoolKind.ROUTE && (learning || s.observed());
    boolean sort = observe || pp.sort() != null && !explicitList;
    List<Candidate> cands = plan.candidates();
    List<Candidate> standby = plan.standby();
    if (sort) {
      Map<String, RouteFigures> seen = observe ? figures.get() : Map.of();
      Map<String, Key> keys = keys(standby, s, seen, observe ? headroom : r -> Headroom.READY);
      cands = sorted(cands, keys, s, observe);
      standby = standby == plan.candidates() ? cands : sorted(standby, keys, s, observe);
      if (observe && exploration > 0 && cands.size() > 1 && random.getAsDouble() < exploration) {
        cands = explore(cands, seen, s == Strategy.COST);
      }
    }
    if (!pp.order().isEmpty()) {
      boolean same = standby == cands;
      cands = byOrder(cands, pp);
      standby = same ? cands : byOrder(standby, pp);
    }
    if (cands == plan.candidates() && standby == plan.standby()) {
      return plan;
    }
    return plan.reordered(cands, standby == cands ? cands : standby);
  }

  /**
   * One candidate's sort key: money band, key headroom, health class, the strategy's figure, the
   * usable share, the catalog position.
   */
  private record Key(
      int band,
      Headroom headroom,
      int healthClass,
      double figure,
      double usable,
      int position,
      RouteFigures observed) {}

  private static Map<String, Key> keys(
      List<Candidate> list,
      Strategy s,
      Map<String, RouteFigures> figures,
      Function<Route, Headroom> headroom) {
    Map<String, Headroom> byProvider = new HashMap<>();
    double medianTtft = median(list, figures, true);
    double medianTps = median(list, figures, false);
    double bestTtft = Double.MAX_VALUE;
    double bestTps = 0;
    for (Candidate c : list) {
      RouteFigures f = figures.get(c.route().id());
      if (price(c.route()) == 0) {
        continue; // slowness is weighed against what costs money too: a free route's pace is moot
      }
      if (f != null && f.ttftMs() != null) {
        bestTtft = Math.min(bestTtft, f.ttftMs());
      }
      if (f != null && f.tokensPerSecond() != null) {
        bestTps = Math.max(bestTps, f.tokensPerSecond());
      }
    }
    Map<String, Key> keys = new HashMap<>();
    for (int i = 0; i < list.size(); i++) {
      Route r = list.get(i).route();
      RouteFigures f = figures.get(r.id());
      double usable = f == null ? 1 : f.usable();
      double u = Math.max(usable, FLOOR);
      double figure =
          switch (s) {
            case COST -> observedPrice(r, f, bestTtft, bestTps) / u;
            case QUALITY -> 0;
            case LATENCY -> (f == null || f.ttftMs() == null ? medianTtft : f.ttftMs()) / u;
            case THROUGHPUT ->
                -(f == null || f.tokensPerSecond() == null ? medianTps : f.tokensPerSecond())
                    * usable;
            case RELIABILITY -> -usable;
          };
      // Ranking by cost, money comes first: a failing free route costs a retry, never money, so
      // it goes after the other free routes but before every priced one.
      int band = s == Strategy.COST && price(r) == 0 ? 0 : 1;
      Headroom room = byProvider.computeIfAbsent(r.provider(), p -> headroom.apply(r));
      keys.put(r.id(), new Key(band, room, usable >= HEALTHY ? 0 : 1, figure, usable, i, f));
    }
    return keys;
  }

  /** The median of the observed figure over {@code list}, or 0 when none is observed. */
  private static double median(
      List<Candidate> list, Map<String, RouteFigures> figures, boolean ttft) {
    double[] v = new double[list.size()];
    int n = 0;
    for (Candidate c : list) {
      RouteFigures f = figures.get(c.route().id());
      Double x = f == null ? null : ttft ? f.ttftMs() : f.tokensPerSecond();
      if (x != null) {
        v[n++] = x;
      }
    }
    if (n == 0) {
      return 0;
    }
    Arrays.sort(v, 0, n);
    return v[n / 2];
  }

  /**
   * The list price as observed: times the share of it answers really paid, times the slowness
   * factor when the route is more than {@link #SLOWNESS_TOLERATED} times slower than the fastest
   * candidate.
   */
  private static double observedPrice(Route r, RouteFigures f, double bestTtft, double bestTps) {
    double p = price(r);
    if (f == null || p == 0 || Double.isInfinite(p)) {
      return p;
    }
    if (f.costRatio() != null) {
      p *= f.costRatio();
    }
    double slower = 1;
    if (f.ttftMs() != null && bestTtft > 0 && bestTtft < Double.MAX_VALUE) {
      slower = Math.max(slower, f.ttftMs() / bestTtft);
    }
    if (f.tokensPerSecond() != null && f.tokensPerSecond() > 0 && bestTps > 0) {
      slower = Math.max(slower, bestTps / f.tokensPerSecond());
    }
    return slower > SLOWNESS_TOLERATED ? p * slower : p;
  }

  /** USD per million tokens in + out; 0 when free, +∞ when unknown. */
  private static double price(Route r) {
    if (r.tier() == Tier.FREE) {
      return 0;
    }
    BigDecimal b = r.blendedPricePerMtok();
    return b == null ? Double.POSITIVE_INFINITY : b.doubleValue();
  }

  private static List<Candidate> sorted(
      List<Candidate> list, Map<String, Key> keys, Strategy s, boolean observed) {
    List<Candidate> order = new ArrayList<>(list);
    order.sort(
        (a, b) -> {
          Key x = keys.get(a.route().id());
          Key y = keys.get(b.route().id());
          int c = Integer.compare(x.band, y.band);
          if (c == 0) {
            c = x.headroom.compareTo(y.headroom);
          }
          if (c == 0) {
            c = Integer.compare(x.healthClass, y.healthClass);
          }
          if (c == 0) {
            c = Double.compare(x.figure, y.figure);
          }
          if (c == 0) {
            c = Double.compare(y.usable, x.usable);
          }
          return c != 0 ? c : Integer.compare(x.position, y.position);
        });
    List<Candidate> out = new ArrayList<>(order.size());
    boolean moved = false;
    for (int i = 0; i < order.size(); i++) {
      Candidate c = order.get(i);
      Key k = keys.get(c.route().id());
      moved |= c.rank() != i + 1;
      String why = c.why();
      if (k.headroom != Headroom.READY) {
        why +=
            k.headroom == Headroom.LOW
                ? "; its keys are near their limits (rate-limit headers): after its peers"
                : "; no key may be sent now: last";
      }
      if (observed && k.observed != null) {
        why += "; observed " + describe(k.observed) + moveNote(c.rank(), i + 1, k, s);
      } else if (c.rank() != i + 1) {
        why += "; " + s.wireName() + " ranks it " + (i + 1) + " (was " + c.rank() + ")";
      }
      out.add(new Candidate(i + 1, c.route(), why));
    }
    return moved || observed ? out : list;
  }

  private static String moveNote(int was, int now, Key k, Strategy s) {
    if (was == now) {
      return "";
    }
    String dir = now < was ? "up" : "down";
    String because =
        k.healthClass == 1
            ? "usable share below " + HEALTHY
            : k.headroom != Headroom.READY
                ? "key headroom " + k.headroom.name().toLowerCase(Locale.ROOT)
                : s.wireName()
                    + " figure "
                    + String.format(Locale.ROOT, "%.3g", Math.abs(k.figure));
    return "; moved " + dir + " from " + was + " to " + now + " (" + because + ")";
  }

  /** The observed figures in one phrase, e.g. {@code ttft 420 ms, 85 tok/s, success 0.93 …}. */
  public static String describe(RouteFigures f) {
    StringBuilder b = new StringBuilder(96);
    if (f.ttftMs() != null) {
      b.append("ttft ").append(Math.round(f.ttftMs())).append(" ms, ");
    }
    if (f.tokensPerSecond() != null) {
      b.append(Math.round(f.tokensPerSecond())).append(" tok/s, ");
    }
    b.append(String.format(Locale.ROOT, "success %.2f", f.successRate()));
    FailureCategory worst = null;
    for (Map.Entry<FailureCategory, Double> e : f.failures().entrySet()) {
      if (worst == null || e.getValue() > f.failures().get(worst)) {
        worst = e.getKey();
      }
    }
    if (worst != null) {
      b.append(String.format(Locale.ROOT, " (%s %.2f)", worst.wireName(), f.failures().get(worst)));
    }
    b.append(String.format(Locale.ROOT, ", tools valid %.2f", f.toolCallValidity()));
    b.append(String.format(Locale.ROOT, " over %.1f samples", f.samples()));
    return b.toString();
  }

  /**
   * {@code list} with its least measured candidate first (the earliest among equals); ranking by
   * cost, only among candidates no dearer than the first, so exploring never spends money the order
   * would not.
   */
  private static List<Candidate> explore(
      List<Candidate> list, Map<String, RouteFigures> figures, boolean cost) {
    int pick = 0;
    double least = Double.MAX_VALUE;
    double cap = price(list.get(0).route());
    for (int i = 0; i < list.size(); i++) {
      if (cost && price(list.get(i).route()) > cap) {
        continue;
      }
      RouteFigures f = figures.get(list.get(i).route().id());
      double n = f == null ? 0 : f.samples();
      if (n < least) {
        least = n;
        pick = i;
      }
    }
    if (pick == 0) {
      return list;
    }
    List<Candidate> out = new ArrayList<>(list.size());
    Candidate first = list.get(pick);
    out.add(
        new Candidate(
            1,
            first.route(),
            first.why() + "; exploring: the least measured candidate goes first"));
    for (int i = 0; i < list.size(); i++) {
      if (i != pick) {
        Candidate c = list.get(i);
        out.add(new Candidate(out.size() + 1, c.route(), c.why()));
      }
    }
    return out;
  }

  /** {@code list} with the providers of {@code provider.order} first, in that order (stable). */
  private static List<Candidate> byOrder(List<Candidate> list, ProviderPreferences pp) {
    List<Candidate> order = new ArrayList<>(list);
    order.sort(
        (a, b) -> {
          int x = pp.orderOf(a.route().provider());
          int y = pp.orderOf(b.route().provider());
          return Integer.compare(x < 0 ? Integer.MAX_VALUE : x, y < 0 ? Integer.MAX_VALUE : y);
        });
    List<Candidate> out = new ArrayList<>(order.size());
    for (int i = 0; i < order.size(); i++) {
      Candidate c = order.get(i);
      String why =
          pp.orderOf(c.route().provider()) >= 0
              ? c.why() + "; provider.order puts " + c.route().provider() + " first"
              : c.why();
      out.add(new Candidate(i + 1, c.route(), why));
    }
    return out;
  }
}
