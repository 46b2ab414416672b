package dev.orchestrator.providers.classify;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;

/**
 * The single source of truth for "what kind of provider failure is this and may it be re-sent"
 * (DESIGN §4). Thread-safe and stateless.
 *
 * <p>PRELIMINARY: status-only rules until the evidence-ordered tables land.
 */
public final class FailureClassifier {

  /** The shared instance. */
  public static final FailureClassifier INSTANCE = new FailureClassifier();

  private FailureClassifier() {}

  /** Classifies one failure. Never throws. */
  public ProviderFailure classify(FailureEvidence e) {
    Integer s = e.status();
    FailureCategory c;
    boolean retry;
    if (s == null) {
      c = FailureCategory.CONNECTION_FAILED;
      retry = true;
    } else if (s == 429) {
      c = FailureCategory.RATE_LIMITED;
      retry = true;
    } else if (s >= 500) {
      c = FailureCategory.SERVER_ERROR;
      retry = true;
    } else {
      c = FailureCategory.REQUEST_INVALID;
      retry = false;
    }
    return new ProviderFailure(
        c, retry, ReachedModel.UNKNOWN, s, null, null, null, null, e.transportFault(), "", null);
  }
}
