package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.ProviderFailure;
import java.util.List;
import java.util.Objects;

/**
 * A classified failure together with the id of the rule that decided it (for example {@code
 * account.wording} or {@code transport.read_timeout}; every id is listed in {@code
 * docs/failure-taxonomy.md}). The rule id explains a verdict to a person; the engine decides from
 * the {@link ProviderFailure} alone. Immutable and thread-safe.
 *
 * @param failure the typed failure
 * @param rule the id of the first rule that matched; an operator's rule is {@code
 *     user:<path>:<line>}
 * @param considered the operator's rules checked, in order, up to and including the one that
 *     matched, each with why it did or did not match; empty when there are none
 * @param words what the deciding built-in rule read in the failure's text — each code, phrase and
 *     matched pattern, in the order read, lower-cased as the rule reads them — when the
 *     classification was traced ({@link FailureClassifier#trace}); empty otherwise, for an
 *     operator's rule, or when the rule read a status, a transport fault or an answer's shape
 *     rather than words. The phrase to put in an operator's rule to decide such a text otherwise.
 */
public record Classification(
    ProviderFailure failure, String rule, List<Check> considered, List<String> words) {

  /** Validates. */
  public Classification {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(rule, "rule");
    considered = List.copyOf(considered);
    words = List.copyOf(words);
  }

  /** A classification with the operator's rules considered, not traced (no words). */
  public Classification(ProviderFailure failure, String rule, List<Check> considered) {
    this(failure, rule, considered, List.of());
  }

  /** A built-in rule's classification, with no operator's rules to consider. */
  public Classification(ProviderFailure failure, String rule) {
    this(failure, rule, List.of());
  }

  /**
   * For an operator's rule, which of its conditions held ({@code "status 429, message contains
   * 'saturated'"}); {@code null} for a built-in rule, whose id is documented.
   */
  public String why() {
    if (considered.isEmpty()) {
      return null;
    }
    Check last = considered.get(considered.size() - 1);
    return last.matched() ? last.why() : null;
  }

  /**
   * One operator's rule checked against the failure.
   *
   * @param rule the rule's id ({@code user:<path>:<line>})
   * @param matched whether every one of its conditions held
   * @param why the conditions that held when it matched, else the first that did not
   */
  public record Check(String rule, boolean matched, String why) {
    /** Validates. */
    public Check {
      Objects.requireNonNull(rule, "rule");
      Objects.requireNonNull(why, "why");
    }
  }
}
