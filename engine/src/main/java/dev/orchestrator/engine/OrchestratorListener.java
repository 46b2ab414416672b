package dev.orchestrator.engine;

import dev.orchestrator.engine.plan.Plan;

/**
 * Receives the same events that make up a request's {@link Trace}, as they happen. Called on the
 * request's thread; implementations must be thread-safe (one listener serves concurrent requests)
 * and quick. A listener that throws is ignored for that event.
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
}
