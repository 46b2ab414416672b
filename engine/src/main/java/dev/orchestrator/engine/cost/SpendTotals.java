package dev.orchestrator.engine.cost;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A client's spend in one UTC day and the UTC month containing it. Immutable.
 *
 * @param day the UTC day
 * @param daySpendUsd spent in {@code day}
 * @param month the UTC month containing {@code day}
 * @param monthSpendUsd spent in {@code month}
 */
public record SpendTotals(
    LocalDate day, BigDecimal daySpendUsd, YearMonth month, BigDecimal monthSpendUsd) {

  /** Validates: no nulls, no negative spend, {@code day} inside {@code month}. */
  public SpendTotals {
    Objects.requireNonNull(day, "day");
    Objects.requireNonNull(daySpendUsd, "daySpendUsd");
    Objects.requireNonNull(month, "month");
    Objects.requireNonNull(monthSpendUsd, "monthSpendUsd");
    if (daySpendUsd.signum() < 0 || monthSpendUsd.signum() < 0) {
      throw new IllegalArgumentException(
          "spend: " + daySpendUsd + " / " + monthSpendUsd + " (expected: >= 0)");
    }
    if (!YearMonth.from(day).equals(month)) {
      throw new IllegalArgumentException("day " + day + " (expected: in month " + month + ")");
    }
  }

  /** Nothing spent in the windows containing {@code at}. */
  public static SpendTotals zero(Instant at) {
    LocalDate day = dayOf(at);
    return new SpendTotals(day, BigDecimal.ZERO, YearMonth.from(day), BigDecimal.ZERO);
  }

  /** The UTC day containing {@code at}. */
  public static LocalDate dayOf(Instant at) {
    return LocalDate.ofInstant(at, ZoneOffset.UTC);
  }

  /** When {@link #day} ends (the next midnight UTC). */
  public Instant dayEnd() {
    return day.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
  }

  /** When {@link #month} ends (midnight UTC on the first of the next month). */
  public Instant monthEnd() {
    return month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
  }
}
