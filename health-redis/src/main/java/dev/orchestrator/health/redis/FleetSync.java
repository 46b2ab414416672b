package dev.orchestrator.health.redis;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.StoreStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

/**
 * Keeps a {@link LocalView} in step with Redis: runs the route scripts and takes their replies,
 * takes every snapshot pushed on the namespace's channel, and on its own thread reads the whole
 * namespace — at start, after every reconnect, every {@code resyncEvery} as the push's backstop,
 * and with backoff while degraded — first pushing what this process learnt without the fleet. It
 * also flushes the retry budget's batched counters and client spend ({@link FleetSpend}), keeps the
 * spend file every second, and hands spend pushed on the spend channel to it. Thread-safe.
 */
final class FleetSync implements AutoCloseable {
  private static final long FLUSH_EVERY_MS = 100;
  private static final long KEEP_EVERY_MS = 1000;
  private static final long BACKOFF_MIN_MS = 100;

  private final HealthSettings settings;
  private final Clock clock;
  private final Ticker ticker;
  private final Keys keys;
  private final LocalView view;
  private final RedisLink link;
  private final long resyncMillis;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "orchestrator-health-redis");
            t.setDaemon(true);
            return t;
          });
  private final AtomicBoolean resyncQueued = new AtomicBoolean();
  private volatile FleetSpend spend;
  private long backoffMs = BACKOFF_MIN_MS;

  FleetSync(
      HealthSettings settings,
      Clock clock,
      Ticker ticker,
      Keys keys,
      LocalView view,
      RedisTarget target,
      Duration commandTimeout,
      Duration resyncEvery,
      Consumer<StoreStatus> onStatus) {
    this.settings = settings;
    this.clock = clock;
    this.ticker = ticker;
    this.keys = keys;
    this.view = view;
    this.resyncMillis = resyncEvery.toMillis();
    this.link =
        new RedisLink(target, keys, commandTimeout, this::onMessage, this::resyncSoon, onStatus);
  }

  /** The connections (whether they are up, the status, waiting on a command). */
  RedisLink link() {
    return link;
  }

  /** Runs {@code task} on the store's thread. */
  void execute(Runnable task) {
    timer.execute(task);
  }

  /**
   * Connects and reads the fleet's state (blocking, bounded), then starts the backstop, the budget
   * flush and the spend flush.
   */
  void start(FleetBudget budget, FleetSpend spend) {
    this.spend = spend;
    boolean ok = resync();
    timer.scheduleWithFixedDelay(
        spend::flush, FLUSH_EVERY_MS, FLUSH_EVERY_MS, TimeUnit.MILLISECONDS);
    timer.scheduleWithFixedDelay(spend::keep, KEEP_EVERY_MS, KEEP_EVERY_MS, TimeUnit.MILLISECONDS);
    timer.schedule(this::backstop, ok ? resyncMillis : backoffMs, TimeUnit.MILLISECONDS);
    timer.scheduleWithFixedDelay(
        () ->
            budget.flush(
                link::up, args -> link.eval(Script.BUDGET, new String[] {keys.budget()}, args)),
        FLUSH_EVERY_MS,
        FLUSH_EVERY_MS,
        TimeUnit.MILLISECONDS);
  }

  /** A route script's arguments: route, now (wall ms), channel, then {@code extra}. */
  String[] args(String route, String... extra) {
    String[] a = new String[3 + extra.length];
    a[0] = route;
    a[1] = String.valueOf(clock.millis());
    a[2] = keys.channel();
    System.arraycopy(extra, 0, a, 3, extra.length);
    return a;
  }

  /**
   * Runs a route script that carries a change of this process, already counted as pending by the
   * entry ({@link RouteEntry#report} and the like), without waiting; its reply becomes the route's
   * state here.
   */
  CompletableFuture<Void> sendChange(RouteEntry e, Script script, String route, String... extra) {
    return send(e, true, script, route, extra);
  }

  private CompletableFuture<Void> send(
      RouteEntry e, boolean change, Script script, String route, String... extra) {
    return link.<String>eval(script, keys.route(route), args(route, extra))
        .handle(
            (text, failed) -> {
              if (failed != null) {
                e.unsent(
                    change, script == Script.SUCCEED, lease(script, extra), leaseChange(script));
                throw new IllegalStateException("redis: " + script + " failed", failed);
              }
              RouteSnapshot s = RouteSnapshot.parse(text);
              view.apply(s, true);
              index(s);
              if (e.localOnly() && link.up()) {
                resyncSoon(); // a change the fleet has not heard is waiting for its replay
              }
              return null;
            });
  }

  /** The lease token a probe outcome's script carries, or {@code null} for another script. */
  private static String lease(Script script, String... extra) {
    return leaseChange(script) == Change.NONE || extra.length == 0 ? null : extra[0];
  }

  /** The probe outcome {@code script} carries, or {@link Change#NONE}. */
  private static Change leaseChange(Script script) {
    return switch (script) {
      case CLOSE -> Change.CLOSE;
      case REOPEN -> Change.REOPEN;
      case RELEASE -> Change.RELEASE;
      default -> Change.NONE;
    };
  }

  /** Records in the namespace's index when the route's state expires (for resync). */
  void index(RouteSnapshot s) {
    if (s.expires() > 0) {
      link.eval(
          Script.INDEX,
          new String[] {keys.index()},
          s.route(),
          String.valueOf(s.expires()),
          String.valueOf(clock.millis()));
    }
  }

  private void onMessage(String channel, String message) {
    if (channel.equals(keys.spendChannel())) {
      FleetSpend s = spend;
      if (s != null) {
        s.pushed(message);
      }
      return;
    }
    try {
      view.apply(RouteSnapshot.parse(message), false);
    } catch (IllegalArgumentException e) {
      // Not one of ours (another tool on the channel): ignore it.
    }
  }

  /** Lettuce (re)connected: resync soon, on the store's thread. */
  private void resyncSoon() {
    if (resyncQueued.compareAndSet(false, true) && !timer.isShutdown()) {
      try {
        timer.execute(
            () -> {
              resyncQueued.set(false);
              resync();
            });
      } catch (RejectedExecutionException closing) {
        // The store is closing.
      }
    }
  }

  private void backstop() {
    boolean ok = resync();
    backoffMs = ok ? BACKOFF_MIN_MS : Math.min(backoffMs * 2, Math.max(resyncMillis, 5_000));
    if (!timer.isShutdown()) {
      timer.schedule(this::backstop, ok ? resyncMillis : backoffMs, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Pushes what this process learnt without the fleet (while degraded), then reads every route the
   * namespace or the view knows. Success ends degraded mode.
   */
  private boolean resync() {
    if (!link.connect()) {
      return false;
    }
    try {
      replayLocalChanges();
      Set<String> routes = new HashSet<>(link.indexed(clock.millis()));
      routes.addAll(view.routes());
      List<CompletableFuture<String>> reads = new ArrayList<>();
      for (String route : routes) {
        reads.add(link.eval(Script.READ, keys.route(route), args(route)));
      }
      for (CompletableFuture<String> f : reads) {
        view.apply(RouteSnapshot.parse(link.await(f)), false);
      }
      view.prune();
      link.recovered();
      FleetSpend s = spend;
      if (s != null) {
        s.resynced(); // every window is written (exactly once: counts only grow) and read again
      }
      return true;
    } catch (IllegalStateException degraded) {
      return false;
    }
  }

  /**
   * Sends the fleet what this process learnt while it could not hear it, waiting for the replies;
   * again for routes where more was learnt meanwhile (a few rounds at most: the rest waits for the
   * next resync).
   */
  private void replayLocalChanges() {
    for (int round = 0; round < 3; round++) {
      Map<RouteEntry, RouteEntry.Replay> replays = new HashMap<>();
      List<CompletableFuture<Void>> sends = new ArrayList<>();
      LongUnaryOperator toWall = view.toWall();
      long now = ticker.read();
      for (String route : view.routes()) {
        RouteEntry e = view.get(route);
        RouteEntry.Replay r = e == null ? null : e.replay(now);
        if (r != null) {
          replays.put(e, r);
          replay(route, e, r, toWall, sends);
        }
      }
      for (CompletableFuture<Void> f : sends) {
        link.await(f);
      }
      boolean again = false;
      for (Map.Entry<RouteEntry, RouteEntry.Replay> r : replays.entrySet()) {
        again |= !r.getKey().confirmed(r.getValue());
      }
      if (!again) {
        return;
      }
    }
  }

  private void replay(
      String route,
      RouteEntry e,
      RouteEntry.Replay r,
      LongUnaryOperator toWall,
      List<CompletableFuture<Void>> out) {
    String ms0 = String.valueOf(settings.openInitial().toMillis());
    String msMax = String.valueOf(settings.openMax().toMillis());
    switch (r.leaseChange()) {
      case CLOSE -> out.add(resend(e, Script.CLOSE, route, r.lease()));
      case REOPEN -> out.add(resend(e, Script.REOPEN, route, r.lease(), ms0, msMax));
      case RELEASE -> out.add(resend(e, Script.RELEASE, route, r.lease()));
      default -> {}
    }
    if (r.succeed()) {
      out.add(resend(e, Script.SUCCEED, route));
    }
    if (r.trip() != null) {
      out.add(
          resend(
              e,
              Script.TRIP,
              route,
              String.valueOf(Duration.ofNanos(r.trip().step()).toMillis()),
              msMax,
              String.valueOf(toWall.applyAsLong(r.trip().openUntil()))));
    }
    if (r.coolUntil() != 0) {
      out.add(resend(e, Script.COOLDOWN, route, String.valueOf(toWall.applyAsLong(r.coolUntil()))));
    }
    if (r.accountUntil() != 0) {
      out.add(
          resend(e, Script.ACCOUNT, route, String.valueOf(toWall.applyAsLong(r.accountUntil()))));
    }
    if (r.retiredUntil() != 0) {
      out.add(
          resend(e, Script.RETIRE, route, String.valueOf(toWall.applyAsLong(r.retiredUntil()))));
    }
  }

  /** Sends one script of a replay (counted as pending: it carries no new change). */
  private CompletableFuture<Void> resend(
      RouteEntry e, Script script, String route, String... extra) {
    e.sent();
    return send(e, false, script, route, extra);
  }

  /** Closes the connections, then stops the thread. */
  @Override
  public void close() {
    link.close();
    timer.shutdownNow();
  }
}
