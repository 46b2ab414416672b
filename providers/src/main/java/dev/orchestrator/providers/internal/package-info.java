/**
 * Not API: the SSE decoder, stream assembly and the wire-protocol seam shared by the provider
 * clients. May change in any release.
 */
package dev.orchestrator.providers.internal;
