/**
 * {@code orchestrator serve}: the engine behind HTTP (docs/reference.md §5), usable without the
 * CLI. This package is what an application names: {@link dev.orchestrator.serve.OrchestratorServer}
 * (the server) and {@link dev.orchestrator.serve.ServerOptions} (how it listens), the clients it
 * lets in ({@link dev.orchestrator.serve.ClientToken}, read from a {@link
 * dev.orchestrator.serve.TokensFile}), the {@link dev.orchestrator.serve.LiveCatalog} it plans
 * with, the default {@link dev.orchestrator.serve.LocalSpendStore} and added {@link
 * dev.orchestrator.serve.ReadinessCheck}s. The server's own composition lives here too,
 * package-private: the router (which endpoint) and the authenticator (which client).
 *
 * <p>The subpackages are the server's parts, one concern each. They are public only so that the
 * server's packages can share them: not API, and they may change in any release.
 *
 * <ul>
 *   <li>{@link dev.orchestrator.serve.http} — the plumbing every front shares: the exchange over
 *       Jetty, whole answers and the error envelope, the access log, JSON helpers;
 *   <li>{@link dev.orchestrator.serve.chat} — the OpenAI Chat Completions front ({@code POST
 *       /v1/chat/completions}, JSON and SSE) and the model list ({@code GET /v1/models});
 *   <li>{@link dev.orchestrator.serve.ops} — {@code GET /metrics} and {@code GET /readyz};
 *   <li>{@link dev.orchestrator.serve.budget} — each client's model allow-list and budget.
 * </ul>
 *
 * Dependencies point from the root inwards: a front uses {@code http}, {@code budget} and {@code
 * ops}, and no front knows another's types.
 */
package dev.orchestrator.serve;
