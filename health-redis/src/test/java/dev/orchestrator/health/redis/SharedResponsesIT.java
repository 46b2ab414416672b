package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.spi.ResponseStore;
import dev.orchestrator.engine.spi.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Stored responses shared on one real redis-server (ADR 0029): seen by every store of the
 * namespace, bounded by entries, bytes and age on the stores' clock, and nothing found or stored
 * while Redis is gone — without an exception reaching the caller.
 */
class SharedResponsesIT extends PausableRedisTest {
  private final ManualTime time = new ManualTime();

  private SharedResponses store(long maxEntries, long maxBytes, Duration ttl) {
    return open("resp", b -> b.clock(time)).responses(maxEntries, maxBytes, ttl);
  }

  private static StoredResponse entry(String owner, int bytes) {
    return stored(owner, "c".repeat(bytes / 2), "r".repeat(bytes - bytes / 2));
  }

  private static StoredResponse stored(String owner, String conversation, String response) {
    return new StoredResponse(
        owner,
        conversation.getBytes(StandardCharsets.UTF_8),
        response.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aResponseStoredByOneReplicaIsReadAndDeletedByAnother() {
    SharedResponses a = store(10, 1 << 20, Duration.ofHours(1));
    SharedResponses b = store(10, 1 << 20, Duration.ofHours(1));
    a.put("resp_1", stored("team-a", "[{\"role\":\"user\"}]", "{\"id\":1}"));
    assertThat(b.get("resp_1"))
        .usingRecursiveComparison() // the byte arrays by content
        .isEqualTo(stored("team-a", "[{\"role\":\"user\"}]", "{\"id\":1}"));
    assertThat(b.delete("resp_1")).isTrue();
    assertThat(a.get("resp_1")).isNull();
    assertThat(a.delete("resp_1")).isFalse();
  }

  @Test
  void forgetsAResponseOnceItsTtlHasPassedOnTheStoresClock() {
    SharedResponses s = store(10, 1 << 20, Duration.ofMinutes(5));
    s.put("resp_1", entry("a", 10));
    time.advance(Duration.ofMinutes(4));
    assertThat(s.get("resp_1")).isNotNull();
    time.advance(Duration.ofMinutes(1));
    assertThat(s.get("resp_1")).isNull();
  }

  @Test
  void keepsAtMostMaxEntriesTheOldestGoingFirst() {
    SharedResponses s = store(3, 1 << 20, Duration.ofHours(1));
    for (int i = 0; i < 6; i++) {
      time.advance(Duration.ofMillis(1));
      s.put("resp_" + i, entry("a", 10));
    }
    assertThat(s.get("resp_2")).isNull();
    assertThat(s.get("resp_3")).isNotNull();
    assertThat(s.get("resp_5")).isNotNull();
  }

  @Test
  void keepsAtMostMaxBytesAndNeverAnEntryLargerThanThem() {
    SharedResponses s = store(100, 10_000, Duration.ofHours(1));
    for (int i = 0; i < 5; i++) {
      s.put("resp_" + i, entry("a", 3000)); // same millisecond: the newest is still kept
      assertThat(s.get("resp_" + i)).isNotNull();
    }
    int kept = 0;
    for (int i = 0; i < 5; i++) {
      kept += s.get("resp_" + i) == null ? 0 : 1;
    }
    assertThat(kept).isEqualTo(3);
    s.put("huge", entry("a", 20_000));
    assertThat(s.get("huge")).isNull();
  }

  /** One entry larger than the byte bound is not kept, and costs the others nothing. */
  @Test
  void anEntryLargerThanTheByteBoundLeavesTheOthersInPlace() {
    SharedResponses s = store(100, 10_000, Duration.ofHours(1));
    for (int i = 0; i < 3; i++) {
      time.advance(Duration.ofMillis(1));
      s.put("resp_" + i, entry("a", 3000));
    }
    time.advance(Duration.ofMillis(1));
    s.put("huge", entry("a", 20_000));
    assertThat(s.get("huge")).isNull();
    for (int i = 0; i < 3; i++) {
      assertThat(s.get("resp_" + i)).as("resp_" + i).isNotNull();
    }
    time.advance(Duration.ofMillis(1));
    s.put("resp_3", entry("a", 3000)); // the byte total counts only the three kept: one goes
    assertThat(s.get("resp_0")).isNull();
    assertThat(s.get("resp_1")).isNotNull();
    assertThat(s.get("resp_3")).isNotNull();
  }

  /**
   * While Redis is gone an answer is still given (it is not stored), but a read or a delete says
   * the store is unreachable rather than "no such entry": the entry may well be there.
   */
  @Test
  void storesNothingAndSaysItCannotReadWhileRedisIsGone() {
    SharedResponses s = store(10, 1 << 20, Duration.ofHours(1));
    s.put("resp_1", entry("a", 10));
    redis.close();
    assertThatThrownBy(() -> s.get("resp_1"))
        .isInstanceOf(ResponseStore.UnavailableException.class)
        .hasMessage("the fleet's response store (the health store) is unreachable");
    s.put("resp_2", entry("a", 10));
    assertThatThrownBy(() -> s.delete("resp_1"))
        .isInstanceOf(ResponseStore.UnavailableException.class);
  }
}
