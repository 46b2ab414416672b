package dev.orchestrator.springai;

import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.REDACTED;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.SIGNATURE;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.TEXT;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.THINKING;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.AnthropicThinkingRoute;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.tool.annotation.Tool;

/**
 * Thinking an Anthropic route signed survives a conversation held through Spring AI's {@code
 * ChatClient} (docs/design.md §12): the answer's {@code AssistantMessage} carries the reasoning,
 * its signature and redacted blocks as properties, and sending that message back in the history
 * replays the signed blocks to the route.
 */
class ThinkingRoundTripIT {
  @Test
  void aChatClientConversationReplaysThinkingAsTheRouteSignedIt() throws Exception {
    try (AnthropicThinkingRoute route = AnthropicThinkingRoute.start()) {
      ChatClient client =
          ChatClient.create(TestModels.chat(route.orchestrator(), AnthropicThinkingRoute.ROUTE));
      List<Message> history = List.of(new UserMessage("Which city?"));

      AssistantMessage ai =
          client.prompt().messages(history).call().chatResponse().getResult().getOutput();
      assertThat(ai.getText()).isEqualTo(TEXT);
      assertThat(ai.getMetadata())
          .containsEntry("reasoningContent", THINKING)
          .containsEntry("thinkingSignature", SIGNATURE)
          .containsEntry("redactedThinking", List.of(REDACTED));

      client.prompt().messages(history.get(0), ai).user("Sure?").call().content();
      route.assertReplayedAsSigned();
    }
  }

  /** One tool; records every call. */
  static final class Weather {
    final List<String> calls = new CopyOnWriteArrayList<>();

    @Tool(description = "Today's weather in a city")
    String weather(String city) {
      calls.add(city);
      return "sunny in " + city;
    }
  }

  @Test
  void aStreamedToolLoopReplaysTheSignedThinkingBeforeTheToolCall() throws Exception {
    // An Anthropic route with thinking on streams signed thinking, then a tool call; the next turn
    // must send that thinking back, signed, before the tool_use (Anthropic rejects it otherwise).
    Map<String, String> sse = Map.of("Content-Type", "text/event-stream");
    String toolTurn =
        AnthropicSse.start("msg_1", "sonnet", "{\"input_tokens\":12,\"output_tokens\":1}")
            .thinking(SIGNATURE, "Look up ", "Oslo.")
            .toolUse("toolu_1", "weather", "{\"city\":", "\"Oslo\"}")
            .end("tool_use", 9);
    String answer =
        AnthropicSse.start("msg_2", "sonnet", "{\"input_tokens\":20,\"output_tokens\":1}")
            .text("Sunny ", "in Oslo.")
            .end("end_turn", 5);
    try (ScriptedUpstream upstream =
        ScriptedUpstream.start(
            Map.of(
                AnthropicThinkingRoute.ROUTE,
                List.of(
                    Step.answer(200, toolTurn).withHeaders(sse),
                    Step.answer(200, answer).withHeaders(sse))))) {
      Weather tools = new Weather();
      List<ChatResponse> pieces =
          ChatClient.create(
                  TestModels.chat(
                      AnthropicThinkingRoute.orchestrator(upstream, Capability.TOOLS),
                      AnthropicThinkingRoute.ROUTE))
              .prompt()
              .user("Weather in Oslo?")
              .tools(tools)
              .stream()
              .chatResponse()
              .collectList()
              .block(Duration.ofSeconds(60));

      assertThat(tools.calls).containsExactly("Oslo");
      assertThat(pieces)
          .extracting(r -> r.getResult().getOutput().getText())
          .contains("Sunny ", "in Oslo.");
      JsonNode replayed =
          new ObjectMapper().readTree(upstream.received().get(1).body()).at("/messages/1/content");
      assertThat(replayed.at("/0/type").asText()).isEqualTo("thinking");
      assertThat(replayed.at("/0/thinking").asText()).isEqualTo("Look up Oslo.");
      assertThat(replayed.at("/0/signature").asText()).isEqualTo(SIGNATURE);
      assertThat(replayed.at("/1/type").asText()).isEqualTo("tool_use");
      assertThat(replayed.at("/1/id").asText()).isEqualTo("toolu_1");
    }
  }

  @Test
  void aStreamsLastResponseCarriesTheAnswersReasoningAndSignatures() {
    try (AnthropicThinkingRoute route = AnthropicThinkingRoute.start()) {
      List<ChatResponse> pieces =
          TestModels.chat(route.orchestrator(), AnthropicThinkingRoute.ROUTE).stream(
                  new org.springframework.ai.chat.prompt.Prompt("Which city?"))
              .collectList()
              .block(Duration.ofSeconds(60));

      AssistantMessage last = pieces.get(pieces.size() - 1).getResult().getOutput();
      assertThat(last.getMetadata())
          .containsEntry("reasoningContent", THINKING)
          .containsEntry("thinkingSignature", SIGNATURE)
          .containsEntry("redactedThinking", List.of(REDACTED));
    }
  }
}
