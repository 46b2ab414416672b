/**
 * Internals of the catalog module: the readers for each source shape, the field-by-field merge, and
 * error positions. Not API: may change in any release.
 */
package dev.orchestrator.catalog.internal;
