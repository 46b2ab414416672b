package dev.orchestrator.providers.internal.http1;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Idle keep-alive connections per origin, bounded ({@code maxIdlePerOrigin}; past it the one
 * returned is closed) and expiring ({@code idleNanos} after it was returned a connection is closed
 * instead of reused). The most recently returned connection is reused first, so the pool shrinks to
 * what the load needs and the rest expire. Expired connections are closed on every take and return
 * of their origin, and every origin's each round of the reaper. A reaper on one daemon thread
 * shared by every pool ({@link #REAP_EVERY}) closes idle connections the server closed — what
 * {@code java.net.http}'s selector notices by itself — so a pool never holds sockets in CLOSE_WAIT
 * toward a server that went away; it holds the pool weakly, so a pool nobody uses any more is
 * collected and its task ends. Thread-safe.
 */
final class ConnectionPool {
  /** How often the reaper looks, and how long a connection is idle before it is probed. */
  static final Duration REAP_EVERY = Duration.ofSeconds(1);

  /** How long the reaper's read of an idle connection waits for its end. */
  private static final int PROBE_WAIT_MILLIS = 1;

  private static final ScheduledExecutorService REAPER =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "orchestrator-http1-reaper");
            t.setDaemon(true);
            return t;
          });

  private final int maxIdlePerOrigin;
  private final long idleNanos;
  private final LongSupplier nanoTime;
  private final ConcurrentHashMap<String, ArrayDeque<Connection>> idle = new ConcurrentHashMap<>();
  private final AtomicBoolean reaping;

  /**
   * A pool.
   *
   * @param nanoTime the clock ({@code System::nanoTime}; tests inject one)
   * @param reaper whether the shared reaper runs {@link #reap} (tests on an injected clock call it
   *     themselves)
   */
  ConnectionPool(int maxIdlePerOrigin, long idleNanos, LongSupplier nanoTime, boolean reaper) {
    this.maxIdlePerOrigin = maxIdlePerOrigin;
    this.idleNanos = idleNanos;
    this.nanoTime = nanoTime;
    this.reaping = new AtomicBoolean(!reaper); // "already started" when there is none
  }

  /**
   * An idle connection to {@code origin} that is still usable, or null. A connection with bytes
   * waiting (an unsolicited answer, a close notice) is closed, never reused; one holding a stream's
   * unsettled end is reused only when that end has arrived.
   */
  Connection take(String origin) {
    ArrayDeque<Connection> q = idle.get(origin);
    if (q == null) {
      return null;
    }
    long now = nanoTime.getAsLong();
    while (true) {
      Connection c;
      synchronized (q) {
        expire(q, now);
        c = q.pollLast();
      }
      if (c == null) {
        return null;
      }
      if (usable(c)) {
        c.reused = true;
        return c;
      }
      c.close();
    }
  }

  /** Returns {@code c} for reuse, or closes it when its origin's pool is full. */
  void put(Connection c) {
    if (!reaping.get() && reaping.compareAndSet(false, true)) {
      startReaper(new WeakReference<>(this));
    }
    long now = nanoTime.getAsLong();
    c.idleSince = now;
    ArrayDeque<Connection> q = idle.computeIfAbsent(c.origin, k -> new ArrayDeque<>());
    Connection overflow = null;
    synchronized (q) {
      expire(q, now);
      if (q.size() >= maxIdlePerOrigin) {
        overflow = q.pollFirst();
      }
      q.addLast(c);
    }
    if (overflow != null) {
      overflow.close();
    }
  }

  /** Closes every idle connection (the client is closing). */
  void closeAll() {
    for (ArrayDeque<Connection> q : idle.values()) {
      synchronized (q) {
        for (Connection c : q) {
          c.close();
        }
        q.clear();
      }
    }
  }

  /** Idle connections held now, over all origins (tests and metrics). */
  int idleCount() {
    int n = 0;
    for (ArrayDeque<Connection> q : idle.values()) {
      synchronized (q) {
        n += q.size();
      }
    }
    return n;
  }

  /**
   * Closes idle connections the server closed: each idle for at least {@link #REAP_EVERY} is taken
   * out of the pool, probed ({@link Connection#idleAndOpen}) and put back in its place when it is
   * still open — unless its origin's pool filled up meanwhile. A connection taken by an exchange
   * meanwhile is not probed.
   */
  void reap() {
    long now = nanoTime.getAsLong();
    long due = REAP_EVERY.toNanos();
    for (ArrayDeque<Connection> q : idle.values()) {
      List<Connection> idleLong = new ArrayList<>();
      synchronized (q) {
        expire(q, now);
        for (Connection c : q) {
          if (now - c.idleSince < due) {
            break; // the rest were returned later
          }
          if (c.unsettled == null) {
            idleLong.add(c);
          }
        }
      }
      for (Connection c : idleLong) {
        synchronized (q) {
          if (!q.remove(c)) {
            continue; // taken meanwhile
          }
        }
        if (!c.idleAndOpen(PROBE_WAIT_MILLIS) || !putBack(q, c)) {
          c.close();
        }
      }
    }
  }

  /**
   * Puts a probed connection back in its place (the deque stays ordered by idleSince: expiry relies
   * on it); false when its origin's pool filled up meanwhile.
   */
  private boolean putBack(ArrayDeque<Connection> q, Connection c) {
    synchronized (q) {
      if (q.size() >= maxIdlePerOrigin) {
        return false;
      }
      List<Connection> all = new ArrayList<>(q);
      int at = 0;
      while (at < all.size() && all.get(at).idleSince <= c.idleSince) {
        at++;
      }
      all.add(at, c);
      q.clear();
      q.addAll(all);
      return true;
    }
  }

  private static void startReaper(WeakReference<ConnectionPool> pool) {
    long every = REAP_EVERY.toMillis();
    AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>();
    task.set(
        REAPER.scheduleWithFixedDelay(
            () -> {
              ConnectionPool p = pool.get();
              if (p == null) {
                ScheduledFuture<?> f = task.get();
                if (f != null) {
                  f.cancel(false);
                }
                return;
              }
              try {
                p.reap();
              } catch (RuntimeException e) {
                // Never let one failure end the task: the next round tries again.
              }
            },
            every,
            every,
            TimeUnit.MILLISECONDS));
  }

  /** Closes the connections of {@code q} idle for longer than the expiry; holds q's lock. */
  private void expire(ArrayDeque<Connection> q, long now) {
    for (Iterator<Connection> it = q.iterator(); it.hasNext(); ) {
      Connection c = it.next();
      if (now - c.idleSince < idleNanos) {
        return; // the rest were returned later
      }
      it.remove();
      c.close();
    }
  }

  private static boolean usable(Connection c) {
    if (c.isClosed()) {
      return false;
    }
    ResponseBody pending = c.unsettled;
    if (pending != null) {
      c.unsettled = null;
      return pending.settleNow();
    }
    try {
      return c.in.availableNow() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
