package dev.orchestrator.engine.inject;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import org.junit.jupiter.api.Test;

class OrchestratorModuleTest {
  @Test
  void providesOneSharedOrchestratorThatAnswers() {
    ScriptedClient client = new ScriptedClient(new FakeTime());
    Injector injector =
        Guice.createInjector(
            new OrchestratorModule(),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Catalog.class).toInstance(Catalogs.of(Catalogs.free("a", "m", 1000)));
                bind(ProviderClients.class).toInstance(ProviderClients.single(client));
                bind(OrchestratorPolicy.class).toInstance(OrchestratorPolicy.defaults());
                bind(Credentials.class).toInstance(Credentials.constant("k"));
              }
            });
    TaskOrchestrator o = injector.getInstance(TaskOrchestrator.class);
    assertThat(injector.getInstance(TaskOrchestrator.class)).isSameAs(o);
    assertThat(o.chat(ChatRequest.builder("orchestrator/free").user("hi").build()).route())
        .isEqualTo("a/m");
  }
}
