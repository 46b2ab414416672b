/**
 * The Anthropic Messages front (docs/reference.md §7, docs/design.md §12): {@link
 * dev.orchestrator.serve.messages.MessagesEndpoint} handles {@code POST /v1/messages} and {@code
 * POST /v1/messages/count_tokens} — the body parsed into the engine's request with the caller's own
 * body kept for Anthropic routes, run on the shared dispatch path, the answer encoded as a {@code
 * message} or as Anthropic's event stream, errors in Anthropic's shape and statuses. Uses the
 * shared {@code front} and {@code http} packages; no other front's types. Not API: public only for
 * the server's packages; may change in any release.
 */
package dev.orchestrator.serve.messages;
