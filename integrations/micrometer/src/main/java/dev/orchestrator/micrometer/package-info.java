/**
 * Micrometer metrics for an orchestrator: {@link dev.orchestrator.micrometer.OrchestratorMetrics}
 * records requests, attempts, latency, time to first token, cost and route health on any {@link
 * io.micrometer.core.instrument.MeterRegistry} (ADR 0016). Depends on the engine and {@code
 * micrometer-core} only, so an application can use it without the HTTP front.
 */
package dev.orchestrator.micrometer;
