/** Optional OpenTelemetry spans (API artifact only; the application brings the SDK). */
package dev.orchestrator.engine.otel;
