package dev.orchestrator.engine.internal;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.observe.AttemptSample;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ProviderClients;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;

/**
 * What every attempt of one request (or one preflight check) shares, fixed when it starts: the plan
 * and the catalog it was made from, where attempts go, where their health goes, and the few
 * settings the attempt path applies. Immutable.
 *
 * @param plan the plan; the free-tier boundary is checked against it before every dispatch
 * @param catalog the catalog the plan was made from (and is dispatched on)
 * @param clients the provider clients
 * @param store route health: admissions, reports, cooldowns, retirements
 * @param ticker the time source for latencies
 * @param cancellation the request's cancel signal
 * @param limits the time limits of an attempt on a route (capped by the caller's deadline)
 * @param retryAfterCap the longest {@code Retry-After} a route is cooled for
 * @param accountCooldown how long account state cools a route without a {@code Retry-After}
 * @param retiredTtl how long a route that answered {@code not_found} stays retired
 * @param probes whether the attempts are preflight probes, to which an empty answer is
 *     health-neutral (ADR 0012: a 5-token budget may be spent thinking)
 * @param onAttemptStart told the route and the 1-based number of each attempt (counted over the
 *     whole request) just before it is sent
 * @param keys per-key state: which key each attempt is sent with (docs/design.md §5), or {@code
 *     null} to send every attempt with its provider's first set key
 * @param observer told every dispatched attempt that says something about its route (not a cancel,
 *     not a request the route rightly refused), for the observed ranking (docs/design.md §14)
 * @param lateness how late this process runs: told of every attempt in flight, and asked whether a
 *     time limit that fired was the process's own (docs/design.md §5, ADR 0056)
 */
public record AttemptContext(
    Plan plan,
    Catalog catalog,
    ProviderClients clients,
    HealthStore store,
    Ticker ticker,
    Cancellation cancellation,
    Function<Route, AttemptLimits> limits,
    Duration retryAfterCap,
    Duration accountCooldown,
    Duration retiredTtl,
    boolean probes,
    ObjIntConsumer<String> onAttemptStart,
    KeyBook keys,
    Consumer<AttemptSample> observer,
    Lateness lateness) {

  /** Validates. */
  public AttemptContext {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(catalog, "catalog");
    Objects.requireNonNull(clients, "clients");
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(ticker, "ticker");
    Objects.requireNonNull(cancellation, "cancellation");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(retryAfterCap, "retryAfterCap");
    Objects.requireNonNull(accountCooldown, "accountCooldown");
    Objects.requireNonNull(retiredTtl, "retiredTtl");
    Objects.requireNonNull(onAttemptStart, "onAttemptStart");
    Objects.requireNonNull(observer, "observer");
    Objects.requireNonNull(lateness, "lateness");
  }

  /** {@code retryAfter} bounded by {@link #retryAfterCap()}; {@code null} stays {@code null}. */
  public Duration capRetryAfter(Duration retryAfter) {
    return retryAfter == null || retryAfter.compareTo(retryAfterCap) <= 0
        ? retryAfter
        : retryAfterCap;
  }
}
