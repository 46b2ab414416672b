package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.SharedState;
import java.time.Duration;
import java.time.Instant;

/**
 * Key counters and sessions a fleet shares on Redis (ADR 0033), as the engine's {@link
 * SharedState}: one script per call, each on one key with the tag {@code {ns:shared}}. Redis
 * failing never fails a request: while it is unreachable nothing is counted or found and the caller
 * goes on with what its process knows (the connection's degraded mode says so once). The health
 * store owns the connection. Thread-safe.
 */
final class FleetShared implements SharedState {
  private final Keys keys;
  private final RedisLink link;

  FleetShared(Keys keys, RedisLink link) {
    this.keys = keys;
    this.link = link;
  }

  @Override
  public long increment(String counter, Instant expiresAt) {
    if (!link.up()) {
      return -1;
    }
    try {
      Long n =
          link.await(
              link.<Long>eval(
                  Script.SHARED_COUNT,
                  new String[] {keys.shared("c", counter)},
                  Long.toString(expiresAt.toEpochMilli())));
      return n == null ? -1 : n;
    } catch (IllegalStateException unreachable) {
      return -1; // degraded: the link reported it; the process counts alone
    }
  }

  @Override
  public void put(String key, String value, Duration ttl) {
    if (!link.up() || ttl.toMillis() <= 0) {
      return;
    }
    try {
      link.await(
          link.<Long>eval(
              Script.SHARED_PUT,
              new String[] {keys.shared("s", key)},
              value,
              Long.toString(ttl.toMillis())));
    } catch (IllegalStateException unreachable) {
      // degraded: the session stays with this process
    }
  }

  @Override
  public String get(String key) {
    if (!link.up()) {
      return null;
    }
    try {
      return link.await(link.<String>eval(Script.SHARED_GET, new String[] {keys.shared("s", key)}));
    } catch (IllegalStateException unreachable) {
      return null;
    }
  }
}
