/**
 * Not API: a blocking HTTP/1.1 client for the provider transport (ADR 0025). A request is written
 * and its response read on the calling thread, with no selector and no hand-off; connections are
 * kept alive in a bounded per-origin pool. May change in any release.
 */
package dev.orchestrator.providers.internal.http1;
