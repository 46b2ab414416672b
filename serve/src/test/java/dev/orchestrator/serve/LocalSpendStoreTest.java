package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.serve.budget.BudgetGate;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The local spend store: windows, budgets' ends, persistence. */
class LocalSpendStoreTest {
  @TempDir Path dir;
  private final FakeTime time = new FakeTime();
  private final Clock clock = time.clock(Instant.parse("2026-12-01T22:00:00Z"));

  private static ClientToken client(String perDay, String perMonth) {
    return new ClientToken(
        "team-a",
        ClientToken.sha256("t"),
        perDay == null ? null : new BigDecimal(perDay),
        perMonth == null ? null : new BigDecimal(perMonth),
        List.of());
  }

  private Instant exhaustedUntil(LocalSpendStore l, ClientToken c) {
    return BudgetGate.exhaustedUntil(c, l.totals(c.name(), clock.instant()));
  }

  @Test
  void aSpentDailyBudgetWaitsUntilMidnightUtcThenResets() {
    LocalSpendStore l = LocalSpendStore.inMemory();
    ClientToken c = client("0.001", null);
    assertThat(exhaustedUntil(l, c)).isNull();
    l.add("team-a", clock.instant(), new BigDecimal("0.001"));
    assertThat(exhaustedUntil(l, c)).isEqualTo(Instant.parse("2026-12-02T00:00:00Z"));
    time.advance(Duration.ofHours(2));
    assertThat(exhaustedUntil(l, c)).isNull();
    assertThat(l.totals("team-a", clock.instant()).daySpendUsd()).isEqualByComparingTo("0");
    assertThat(l.totals("team-a", clock.instant()).monthSpendUsd()).isEqualByComparingTo("0.001");
  }

  @Test
  void aSpentMonthlyBudgetWaitsUntilTheFirstOfNextMonth() {
    LocalSpendStore l = LocalSpendStore.inMemory();
    ClientToken c = client("10", "1");
    l.add("team-a", clock.instant(), new BigDecimal("1.5"));
    assertThat(exhaustedUntil(l, c)).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
    time.advance(Duration.ofDays(31));
    assertThat(exhaustedUntil(l, c)).isNull();
  }

  @ParameterizedTest(name = "spent {0} of {1}/day → exhausted: {2}")
  @CsvSource(
      textBlock =
          """
          0,        0.001, false
          0.0009,   0.001, false
          0.001,    0.001, true
          0.0011,   0.001, true
          0,        0,     true
          """)
  void exhaustedOnceSpendReachesTheBudget(String spent, String budget, boolean exhausted) {
    LocalSpendStore l = LocalSpendStore.inMemory();
    l.add("team-a", clock.instant(), new BigDecimal(spent));
    assertThat(exhaustedUntil(l, client(budget, null)) != null).isEqualTo(exhausted);
  }

  @Test
  void zeroAndUnknownCostsAreNotCounted() {
    LocalSpendStore l = LocalSpendStore.inMemory();
    l.add("team-a", clock.instant(), BigDecimal.ZERO);
    l.add("team-a", clock.instant(), null);
    assertThat(l.totals("team-a", clock.instant()).daySpendUsd()).isEqualByComparingTo("0");
  }

  @Test
  void spendSurvivesARestart() {
    Path file = dir.resolve("cache/spend.json");
    try (LocalSpendStore first = LocalSpendStore.open(file)) {
      first.add("team-a", clock.instant(), new BigDecimal("0.25"));
      first.add("team-b", clock.instant(), new BigDecimal("0.5"));
    }

    try (LocalSpendStore second = LocalSpendStore.open(file)) {
      assertThat(second.totals("team-a", clock.instant()).daySpendUsd())
          .isEqualByComparingTo("0.25");
      assertThat(second.totals("team-b", clock.instant()).monthSpendUsd())
          .isEqualByComparingTo("0.5");
    }
    assertThat(dir.resolve("cache").toFile().list())
        .containsExactlyInAnyOrder("spend.json", "spend.json.lock");
  }

  /**
   * Two stores on one file would each write their own spend over the other's: the second is refused
   * while the first holds the file, with the directory and the way out.
   */
  @Test
  void aSecondStoreOnTheSameFileIsRefusedWhileTheFirstHoldsIt() {
    Path file = dir.resolve("cache/spend.json");
    try (LocalSpendStore first = LocalSpendStore.open(file)) {
      first.add("team-a", clock.instant(), new BigDecimal("0.25"));
      assertThatThrownBy(() -> LocalSpendStore.open(file))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining(dir.resolve("cache").toString())
          .hasMessageContaining("--cache-dir")
          .hasMessageContaining("--health-store");
      assertThat(first.totals("team-a", clock.instant()).daySpendUsd())
          .isEqualByComparingTo("0.25");
    }
    try (LocalSpendStore again = LocalSpendStore.open(file)) {
      assertThat(again.totals("team-a", clock.instant()).daySpendUsd())
          .isEqualByComparingTo("0.25");
    }
  }

  @Test
  void aDamagedSpendFileIsAnErrorNamingIt() throws Exception {
    Path file = dir.resolve("spend.json");
    Files.writeString(file, "{not json");
    assertThatThrownBy(() -> LocalSpendStore.open(file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("delete it to start from zero");
  }
}
