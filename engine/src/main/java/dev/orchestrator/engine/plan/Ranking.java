package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.plan.RoutePlanner.Entry;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Comparator;

/**
 * The rank orders of the virtual pools (ADR 0004). Every order starts with "known context window
 * first" (unknown windows are kept but ranked after known-fitting ones) and ends with the route id,
 * so a plan is a pure function of its inputs.
 */
final class Ranking {
  private Ranking() {}

  private static final Comparator<Entry> KNOWN_WINDOW_FIRST =
      Comparator.comparing((Entry e) -> e.window > 0 ? 0 : 1);

  private static final Comparator<Entry> BY_ID = Comparator.comparing((Entry e) -> e.id);

  private static final Comparator<Entry> QUALITY_DESC =
      Comparator.comparing(
          (Entry e) -> e.route.quality(), Comparator.nullsLast(Comparator.reverseOrder()));

  private static final Comparator<Entry> WINDOW_DESC =
      Comparator.comparingLong((Entry e) -> e.window).reversed();

  private static final Comparator<Entry> RELEASE_DESC =
      Comparator.comparing(
          (Entry e) -> e.route.releaseDate(),
          Comparator.<LocalDate>nullsLast(Comparator.reverseOrder()));

  /** Free pool: explicit quality, then the largest window, then the newest release. */
  static final Comparator<Entry> FREE =
      KNOWN_WINDOW_FIRST
          .thenComparing(QUALITY_DESC)
          .thenComparing(WINDOW_DESC)
          .thenComparing(RELEASE_DESC)
          .thenComparing(BY_ID);

  /** Auto, cost-first: free routes, then ascending input+output price (unknown last). */
  static final Comparator<Entry> COST =
      KNOWN_WINDOW_FIRST
          .thenComparing((Entry e) -> e.free ? 0 : 1)
          .thenComparing(
              (Entry e) -> e.blended, Comparator.<BigDecimal>nullsLast(Comparator.naturalOrder()))
          .thenComparing(WINDOW_DESC)
          .thenComparing(BY_ID);

  /**
   * Auto, quality-first: explicit quality, then descending price as a proxy for capability, then
   * the newest release.
   */
  static final Comparator<Entry> QUALITY =
      KNOWN_WINDOW_FIRST
          .thenComparing(QUALITY_DESC)
          .thenComparing(
              (Entry e) -> e.blended, Comparator.<BigDecimal>nullsLast(Comparator.reverseOrder()))
          .thenComparing(RELEASE_DESC)
          .thenComparing(WINDOW_DESC)
          .thenComparing(BY_ID);

  /** One line explaining a candidate's place. */
  static String why(Entry e, int rank, String label, PlanRequest req) {
    StringBuilder sb = new StringBuilder(112);
    switch (label) {
      case "free" -> sb.append(freeBecause(e.route));
      case "auto" -> {
        sb.append(
            req.strategy() == Strategy.QUALITY
                ? "ranked quality-first; "
                : "ranked cost-first (free, then cheapest); ");
        sb.append(e.price());
      }
      default -> sb.append(label).append(", position ").append(rank).append("; ").append(e.price());
    }
    long need = (long) req.promptTokens() + req.maxOutputTokens();
    if (e.window > 0) {
      sb.append("; window ").append(e.window);
      if (need > 0) {
        sb.append(" fits ").append(need).append(" tokens");
      }
    } else {
      sb.append("; window unknown, ranked after known windows");
    }
    if (e.route.quality() != null) {
      sb.append("; quality ").append(e.route.quality());
    }
    if (label.equals("free")) {
      sb.append("; ranked by quality, then window, then release date");
    }
    return sb.toString();
  }

  /**
   * Where a free route's freedom comes from: both catalog prices 0, or {@code tier: free} in a
   * config (with the catalog price it overrides, if any).
   */
  static String freeBecause(dev.orchestrator.engine.catalog.Route r) {
    BigDecimal in = r.inputPerMtok();
    BigDecimal out = r.outputPerMtok();
    if (in != null
        && out != null
        && in.signum() == 0
        && out.signum() == 0
        && r.chargesBesidesTokens().isEmpty()) {
      return "free: the catalog prices it at 0 in and 0 out";
    }
    if (in == null || out == null) {
      return "free: tier: free in the config (no catalog price)";
    }
    return "free: tier: free in the config overrides the catalog price "
        + (r.chargesBesidesTokens().isEmpty()
            ? ExclusionDetails.priced(r)
            : ExclusionDetails.prices(r));
  }

  /** A route's price as a candidate's line says it; {@code free}: the route is free-tier. */
  static String price(dev.orchestrator.engine.catalog.Route r, boolean free) {
    if (free) {
      return freeBecause(r);
    }
    if (r.inputPerMtok() != null && r.outputPerMtok() != null) {
      return ExclusionDetails.prices(r);
    }
    return "price unknown (treated as priced)";
  }
}
