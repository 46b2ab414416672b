package dev.orchestrator.providers.internal.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Consecutive assistant messages go to Anthropic as one turn that starts with its thinking when a
 * later one carries it (with thinking on, Anthropic refuses a tool loop's turn that does not); a
 * turn that already starts with thinking keeps its blocks in their order (interleaved thinking).
 */
class JoinedTurnTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Route ROUTE = Route.builder("anthropic", "m").build();

  private static List<String> assistantTurn(ChatMessage... assistant) throws Exception {
    ChatRequest.Builder b = ChatRequest.builder("p/m").user("Weather in Oslo?");
    for (ChatMessage m : assistant) {
      b.message(m);
    }
    ChatRequest r =
        b.message(ChatMessage.tool("toolu_1", "{\"temp\":21}"))
            .reasoningEffort(ReasoningEffort.LOW)
            .build();
    AnthropicWire wire = AnthropicWire.INSTANCE;
    JsonNode body =
        JSON.readTree(wire.encode(wire.history(r, null, ROUTE, false).applyTo(r), ROUTE));
    assertThat(body.path("thinking").path("type").asText()).isEqualTo("enabled");
    List<String> blocks = new ArrayList<>();
    for (JsonNode block : body.path("messages").get(1).path("content")) {
      blocks.add(block.path("type").asText());
    }
    return blocks;
  }

  private static ChatMessage thinkingAndCall() {
    return ChatMessage.builder(Role.ASSISTANT)
        .thinking(Thinking.of("Call the tool.", "EqQBsig2"))
        .toolCall(new ToolCall("toolu_1", "weather", "{}"))
        .build();
  }

  @Test
  void aJoinedTurnStartsWithTheThinkingOfALaterMessage() throws Exception {
    assertThat(assistantTurn(ChatMessage.assistant("Let me look."), thinkingAndCall()))
        .containsExactly("thinking", "text", "tool_use");
  }

  @Test
  void aTurnThatStartsWithThinkingKeepsItsOrder() throws Exception {
    ChatMessage first =
        ChatMessage.builder(Role.ASSISTANT)
            .thinking(Thinking.of("First a word.", "EqQBsig1"))
            .text("Let me look.")
            .build();
    assertThat(assistantTurn(first, thinkingAndCall()))
        .containsExactly("thinking", "text", "thinking", "tool_use");
  }
}
