package dev.orchestrator.serve.responses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.spi.StoredResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The in-memory store's bounds: entries, bytes and age, on a clock the test moves. */
class LocalResponseStoreTest {
  private final AtomicReference<Instant> now =
      new AtomicReference<>(Instant.parse("2026-03-01T10:00:00Z"));
  private final Clock clock =
      new Clock() {
        @Override
        public java.time.ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return now.get();
        }
      };

  static StoredResponse sized(String owner, int bytes) {
    return new StoredResponse(owner, new byte[bytes / 2], new byte[bytes - bytes / 2]);
  }

  @Test
  void keepsAResponseUntilItsTtlHasPassed() {
    LocalResponseStore s = LocalResponseStore.create(10, 1 << 20, Duration.ofMinutes(5), clock);
    s.put("resp_1", sized("a", 100));
    now.set(now.get().plus(Duration.ofMinutes(4)));
    assertThat(s.get("resp_1")).isNotNull();
    now.set(now.get().plus(Duration.ofMinutes(1)));
    assertThat(s.get("resp_1")).isNull();
  }

  @Test
  void keepsAtMostMaxEntries() {
    LocalResponseStore s = LocalResponseStore.create(3, 1 << 20, Duration.ofHours(1), clock);
    for (int i = 0; i < 10; i++) {
      s.put("resp_" + i, sized("a", 10));
      assertThat(s.get("resp_" + i)).isNotNull(); // the newest is never the one evicted
    }
    assertThat(s.size()).isEqualTo(3);
  }

  @Test
  void keepsAtMostMaxBytes() {
    LocalResponseStore s = LocalResponseStore.create(1000, 10_000, Duration.ofHours(1), clock);
    for (int i = 0; i < 10; i++) {
      s.put("resp_" + i, sized("a", 3000));
    }
    assertThat(s.size()).isEqualTo(3);
    s.put("huge", sized("a", 20_000));
    assertThat(s.get("huge")).isNull();
  }

  @Test
  void deletesAResponse() {
    LocalResponseStore s = LocalResponseStore.create(10, 1 << 20, Duration.ofHours(1), clock);
    s.put("resp_1", sized("a", 10));
    assertThat(s.delete("resp_1")).isTrue();
    assertThat(s.delete("resp_1")).isFalse();
    assertThat(s.get("resp_1")).isNull();
  }

  @Test
  void refusesBoundsThatAreNotPositive() {
    assertThatThrownBy(() -> LocalResponseStore.create(0, 1, Duration.ofHours(1), clock))
        .hasMessage("maxEntries: 0 (expected: >= 1)");
    assertThatThrownBy(() -> LocalResponseStore.create(1, 0, Duration.ofHours(1), clock))
        .hasMessage("maxBytes: 0 (expected: >= 1)");
    assertThatThrownBy(() -> LocalResponseStore.create(1, 1, Duration.ZERO, clock))
        .hasMessage("ttl: PT0S (expected: > 0)");
  }
}
