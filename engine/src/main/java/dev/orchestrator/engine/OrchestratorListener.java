package dev.orchestrator.engine;

import dev.orchestrator.engine.plan.Plan;

/**
 * Receives the same events that make up a request's {@link Trace}, as they happen. Called on the
 * request's thread; implementations must be thread-safe (one listener serves concurrent requests)
 * and quick. A listener that throws is ignored for that event; the first throw of each listener is
 * logged and every throw is counted ({@link TaskOrchestrator#listenerFailures()}).
 *
 * <p>Every request ends with exactly one of {@link #onSuccess} or {@link #onFailure}, so a listener
 * can always close what it opened.
 */
public interface OrchestratorListener {
  /** A plan was built. */
  default void onPlan(Plan plan) {}

  /**
   * An attempt is about to be sent to {@code route}, after admission and the free-tier check.
   * Followed by exactly one {@link #onAttempt} for the same attempt, unless the request itself ends
   * with an exception meanwhile.
   *
   * @param model the model the request asked for
   * @param route the route id ({@code provider/model})
   * @param attempt the request's attempts so far, this one included (1-based, over every route)
   */
  default void onAttemptStart(String model, String route, int attempt) {}

  /** An attempt ended and the engine decided what to do next. */
  default void onAttempt(String model, AttemptRecord attempt) {}

  /** The request ended with an answer. */
  default void onSuccess(ChatResult result) {}

  /**
   * The request ended without an answer: fires for every exit that is not a success, also before
   * {@link #onPlan}. When something other than an {@link OrchestratorException} ended it (an
   * unknown model, a free-tier violation, a bug), {@code error} wraps that exception as its cause
   * ({@link OrchestratorException.Type#MODEL_NOT_FOUND} for an unknown model, else {@link
   * OrchestratorException.Type#INTERNAL_ERROR}) and the caller receives the original exception.
   */
  default void onFailure(OrchestratorException error) {}
}
