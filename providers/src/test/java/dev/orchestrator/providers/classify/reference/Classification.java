package dev.orchestrator.providers.classify.reference;

import dev.orchestrator.engine.failure.ProviderFailure;
import java.util.Objects;

/**
 * A classified failure together with the id of the rule that decided it (for example {@code
 * account.wording} or {@code transport.read_timeout}; every id is listed in {@code
 * docs/failure-taxonomy.md}). The rule id explains a verdict to a person; the engine decides from
 * the {@link ProviderFailure} alone. Immutable and thread-safe.
 *
 * @param failure the typed failure
 * @param rule the id of the first rule that matched
 */
public record Classification(ProviderFailure failure, String rule) {

  /** Validates. */
  public Classification {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(rule, "rule");
  }
}
