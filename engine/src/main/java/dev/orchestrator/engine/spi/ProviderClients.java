package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.catalog.Provider;

/** Chooses the client for a provider (usually by its protocol). Thread-safe. */
@FunctionalInterface
public interface ProviderClients {
  /** The client that speaks to {@code provider}. */
  ProviderClient clientFor(Provider provider);

  /** Every provider is served by the same client (tests, in-memory providers). */
  static ProviderClients single(ProviderClient client) {
    return provider -> client;
  }
}
