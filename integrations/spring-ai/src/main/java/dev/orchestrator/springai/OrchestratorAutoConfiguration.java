package dev.orchestrator.springai;

import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.ai.chat.observation.ChatModelObservationConvention;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Boot auto-configuration: an {@link OrchestratorChatModel} bean (a Spring AI {@code ChatModel}, so
 * Spring AI's {@code ChatClient.Builder} bean is built on it) unless {@code
 * orchestrator.enabled=false} or the application defines its own. Its {@link TaskOrchestrator} is
 * the application's own bean if there is one; otherwise, when {@code orchestrator-providers} and
 * {@code orchestrator-catalog} are on the class path, one built from {@code orchestrator.catalog}
 * and {@code orchestrator.policy.*} with keys from the environment (ADR 0020).
 */
@AutoConfiguration
@ConditionalOnProperty(prefix = "orchestrator", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(OrchestratorProperties.class)
public class OrchestratorAutoConfiguration {

  /** For Boot. */
  public OrchestratorAutoConfiguration() {}

  /**
   * The chat model on the application's (or the auto-configured) orchestrator, observed through the
   * application's {@link ObservationRegistry}, resolving tools with its {@link ToolCallingManager}.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(TaskOrchestrator.class)
  public OrchestratorChatModel orchestratorChatModel(
      TaskOrchestrator orchestrator,
      OrchestratorProperties properties,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<ToolCallingManager> toolCallingManager,
      ObjectProvider<ChatModelObservationConvention> observationConvention) {
    if (properties.getModel() != null) {
      // A typo in orchestrator.model fails at start-up with the close matches, not on the first
      // call (planning reads only the catalog and health: nothing is sent).
      ChatRequest check;
      try {
        check = ChatRequest.builder(properties.getModel()).user("start-up check").build();
      } catch (IllegalArgumentException e) {
        throw InvalidPropertyException.of("orchestrator.", e); // a blank model
      }
      orchestrator.plan(check);
    }
    OrchestratorChatModel.Builder b =
        OrchestratorChatModel.builder()
            .orchestrator(orchestrator)
            .defaultModel(properties.getModel())
            .observationRegistry(observationRegistry.getIfUnique(() -> ObservationRegistry.NOOP));
    toolCallingManager.ifUnique(b::toolCallingManager);
    observationConvention.ifAvailable(b::observationConvention);
    return b.build();
  }

  /** Builds the orchestrator when the application has none and the runtime modules are present. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "dev.orchestrator.providers.HttpProviderClients",
        "dev.orchestrator.catalog.CatalogLoader"
      })
  public static class TaskOrchestratorConfiguration {
    /** For Boot. */
    public TaskOrchestratorConfiguration() {}

    /**
     * An orchestrator on the catalog files (or the embedded default catalog), the policy properties
     * and provider keys from the environment.
     */
    @Bean
    @ConditionalOnMissingBean
    public TaskOrchestrator taskOrchestrator(OrchestratorProperties properties) {
      Credentials credentials = Credentials.fromEnvironment();
      Catalog catalog = CatalogLoader.load(properties.getCatalog());
      return TaskOrchestrator.builder()
          .catalog(catalog)
          .providers(
              HttpProviderClients.builder()
                  .credentials(credentials)
                  .errorRules(catalog.errorRules())
                  .build())
          .credentials(credentials)
          .policy(properties.getPolicy().toPolicy())
          .build();
    }
  }
}
