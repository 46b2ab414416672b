package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.ProviderFailure;
import java.util.Objects;

/**
 * A classified failure together with the id of the rule that decided it (for example {@code
 * account.wording} or {@code transport.read_timeout}; every id is listed in {@code
 * docs/failure-taxonomy.md}). The rule id explains a verdict to a person; the engine decides from
 * the {@link ProviderFailure} alone. Immutable and thread-safe.
 *
 * @param failure the typed failure
 * @param rule the id of the first rule that matched; an operator's rule is {@code user:<name>}
 * @param why for an operator's rule, where it is written and which of its conditions held ({@code
 *     "errors.yaml:12: status 429, message contains 'saturated'"}); {@code null} for a built-in
 *     rule, whose id is documented
 */
public record Classification(ProviderFailure failure, String rule, String why) {

  /** Validates. */
  public Classification {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(rule, "rule");
  }

  /** A built-in rule's classification. */
  public Classification(ProviderFailure failure, String rule) {
    this(failure, rule, null);
  }
}
