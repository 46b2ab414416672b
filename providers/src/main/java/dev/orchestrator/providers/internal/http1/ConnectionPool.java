package dev.orchestrator.providers.internal.http1;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Idle keep-alive connections per origin, bounded ({@code maxIdlePerOrigin}; past it the one
 * returned is closed) and expiring ({@code idleNanos} after it was returned a connection is closed
 * instead of reused). The most recently returned connection is reused first, so the pool shrinks to
 * what the load needs and the rest expire. Expired connections are closed whenever the pool is used
 * (their origin's on every take and return, every origin's at most once per expiry period); there
 * is no thread of its own. Thread-safe.
 */
final class ConnectionPool {
  private final int maxIdlePerOrigin;
  private final long idleNanos;
  private final LongSupplier nanoTime;
  private final ConcurrentHashMap<String, ArrayDeque<Connection>> idle = new ConcurrentHashMap<>();
  private volatile long lastSweep;

  /**
   * A pool.
   *
   * @param nanoTime the clock ({@code System::nanoTime}; tests inject one)
   */
  ConnectionPool(int maxIdlePerOrigin, long idleNanos, LongSupplier nanoTime) {
    this.maxIdlePerOrigin = maxIdlePerOrigin;
    this.idleNanos = idleNanos;
    this.nanoTime = nanoTime;
    this.lastSweep = nanoTime.getAsLong();
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
    if (now - lastSweep > idleNanos) {
      lastSweep = now;
      sweep(now);
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

  private void sweep(long now) {
    for (ArrayDeque<Connection> q : idle.values()) {
      synchronized (q) {
        expire(q, now);
      }
    }
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
