/**
 * Catalog loading: readers for Models.dev {@code api.json}, OpenRouter's models list and the
 * project's own configuration (JSON or YAML), the embedded default catalog, and a remote refresher
 * with bounded retries and a Caffeine cache. Everything produces the engine's immutable {@link
 * dev.orchestrator.engine.catalog.Catalog}. Start at {@link
 * dev.orchestrator.catalog.CatalogLoader}.
 */
package dev.orchestrator.catalog;
