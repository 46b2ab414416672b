/**
 * The engine's public API: {@link dev.orchestrator.engine.TaskOrchestrator} (planning, the failover
 * loop, deadlines, traces), its {@link dev.orchestrator.engine.OrchestratorPolicy}, and the one
 * boundary exception {@link dev.orchestrator.engine.OrchestratorException}.
 */
package dev.orchestrator.engine;
