/**
 * A {@link dev.orchestrator.engine.TaskOrchestrator} as a native LangChain4j chat model: {@link
 * dev.orchestrator.langchain4j.OrchestratorChatModel} (blocking) and {@link
 * dev.orchestrator.langchain4j.OrchestratorStreamingChatModel} (streaming). Requests, tools,
 * structured output, usage, finish reasons and failures map both ways (ADR 0019); the serving route
 * is the response's model name and the orchestrator's trace rides along in {@link
 * dev.orchestrator.langchain4j.OrchestratorChatResponseMetadata}.
 */
package dev.orchestrator.langchain4j;
