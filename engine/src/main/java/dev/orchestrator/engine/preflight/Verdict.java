package dev.orchestrator.engine.preflight;

import java.util.Locale;

/** What a preflight concluded about one route. */
public enum Verdict {
  /** The route answered the probe with usable output (on the first or the second attempt). */
  VIABLE,
  /**
   * The route failed the probe: a settled failure after one attempt, or a retryable one after two.
   */
  REJECTED,
  /**
   * The route was not probed (or its probe was cancelled): priced without {@code allowPriced},
   * beyond {@code maxRoutes}, already cooling down, retired or with an open breaker, or a half-open
   * probe of it already in flight elsewhere. The verdict's note says which.
   */
  SKIPPED;

  /** Lower case name used in JSON ({@code viable}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
