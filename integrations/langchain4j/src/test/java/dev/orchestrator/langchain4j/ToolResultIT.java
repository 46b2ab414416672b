package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.PdfFileContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.service.AiServices;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.providers.simulation.AnthropicThinkingRoute;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A tool's result reaches the route whole: its error flag (a tool that threw) and every content
 * part (text and images), or an error naming the part the engine cannot carry.
 */
class ToolResultIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String ROUTE = AnthropicThinkingRoute.ROUTE;

  /** Anthropic's answer calling {@code weather({"city":"Atlantis"})}. */
  private static final String TOOL_USE =
      """
      {"id":"msg_1","type":"message","role":"assistant","model":"sonnet",
       "content":[{"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Atlantis"}}],
       "stop_reason":"tool_use","usage":{"input_tokens":9,"output_tokens":4}}""";

  /** Anthropic's plain answer. */
  private static final String ANSWER =
      """
      {"id":"msg_2","type":"message","role":"assistant","model":"sonnet",
       "content":[{"type":"text","text":"There is no such city."}],
       "stop_reason":"end_turn","usage":{"input_tokens":20,"output_tokens":6}}""";

  interface Assistant {
    String chat(String message);
  }

  /** A tool that always fails. */
  static final class Weather {
    @Tool("Today's weather in a city")
    String weather(String city) {
      throw new IllegalStateException("no such city: " + city);
    }
  }

  @Test
  void aToolThatThrewReachesTheRouteAsAnErrorResult() throws Exception {
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(ROUTE, List.of(Step.answer(200, TOOL_USE), Step.answer(200, ANSWER))))) {
      Assistant assistant =
          AiServices.builder(Assistant.class)
              .chatModel(
                  TestModels.chat(
                      AnthropicThinkingRoute.orchestrator(upstream, Capability.TOOLS), ROUTE))
              .tools(new Weather())
              .build();

      assertThat(assistant.chat("Weather in Atlantis?")).isEqualTo("There is no such city.");

      JsonNode result =
          JSON.readTree(upstream.received().get(1).body()).at("/messages/2/content/0");
      assertThat(result.get("type").asText()).isEqualTo("tool_result");
      assertThat(result.get("tool_use_id").asText()).isEqualTo("toolu_1");
      assertThat(result.path("is_error").asBoolean()).isTrue();
      assertThat(result.get("content").asText()).contains("no such city: Atlantis");
    }
  }

  @Test
  void aToolResultWithAnImageReachesTheRouteWithTheImage() throws Exception {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.start(
            Map.of(LoopbackOrchestrator.VISION, List.of(Step.ok("The bars rise."))))) {
      ToolExecutionRequest call =
          ToolExecutionRequest.builder().id("call_1").name("chart").arguments("{}").build();

      String answer =
          TestModels.chat(lb, "orchestrator/free")
              .chat(
                  UserMessage.from("Describe the chart."),
                  AiMessage.from(List.of(call)),
                  ToolExecutionResultMessage.builder()
                      .id("call_1")
                      .toolName("chart")
                      .contents(
                          TextContent.from("The chart:"),
                          ImageContent.from("https://images.example/chart.png"))
                      .build())
              .aiMessage()
              .text();

      assertThat(answer).isEqualTo("The bars rise.");
      JsonNode tool =
          JSON.readTree(lb.bodies(LoopbackOrchestrator.VISION).get(0)).at("/messages/2");
      assertThat(tool.get("tool_call_id").asText()).isEqualTo("call_1");
      assertThat(tool.at("/content/0/text").asText()).isEqualTo("The chart:");
      assertThat(tool.at("/content/1/image_url/url").asText())
          .isEqualTo("https://images.example/chart.png");
    }
  }

  @Test
  void aToolResultPartTheEngineCannotCarryIsRefusedNamingIt() {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok("unused"))) {
      ToolExecutionRequest call =
          ToolExecutionRequest.builder().id("call_1").name("report").arguments("{}").build();

      Throwable thrown =
          catchThrowable(
              () ->
                  TestModels.chat(lb, "orchestrator/free")
                      .chat(
                          UserMessage.from("Summarise the report."),
                          AiMessage.from(List.of(call)),
                          ToolExecutionResultMessage.builder()
                              .id("call_1")
                              .toolName("report")
                              .contents(PdfFileContent.from("https://files.example/report.pdf"))
                              .build()));

      assertThat(thrown)
          .isInstanceOf(UnsupportedFeatureException.class)
          .hasMessageContaining("tool result content PDF");
      assertThat(lb.upstream().calls()).isEmpty();
    }
  }
}
