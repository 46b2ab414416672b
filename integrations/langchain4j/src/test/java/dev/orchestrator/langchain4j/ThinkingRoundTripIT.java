package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Thinking an Anthropic route signed survives the agent's history in-process (docs/design.md §12):
 * the answer's {@code AiMessage} carries the thinking and its signature under LangChain4j's own
 * attribute keys, and replaying that message sends the signed block back to the route.
 */
class ThinkingRoundTripIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ROUTE = "claude/sonnet";

  @Test
  void signedThinkingIsKeptAndReplayedToTheRouteThatSignedIt() throws Exception {
    String answer =
        """
        {"id":"msg_t1","type":"message","role":"assistant","model":"sonnet",
         "content":[{"type":"thinking","thinking":"Consider Oslo.","signature":"sig-A1"},
                    {"type":"redacted_thinking","data":"enc-B2"},
                    {"type":"text","text":"Oslo it is."}],
         "stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":7}}""";
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of(ROUTE, List.of(Step.answer(200, answer), Step.ok("Yes."))))) {
      Credentials creds = Credentials.constant("sk-loopback-0123456789");
      TaskOrchestrator orchestrator =
          TaskOrchestrator.builder()
              .catalog(
                  Catalog.builder()
                      .provider(
                          Provider.of(
                              "claude",
                              up.baseUrl("claude"),
                              Protocol.ANTHROPIC_MESSAGES,
                              List.of("SIM_KEY")))
                      .route(
                          Route.builder("claude", "sonnet")
                              .tier(Tier.FREE)
                              .contextWindow(200_000)
                              .build())
                      .build())
              .providers(HttpProviderClients.builder().credentials(creds).build())
              .credentials(creds)
              .policy(OrchestratorPolicy.builder().deadline(Duration.ofSeconds(30)).build())
              .build();
      OrchestratorChatModel model =
          OrchestratorChatModel.builder().orchestrator(orchestrator).modelName(ROUTE).build();

      UserMessage ask = UserMessage.from("Which city?");
      ChatResponse first = model.chat(ask);
      AiMessage ai = first.aiMessage();
      assertThat(ai.text()).isEqualTo("Oslo it is.");
      assertThat(ai.thinking()).isEqualTo("Consider Oslo.");
      assertThat(ai.attributes())
          .containsEntry("thinking_signature", "sig-A1")
          .containsEntry("redacted_thinking", List.of("enc-B2"));

      model.chat(ask, ai, UserMessage.from("Sure?"));
      JsonNode replayed = JSON.readTree(up.received().get(1).body()).at("/messages/1/content");
      assertThat(replayed.at("/0/type").asText()).isEqualTo("thinking");
      assertThat(replayed.at("/0/thinking").asText()).isEqualTo("Consider Oslo.");
      assertThat(replayed.at("/0/signature").asText()).isEqualTo("sig-A1");
      assertThat(replayed.at("/1/type").asText()).isEqualTo("redacted_thinking");
      assertThat(replayed.at("/1/data").asText()).isEqualTo("enc-B2");
      assertThat(replayed.at("/2/text").asText()).isEqualTo("Oslo it is.");
    }
  }
}
