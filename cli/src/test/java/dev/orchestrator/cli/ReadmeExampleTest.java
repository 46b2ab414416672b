package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.cli.readme.Ask;
import dev.orchestrator.cli.readme.Report;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.testing.ReadmeBlocks;
import dev.orchestrator.engine.testing.ReadmePom;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The README's library example is {@link Ask}, compiled, shown whole (imports included) and run
 * against a loopback upstream; the README's coordinates name the modules this build has.
 */
class ReadmeExampleTest {

  /** A catalog of provider {@code loc} at {@code up} and the given {@code routes:} lines. */
  private static Catalog local(ScriptedUpstream up, String... routes) {
    return CatalogLoader.parse(
        "local.yaml",
        "providers:\n  loc: {baseUrl: '"
            + up.baseUrl("loc")
            + "', protocol: openai-chat}\nroutes:\n"
            + String.join("\n", routes)
            + "\n");
  }

  @Test
  void exampleAnswersThroughFailoverOnALoopbackUpstream() throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "loc/first",
                    List.of(
                        Step.answer(
                            429,
                            "{\"error\":{\"message\":\"You exceeded your current quota\",\"type\":\"insufficient_quota\"}}")),
                "loc/second", List.of(Step.ok("7"))))) {
      Catalog catalog =
          local(
              up,
              "  loc/first: {tier: free, contextWindow: 64000}",
              "  loc/second: {tier: free, contextWindow: 32000}");
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      PrintStream old = System.out;
      System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
      try {
        Ask.ask(catalog, Credentials.constant("unused"));
      } finally {
        System.setOut(old);
      }
      assertThat(buf.toString(StandardCharsets.UTF_8))
          .contains("loc/second: 7")
          .contains("loc/first failover")
          .contains("loc/second success");
    }
  }

  @Test
  void wireExampleSendsTheImageAndToolChoiceToAVisionRouteOnly() throws Exception {
    String answer =
        "{\"id\":\"chatcmpl-1\",\"model\":\"eye\",\"choices\":[{\"index\":0,"
            + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{"
            + "\"id\":\"call_7\",\"type\":\"function\",\"function\":{\"name\":\"file_bug\","
            + "\"arguments\":\"{\\\"title\\\":\\\"Save is grey\\\"}\"}}]},"
            + "\"finish_reason\":\"tool_calls\"}]}";
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of("loc/eye", List.of(Step.answer(200, answer))))) {
      Catalog catalog =
          local(
              up,
              "  loc/plain: {tier: free, contextWindow: 64000, capabilities: [tools]}",
              "  loc/eye: {tier: free, contextWindow: 64000, capabilities: [tools, vision]}");
      Credentials credentials = Credentials.constant("unused");
      TaskOrchestrator orchestrator =
          TaskOrchestrator.builder()
              .catalog(catalog)
              .providers(HttpProviderClients.builder().credentials(credentials).build())
              .credentials(credentials)
              .build();

      ChatResult r = Report.report(orchestrator, new byte[] {(byte) 0x89, 'P', 'N', 'G'});

      assertThat(r.route()).isEqualTo("loc/eye");
      assertThat(r.response().toolCalls()).extracting(ToolCall::id).containsExactly("call_7");
      assertThat(up.callCount("loc/plain")).isZero();
      String sent = up.received().get(0).body();
      assertThat(sent)
          .contains("\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"file_bug\"}}")
          .contains("\"parallel_tool_calls\":false")
          .contains("data:image/png;base64,iVBORw==");
    }
  }

  @Test
  void readmeShowsExactlyTheCompiledProgramsWithTheirImports() throws Exception {
    assertReadmeBlock("library", "Ask.java");
    assertReadmeBlock("wire", "Report.java");
  }

  private static void assertReadmeBlock(String name, String file) throws Exception {
    ReadmeBlocks.assertShowsProgram(
        Files.readString(Path.of("../README.md")),
        name,
        Path.of("src/test/java/dev/orchestrator/cli/readme", file));
  }

  @Test
  void readmePomBuildsTheProgramOnTheMavenTheReadmeAsksFor() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    ReadmePom pom = ReadmePom.parse(readme, "pom");
    String version = ReadmePom.elementText(Files.readString(Path.of("../pom.xml")), "version");
    assertThat(pom.boms()).isEqualTo(Map.of("dev.orchestrator:orchestrator-bom", version));
    // Every type the program imports is in a module the pom declares, versioned by the BOM.
    ReadmePom.importedArtifacts(Path.of("src/test/java/dev/orchestrator/cli/readme/Ask.java"))
        .forEach(
            (name, artifact) ->
                assertThat(pom.declares(artifact.getKey()))
                    .as(name + " from " + artifact)
                    .isTrue());
    pom.dependencies().forEach((coordinates, v) -> assertThat(v).as(coordinates).isNull());
    // "Maven 3.8+": its default compiler plugin (3.1) ignores maven.compiler.release and compiles
    // for Java 5, which JDK 17 refuses; the pom pins one that reads it (3.6 or later).
    String block =
        readme.substring(
            readme.indexOf("<!-- README:pom -->"), readme.indexOf("<!-- /README:pom -->"));
    assertThat(block).contains("<maven.compiler.release>17</maven.compiler.release>");
    String plugin =
        block.substring(block.indexOf("<artifactId>maven-compiler-plugin</artifactId>"));
    String[] pinned = ReadmePom.elementText(plugin, "version").split("\\.");
    assertThat(Integer.parseInt(pinned[0]) * 100 + Integer.parseInt(pinned[1]))
        .as("maven-compiler-plugin version")
        .isGreaterThanOrEqualTo(306);
  }

  @Test
  void readmeCoordinatesNameEveryLibraryModuleAtTheBuildsVersion() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    String block =
        readme.substring(
            readme.indexOf("<!-- README:coordinates -->"),
            readme.indexOf("<!-- /README:coordinates -->"));
    String parent = Files.readString(Path.of("../pom.xml"));
    String version = ReadmePom.elementText(parent, "version");
    for (String module : List.of("engine", "providers", "catalog", "serve")) {
      String pom = Files.readString(Path.of("..", module, "pom.xml"));
      String artifact = ReadmePom.ownArtifactId(pom);
      assertThat(block)
          .as(module)
          .contains(
              "<groupId>dev.orchestrator</groupId>\n  <artifactId>"
                  + artifact
                  + "</artifactId>\n  <version>"
                  + version
                  + "</version>");
    }
    assertThat(readme).contains("`dev.orchestrator:orchestrator-parent`");
  }

  @Test
  void readmeConfigurationExampleLoadsAndPlans(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    int start = readme.indexOf("```yaml\nextends: default");
    String yaml = readme.substring(start + 8, readme.indexOf("```", start + 8));
    Path cfg = dir.resolve("config.yaml");
    Files.writeString(cfg, yaml);
    CliRun group = CliRun.of("route", "my-group", "--catalog", cfg.toString(), "--json");
    assertThat(group.code).as(group.err).isZero();
    assertThat(group.json().get("pool").asText()).isEqualTo("group");
    assertThat(group.json().get("candidates")).hasSize(2);
    CliRun mix = CliRun.of("route", "my-mix", "--catalog", cfg.toString(), "--json");
    assertThat(mix.json().get("candidates").get(0).get("route").asText())
        .isEqualTo("local-vllm/qwen3-32b");
  }
}
