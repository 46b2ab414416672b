package dev.orchestrator.engine.tool;

/**
 * Receives every decision a {@link ToolGuard} makes, on the calling thread, before the guard acts
 * on it. Implementations must be thread-safe when the guard is shared, and should be quick. An
 * exception thrown by a listener is logged (its type only) and does not change the decision.
 */
@FunctionalInterface
public interface ToolAuditListener {

  /** Called once per decision. */
  void onDecision(ToolAuditEvent event);
}
