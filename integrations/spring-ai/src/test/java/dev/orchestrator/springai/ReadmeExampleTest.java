package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.providers.simulation.ToolCallSteps;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The module README's example is this code, compiled and run in a Boot context over loopback. */
class ReadmeExampleTest {

  /** The README's configuration class. */
  @Configuration(proxyBeanMethods = false)
  static class AppConfig {
    // README:example:start
    @Bean
    ChatModel chatModel(TaskOrchestrator orchestrator) {
      return OrchestratorChatModel.builder()
          .orchestrator(orchestrator)
          .defaultModel("orchestrator/free")
          .build();
    }

    static class Calculator {
      @Tool(description = "Adds two integers")
      int add(int a, int b) {
        return a + b;
      }
    }

    static String ask(ChatClient.Builder chatClient) {
      return chatClient
          .build()
          .prompt()
          .user("What is 2 + 3?")
          .tools(new Calculator())
          .call()
          .content();
    }

    // README:example:end
  }

  @Test
  void exampleRunsAToolRoundTripInABootContext() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            ToolCallSteps.completion("primary", new ToolCall("c1", "add", "{\"a\":2,\"b\":3}")),
            Step.ok("2 + 3 = 5."))) {
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ChatClientAutoConfiguration.class))
          .withBean(TaskOrchestrator.class, () -> lb.orchestrator())
          .withUserConfiguration(AppConfig.class)
          .run(
              c ->
                  assertThat(AppConfig.ask(c.getBean(ChatClient.Builder.class)))
                      .isEqualTo("2 + 3 = 5."));
    }
  }

  @Test
  void readmeShowsExactlyThisCode() throws Exception {
    String source =
        Files.readString(Path.of("src/test/java/dev/orchestrator/springai/ReadmeExampleTest.java"));
    assertThat(ReadmeBlocks.javaBlock(Files.readString(Path.of("README.md")), "example"))
        .isEqualTo(ReadmeBlocks.markedExample(source));
  }
}
