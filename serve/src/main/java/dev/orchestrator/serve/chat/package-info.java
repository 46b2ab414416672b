/**
 * The OpenAI Chat Completions front (docs/reference.md §5): {@link
 * dev.orchestrator.serve.chat.ChatEndpoint} handles {@code POST /v1/chat/completions} — the body
 * parsed into the engine's {@code ChatRequest}, the engine's answer encoded as one {@code
 * chat.completion} or as a stream of {@code chat.completion.chunk} events, the engine's failures
 * mapped to OpenAI-shaped errors ({@link dev.orchestrator.serve.chat.ErrorMapper}) — and {@link
 * dev.orchestrator.serve.chat.ModelList} renders {@code GET /v1/models}. Uses the shared {@code
 * http}, {@code budget} and {@code ops} packages; no other front's types. Not API: public only for
 * the server's packages; may change in any release.
 */
package dev.orchestrator.serve.chat;
