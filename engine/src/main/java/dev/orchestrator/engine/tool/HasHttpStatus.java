package dev.orchestrator.engine.tool;

/**
 * Implemented by an exception that carries the HTTP status a tool's server answered, so the
 * classifier can read it without parsing text. Any exception in the cause chain may implement it;
 * the first one found counts.
 */
public interface HasHttpStatus {

  /** The HTTP status code; values outside 100..599 are ignored as evidence. */
  int httpStatus();
}
