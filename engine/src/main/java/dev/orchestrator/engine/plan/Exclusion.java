package dev.orchestrator.engine.plan;

import java.util.Objects;

/**
 * A route left out of a plan, with the one reason that decided it. Immutable.
 *
 * @param route route id
 * @param reason the first rule that excluded it
 * @param detail what exactly did not fit, in the user's terms ({@code "needs 200000 tokens, window
 *     131072"}, {@code "set OPENROUTER_API_KEY"}, {@code "vision"}), or empty when the reason says
 *     it all
 */
public record Exclusion(String route, ExclusionReason reason, String detail) {
  /** Validates. */
  public Exclusion {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(reason, "reason");
    detail = detail == null ? "" : detail;
  }

  /** An exclusion whose reason needs no detail. */
  public Exclusion(String route, ExclusionReason reason) {
    this(route, reason, "");
  }
}
