package dev.orchestrator.health.redis;

import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.engine.spi.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Stored responses a fleet shares on Redis (ADR 0029), as the engine's {@link ResponseStore}: what
 * {@code serve}'s Responses front keeps for {@code previous_response_id} and {@code GET
 * /v1/responses/{id}}, so that any replica can continue a conversation another one answered.
 * Bounded by entries, bytes and age, all kept by one script per write (the oldest entries go first;
 * the age is counted on the store's clock). Redis failing never fails a request that needs no
 * stored response: while it is unreachable nothing is stored, and a read or a delete throws {@link
 * ResponseStore.UnavailableException} rather than answer "unknown" (the connection's degraded mode
 * says so once); the fleet's health goes on locally as always. The health store owns the
 * connection: closing this does nothing. Thread-safe.
 */
public final class SharedResponses implements ResponseStore {
  /** How long past its time to live a key may outlive its entry before Redis removes it. */
  private static final Duration SLACK = Duration.ofMinutes(1);

  private final Keys keys;
  private final RedisLink link;
  private final Clock clock;
  private final long maxEntries;
  private final long maxBytes;
  private final Duration ttl;

  SharedResponses(
      Keys keys, RedisLink link, Clock clock, long maxEntries, long maxBytes, Duration ttl) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries: " + maxEntries + " (expected: >= 1)");
    }
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes: " + maxBytes + " (expected: >= 1)");
    }
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl: " + ttl + " (expected: > 0)");
    }
    this.keys = keys;
    this.link = link;
    this.clock = clock;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.ttl = ttl;
  }

  /** Stores {@code entry} under {@code id}; when Redis is unreachable, nothing is stored. */
  @Override
  public void put(String id, StoredResponse entry) {
    if (!link.up()) {
      return;
    }
    try {
      link.await(
          link.<Long>eval(
              Script.RESPONSES_PUT,
              keys.responses(id),
              id,
              Long.toString(clock.millis()),
              Long.toString(ttl.toMillis()),
              Long.toString(maxEntries),
              Long.toString(maxBytes),
              entry.owner(),
              new String(entry.conversation(), StandardCharsets.UTF_8),
              new String(entry.response(), StandardCharsets.UTF_8),
              keys.responsesPrefix() + "r:",
              Long.toString(SLACK.toMillis())));
    } catch (IllegalStateException unreachable) {
      // degraded: the link reported it; the answer stands without being stored
    }
  }

  /**
   * The entry stored under {@code id}, or {@code null} (unknown or expired).
   *
   * @throws ResponseStore.UnavailableException when Redis is unreachable
   */
  @Override
  public StoredResponse get(String id) {
    if (!link.up()) {
      throw unreachable();
    }
    try {
      List<String> v =
          link.await(
              link.<List<String>>eval(
                  Script.RESPONSES_GET,
                  new String[] {keys.responses(id)[3]},
                  Long.toString(clock.millis()),
                  Long.toString(ttl.toMillis())));
      return v == null || v.size() < 3
          ? null
          : new StoredResponse(
              v.get(0),
              v.get(1).getBytes(StandardCharsets.UTF_8),
              v.get(2).getBytes(StandardCharsets.UTF_8));
    } catch (IllegalStateException unreachable) {
      throw unreachable();
    }
  }

  /**
   * Removes the entry stored under {@code id}; whether there was one.
   *
   * @throws ResponseStore.UnavailableException when Redis is unreachable
   */
  @Override
  public boolean delete(String id) {
    if (!link.up()) {
      throw unreachable();
    }
    try {
      Long n = link.await(link.<Long>eval(Script.RESPONSES_DELETE, keys.responses(id), id));
      return n != null && n > 0;
    } catch (IllegalStateException unreachable) {
      throw unreachable();
    }
  }

  private static ResponseStore.UnavailableException unreachable() {
    return new ResponseStore.UnavailableException(
        "the fleet's response store (the health store) is unreachable");
  }
}
