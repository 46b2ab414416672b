package dev.orchestrator.health.redis;

import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.cost.SpendTotals;
import dev.orchestrator.engine.health.StoreStatus;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Client spend shared by a fleet on the health store's Redis (ADR 0022). Each spend window (a
 * client's UTC day or month) is a hash of process id → that process's spend so far, in integer
 * nano-dollars; the fleet's spend is the sum of the fields. This process keeps a local view of
 * every window it has seen: its own count ({@code mine}), the part Redis confirmed ({@code acked}),
 * the most it ever sent ({@code sent}) and what the other processes had spent at the last reply or
 * push ({@code others}); {@link #totals} answers {@code others + mine} without the network — never
 * more than the fleet really spent.
 *
 * <p>{@link #add} changes only the view and queues a send on the store's thread; each send writes
 * the process's whole count per window (a field only grows), so a send repeated after a lost reply,
 * after an outage, or to a Redis that restarted empty never counts anything twice and loses
 * nothing. A reply carries the others' sum; a push carries the writer's id and count and the total,
 * so a push about another process's write counts this process's field as at most {@code sent} (its
 * field cannot be more). {@code others} only grows (a stale reply or push must not undo a newer
 * one, and Redis restarted empty must not forget spend). The first look at a window waits for one
 * read, bounded by the command timeout; while the store is degraded nothing waits and spend is
 * counted locally, then written when a resync succeeds (every resync sends every window again).
 * With a {@link SpendFile}, what the fleet had spent is also kept on disk ({@link #keep()}), and a
 * window first seen takes it as the others' spend, so a process started while Redis is down
 * enforces budgets from the last fleet total, not from nothing (ADR 0052). Thread-safe (one lock
 * around the counters).
 */
final class FleetSpend implements SpendStore {
  /** A window's key outlives the window's end by this much: a fleet's clocks differ a little. */
  static final Duration GRACE = Duration.ofHours(1);

  private static final BigDecimal MAX_USD = BigDecimal.valueOf(Long.MAX_VALUE, 9);

  private final Keys keys;
  private final RedisLink link;
  private final Executor thread;
  private final SpendFile file;
  // What the file held at start: the floor of each window's others, by key.
  private final Map<String, SpendFile.Total> kept;
  private final String id = UUID.randomUUID().toString();
  private final Map<String, Window> windows = new ConcurrentHashMap<>();
  private final AtomicBoolean flushQueued = new AtomicBoolean();
  private long latestMillis = Long.MIN_VALUE;
  // Whether a window's total changed since the file was last written; guarded by this.
  private boolean changed;

  /** Spend on {@code link}, sent on {@code thread}, kept in {@code file} when not null. */
  FleetSpend(Keys keys, RedisLink link, Executor thread, SpendFile file) {
    this.keys = keys;
    this.link = link;
    this.thread = thread;
    this.file = file;
    this.kept = file == null ? Map.of() : file.read();
  }

  @Override
  public void add(String client, Instant at, BigDecimal usd) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(at, "at");
    if (usd == null || usd.signum() <= 0) {
      return;
    }
    long nanos = usd.min(MAX_USD).movePointRight(9).setScale(0, RoundingMode.CEILING).longValue();
    Window[] w = windows(client, at);
    synchronized (this) {
      for (Window x : w) {
        x.mine = Math.addExact(x.mine, nanos);
      }
      changed = true;
    }
    flushSoon();
  }

  @Override
  public SpendTotals totals(String client, Instant at) {
    Objects.requireNonNull(client, "client");
    Window[] w = windows(client, Objects.requireNonNull(at, "at"));
    SpendTotals zero = SpendTotals.zero(at);
    synchronized (this) {
      return new SpendTotals(zero.day(), w[0].usd(), zero.month(), w[1].usd());
    }
  }

  /** The health store's status: spend is shared while it is not degraded. */
  @Override
  public StoreStatus status() {
    return link.status();
  }

  /** Nothing to release: the health store owns the connection and closes it. */
  @Override
  public void close() {}

  /**
   * The day and month windows containing {@code at}; the ones seen for the first time are read from
   * Redis (one command, bounded by the command timeout) when the store is up.
   */
  private Window[] windows(String client, Instant at) {
    SpendTotals zero = SpendTotals.zero(at);
    long now = at.toEpochMilli();
    Window day = windows.get(keys.spendDay(client, zero.day()));
    Window month = windows.get(keys.spendMonth(client, zero.month()));
    if (day == null || month == null) {
      List<Window> created = new ArrayList<>(2);
      if (day == null) {
        day = create(keys.spendDay(client, zero.day()), zero.dayEnd(), now, created);
      }
      if (month == null) {
        month = create(keys.spendMonth(client, zero.month()), zero.monthEnd(), now, created);
      }
      if (!created.isEmpty() && link.up()) {
        try {
          link.await(send(created));
        } catch (IllegalStateException degraded) {
          // Counted locally; the next resync reads and writes them.
        }
      }
    }
    synchronized (this) {
      day.seenMillis = Math.max(day.seenMillis, now);
      month.seenMillis = Math.max(month.seenMillis, now);
      latestMillis = Math.max(latestMillis, now);
    }
    return new Window[] {day, month};
  }

  private Window create(String key, Instant end, long now, List<Window> created) {
    Window fresh = new Window(key, end.toEpochMilli(), now);
    SpendFile.Total floor = kept.get(key);
    // The fleet's spend when this host last knew it: everyone else's to this process (a new id).
    fresh.others = floor == null ? 0 : floor.nanos();
    Window had = windows.putIfAbsent(key, fresh);
    if (had != null) {
      return had;
    }
    created.add(fresh);
    return fresh;
  }

  /** Every window is read and written again on the next flush (after a resync). */
  void resynced() {
    synchronized (this) {
      windows.values().forEach(w -> w.stale = true);
    }
    flushSoon();
  }

  /** A write pushed on the spend channel: {@code <key>\n<writer id>\n<its count>\n<total>}. */
  void pushed(String message) {
    int nl = message.lastIndexOf('\n');
    int countAt = nl < 1 ? -1 : message.lastIndexOf('\n', nl - 1);
    int writerAt = countAt < 1 ? -1 : message.lastIndexOf('\n', countAt - 1);
    if (writerAt < 0) {
      return;
    }
    Window w = windows.get(message.substring(0, writerAt));
    if (w == null) {
      return; // a window this process has not looked at: read when it does
    }
    try {
      long total = Long.parseLong(message.substring(nl + 1));
      long count = Long.parseLong(message.substring(countAt + 1, nl));
      boolean own = id.equals(message.substring(writerAt + 1, countAt));
      synchronized (this) {
        w.others = Math.max(w.others, total - (own ? count : w.sent));
        changed = true;
      }
    } catch (NumberFormatException e) {
      // Not one of ours: ignore it.
    }
  }

  /**
   * Sends every window with unsent spend or due for a read, in one command, without waiting; drops
   * windows that ended more than {@link #GRACE} before the latest instant seen and hold nothing
   * unsent. Runs on the store's thread (and once more at close).
   *
   * @return the send, or a completed stage when there was nothing to send
   */
  CompletableFuture<Void> flush() {
    List<Window> batch = new ArrayList<>();
    synchronized (this) {
      windows
          .values()
          .removeIf(
              w ->
                  w.endMillis + GRACE.toMillis() < latestMillis
                      && w.mine == w.acked
                      && w.sending < 0);
      if (!link.up()) {
        return CompletableFuture.completedFuture(null);
      }
      for (Window w : windows.values()) {
        if (w.sending < 0 && (w.stale || w.mine > w.acked)) {
          batch.add(w);
        }
      }
    }
    return batch.isEmpty() ? CompletableFuture.completedFuture(null) : send(batch);
  }

  /**
   * Sends what is unsent and waits for it (bounded by the command timeout), so a replica that stops
   * leaves its spend with the fleet. Spend still unsent because Redis is unreachable is lost to the
   * fleet with the process (ADR 0022); a spend file keeps it as part of the total a process started
   * on this host begins from ({@link #keep()}).
   */
  void drain() {
    // A window being sent holds spend added meanwhile until its send ends (and the reply queues
    // another on the store's thread), so each round waits for the sends holding unsent spend, then
    // sends what is free. A few rounds at most: nothing new is added while stopping, but a request
    // finishing now may still add once.
    for (int round = 0; round < 5 && link.up(); round++) {
      List<CompletableFuture<Void>> holding = new ArrayList<>();
      synchronized (this) {
        for (Window w : windows.values()) {
          if (w.mine > w.acked && w.inFlight != null) {
            holding.add(w.inFlight);
          }
        }
        if (holding.isEmpty() && !unsent()) {
          return;
        }
      }
      try {
        link.await(CompletableFuture.allOf(holding.toArray(CompletableFuture[]::new)));
        link.await(flush());
      } catch (IllegalStateException degraded) {
        return; // nothing more to do while stopping
      }
    }
  }

  /**
   * Writes each window's fleet total (the others' spend and this process's) to the spend file when
   * one changed since the last write; windows that ended more than {@link #GRACE} before the latest
   * instant seen are dropped from it. Runs on the store's thread (and once more at close).
   */
  void keep() {
    if (file == null) {
      return;
    }
    Map<String, SpendFile.Total> totals = new HashMap<>();
    long dropBefore;
    synchronized (this) {
      if (!changed) {
        return;
      }
      changed = false;
      for (Window w : windows.values()) {
        totals.put(w.key, new SpendFile.Total(w.endMillis, w.others + w.mine));
      }
      dropBefore =
          latestMillis == Long.MIN_VALUE ? Long.MIN_VALUE : latestMillis - GRACE.toMillis();
    }
    file.write(totals, dropBefore);
  }

  private boolean unsent() {
    for (Window w : windows.values()) {
      if (w.mine > w.acked) {
        return true;
      }
    }
    return false;
  }

  private void flushSoon() {
    if (link.up() && flushQueued.compareAndSet(false, true)) {
      try {
        thread.execute(
            () -> {
              flushQueued.set(false);
              flush();
            });
      } catch (RejectedExecutionException closing) {
        flushQueued.set(false);
      }
    }
  }

  /**
   * Writes this process's count of each window in {@code batch} (all not being sent) and takes the
   * others' spend from the reply. A window's key expires {@link #GRACE} after its end, counted from
   * the latest instant seen in it.
   */
  private CompletableFuture<Void> send(List<Window> batch) {
    String[] names = new String[batch.size()];
    String[] args = new String[2 + 2 * batch.size()];
    args[0] = id;
    args[1] = keys.spendChannel();
    CompletableFuture<Void> ended = new CompletableFuture<>();
    synchronized (this) {
      for (int i = 0; i < batch.size(); i++) {
        Window w = batch.get(i);
        w.sending = w.mine;
        w.inFlight = ended;
        w.sent = Math.max(w.sent, w.sending);
        names[i] = w.key;
        args[2 + 2 * i] = String.valueOf(w.sending);
        args[3 + 2 * i] =
            String.valueOf(Math.max(0, w.endMillis - w.seenMillis) + GRACE.toMillis());
      }
    }
    CompletableFuture<Void> sent =
        link.<List<Object>>eval(Script.SPEND, names, args)
            .handle(
                (others, failed) -> {
                  boolean ok =
                      failed == null
                          && others != null
                          && others.size() == batch.size()
                          && others.stream().allMatch(Number.class::isInstance);
                  boolean more = false;
                  synchronized (this) {
                    for (int i = 0; i < batch.size(); i++) {
                      Window w = batch.get(i);
                      if (ok) {
                        w.acked = Math.max(w.acked, w.sending);
                        w.others = Math.max(w.others, ((Number) others.get(i)).longValue());
                        w.stale = false;
                        changed = true;
                      }
                      w.sending = -1;
                      w.inFlight = null;
                      more |= w.mine > w.acked;
                    }
                  }
                  ended.complete(null);
                  if (!ok) {
                    throw new IllegalStateException("redis: spend not sent");
                  }
                  if (more) {
                    flushSoon(); // spend added while this was on its way: send it now, not at the
                    // tick
                  }
                  return null;
                });
    return sent;
  }

  /** One client's day or month, as this process knows it; guarded by the store's lock. */
  private static final class Window {
    final String key;
    final long endMillis;
    long seenMillis;
    long mine;
    long acked;
    long sent;
    long others;
    long sending = -1;

    /** Completes (never exceptionally) when the send holding this window has ended; else null. */
    CompletableFuture<Void> inFlight;

    boolean stale = true;

    Window(String key, long endMillis, long seenMillis) {
      this.key = key;
      this.endMillis = endMillis;
      this.seenMillis = seenMillis;
    }

    BigDecimal usd() {
      return BigDecimal.valueOf(others + mine, 9).stripTrailingZeros();
    }
  }
}
