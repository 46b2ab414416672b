package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.providers.simulation.ToolCallSteps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The module README's example is this code, compiled and run against the loopback upstream. */
class ReadmeExampleTest {

  // README:example:start
  interface Assistant {
    String chat(String message);
  }

  static class Calculator {
    @Tool("Adds two integers")
    int add(int a, int b) {
      return a + b;
    }
  }

  static String ask(TaskOrchestrator orchestrator) {
    ChatModel model =
        OrchestratorChatModel.builder()
            .orchestrator(orchestrator)
            .modelName("orchestrator/free")
            .build();
    Assistant assistant =
        AiServices.builder(Assistant.class).chatModel(model).tools(new Calculator()).build();
    try {
      return assistant.chat("What is 2 + 3?");
    } catch (RateLimitException e) {
      // LangChain4j's own exception; the orchestrator's error and trace are its cause.
      OrchestratorException cause = OrchestratorErrors.orchestratorException(e).orElseThrow();
      return "rate limited; retry in " + cause.retryAfter();
    }
  }

  // README:example:end

  @Test
  void exampleRunsAToolRoundTrip() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            ToolCallSteps.completion("primary", new ToolCall("c1", "add", "{\"a\":2,\"b\":3}")),
            Step.ok("2 + 3 = 5."))) {
      assertThat(ask(lb.orchestrator())).isEqualTo("2 + 3 = 5.");
    }
  }

  @Test
  void readmeShowsExactlyThisCode() throws Exception {
    assertThat(ReadmeBlocks.javaBlock(Files.readString(Path.of("README.md")), "example"))
        .isEqualTo(
            ReadmeBlocks.markedExample(
                Files.readString(
                    Path.of("src/test/java/dev/orchestrator/langchain4j/ReadmeExampleTest.java"))));
  }

  @Test
  void readmeNamesEveryImportTheExampleNeedsAndEachExists() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    int start = readme.indexOf("```java\nimport ");
    assertThat(start).as("the README's import block").isNotNegative();
    List<String> imports =
        readme
            .substring(start + 8, readme.indexOf("```", start + 8))
            .lines()
            .filter(l -> l.startsWith("import "))
            .map(l -> l.substring("import ".length(), l.length() - 1))
            .toList();
    for (String name : imports) {
      assertThat(Class.forName(name)).as(name).isNotNull();
    }
    // Every type the example uses from outside java.lang is imported there.
    String example = ReadmeBlocks.javaBlock(readme, "example");
    for (String type :
        List.of(
            "Tool",
            "RateLimitException",
            "ChatModel",
            "AiServices",
            "OrchestratorException",
            "TaskOrchestrator",
            "OrchestratorChatModel",
            "OrchestratorErrors")) {
      assertThat(example).contains(type);
      assertThat(imports).as(type).anyMatch(i -> i.endsWith("." + type));
    }
  }
}
