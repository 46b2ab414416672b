/**
 * What of a request's history each provider family accepts, and the normaliser that adapts a
 * history before a route's encoder writes it (docs/design.md §13). Not API.
 */
package dev.orchestrator.providers.internal.history;
