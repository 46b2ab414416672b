/**
 * Tool-execution failures (docs/design.md §6, ADR 0001): a classifier of its own that fails closed,
 * and a guard agent frameworks wrap their tool calls with.
 *
 * <p>An agent's tools have side effects — a shell command, an HTTP call, an MCP server. Replaying
 * one may do the damage twice, and handing the work to another agent may bypass a permission or
 * policy decision. So a tool failure is decided here, from typed evidence, never by the provider
 * classifier; and this package never accepts a provider failure ({@link
 * dev.orchestrator.engine.failure.ProviderFailure}) — the two vocabularies do not mix.
 *
 * <ul>
 *   <li>{@link dev.orchestrator.engine.tool.ToolFailureKind} (what happened) and {@link
 *       dev.orchestrator.engine.tool.ToolAction} (what to do) are the key and value of the decision
 *       table in {@link dev.orchestrator.engine.tool.ToolFailureClassifier};
 *   <li>{@link dev.orchestrator.engine.tool.ToolFailureException} is the structured failure a
 *       framework throws when it knows what went wrong;
 *   <li>{@link dev.orchestrator.engine.tool.ToolGuard} runs a call, retries it only when that is
 *       safe, and otherwise answers a failover or throws the one terminal {@link
 *       dev.orchestrator.engine.tool.ToolExecutionStoppedException};
 *   <li>every decision is published as a {@link dev.orchestrator.engine.tool.ToolAuditEvent}, which
 *       never holds raw messages, arguments, prompts, tokens or tool output.
 * </ul>
 */
package dev.orchestrator.engine.tool;
