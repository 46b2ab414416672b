package dev.orchestrator.catalog.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;

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

  /**
   * Whether both prices are known and at least one is above zero, or both are known and the source
   * states other charges.
   */
  static boolean priced(BigDecimal input, BigDecimal output, Map<String, String> otherCharges) {
    return input != null
        && output != null
        && (input.signum() > 0
            || output.signum() > 0
            || otherCharges != null && !otherCharges.isEmpty());
  }

  /**
   * {@code "$0.1 in / $0.4 out per Mtok"}; with zero prices and other charges, {@code ", but the
   * catalog also bills pricing.request 0.005"} after it.
   */
  static String describe(BigDecimal input, BigDecimal output, Map<String, String> otherCharges) {
    String p =
        "$"
            + normalize(input).toPlainString()
            + " in / $"
            + normalize(output).toPlainString()
            + " out per Mtok";
    if (otherCharges == null
        || otherCharges.isEmpty()
        || input.signum() != 0
        || output.signum() != 0) {
      return p;
    }
    StringJoiner j = new StringJoiner(", ", p + ", but the catalog also bills ", "");
    new TreeMap<>(otherCharges).forEach((field, value) -> j.add(field + " " + value));
    return j.toString();
  }

  /**
   * The charges a price object states apart from the token prices: every member named in {@code
   * charges} whose value is not exactly zero, keyed {@code prefix.field} with the value as written;
   * a number that does not parse, a negative one ({@code "-1"}: variable) or any other scalar is a
   * charge too, since it is no evidence of zero. {@code null} members say nothing. A member named
   * in {@code tiers} (Models.dev {@code tiers}, the older {@code context_over_200k}) is looked into
   * as prices above a context size, each member but {@code tier} a charge. Other members (the
   * schemas grow) are not read.
   */
  static Map<String, String> otherCharges(
      Value prices, String prefix, Set<String> charges, Set<String> tiers) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, Value> e : prices.members("an object of prices").entrySet()) {
      String field = e.getKey();
      if (charges.contains(field) || tiers.contains(field)) {
        collect(e.getValue(), prefix + "." + field, tiers.contains(field), out);
      }
    }
    return out;
  }

  private static void collect(Value v, String at, boolean nested, Map<String, String> charges) {
    JsonNode n = v.node();
    if (n == null || n.isNull() || n.isMissingNode()) {
      return;
    }
    if (nested && n.isArray()) {
      int i = 0;
      for (Value tier : v.elements("price tiers")) {
        collectTier(tier, at + "[" + i++ + "]", charges);
      }
      return;
    }
    if (nested && n.isObject()) {
      collectTier(v, at, charges);
      return;
    }
    if (n.isNumber()) {
      if (n.decimalValue().signum() != 0) {
        charges.put(at, normalize(n.decimalValue()).toPlainString());
      }
      return;
    }
    if (n.isTextual()) {
      String t = n.textValue();
      try {
        if (new BigDecimal(t.trim()).signum() == 0) {
          return;
        }
      } catch (NumberFormatException e) {
        // no evidence of zero: a charge of unknown amount
      }
      charges.put(at, t.length() > 40 ? t.substring(0, 40) + "…" : t);
      return;
    }
    charges.put(at, v.render());
  }

  // One Models.dev price tier: {"tier": {"size": 200000}, "input": 10, "output": 37.5, …}; its
  // "tier" member says where it starts, every other member is a price.
  private static void collectTier(Value tier, String at, Map<String, String> charges) {
    if (!tier.isObject()) {
      collect(tier, at, false, charges);
      return;
    }
    for (Map.Entry<String, Value> e : tier.members("a price tier").entrySet()) {
      if (!e.getKey().equals("tier")) {
        collect(e.getValue(), at + "." + e.getKey(), false, charges);
      }
    }
  }
}
