package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.cost.SpendTotals;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The behaviour every {@link SpendStore} shares (ADR 0022), run against serve's local store (in
 * memory and on a file), the Redis store, and the Redis store degraded to local spend: the same
 * adds give the same totals, window by window.
 */
abstract class SpendStoreContract {
  static final Instant NOON = Instant.parse("2026-12-01T12:00:00Z");
  SpendStore store;

  /** A fresh store with nothing spent. */
  abstract SpendStore newStore() throws Exception;

  /** Releases what {@link #newStore()} opened (default: closes the store). */
  void release() throws Exception {
    store.close();
  }

  @BeforeEach
  void open() throws Exception {
    store = newStore();
  }

  @AfterEach
  void close() throws Exception {
    release();
  }

  private static BigDecimal usd(String v) {
    return new BigDecimal(v);
  }

  @Test
  void nothingSpentIsZeroInTheWindowsOfTheInstant() {
    SpendTotals t = store.totals("team-a", NOON);
    assertThat(t.day()).isEqualTo(LocalDate.parse("2026-12-01"));
    assertThat(t.month()).isEqualTo(YearMonth.parse("2026-12"));
    assertThat(t.daySpendUsd()).isEqualByComparingTo("0");
    assertThat(t.monthSpendUsd()).isEqualByComparingTo("0");
  }

  @Test
  void spendAddsUpExactlyInTheDayAndTheMonth() {
    for (int i = 0; i < 10; i++) {
      store.add("team-a", NOON.plusSeconds(i), usd("0.000000001"));
    }
    store.add("team-a", NOON, usd("0.1"));
    store.add("team-a", NOON, usd("0.2"));
    SpendTotals t = store.totals("team-a", NOON);
    assertThat(t.daySpendUsd()).isEqualByComparingTo("0.30000001");
    assertThat(t.monthSpendUsd()).isEqualByComparingTo("0.30000001");
  }

  @Test
  void clientsAreCountedApart() {
    store.add("team-a", NOON, usd("0.5"));
    store.add("team-b", NOON, usd("0.25"));
    assertThat(store.totals("team-a", NOON).daySpendUsd()).isEqualByComparingTo("0.5");
    assertThat(store.totals("team-b", NOON).daySpendUsd()).isEqualByComparingTo("0.25");
    assertThat(store.totals("team-c", NOON).daySpendUsd()).isEqualByComparingTo("0");
  }

  @Test
  void freeUnknownAndNegativeCostsAreNotCounted() {
    store.add("team-a", NOON, BigDecimal.ZERO);
    store.add("team-a", NOON, null);
    store.add("team-a", NOON, usd("-1"));
    assertThat(store.totals("team-a", NOON).monthSpendUsd()).isEqualByComparingTo("0");
  }

  @ParameterizedTest(name = "spent at {0}, asked at {1}: day {2}, month {3}")
  @CsvSource(
      textBlock =
          """
          2026-12-01T12:00:00Z, 2026-12-01T23:59:59.999Z, 1.5, 1.5
          2026-12-01T12:00:00Z, 2026-12-02T00:00:00Z,     0,   1.5
          2026-12-01T12:00:00Z, 2026-12-31T23:59:59Z,     0,   1.5
          2026-12-01T12:00:00Z, 2027-01-01T00:00:00Z,     0,   0
          2026-12-31T23:59:59Z, 2027-01-01T00:00:01Z,     0,   0
          """)
  void windowsRollOverAtMidnightAndOnTheFirstUtc(
      Instant spentAt, Instant askedAt, String day, String month) {
    store.add("team-a", spentAt, usd("1.5"));
    SpendTotals t = store.totals("team-a", askedAt);
    assertThat(t.day()).isEqualTo(SpendTotals.dayOf(askedAt));
    assertThat(t.daySpendUsd()).isEqualByComparingTo(day);
    assertThat(t.monthSpendUsd()).isEqualByComparingTo(month);
  }

  @Test
  void aNewDayStartsFromZeroWhileTheMonthKeepsCounting() {
    store.add("team-a", NOON, usd("1"));
    Instant tomorrow = NOON.plusSeconds(86_400);
    store.add("team-a", tomorrow, usd("2"));
    SpendTotals t = store.totals("team-a", tomorrow);
    assertThat(t.daySpendUsd()).isEqualByComparingTo("2");
    assertThat(t.monthSpendUsd()).isEqualByComparingTo("3");
  }

  /**
   * Windows never move back: a look (or a late add) at an instant before the latest one seen — a
   * request that read the clock just before midnight, its check or its answer's add landing after
   * an add just past midnight — leaves the later windows' spend as it was.
   */
  @Test
  void anEarlierInstantLosesNothingOfALaterWindow() {
    Instant beforeMidnight = Instant.parse("2026-12-31T23:59:59.900Z");
    Instant afterMidnight = Instant.parse("2027-01-01T00:00:00.100Z");
    store.add("team-a", afterMidnight, usd("2"));
    store.totals("team-a", beforeMidnight);
    store.add("team-a", beforeMidnight, usd("1"));
    SpendTotals t = store.totals("team-a", afterMidnight);
    assertThat(t.day()).isEqualTo(LocalDate.parse("2027-01-01"));
    assertThat(t.daySpendUsd()).isEqualByComparingTo("2");
    assertThat(t.monthSpendUsd()).isEqualByComparingTo("2");
  }
}
