package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.RouteFilter;
import dev.orchestrator.engine.catalog.Tier;
import java.math.BigDecimal;
import java.util.List;
import java.util.StringJoiner;

/**
 * The {@link Exclusion#detail()} texts, in the user's terms: what exactly did not fit. Stateless;
 * thread-safe.
 */
final class ExclusionDetails {
  private ExclusionDetails() {}

  private static final Capability[] CAPABILITIES = Capability.values();

  /** The detail of a reason that depends on the route and its provider alone. */
  static String of(ExclusionReason reason, Route r, Provider p) {
    return switch (reason) {
      case NO_CREDENTIALS -> MissingCredentials.detail(p);
      case PRICED_TIER_BOUNDARY -> priced(r);
      case NOT_CHAT ->
          r.outputModalities().contains("text")
              ? "the catalog marks it as not a chat model"
              : "outputs " + String.join(", ", r.outputModalities());
      case RETIRED ->
          r.retired()
              ? "marked retired in the catalog"
              : r.expirationDate() != null
                  ? "expired " + r.expirationDate()
                  : "answered not_found; left out until its retirement expires";
      case COOLING_DOWN -> "cooling down for the wait its provider asked for";
      case ACCOUNT_STATE ->
          "its provider refused the account (auth, permission or a quota with no reset time);"
              + " left out for the account cool-down";
      case CIRCUIT_OPEN -> "circuit open after repeated failures";
      case DENIED_BY_CONFIG -> "denied by the config";
      // Request-dependent: built by the planner with the request's numbers.
      case CONTEXT_TOO_SMALL, MISSING_CAPABILITY, OVER_MAX_PRICE -> "";
    };
  }

  /** Why a route denied by {@code filter} is: a deny glob, or an allow list it is not on. */
  static String denied(RouteFilter filter, String routeId) {
    return new RouteFilter(List.of(), filter.deny()).denies(routeId)
        ? "on the config's deny list"
        : "not on the config's allow list";
  }

  /** {@code "lacks tools, vision"} for the capabilities in {@code missingMask}. */
  static String missing(int missingMask) {
    StringJoiner j = new StringJoiner(", ", "lacks ", "");
    for (Capability c : CAPABILITIES) {
      if ((missingMask & (1 << c.ordinal())) != 0) {
        j.add(c.wireName());
      }
    }
    return j.toString();
  }

  /** {@code "$0.5/Mtok in+out, max $0.3"}, or the unknown price. */
  static String overPrice(BigDecimal blended, BigDecimal max) {
    String limit = "max $" + plain(max);
    return blended == null
        ? "price unknown, " + limit
        : "$" + plain(blended) + "/Mtok in+out, " + limit;
  }

  /**
   * Why a route is priced: its prices, or that they are unknown; token prices of zero name the
   * other charges the catalog states ({@code $0 in / $0 out per Mtok, but the catalog also bills
   * pricing.request 0.005 (treated as priced)}).
   */
  static String priced(Route r) {
    BigDecimal in = r.inputPerMtok();
    BigDecimal out = r.outputPerMtok();
    if (in == null || out == null) {
      return "price unknown (treated as priced)";
    }
    if (in.signum() < 0 || out.signum() < 0) {
      return "variable price (treated as priced)";
    }
    return zeroTokenPrices(r) ? prices(r) + " (treated as priced)" : prices(r);
  }

  /**
   * A route's known token prices, and, when both are zero, what else its catalog bills: {@code $0
   * in / $0 out per Mtok, but the catalog also bills pricing.request 0.005}.
   */
  static String prices(Route r) {
    String p =
        "$" + plain(r.inputPerMtok()) + " in / $" + plain(r.outputPerMtok()) + " out per Mtok";
    if (r.tier() == Tier.PRICED
        && r.chargesBesidesTokens().isEmpty()
        && r.inputPerMtok().signum() == 0
        && r.outputPerMtok().signum() == 0) {
      // zero prices and no charge: only an explicit tier makes such a route priced
      return p + ", but tier: priced in the config";
    }
    if (!zeroTokenPrices(r)) {
      return p;
    }
    StringJoiner j = new StringJoiner(", ", p + ", but the catalog also bills ", "");
    r.chargesBesidesTokens().forEach((field, value) -> j.add(field + " " + value));
    return j.toString();
  }

  // Both token prices zero and yet other charges: the charges are why the route is priced.
  private static boolean zeroTokenPrices(Route r) {
    return !r.chargesBesidesTokens().isEmpty()
        && r.inputPerMtok() != null
        && r.outputPerMtok() != null
        && r.inputPerMtok().signum() == 0
        && r.outputPerMtok().signum() == 0;
  }

  static String plain(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    return (s.scale() < 0 ? s.setScale(0) : s).toPlainString();
  }
}
