package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The ranked candidate list for one request, plus every excluded route with its reason. Immutable
 * and thread-safe.
 */
public final class Plan {
  private final String model;
  private final PoolKind pool;
  private final List<Candidate> candidates;
  private final List<Exclusion> excluded;
  private final List<Candidate> standby;
  private final int admissible;
  private final String affinity;

  /**
   * Creates a plan.
   *
   * @param model the model name the request asked for
   * @param pool how it resolved
   * @param candidates ranked candidates
   * @param excluded excluded routes
   */
  public Plan(String model, PoolKind pool, List<Candidate> candidates, List<Exclusion> excluded) {
    this(model, pool, List.copyOf(candidates), List.copyOf(excluded), null, -1, false, null);
  }

  private Plan(
      String model,
      PoolKind pool,
      List<Candidate> candidates,
      List<Exclusion> excluded,
      List<Candidate> standby,
      int admissible,
      boolean boundaryChecked,
      String affinity) {
    this.model = Objects.requireNonNull(model, "model");
    this.pool = Objects.requireNonNull(pool, "pool");
    this.candidates = candidates;
    this.excluded = excluded;
    this.standby = standby == null ? candidates : standby;
    this.admissible = admissible < 0 ? candidates.size() : admissible;
    this.affinity = affinity;
    if (!boundaryChecked && pool == PoolKind.FREE) {
      for (Candidate c : candidates) {
        TierGuard.checkDispatch(this, c.route());
      }
    }
  }

  /**
   * For the planner: the lists are already immutable and the planner has already enforced the free
   * boundary on every kept route (without materialising its lazy candidate list).
   */
  static Plan trusted(
      String model,
      PoolKind pool,
      List<Candidate> candidates,
      List<Exclusion> excluded,
      List<Candidate> standby,
      int admissible) {
    return new Plan(model, pool, candidates, excluded, standby, admissible, true, null);
  }

  /**
   * This plan with {@code routeId} tried first, when it is one of {@link #candidates()} (and first
   * among {@link #standby()} too), named by {@link #affinity()}; else this plan unchanged. Only the
   * order changes, so the free boundary and every exclusion still hold.
   */
  public Plan preferring(String routeId) {
    int at = indexOf(candidates, routeId);
    if (at < 0) {
      return this;
    }
    return new Plan(
        model,
        pool,
        first(candidates, at),
        excluded,
        standby == candidates ? null : first(standby, indexOf(standby, routeId)),
        admissible,
        true,
        routeId);
  }

  /**
   * This plan with its candidates (and standby) in another order, for {@link ObservedRanking}: the
   * same routes, so the free boundary and every exclusion still hold.
   */
  Plan reordered(List<Candidate> newCandidates, List<Candidate> newStandby) {
    return new Plan(
        model,
        pool,
        List.copyOf(newCandidates),
        excluded,
        standby == candidates ? null : List.copyOf(newStandby),
        admissible,
        false,
        affinity);
  }

  private static int indexOf(List<Candidate> list, String routeId) {
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i).route().id().equals(routeId)) {
        return i;
      }
    }
    return -1;
  }

  private static List<Candidate> first(List<Candidate> list, int at) {
    if (at <= 0) {
      return list;
    }
    List<Candidate> out = new ArrayList<>(list.size());
    out.add(list.get(at));
    for (int i = 0; i < list.size(); i++) {
      if (i != at) {
        out.add(list.get(i));
      }
    }
    return List.copyOf(out);
  }

  /**
   * The route this request's session was kept on ({@link #preferring}), or {@code null} when no
   * session affinity applied.
   */
  public String affinity() {
    return affinity;
  }

  /** The model name asked for. */
  public String model() {
    return model;
  }

  /** How the model name resolved. */
  public PoolKind pool() {
    return pool;
  }

  /** Whether only free routes may ever be dispatched for this plan. */
  public boolean freeOnly() {
    return pool == PoolKind.FREE;
  }

  /** Ranked candidates, best first. */
  public List<Candidate> candidates() {
    return candidates;
  }

  /**
   * Every candidate in rank order, including the routes only short-term health keeps out of {@link
   * #candidates()} (excluded as {@code circuit_open} or {@code cooling_down}, having passed every
   * other rule, the free boundary first): what a request tries in panic mode (docs/design.md §5).
   * An {@code account_state} is not short-term health: such a route is not here. The same list as
   * {@link #candidates()} when health held nothing back.
   */
  public List<Candidate> standby() {
    return standby;
  }

  /**
   * How many of {@link #standby()} health admitted: {@link #candidates()} less the one route kept
   * as a probe when every breaker was open.
   */
  public int admissible() {
    return admissible;
  }

  /** Excluded routes with their reasons. */
  public List<Exclusion> excluded() {
    return excluded;
  }

  /** Whether the free boundary allows dispatching {@code route} for this plan. */
  public boolean permits(Route route) {
    return !freeOnly() || route.tier() == Tier.FREE;
  }

  @Override
  public String toString() {
    return "Plan{model="
        + model
        + ", pool="
        + pool.wireName()
        + ", candidates="
        + candidates.size()
        + ", excluded="
        + excluded.size()
        + "}";
  }
}
