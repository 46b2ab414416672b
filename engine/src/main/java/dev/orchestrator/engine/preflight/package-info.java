/**
 * Preflight: proves which candidates of a pool answer right now, before a job depends on them.
 * {@link dev.orchestrator.engine.preflight.Preflight} plans a model as a request would, sends each
 * candidate one minimal chat request (at most two attempts, the second only after a retryable typed
 * failure), feeds the outcome into route health and returns a {@link
 * dev.orchestrator.engine.preflight.PreflightReport} with one {@link
 * dev.orchestrator.engine.preflight.RouteVerdict} per route. See {@code adr/0012-preflight.md}.
 */
package dev.orchestrator.engine.preflight;
