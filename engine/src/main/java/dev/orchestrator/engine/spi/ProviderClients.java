package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.catalog.Provider;
import java.util.Optional;

/** Chooses the client for a provider (usually by its protocol). Thread-safe. */
@FunctionalInterface
public interface ProviderClients {
  /** The client that speaks to {@code provider}. */
  ProviderClient clientFor(Provider provider);

  /**
   * The credentials these clients send keys from, when they hold their own (default: none). An
   * orchestrator given no credentials plans with these, so that the keys a caller gave the clients
   * are the keys it plans with.
   */
  default Optional<Credentials> credentials() {
    return Optional.empty();
  }

  /** Every provider is served by the same client (tests, in-memory providers). */
  static ProviderClients single(ProviderClient client) {
    return provider -> client;
  }
}
