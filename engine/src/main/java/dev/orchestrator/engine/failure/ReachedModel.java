package dev.orchestrator.engine.failure;

/** Whether a failed request reached the model, as far as the evidence tells. */
public enum ReachedModel {
  /** The model saw the request (an HTTP answer from it, or output). */
  YES,
  /** The request never reached the model (connect failure, gateway rejection before it). */
  NO,
  /** Cannot tell (e.g. the connection died after the request was sent). */
  UNKNOWN;

  /** {@code true}, {@code false} or {@code null} for JSON. */
  public Boolean asBoolean() {
    switch (this) {
      case YES:
        return Boolean.TRUE;
      case NO:
        return Boolean.FALSE;
      default:
        return null;
    }
  }
}
