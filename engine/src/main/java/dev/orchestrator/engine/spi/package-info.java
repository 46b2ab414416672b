/**
 * What the engine needs from the outside: a {@link dev.orchestrator.engine.spi.ProviderClient} per
 * provider, credentials, attempt limits and a cancel signal. The {@code providers} module
 * implements it; tests and users may plug in their own.
 */
package dev.orchestrator.engine.spi;
