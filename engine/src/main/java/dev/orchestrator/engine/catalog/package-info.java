/**
 * The catalog vocabulary: providers, routes, tiers, capabilities, user pools and the immutable
 * {@link dev.orchestrator.engine.catalog.Catalog} snapshot the planner reads.
 */
package dev.orchestrator.engine.catalog;
