/**
 * A scripted loopback LLM upstream ({@link dev.orchestrator.providers.simulation.ScriptedUpstream})
 * that plays {@link dev.orchestrator.providers.simulation.Step}s and {@link
 * dev.orchestrator.providers.simulation.Fault}s over real sockets, for {@code orchestrator
 * simulate} and for tests.
 */
package dev.orchestrator.providers.simulation;
