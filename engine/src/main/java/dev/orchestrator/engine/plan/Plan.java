package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
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

  /**
   * Creates a plan.
   *
   * @param model the model name the request asked for
   * @param pool how it resolved
   * @param candidates ranked candidates
   * @param excluded excluded routes
   */
  public Plan(String model, PoolKind pool, List<Candidate> candidates, List<Exclusion> excluded) {
    this(model, pool, List.copyOf(candidates), List.copyOf(excluded), false);
  }

  private Plan(
      String model,
      PoolKind pool,
      List<Candidate> candidates,
      List<Exclusion> excluded,
      boolean boundaryChecked) {
    this.model = Objects.requireNonNull(model, "model");
    this.pool = Objects.requireNonNull(pool, "pool");
    this.candidates = candidates;
    this.excluded = excluded;
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
      String model, PoolKind pool, List<Candidate> candidates, List<Exclusion> excluded) {
    return new Plan(model, pool, candidates, excluded, true);
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
