/**
 * The OpenAI Responses front (docs/reference.md §5, "OpenAI Responses"): {@link
 * dev.orchestrator.serve.responses.ResponsesEndpoint} handles {@code POST /v1/responses} — the body
 * parsed into the engine's {@code ChatRequest}, run on the shared dispatch path, the answer encoded
 * as a Response object or as the Responses event stream — and {@code GET}/{@code DELETE
 * /v1/responses/{id}} over a {@link dev.orchestrator.engine.spi.ResponseStore} ({@link
 * dev.orchestrator.serve.responses.LocalResponseStore} by default). Uses the shared {@code front}
 * and {@code http} packages; no other front's types. Not API apart from the store types: public
 * only for the server's packages; may change in any release.
 */
package dev.orchestrator.serve.responses;
