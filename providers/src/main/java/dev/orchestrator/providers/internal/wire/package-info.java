/**
 * Not API: what every wire format shares. {@link
 * dev.orchestrator.providers.internal.wire.WireProtocol} is the seam between the transport and a
 * format (path, headers, encoding, decoding); {@link
 * dev.orchestrator.providers.internal.wire.SseReader} decodes event streams and {@link
 * dev.orchestrator.providers.internal.wire.StreamAssembler} builds an answer from their events; the
 * rest are JSON and header helpers. May change in any release.
 */
package dev.orchestrator.providers.internal.wire;
