/**
 * {@code orchestrator serve}: the engine behind the OpenAI chat-completions wire format
 * (docs/reference.md §5). {@link dev.orchestrator.serve.OrchestratorServer} is the server, usable
 * without the CLI; {@link dev.orchestrator.serve.ServerOptions} configures it. Everything else here
 * is internal.
 */
package dev.orchestrator.serve;
