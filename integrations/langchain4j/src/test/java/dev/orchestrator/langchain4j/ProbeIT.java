package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProbeIT {
  static final ObjectMapper JSON = new ObjectMapper();

  interface StreamingAssistant {
    TokenStream chat(String message);
  }

  interface Assistant {
    String chat(String message);
  }

  static final class Tools {
    final List<String> calls = new CopyOnWriteArrayList<>();

    @Tool("Today's weather in a city")
    String weather(String city) {
      calls.add("weather(" + city + ")");
      return "sunny in " + city;
    }
  }

  static TaskOrchestrator anthropic(ScriptedUpstream up) {
    Credentials creds = Credentials.constant("sk-loopback-0123456789");
    return TaskOrchestrator.builder()
        .catalog(
            Catalog.builder()
                .provider(
                    Provider.of(
                        "claude", up.baseUrl("claude"), Protocol.ANTHROPIC_MESSAGES, List.of("K")))
                .route(
                    Route.builder("claude", "sonnet")
                        .tier(Tier.FREE)
                        .contextWindow(200_000)
                        .capabilities(Capability.TOOLS)
                        .build())
                .build())
        .providers(HttpProviderClients.builder().credentials(creds).build())
        .credentials(creds)
        .policy(OrchestratorPolicy.builder().deadline(Duration.ofSeconds(30)).build())
        .build();
  }

  @Test
  void streamingToolLoopOnThinkingRoute() throws Exception {
    String first =
        AnthropicSse.start("msg_1", "sonnet", "{\"input_tokens\":12,\"output_tokens\":1}")
            .thinking("sig-A1", "Look up ", "Oslo.")
            .toolUse("toolu_1", "weather", "{\"city\":", "\"Oslo\"}")
            .end("tool_use", 9);
    String second =
        AnthropicSse.start("msg_2", "sonnet", "{\"input_tokens\":20,\"output_tokens\":1}")
            .text("Sunny ", "in Oslo.")
            .end("end_turn", 5);
    Map<String, String> sse = Map.of("Content-Type", "text/event-stream");
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "claude/sonnet",
                List.of(
                    Step.answer(200, first).withHeaders(sse),
                    Step.answer(200, second).withHeaders(sse))))) {
      Tools tools = new Tools();
      StreamingAssistant a =
          AiServices.builder(StreamingAssistant.class)
              .streamingChatModel(
                  OrchestratorStreamingChatModel.builder()
                      .orchestrator(anthropic(up))
                      .modelName("claude/sonnet")
                      .build())
              .chatMemory(MessageWindowChatMemory.withMaxMessages(20))
              .tools(tools)
              .build();
      CompletableFuture<ChatResponse> done = new CompletableFuture<>();
      List<String> thinking = new CopyOnWriteArrayList<>();
      a.chat("Weather in Oslo?")
          .onPartialResponse(p -> {})
          .onPartialThinking(t -> thinking.add(t.text()))
          .onCompleteResponse(done::complete)
          .onError(done::completeExceptionally)
          .start();
      ChatResponse r = done.get(60, TimeUnit.SECONDS);
      System.out.println("PROBE text " + r.aiMessage().text() + " thinking " + thinking);
      for (ScriptedUpstream.Received x : up.received()) {
        System.out.println("PROBE body " + x.body());
      }
      JsonNode replay = JSON.readTree(up.received().get(1).body()).at("/messages/1/content");
      assertThat(replay.at("/0/type").asText()).isEqualTo("thinking");
    }
  }

  @Test
  void cancelClosesConnection() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.fault(Fault.STREAM_STALL))) {
      OrchestratorStreamingChatModel model =
          OrchestratorStreamingChatModel.builder()
              .orchestrator(lb.orchestrator())
              .modelName(LoopbackOrchestrator.PRIMARY)
              .executor(Runnable::run)
              .build();
      List<String> events = new CopyOnWriteArrayList<>();
      long t0 = System.nanoTime();
      model.chat(
          "Tell me",
          new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(PartialResponse p, PartialResponseContext c) {
              events.add("partial");
              c.streamingHandle().cancel();
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
              events.add("complete");
            }

            @Override
            public void onError(Throwable error) {
              events.add("error " + error);
            }
          });
      System.out.println(
          "PROBE cancel returned after ms "
              + (System.nanoTime() - t0) / 1e6
              + " events "
              + events
              + " open "
              + lb.upstream().openConnections());
    }
  }
}
