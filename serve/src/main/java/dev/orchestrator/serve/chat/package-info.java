/**
 * The OpenAI Chat Completions front (docs/reference.md §5): {@link
 * dev.orchestrator.serve.chat.ChatEndpoint} handles {@code POST /v1/chat/completions} — the body
 * parsed into the engine's {@code ChatRequest}, run on the shared dispatch path, the engine's
 * answer encoded as one {@code chat.completion} or as a stream of {@code chat.completion.chunk}
 * events. Uses the shared {@code front}, {@code http}, {@code budget} and {@code ops} packages; no
 * other front's types. Not API: public only for the server's packages; may change in any release.
 */
package dev.orchestrator.serve.chat;
