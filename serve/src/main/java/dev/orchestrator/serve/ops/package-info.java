/**
 * What operators and load balancers read: {@link dev.orchestrator.serve.ops.ServeMetrics} ({@code
 * GET /metrics}, Prometheus text) and {@link dev.orchestrator.serve.ops.Readiness} ({@code GET
 * /readyz}, with the {@link dev.orchestrator.serve.ops.CredentialReport} behind its credentials
 * check). Not API: public only for the server's packages; may change in any release.
 */
package dev.orchestrator.serve.ops;
