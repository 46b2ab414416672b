package dev.orchestrator.langchain4j;

import static dev.orchestrator.providers.simulation.ToolCallSteps.ADD;
import static dev.orchestrator.providers.simulation.ToolCallSteps.WEATHER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.TokenStream;
import dev.langchain4j.service.tool.ToolExecution;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.providers.simulation.ToolCallSteps;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** LangChain4j {@code AiServices} agents on {@code orchestrator/free}, end to end over loopback. */
class AiServicesAgentIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  interface Assistant {
    Result<String> chat(String message);
  }

  interface StreamingAssistant {
    TokenStream chat(String message);
  }

  record Person(String name, int age) {}

  interface Extractor {
    Person extract(String text);
  }

  /** Two tools; records every call. */
  static final class Tools {
    final List<String> calls = new CopyOnWriteArrayList<>();

    @Tool("Adds two integers")
    int add(int a, int b) {
      calls.add("add(" + a + "," + b + ")");
      return a + b;
    }

    @Tool("Today's weather in a city")
    String weather(String city) {
      calls.add("weather(" + city + ")");
      return "sunny in " + city;
    }
  }

  @Test
  void agentRunsTwoToolCallsOfOneTurnAndAnswers() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(ToolCallSteps.addAndWeather())) {
      Tools tools = new Tools();
      Assistant assistant =
          AiServices.builder(Assistant.class)
              .chatModel(TestModels.chat(lb, "orchestrator/free"))
              .tools(tools)
              .build();

      Result<String> answer = assistant.chat("What is 2 + 3, and the weather in Oslo?");

      assertThat(answer.content()).isEqualTo("2 + 3 = 5, and it is sunny in Oslo.");
      assertThat(tools.calls).containsExactly("add(2,3)", "weather(Oslo)");
      assertThat(answer.toolExecutions())
          .extracting(e -> e.request().id())
          .containsExactly("call_add_1", "call_weather_2");
      assertThat(answer.finalResponse().modelName()).isEqualTo(LoopbackOrchestrator.PRIMARY);
      assertThat(answer.finalResponse().tokenUsage().totalTokenCount()).isEqualTo(62);

      List<String> bodies = lb.bodies(LoopbackOrchestrator.PRIMARY);
      assertThat(bodies).hasSize(2);
      JsonNode first = JSON.readTree(bodies.get(0));
      assertThat(first.at("/tools/0/function/name").asText()).isEqualTo("add");
      assertThat(first.at("/tools/0/function/parameters/properties/a/type").asText())
          .isEqualTo("integer");
      assertThat(first.at("/tools/1/function/parameters/required/0").asText()).isEqualTo("city");
      JsonNode second = JSON.readTree(bodies.get(1));
      JsonNode messages = second.get("messages");
      JsonNode assistantTurn = messages.get(messages.size() - 3);
      assertThat(assistantTurn.at("/tool_calls/0/id").asText()).isEqualTo("call_add_1");
      assertThat(assistantTurn.at("/tool_calls/1/function/arguments").asText())
          .isEqualTo("{\"city\":\"Oslo\"}");
      assertThat(messages.get(messages.size() - 2).get("tool_call_id").asText())
          .isEqualTo("call_add_1");
      assertThat(messages.get(messages.size() - 2).get("content").asText()).isEqualTo("5");
      assertThat(messages.get(messages.size() - 1).get("tool_call_id").asText())
          .isEqualTo("call_weather_2");
    }
  }

  @Test
  void streamingAgentRunsToolCallsFromStreamedFragmentsAndStreamsTheAnswer() throws Exception {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            ToolCallSteps.stream("primary", ADD, WEATHER), Step.ok("Five, and sunny."))) {
      Tools tools = new Tools();
      StreamingAssistant assistant =
          AiServices.builder(StreamingAssistant.class)
              .streamingChatModel(
                  OrchestratorStreamingChatModel.builder()
                      .orchestrator(lb.orchestrator())
                      .modelName("orchestrator/free")
                      .build())
              .tools(tools)
              .build();
      List<String> partials = new CopyOnWriteArrayList<>();
      Map<String, String> partialToolArguments = new ConcurrentHashMap<>();
      List<ToolExecution> executed = new CopyOnWriteArrayList<>();
      CompletableFuture<ChatResponse> done = new CompletableFuture<>();

      assistant
          .chat("What is 2 + 3, and the weather in Oslo?")
          .onPartialResponse(partials::add)
          .onPartialToolCall(
              p -> partialToolArguments.merge(p.name(), p.partialArguments(), String::concat))
          .onToolExecuted(executed::add)
          .onCompleteResponse(done::complete)
          .onError(done::completeExceptionally)
          .start();
      ChatResponse response = done.get(60, TimeUnit.SECONDS);

      assertThat(response.aiMessage().text()).isEqualTo("Five, and sunny.");
      assertThat(String.join("", partials)).isEqualTo("Five, and sunny.");
      assertThat(partials).hasSizeGreaterThan(1);
      assertThat(tools.calls).containsExactly("add(2,3)", "weather(Oslo)");
      assertThat(executed).extracting(ToolExecution::result).containsExactly("5", "sunny in Oslo");
      assertThat(partialToolArguments)
          .containsExactlyInAnyOrderEntriesOf(
              Map.of("add", ADD.argumentsJson(), "weather", WEATHER.argumentsJson()));
      assertThat(response.modelName()).isEqualTo(LoopbackOrchestrator.PRIMARY);
    }
  }

  @Test
  void structuredOutputMethodReturnsARecordFromAJsonSchemaAnswer() throws Exception {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(Step.ok("{\"name\":\"Ada\",\"age\":36}"))) {
      Extractor extractor =
          AiServices.create(Extractor.class, TestModels.chat(lb, "orchestrator/free"));

      Person p = extractor.extract("Ada Lovelace was 36.");

      assertThat(p).isEqualTo(new Person("Ada", 36));
      JsonNode body = JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(0));
      assertThat(body.at("/response_format/type").asText()).isEqualTo("json_schema");
      assertThat(body.at("/response_format/json_schema/name").asText()).isEqualTo("Person");
      assertThat(body.at("/response_format/json_schema/schema/properties/age/type").asText())
          .isEqualTo("integer");
    }
  }
}
