package dev.orchestrator.engine.chat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * OpenRouter-style per-request provider preferences, the request's {@code provider} object
 * (docs/reference.md §5). Provider slugs are catalog provider ids, compared without case.
 * Immutable.
 *
 * @param order providers tried first, in this order; the others follow in plan order unless {@code
 *     allowFallbacks} is false
 * @param only the providers allowed (empty: every provider)
 * @param ignore providers never used
 * @param allowFallbacks whether providers outside {@code order} may serve (default true)
 * @param sort rank the candidates by this instead of the policy's strategy, or {@code null}
 * @param maxPromptPerMtok the most a route may charge per million prompt tokens, or {@code null}
 * @param maxCompletionPerMtok the most a route may charge per million completion tokens, or {@code
 *     null}
 * @param requireParameters whether only routes that receive every field of the request are used
 */
public record ProviderPreferences(
    List<String> order,
    List<String> only,
    List<String> ignore,
    boolean allowFallbacks,
    Sort sort,
    BigDecimal maxPromptPerMtok,
    BigDecimal maxCompletionPerMtok,
    boolean requireParameters) {

  /** No preference: every provider, the policy's ranking. */
  public static final ProviderPreferences NONE =
      new ProviderPreferences(List.of(), List.of(), List.of(), true, null, null, null, false);

  /** OpenRouter's {@code provider.sort} values. */
  public enum Sort {
    /** Cheapest first (the cost strategy). */
    PRICE,
    /** Highest observed throughput first. */
    THROUGHPUT,
    /** Lowest observed time to first token first. */
    LATENCY;

    /** The wire name. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code price}, {@code throughput} or {@code latency}.
     *
     * @throws IllegalArgumentException naming {@code provider.sort}
     */
    public static Sort fromWireName(String s) {
      for (Sort v : values()) {
        if (v.wireName().equals(s)) {
          return v;
        }
      }
      throw new IllegalArgumentException(
          "provider.sort: '" + s + "' (expected: price, throughput or latency)");
    }
  }

  /** Validates and copies; slugs are trimmed and lower-cased. */
  public ProviderPreferences {
    order = slugs(order, "provider.order");
    only = slugs(only, "provider.only");
    ignore = slugs(ignore, "provider.ignore");
    price(maxPromptPerMtok, "provider.max_price.prompt");
    price(maxCompletionPerMtok, "provider.max_price.completion");
  }

  /** Whether this is {@link #NONE} in effect. */
  public boolean isNone() {
    return this == NONE || equals(NONE);
  }

  /** Whether {@code provider} may serve the request: in {@code only} (if any), not ignored. */
  public boolean admits(String provider) {
    String p = provider.toLowerCase(Locale.ROOT);
    return (only.isEmpty() || only.contains(p)) && !ignore.contains(p);
  }

  /** The place of {@code provider} in {@link #order()}, or -1. */
  public int orderOf(String provider) {
    return order.indexOf(provider.toLowerCase(Locale.ROOT));
  }

  private static List<String> slugs(List<String> in, String what) {
    if (in == null || in.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(in.size());
    for (int i = 0; i < in.size(); i++) {
      String s = in.get(i);
      if (s == null || s.isBlank()) {
        throw new IllegalArgumentException(
            what + "[" + i + "]: blank (expected: a provider id of the catalog)");
      }
      out.add(s.trim().toLowerCase(Locale.ROOT));
    }
    return List.copyOf(out);
  }

  private static void price(BigDecimal v, String what) {
    if (v != null && v.signum() < 0) {
      throw new IllegalArgumentException(what + ": " + v + " (expected: >= 0)");
    }
  }
}
