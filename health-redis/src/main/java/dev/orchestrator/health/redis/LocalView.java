package dev.orchestrator.health.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthSettings;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongUnaryOperator;

/**
 * This process's view of the fleet's route health: what the hot path reads. Kept current by the
 * push channel and the periodic read, changed in place by this process's own reports. Converts the
 * fleet's wall-clock times to the engine's ticker when it takes a snapshot. Thread-safe.
 */
final class LocalView {
  private final Map<String, RouteEntry> entries = new ConcurrentHashMap<>();
  private final HealthSettings settings;
  private final Ticker ticker;
  private final Clock clock;

  LocalView(HealthSettings settings, Ticker ticker, Clock clock) {
    this.settings = settings;
    this.ticker = ticker;
    this.clock = clock;
  }

  /** The route's entry, or {@code null} when nothing is known (healthy). */
  RouteEntry get(String route) {
    return entries.get(route);
  }

  /**
   * The route's entry, created healthy if absent, for a change the caller makes next: it survives
   * the next {@link #prune()} even while it is still idle (so a prune between this call and the
   * change cannot drop the entry and lose the change).
   */
  RouteEntry entry(String route) {
    return entries.compute(
        route,
        (r, had) -> {
          RouteEntry e = had != null ? had : new RouteEntry(settings);
          e.claim();
          return e;
        });
  }

  /** Takes a snapshot from the fleet (see {@link RouteEntry#apply}). */
  void apply(RouteSnapshot s, boolean authoritative) {
    RouteEntry e = s.version() == 0 && s.expires() == 0 ? entries.get(s.route()) : entry(s.route());
    if (e != null) {
      e.apply(s, authoritative, toTicker());
    }
  }

  /** A wall-clock (ms) to ticker (ns) conversion as of now. */
  LongUnaryOperator toTicker() {
    long tick = ticker.read();
    long wall = clock.millis();
    return ms -> tick + (ms - wall) * 1_000_000L;
  }

  /** A ticker (ns) to wall-clock (ms) conversion as of now. */
  LongUnaryOperator toWall() {
    long tick = ticker.read();
    long wall = clock.millis();
    return ns -> wall + Math.floorDiv(ns - tick, 1_000_000L);
  }

  /** Every route with an entry. */
  Set<String> routes() {
    return entries.keySet();
  }

  /**
   * Forgets entries with nothing left to remember (bounds the view), each checked and removed in
   * one step with respect to {@link #entry}.
   */
  void prune() {
    long now = ticker.read();
    for (String route : entries.keySet()) {
      entries.computeIfPresent(route, (r, e) -> e.idle(now) ? null : e);
    }
  }

  /** The routes that are not healthy now. */
  Map<String, HealthMark> marks() {
    if (entries.isEmpty()) {
      return Map.of();
    }
    long now = ticker.read();
    Map<String, HealthMark> out = new HashMap<>();
    entries.forEach(
        (route, e) -> {
          HealthMark m = e.mark(now);
          if (m != null) {
            out.put(route, m);
          }
        });
    return out;
  }
}
