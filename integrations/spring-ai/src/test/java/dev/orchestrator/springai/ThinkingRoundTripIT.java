package dev.orchestrator.springai;

import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.REDACTED;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.SIGNATURE;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.TEXT;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.THINKING;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.AnthropicThinkingRoute;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;

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
}
