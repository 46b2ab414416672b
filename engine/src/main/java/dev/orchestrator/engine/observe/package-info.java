/**
 * What routes actually do: decayed per-route measurements of time to first token, output
 * throughput, success by failure category and tool-call validity, fed by the engine's attempt path
 * and read by the planner's observed ranking (docs/design.md §14, ADR 0034).
 */
package dev.orchestrator.engine.observe;
