package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * The Boot auto-configuration in a minimal application context, with Spring AI's own ChatClient.
 */
class OrchestratorAutoConfigurationIT {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  OrchestratorAutoConfiguration.class, ChatClientAutoConfiguration.class));

  /** A catalog file in {@code dir}: provider {@code loc} at {@code baseUrl}, one free route. */
  private static Path catalog(Path dir, String baseUrl) throws IOException {
    Path catalog = dir.resolve("catalog.yaml");
    Files.writeString(
        catalog,
        String.join(
            "\n",
            "providers:",
            "  loc: {baseUrl: '" + baseUrl + "', protocol: openai-chat}",
            "routes:",
            "  loc/small: {tier: free, contextWindow: 32000}",
            ""));
    return catalog;
  }

  @Test
  void propertiesAloneGiveAWorkingChatClient(@TempDir Path dir) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of("loc/small", List.of(Step.ok("Hello from Boot."))))) {
      Path catalog = catalog(dir, up.baseUrl("loc"));
      runner
          .withPropertyValues(
              "orchestrator.model=orchestrator/free",
              "orchestrator.catalog=" + catalog,
              "orchestrator.policy.deadline=30s",
              "orchestrator.policy.same-route-retries=0")
          .run(
              context -> {
                assertThat(context).hasSingleBean(ChatModel.class);
                TaskOrchestrator orchestrator = context.getBean(TaskOrchestrator.class);
                assertThat(orchestrator.policy().timeouts().deadline())
                    .isEqualTo(Duration.ofSeconds(30));
                assertThat(orchestrator.policy().retries().sameRoute()).isZero();

                String answer =
                    context
                        .getBean(ChatClient.Builder.class)
                        .build()
                        .prompt()
                        .user("Hi")
                        .call()
                        .content();

                assertThat(answer).isEqualTo("Hello from Boot.");
                assertThat(up.calls()).containsExactly("loc/small");
              });
    }
  }

  @Test
  void anApplicationsOwnOrchestratorIsUsed() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.start(
            Map.of(LoopbackOrchestrator.BACKUP, List.of(Step.ok("backup here"))))) {
      runner
          .withBean(TaskOrchestrator.class, () -> lb.orchestrator())
          .withPropertyValues("orchestrator.model=" + LoopbackOrchestrator.BACKUP)
          .run(
              context -> {
                assertThat(context.getBean(TaskOrchestrator.class)).isSameAs(lb.orchestrator());
                assertThat(context.getBean(ChatModel.class).call("Hi")).isEqualTo("backup here");
              });
    }
  }

  @Test
  void aTypoInTheModelFailsAtStartUpWithTheCloseMatchesSaidOnce(@TempDir Path dir)
      throws Exception {
    Path catalog = catalog(dir, "http://127.0.0.1:9/v1");
    runner
        .withPropertyValues("orchestrator.model=loc/smal", "orchestrator.catalog=" + catalog)
        .run(
            context -> {
              FailureAnalysis analysis = startupAnalysis(context);
              assertThat(analysis).isNotNull();
              assertThat(analysis.getDescription())
                  .startsWith("The orchestrator does not know the model: ")
                  .contains("loc/small");
              assertThat(analysis.getAction()).contains("orchestrator.model");
            });
  }

  /**
   * A value the engine refuses is reported by the property the application set, in Boot's kebab
   * case, not by the engine's field: a negative deadline, too many retries, a blank model.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "orchestrator.policy.deadline=-5s        | orchestrator.policy.deadline: ",
        "orchestrator.policy.same-route-retries=9 | orchestrator.policy.same-route-retries: 9",
        "orchestrator.model=                    | orchestrator.model: blank"
      })
  void aValueOutOfRangeIsReportedByItsProperty(String setting, String said, @TempDir Path dir)
      throws Exception {
    Path catalog = catalog(dir, "http://127.0.0.1:9/v1");
    runner
        .withPropertyValues(setting.strip(), "orchestrator.catalog=" + catalog)
        .run(
            context -> {
              FailureAnalysis analysis = startupAnalysis(context);
              assertThat(analysis).isNotNull();
              assertThat(analysis.getDescription())
                  .startsWith("The orchestrator's configuration is invalid: " + said.strip());
              assertThat(analysis.getAction()).contains(said.strip().split(":")[0]);
            });
  }

  @Test
  void aBrokenCatalogIsReportedByItsFileAndLine(@TempDir Path dir) throws Exception {
    Path catalog = dir.resolve("broken.yaml");
    Files.writeString(catalog, "routes:\n  loc/small: {tier: free\n");
    runner
        .withPropertyValues("orchestrator.catalog=" + catalog)
        .run(
            context -> {
              FailureAnalysis analysis = startupAnalysis(context);
              assertThat(analysis.getDescription())
                  .startsWith("The orchestrator's catalog could not be loaded: " + catalog + ":2:");
            });
  }

  @Test
  void theFailureAnalyzerIsRegisteredWithBoot() {
    // Boot's own analyzers need a bean factory to be built: only ours is instantiated here.
    assertThat(
            SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
                .load(FailureAnalyzer.class, null, (type, name, failure) -> {}))
        .anyMatch(OrchestratorFailureAnalyzer.class::isInstance);
    assertThat(new OrchestratorFailureAnalyzer().analyze(new IllegalStateException("other")))
        .isNull();
  }

  @Test
  void disabledCreatesNoChatModel() {
    runner
        .withPropertyValues("orchestrator.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(ChatModel.class));
  }

  @Test
  void anApplicationsOwnChatModelWins() {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.start(Map.of())) {
      OrchestratorChatModel own = TestModels.chat(lb, "pair-group");
      runner
          .withBean(OrchestratorChatModel.class, () -> own)
          .run(context -> assertThat(context.getBean(ChatModel.class)).isSameAs(own));
    }
  }

  @Test
  void configurationMetadataDescribesTheProperties() throws Exception {
    String metadata =
        new String(
            getClass()
                .getResourceAsStream("/META-INF/spring-configuration-metadata.json")
                .readAllBytes(),
            java.nio.charset.StandardCharsets.UTF_8);
    assertThat(metadata)
        .contains("\"orchestrator.enabled\"")
        .contains("\"orchestrator.model\"")
        .contains("\"orchestrator.catalog\"")
        .contains("\"orchestrator.policy.deadline\"")
        .contains("\"orchestrator.policy.same-route-retries\"");
  }

  /** The failure analyzer's report of a context that failed to start (asserted failed). */
  private static FailureAnalysis startupAnalysis(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    return new OrchestratorFailureAnalyzer().analyze(context.getStartupFailure());
  }
}
