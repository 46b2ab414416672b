package dev.orchestrator.engine.tool;

import java.util.Locale;

/** What to do after a tool failure. */
public enum ToolAction {
  /** Run the same call again on the same agent, after a backoff; bounded, then fail over. */
  RETRY_SAME_AGENT,
  /** Hand the work to another agent that has the tool. */
  FAILOVER_AGENT,
  /** Stop: no replay, no other agent. Surfaces as {@link ToolExecutionStoppedException}. */
  FAIL_CLOSED;

  /** Lower snake case name used in JSON and reason codes ({@code fail_closed}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
