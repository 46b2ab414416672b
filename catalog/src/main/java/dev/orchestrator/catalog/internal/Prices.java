package dev.orchestrator.catalog.internal;

import java.math.BigDecimal;

/** Exact price arithmetic shared by the readers. */
public final class Prices {
  private static final BigDecimal MAX_PLAUSIBLE = new BigDecimal("1000000000");

  private Prices() {}

  /**
   * Strips trailing zeros but keeps a non-negative scale, so {@code 150} never prints as 1.5E+2.
   */
  public static BigDecimal normalize(BigDecimal d) {
    if (d == null) {
      return null;
    }
    if (d.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  /**
   * An OpenRouter per-token price string as USD per million tokens, exactly. {@code "0"} is zero; a
   * negative ({@code "-1"}: variable-price router), unparsable or absurd value is {@code null},
   * i.e. no evidence, which the tier rule reads as priced.
   */
  public static BigDecimal perTokenToPerMtok(String perToken) {
    if (perToken == null) {
      return null;
    }
    BigDecimal d;
    try {
      d = new BigDecimal(perToken.trim());
    } catch (NumberFormatException e) {
      return null;
    }
    return perMtokOrNull(d.movePointRight(6));
  }

  /** A per-Mtok price from a third-party source, or {@code null} when negative or absurd. */
  public static BigDecimal perMtokOrNull(BigDecimal d) {
    if (d == null || d.signum() < 0 || d.compareTo(MAX_PLAUSIBLE) > 0) {
      return null;
    }
    return normalize(d);
  }

  /** Whether both prices are known and at least one is above zero. */
  static boolean priced(BigDecimal input, BigDecimal output) {
    return input != null && output != null && (input.signum() > 0 || output.signum() > 0);
  }

  /** {@code "$0.1 in / $0.4 out per Mtok"}. */
  static String describe(BigDecimal input, BigDecimal output) {
    return "$"
        + normalize(input).toPlainString()
        + " in / $"
        + normalize(output).toPlainString()
        + " out per Mtok";
  }
}
