package dev.orchestrator.langchain4j;

import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.REDACTED;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.SIGNATURE;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.TEXT;
import static dev.orchestrator.providers.simulation.AnthropicThinkingRoute.THINKING;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.orchestrator.providers.simulation.AnthropicThinkingRoute;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Thinking an Anthropic route signed survives the agent's history in-process (docs/design.md §12):
 * the answer's {@code AiMessage} carries the thinking and its signature under LangChain4j's own
 * attribute keys, and replaying that message sends the signed block back to the route.
 */
class ThinkingRoundTripIT {
  @Test
  void signedThinkingIsKeptAndReplayedToTheRouteThatSignedIt() throws Exception {
    try (AnthropicThinkingRoute route = AnthropicThinkingRoute.start()) {
      OrchestratorChatModel model =
          TestModels.chat(route.orchestrator(), AnthropicThinkingRoute.ROUTE);

      UserMessage ask = UserMessage.from("Which city?");
      AiMessage ai = model.chat(ask).aiMessage();
      assertThat(ai.text()).isEqualTo(TEXT);
      assertThat(ai.thinking()).isEqualTo(THINKING);
      assertThat(ai.attributes())
          .containsEntry("thinking_signature", SIGNATURE)
          .containsEntry("redacted_thinking", List.of(REDACTED));

      model.chat(ask, ai, UserMessage.from("Sure?"));
      route.assertReplayedAsSigned();
    }
  }
}
