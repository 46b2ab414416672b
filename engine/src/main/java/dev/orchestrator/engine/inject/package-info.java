/** Optional Guice wiring for the engine. */
package dev.orchestrator.engine.inject;
