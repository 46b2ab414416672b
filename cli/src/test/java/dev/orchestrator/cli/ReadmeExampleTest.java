package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's library example is this code, compiled and run against a loopback upstream. */
class ReadmeExampleTest {

  // README:library:start
  static void ask(Catalog catalog, Credentials credentials) {
    TaskOrchestrator orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(HttpProviderClients.builder().credentials(credentials).build())
            .credentials(credentials)
            .policy(
                OrchestratorPolicy.builder()
                    .withSameRouteRetries(1)
                    .withDeadline(Duration.ofSeconds(60))
                    .build())
            .build();

    ChatRequest request =
        ChatRequest.builder("orchestrator/free").system("Be brief.").user("Name a prime.").build();
    try {
      ChatResult result = orchestrator.chat(request);
      System.out.println(result.route() + ": " + result.response().content());
      result
          .trace()
          .attempts()
          .forEach(a -> System.out.println(a.route() + " " + a.decision().wireName()));
    } catch (OrchestratorException e) {
      // One exception with a closed set of types: switch on it, never parse the message.
      switch (e.type()) {
        case RATE_LIMITED -> System.out.println("retry in " + e.retryAfter());
        case REQUEST_REJECTED ->
            System.out.println("upstream " + e.status() + ": " + e.getMessage());
        default -> System.out.println(e.type().wireName() + ": " + e.getMessage());
      }
    }
  }

  public static void main(String[] args) {
    ask(CatalogLoader.loadDefault(), Credentials.fromEnvironment());
  }

  // README:library:end

  // README:wire:start
  static ChatResult report(TaskOrchestrator orchestrator, byte[] screenshotPng) {
    ChatRequest request =
        ChatRequest.builder("orchestrator/free")
            .user(
                ContentPart.text("What is wrong on this screen? File it with the tool."),
                ContentPart.imageBase64(
                    "image/png", Base64.getEncoder().encodeToString(screenshotPng)))
            .tool(
                new ToolDefinition(
                    "file_bug",
                    "Files a bug report",
                    "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"}}}"))
            .toolChoice(ToolChoice.function("file_bug")) // or AUTO, REQUIRED, NONE
            .parallelToolCalls(false)
            .temperature(0.2)
            .build();
    // The image implies vision, the tool choice tools: routes without them are left out.
    ChatResult result = orchestrator.chat(request);
    for (ToolCall call : result.response().toolCalls()) {
      System.out.println(call.id() + " " + call.name() + " " + call.argumentsJson());
    }
    return result;
  }

  // README:wire:end

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
          CatalogLoader.parse(
              "local.yaml",
              String.join(
                  "\n",
                  "providers:",
                  "  loc: {baseUrl: '" + up.baseUrl("loc") + "', protocol: openai-chat}",
                  "routes:",
                  "  loc/first: {tier: free, contextWindow: 64000}",
                  "  loc/second: {tier: free, contextWindow: 32000}",
                  ""));
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      PrintStream old = System.out;
      System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
      try {
        ask(catalog, Credentials.constant("unused"));
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
          CatalogLoader.parse(
              "local.yaml",
              String.join(
                  "\n",
                  "providers:",
                  "  loc: {baseUrl: '" + up.baseUrl("loc") + "', protocol: openai-chat}",
                  "routes:",
                  "  loc/plain: {tier: free, contextWindow: 64000, capabilities: [tools]}",
                  "  loc/eye: {tier: free, contextWindow: 64000, capabilities: [tools, vision]}",
                  ""));
      Credentials credentials = Credentials.constant("unused");
      TaskOrchestrator orchestrator =
          TaskOrchestrator.builder()
              .catalog(catalog)
              .providers(HttpProviderClients.builder().credentials(credentials).build())
              .credentials(credentials)
              .build();

      ChatResult r = report(orchestrator, new byte[] {(byte) 0x89, 'P', 'N', 'G'});

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
  void readmeShowsExactlyThisCode() throws Exception {
    assertReadmeBlock("library");
    assertReadmeBlock("wire");
  }

  private static void assertReadmeBlock(String name) throws Exception {
    String source =
        Files.readString(Path.of("src/test/java/dev/orchestrator/cli/ReadmeExampleTest.java"));
    String code =
        source.substring(
            source.indexOf("// README:" + name + ":start")
                + ("// README:" + name + ":start").length(),
            source.indexOf("// README:" + name + ":end"));
    String readme = Files.readString(Path.of("../README.md"));
    int start = readme.indexOf("<!-- README:" + name + " -->");
    int end = readme.indexOf("<!-- /README:" + name + " -->");
    assertThat(start).as("README block " + name).isNotNegative();
    String block = readme.substring(start, end);
    block = block.substring(block.indexOf("```java") + 7, block.lastIndexOf("```"));
    assertThat(normalize(block)).isEqualTo(normalize(code));
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

  private static String normalize(String s) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.strip().split("\n")) {
      sb.append(line.strip()).append('\n');
    }
    return sb.toString();
  }
}
