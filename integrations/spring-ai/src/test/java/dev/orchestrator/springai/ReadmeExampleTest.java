package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.engine.testing.ReadmePom;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.providers.simulation.ToolCallSteps;
import dev.orchestrator.springai.readme.AgentApplication;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * The module README's program is {@link AgentApplication}, shown whole from its imports on and
 * started as a Spring Boot application (every auto-configuration on the class path, the README's
 * properties) over the loopback upstream; the README's {@code pom.xml} names the versions the
 * adapter is built with and a dependency for every type the program imports; the README's
 * properties bind.
 */
class ReadmeExampleTest {
  private static final Path APP =
      Path.of("src/test/java/dev/orchestrator/springai/readme/AgentApplication.java");

  /**
   * What the README's dependencies bring to the user's class path: {@code orchestrator-spring-ai}'s
   * compile-scope dependencies (in this module's POM) and Boot's starter's.
   */
  private static final Map<String, String> BROUGHT =
      Map.of(
          "orchestrator-engine", "orchestrator-spring-ai",
          "spring-ai-model", "orchestrator-spring-ai",
          "spring-ai-client-chat", "orchestrator-spring-ai",
          "spring-boot-autoconfigure", "orchestrator-spring-ai",
          "spring-boot", "spring-boot-starter",
          "spring-context", "spring-boot-starter");

  private static Properties readmeProperties(String readme, String name) throws Exception {
    String marker = "<!-- README:" + name + " -->";
    int start = readme.indexOf(marker);
    assertThat(start).as("README block " + name).isNotNegative();
    String block = readme.substring(start, readme.indexOf("<!-- /README:" + name + " -->"));
    Properties p = new Properties();
    p.load(
        new StringReader(
            block.substring(block.indexOf("```properties") + 13, block.lastIndexOf("```"))));
    return p;
  }

  @Test
  void applicationStartsWithTheReadmesPropertiesAndTheAgentAnswersThroughItsTool()
      throws Exception {
    Properties properties = readmeProperties(Files.readString(Path.of("README.md")), "properties");
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            ToolCallSteps.completion("primary", new ToolCall("c1", "add", "{\"a\":2,\"b\":3}")),
            Step.ok("2 + 3 = 5."))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      PrintStream old = System.out;
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      try (ConfigurableApplicationContext context =
          new SpringApplicationBuilder(AgentApplication.class)
              .web(WebApplicationType.NONE)
              .properties(properties)
              // The loopback orchestrator stands in for the one built from the embedded catalog.
              .initializers(
                  c ->
                      ((GenericApplicationContext) c)
                          .registerBean(TaskOrchestrator.class, lb::orchestrator))
              .run()) {
        assertThat(context.getBean(ChatModel.class)).isInstanceOf(OrchestratorChatModel.class);
        // The README's spring-ai-autoconfigure-model-tool: Spring AI's own tool-calling manager.
        assertThat(context.getBeansOfType(ToolCallingManager.class)).hasSize(1);
      } finally {
        System.setOut(old);
      }
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("2 + 3 = 5.");
      assertThat(lb.bodies(LoopbackOrchestrator.PRIMARY)).hasSize(2); // tool call, then answer
    }
  }

  @Test
  void readmeShowsTheWholeProgram() throws Exception {
    ReadmeBlocks.assertShowsProgram(Files.readString(Path.of("README.md")), "example", APP);
  }

  @Test
  void readmePropertiesBindToTheAutoConfigurationsProperties() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    int start = readme.indexOf("## Properties");
    String section = readme.substring(start, readme.indexOf("\n## ", start + 1));
    Properties all = new Properties();
    all.load(
        new StringReader(
            section.substring(
                section.indexOf("```properties") + 13,
                section.indexOf("```", section.indexOf("```properties") + 13))));
    for (String key : all.stringPropertyNames()) {
      assertThat(all.getProperty(key)).as(key).doesNotContain("#"); // no trailing comments
    }
    OrchestratorProperties bound =
        new Binder(new MapConfigurationPropertySource(all))
            .bind("orchestrator", OrchestratorProperties.class)
            .get();
    assertThat(bound.getModel()).isEqualTo(all.getProperty("orchestrator.model"));
    assertThat(bound.getPolicy().getDeadline()).isEqualTo(Duration.ofSeconds(60));
    assertThat(bound.getPolicy().getSameRouteRetries()).isEqualTo(1);
    assertThat(bound.getCatalog()).containsExactly(Path.of("config/catalog.yaml"));
  }

  @Test
  void readmePomNamesTheBuildsVersionsAndADependencyForEveryImport() throws Exception {
    ReadmePom pom = ReadmePom.parse(Files.readString(Path.of("README.md")), "pom");
    String modulePom = Files.readString(Path.of("pom.xml"));
    String version = ReadmePom.elementText(modulePom, "version"); // the parent's: the build's
    String springAi = ReadmePom.elementText(modulePom, "spring-ai.version");
    String boot = ReadmePom.elementText(modulePom, "spring-boot.version");
    assertThat(pom.parent())
        .isEqualTo(Map.of("org.springframework.boot:spring-boot-starter-parent", boot));
    assertThat(pom.boms())
        .isEqualTo(
            Map.of(
                "dev.orchestrator:orchestrator-bom", version,
                "org.springframework.ai:spring-ai-bom", springAi));
    assertThat(pom.dependencies().values())
        .as("every version from the parent or a BOM")
        .allMatch(v -> v == null);
    assertThat(pom.dependencies())
        .containsKeys(
            "org.springframework.ai:spring-ai-autoconfigure-model-chat-client",
            "org.springframework.ai:spring-ai-autoconfigure-model-tool");
    ReadmePom.importedArtifacts(APP)
        .forEach(
            (name, artifact) -> {
              String via = BROUGHT.getOrDefault(artifact.getKey(), artifact.getKey());
              assertThat(pom.declares(via)).as(name + " from " + artifact).isTrue();
              if (artifact.getKey().startsWith("spring-ai")) {
                assertThat(artifact.getValue()).as(name).isEqualTo(springAi);
              } else if (artifact.getKey().startsWith("spring-boot")) {
                assertThat(artifact.getValue()).as(name).isEqualTo(boot);
              }
            });
    for (Map.Entry<String, String> e : BROUGHT.entrySet()) {
      if (e.getValue().equals("orchestrator-spring-ai")) {
        assertThat(modulePom).contains("<artifactId>" + e.getKey() + "</artifactId>");
      }
    }
    // Every dependency the README declares resolves here (the test class path has each).
    for (String artifactId :
        Set.of("spring-ai-autoconfigure-model-tool", "spring-ai-autoconfigure-model-chat-client")) {
      assertThat(modulePom).contains("<artifactId>" + artifactId + "</artifactId>");
    }
  }
}
