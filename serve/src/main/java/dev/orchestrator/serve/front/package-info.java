/**
 * What every front shares (docs/design.md §12): {@link dev.orchestrator.serve.front.Dispatch}, the
 * one path from a parsed request to the engine and back (body limit, admission, budget, deadline,
 * access log); {@link dev.orchestrator.serve.front.EventStream}, the commit, flush and break-off of
 * an event-stream answer, whose events each front writes in its own grammar; {@link
 * dev.orchestrator.serve.front.ErrorMapper}, the engine's failure mapped once to a status and an
 * error (each front renders it in its own shape); {@link
 * dev.orchestrator.serve.front.ToolCallSequence}, streamed tool calls put one after the other for
 * the grammars that stream one call at a time; {@link dev.orchestrator.serve.front.ContentParts},
 * message content as the OpenAI-shaped fronts read it; {@link
 * dev.orchestrator.serve.front.FileParts}, a {@code file} part read into its JSON text and typed
 * facts where Jackson parses it; and {@link dev.orchestrator.serve.front.ModelList} for {@code GET
 * /v1/models}. Not API: public only for the server's packages; may change in any release.
 */
package dev.orchestrator.serve.front;
