package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.engine.testing.ReadmePom;
import dev.orchestrator.langchain4j.readme.Agent;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.providers.simulation.ToolCallSteps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The module README's program is {@link Agent}, shown whole from its imports on, compiled and run
 * against the loopback upstream; the README's {@code pom.xml} names the build's versions and a
 * dependency for every type the program imports.
 */
class ReadmeExampleTest {
  private static final Path AGENT =
      Path.of("src/test/java/dev/orchestrator/langchain4j/readme/Agent.java");

  /**
   * What {@code orchestrator-langchain4j} brings to the user's class path (its compile-scope
   * dependencies in this module's POM), so the README need not declare them.
   */
  private static final Set<String> BROUGHT_BY_THE_MODULE =
      Set.of("orchestrator-engine", "langchain4j-core");

  @Test
  void exampleRunsAToolRoundTrip() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            ToolCallSteps.completion("primary", new ToolCall("c1", "add", "{\"a\":2,\"b\":3}")),
            Step.ok("2 + 3 = 5."))) {
      assertThat(Agent.ask(lb.orchestrator(), "orchestrator/free")).isEqualTo("2 + 3 = 5.");
    }
  }

  @Test
  void exampleReportsAnUpstreamRateLimitThroughTheOrchestratorsError() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.everyRoute(
            Step.answer(
                429, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit_error\"}}"))) {
      assertThat(Agent.ask(lb.orchestrator(), LoopbackOrchestrator.PRIMARY))
          .startsWith("rate_limited: ");
    }
  }

  @Test
  void exampleReportsATypoWithTheCloseMatchesInsteadOfThrowing() {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.start(Map.of())) {
      assertThat(Agent.ask(lb.orchestrator(), "orchestrator/fre"))
          .startsWith("model_not_found: ")
          .contains("orchestrator/free");
    }
  }

  @Test
  void readmeShowsTheWholeProgram() throws Exception {
    ReadmeBlocks.assertShowsProgram(Files.readString(Path.of("README.md")), "example", AGENT);
  }

  @Test
  void readmePomNamesTheBuildsVersionsAndADependencyForEveryImport() throws Exception {
    ReadmePom pom = ReadmePom.parse(Files.readString(Path.of("README.md")), "pom");
    String modulePom = Files.readString(Path.of("pom.xml"));
    String version = ReadmePom.elementText(modulePom, "version"); // the parent's: the build's
    String langchain4j = ReadmePom.elementText(modulePom, "langchain4j.version");
    assertThat(pom.boms()).isEqualTo(Map.of("dev.orchestrator:orchestrator-bom", version));
    assertThat(pom.dependencies())
        .containsEntry("dev.langchain4j:langchain4j", langchain4j)
        .containsKey("dev.orchestrator:orchestrator-langchain4j");
    // Orchestrator modules take their version from the BOM, which manages each.
    String bom = Files.readString(Path.of("../../bom/pom.xml"));
    pom.dependencies()
        .forEach(
            (coordinates, v) -> {
              if (coordinates.startsWith("dev.orchestrator:")) {
                assertThat(v).as(coordinates).isNull();
                assertThat(bom)
                    .contains("<artifactId>" + coordinates.substring(17) + "</artifactId>");
              }
            });
    ReadmePom.importedArtifacts(AGENT)
        .forEach(
            (name, artifact) -> {
              assertThat(
                      pom.declares(artifact.getKey())
                          || BROUGHT_BY_THE_MODULE.contains(artifact.getKey()))
                  .as(name + " from " + artifact)
                  .isTrue();
              if (artifact.getKey().startsWith("langchain4j")) {
                assertThat(artifact.getValue()).as(name).isEqualTo(langchain4j);
              }
            });
    for (String brought : BROUGHT_BY_THE_MODULE) {
      assertThat(modulePom).contains("<artifactId>" + brought + "</artifactId>");
    }
    assertThat(List.copyOf(pom.dependencies().keySet())).doesNotHaveDuplicates();
  }
}
