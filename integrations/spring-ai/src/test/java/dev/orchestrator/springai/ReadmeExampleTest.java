package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ToolCall;
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
    String start = "// README:example:start";
    String code =
        source.substring(
            source.indexOf(start) + start.length(), source.indexOf("// README:example:end"));
    String readme = Files.readString(Path.of("README.md"));
    int from = readme.indexOf("<!-- README:example -->");
    assertThat(from).as("README marker").isNotNegative();
    String block = readme.substring(from, readme.indexOf("<!-- /README:example -->"));
    block = block.substring(block.indexOf("```java") + 7, block.lastIndexOf("```"));
    assertThat(normalize(block)).isEqualTo(normalize(code));
  }

  private static String normalize(String s) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.strip().split("\n")) {
      sb.append(line.strip()).append('\n');
    }
    return sb.toString();
  }
}
