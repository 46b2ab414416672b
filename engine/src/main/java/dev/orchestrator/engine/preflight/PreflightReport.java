package dev.orchestrator.engine.preflight;

import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.plan.Exclusion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of one {@link Preflight#check(String)}: a verdict per route and the plan's other
 * exclusions. Immutable and thread-safe.
 *
 * @param model the model name checked
 * @param pool how the name resolved
 * @param allowPriced whether priced routes could be probed
 * @param routes one verdict per candidate of the plan, in rank order, then one per route the plan
 *     left out because of its current health
 * @param excluded the plan's other exclusions (tier boundary, credentials, capabilities…); these
 *     routes were never contacted
 * @param elapsed how long the whole check took
 */
public record PreflightReport(
    String model,
    PoolKind pool,
    boolean allowPriced,
    List<RouteVerdict> routes,
    List<Exclusion> excluded,
    Duration elapsed) {

  /** Validates and copies. */
  public PreflightReport {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(pool, "pool");
    routes = List.copyOf(routes);
    excluded = List.copyOf(excluded);
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /** Whether at least one route answered: the gate a job should check. */
  public boolean anyViable() {
    return viableCount() > 0;
  }

  /** The routes that answered, in rank order. */
  public List<RouteVerdict> viable() {
    return with(Verdict.VIABLE);
  }

  /** How many routes answered. */
  public int viableCount() {
    return count(Verdict.VIABLE);
  }

  /** How many routes were probed and failed. */
  public int rejectedCount() {
    return count(Verdict.REJECTED);
  }

  /** How many routes were not probed. */
  public int skippedCount() {
    return count(Verdict.SKIPPED);
  }

  /** The verdict on {@code routeId}, if the report has one. */
  public Optional<RouteVerdict> verdict(String routeId) {
    for (RouteVerdict v : routes) {
      if (v.route().equals(routeId)) {
        return Optional.of(v);
      }
    }
    return Optional.empty();
  }

  private List<RouteVerdict> with(Verdict verdict) {
    List<RouteVerdict> out = new ArrayList<>();
    for (RouteVerdict v : routes) {
      if (v.verdict() == verdict) {
        out.add(v);
      }
    }
    return List.copyOf(out);
  }

  private int count(Verdict verdict) {
    int n = 0;
    for (RouteVerdict v : routes) {
      n += v.verdict() == verdict ? 1 : 0;
    }
    return n;
  }
}
