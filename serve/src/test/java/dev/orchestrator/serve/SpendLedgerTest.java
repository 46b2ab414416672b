package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpendLedgerTest {
  @TempDir Path dir;
  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T22:00:00Z"));

  private static ClientToken client(String perDay, String perMonth) {
    return new ClientToken(
        "team-a",
        ClientToken.sha256("t"),
        perDay == null ? null : new BigDecimal(perDay),
        perMonth == null ? null : new BigDecimal(perMonth),
        List.of());
  }

  @Test
  void aSpentDailyBudgetWaitsUntilMidnightUtcThenResets() {
    SpendLedger l = SpendLedger.open(clock, null);
    ClientToken c = client("0.001", null);
    assertThat(l.exhaustedFor(c)).isNull();
    l.add("team-a", new BigDecimal("0.001"));
    assertThat(l.exhaustedFor(c)).isEqualTo(Duration.ofHours(2));
    clock.advance(Duration.ofHours(2));
    assertThat(l.exhaustedFor(c)).isNull();
    assertThat(l.today("team-a")).isEqualByComparingTo("0");
    assertThat(l.thisMonth("team-a")).isEqualByComparingTo("0.001");
  }

  @Test
  void aSpentMonthlyBudgetWaitsUntilTheFirstOfNextMonth() {
    SpendLedger l = SpendLedger.open(clock, null);
    ClientToken c = client("10", "1");
    l.add("team-a", new BigDecimal("1.5"));
    assertThat(l.exhaustedFor(c))
        .isEqualTo(Duration.between(clock.instant(), Instant.parse("2027-01-01T00:00:00Z")));
    clock.advance(Duration.ofDays(31));
    assertThat(l.exhaustedFor(c)).isNull();
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
    SpendLedger l = SpendLedger.open(clock, null);
    l.add("team-a", new BigDecimal(spent));
    assertThat(l.exhaustedFor(client(budget, null)) != null).isEqualTo(exhausted);
  }

  @Test
  void zeroAndUnknownCostsAreNotCounted() {
    SpendLedger l = SpendLedger.open(clock, null);
    l.add("team-a", BigDecimal.ZERO);
    l.add("team-a", null);
    assertThat(l.today("team-a")).isEqualByComparingTo("0");
  }

  @Test
  void spendSurvivesARestart() {
    Path file = dir.resolve("cache/spend.json");
    SpendLedger first = SpendLedger.open(clock, file);
    first.add("team-a", new BigDecimal("0.25"));
    first.add("team-b", new BigDecimal("0.5"));

    SpendLedger second = SpendLedger.open(clock, file);
    assertThat(second.today("team-a")).isEqualByComparingTo("0.25");
    assertThat(second.thisMonth("team-b")).isEqualByComparingTo("0.5");
    assertThat(dir.resolve("cache").toFile().list()).containsExactly("spend.json");
  }

  @Test
  void aDamagedSpendFileIsAnErrorNamingIt() throws Exception {
    Path file = dir.resolve("spend.json");
    Files.writeString(file, "{not json");
    assertThatThrownBy(() -> SpendLedger.open(clock, file))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("delete it to start from zero");
  }
}
