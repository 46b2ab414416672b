package dev.orchestrator.engine.chat;

import java.util.Locale;

/**
 * How much a reasoning model should think ({@code reasoning_effort}). On Anthropic routes an effort
 * becomes an extended-thinking budget ({@link #anthropicBudgetTokens()}).
 */
public enum ReasoningEffort {
  /** {@code none}: no reasoning. */
  NONE(0),
  /** {@code minimal}. */
  MINIMAL(1024),
  /** {@code low}. */
  LOW(2048),
  /** {@code medium}. */
  MEDIUM(8192),
  /** {@code high}. */
  HIGH(16384),
  /** {@code xhigh}. */
  XHIGH(32768);

  private final int anthropicBudgetTokens;

  ReasoningEffort(int anthropicBudgetTokens) {
    this.anthropicBudgetTokens = anthropicBudgetTokens;
  }

  /** Lower case wire name. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The Anthropic {@code thinking.budget_tokens} this effort translates to; {@code 0} means
   * thinking stays disabled. Anthropic's minimum budget is 1024.
   */
  public int anthropicBudgetTokens() {
    return anthropicBudgetTokens;
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static ReasoningEffort fromWireName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (ReasoningEffort e : values()) {
      if (e.wireName().equals(n)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "reasoning_effort: " + name + " (expected: none, minimal, low, medium, high or xhigh)");
  }
}
