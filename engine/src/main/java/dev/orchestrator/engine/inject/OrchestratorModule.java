package dev.orchestrator.engine.inject;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;

/**
 * Guice wiring for the engine: provides one shared {@link TaskOrchestrator} from a bound {@link
 * Catalog}, {@link ProviderClients}, {@link OrchestratorPolicy} and {@link Credentials}. Other
 * modules bind those (the CLI binds the catalog it loaded and the HTTP clients). No I/O happens in
 * {@code configure()}. Guice is an optional dependency: the engine is fully usable through {@link
 * TaskOrchestrator#builder()}.
 */
public final class OrchestratorModule extends AbstractModule {

  /** Creates the module. */
  public OrchestratorModule() {}

  @Provides
  @Singleton
  TaskOrchestrator orchestrator(
      Catalog catalog,
      ProviderClients clients,
      OrchestratorPolicy policy,
      Credentials credentials) {
    return TaskOrchestrator.builder()
        .catalog(catalog)
        .providers(clients)
        .policy(policy)
        .credentials(credentials)
        .build();
  }
}
