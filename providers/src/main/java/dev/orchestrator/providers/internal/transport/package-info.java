/**
 * Not API: one attempt over {@code java.net.http}. {@link
 * dev.orchestrator.providers.internal.transport.HttpChatTransport} checks and builds the request;
 * an {@code Exchange} sends it on the calling thread under the attempt's limits ({@code
 * AttemptClock}), reads the body ({@code WholeBody}, {@code StreamBody}) and maps what happened to
 * a classified outcome ({@code TransportFaults}, {@link
 * dev.orchestrator.providers.internal.transport.Failures}). May change in any release.
 */
package dev.orchestrator.providers.internal.transport;
