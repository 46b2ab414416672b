/**
 * A {@link dev.orchestrator.engine.TaskOrchestrator} as a native Spring AI chat model ({@link
 * dev.orchestrator.springai.OrchestratorChatModel}, blocking and streaming) with its options
 * ({@link dev.orchestrator.springai.OrchestratorChatOptions}), errors ({@link
 * dev.orchestrator.springai.OrchestratorAiErrors}) and Boot auto-configuration ({@link
 * dev.orchestrator.springai.OrchestratorAutoConfiguration}); ADR 0020.
 */
package dev.orchestrator.springai;
