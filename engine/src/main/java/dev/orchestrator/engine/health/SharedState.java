package dev.orchestrator.engine.health;

import java.time.Duration;
import java.time.Instant;

/**
 * What a fleet shares besides route health (docs/design.md §5, §11): counters of requests sent with
 * a key against a declared limit, and the route each conversation's session last answered on.
 * {@link #NONE} shares nothing (one process); {@code health-redis} shares through Redis. Calls may
 * touch the network, so the engine makes them only off the happy path: a count for a key that has a
 * declared limit, a session read for a conversation this process has not seen, a session write when
 * its route changes. Failing never fails a request: an unreachable store answers as {@link #NONE}
 * does. Thread-safe.
 */
public interface SharedState {
  /** Nothing shared: every count and session stays in the process. */
  SharedState NONE =
      new SharedState() {
        @Override
        public long increment(String counter, Instant expiresAt) {
          return -1;
        }

        @Override
        public void put(String key, String value, Duration ttl) {}

        @Override
        public String get(String key) {
          return null;
        }
      };

  /**
   * Adds one to {@code counter}, which expires at {@code expiresAt} (its window's end), and returns
   * the fleet's count; {@code -1} when nothing is shared or the store is unreachable.
   */
  long increment(String counter, Instant expiresAt);

  /** Remembers {@code value} under {@code key} for {@code ttl}; nothing when not shared. */
  void put(String key, String value, Duration ttl);

  /** The value under {@code key}, or {@code null} (unknown, expired, not shared, unreachable). */
  String get(String key);
}
