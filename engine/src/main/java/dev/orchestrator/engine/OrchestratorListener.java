package dev.orchestrator.engine;

import dev.orchestrator.engine.plan.Plan;

/**
 * Receives the same events that make up a request's {@link Trace}, as they happen. Called on the
 * request's thread; implementations must be thread-safe (one listener serves concurrent requests)
 * and quick. A listener that throws is ignored for that event; the first throw of each listener is
 * logged and every throw is counted ({@link TaskOrchestrator#listenerFailures()}).
 *
 * <p>Every request that reaches planning ends with exactly one of {@link #onSuccess}, {@link
 * #onFailure} or {@link #onError}, so a listener can always close what it opened.
 */
public interface OrchestratorListener {
  /** A plan was built. */
  default void onPlan(Plan plan) {}

  /** An attempt ended and the engine decided what to do next. */
  default void onAttempt(String model, AttemptRecord attempt) {}

  /** The request ended with an answer. */
  default void onSuccess(ChatResult result) {}

  /** The request ended without an answer. */
  default void onFailure(OrchestratorException error) {}

  /**
   * The request ended with an exception that is not an {@link OrchestratorException}: an unknown
   * model, a free-tier violation, a bug. Fires for every such exit, also before {@link #onPlan}.
   */
  default void onError(RuntimeException error) {}
}
