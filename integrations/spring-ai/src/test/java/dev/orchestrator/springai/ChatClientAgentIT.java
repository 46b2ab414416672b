package dev.orchestrator.springai;

import static dev.orchestrator.providers.simulation.ToolCallSteps.ADD;
import static dev.orchestrator.providers.simulation.ToolCallSteps.WEATHER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.providers.simulation.ToolCallSteps;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.retry.TransientAiException;
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.annotation.Tool;
import reactor.core.publisher.Signal;

/** Spring AI {@code ChatClient} on {@code orchestrator/free}, end to end over loopback. */
class ChatClientAgentIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  record Person(String name, int age) {}

  /** Two tools; records every call. */
  static final class Tools {
    final List<String> calls = new CopyOnWriteArrayList<>();

    @Tool(description = "Adds two integers")
    int add(int a, int b) {
      calls.add("add(" + a + "," + b + ")");
      return a + b;
    }

    @Tool(description = "Today's weather in a city")
    String weather(String city) {
      calls.add("weather(" + city + ")");
      return "sunny in " + city;
    }
  }

  private static OrchestratorChatModel model(LoopbackOrchestrator lb) {
    return TestModels.chat(lb, "orchestrator/free");
  }

  @Test
  void chatClientRunsTwoToolCallsOfOneTurnAndAnswers() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(ToolCallSteps.addAndWeather())) {
      Tools tools = new Tools();
      TestObservationRegistry observations = TestObservationRegistry.create();
      ChatClient client =
          ChatClient.create(
              OrchestratorChatModel.builder()
                  .orchestrator(lb.orchestrator())
                  .defaultModel("orchestrator/free")
                  .observationRegistry(observations)
                  .build());

      ChatResponse response =
          client
              .prompt()
              .user("What is 2 + 3, and the weather in Oslo?")
              .tools(tools)
              .call()
              .chatResponse();

      assertThat(response.getResult().getOutput().getText())
          .isEqualTo("2 + 3 = 5, and it is sunny in Oslo.");
      assertThat(tools.calls).containsExactly("add(2,3)", "weather(Oslo)");
      assertThat(response.getMetadata().getModel()).isEqualTo(LoopbackOrchestrator.PRIMARY);
      // ChatClient's tool loop adds up the usage of both turns: 30 (tool calls) + 62 (answer).
      assertThat(response.getMetadata().getUsage().getTotalTokens()).isEqualTo(92);
      assertThat(response.getResult().getMetadata().getFinishReason()).isEqualTo("STOP");
      assertThat((Trace) response.getMetadata().get("orchestrator.trace")).isNotNull();
      JsonNode first = JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(0));
      assertThat(first.at("/tools/0/function/parameters/properties/a/type").asText())
          .isEqualTo("integer");
      JsonNode messages =
          JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(1)).get("messages");
      assertThat(messages.get(messages.size() - 3).at("/tool_calls/1/id").asText())
          .isEqualTo("call_weather_2");
      assertThat(messages.get(messages.size() - 2).get("tool_call_id").asText())
          .isEqualTo("call_add_1");
      // Spring AI's default tool-result converter writes results as JSON.
      assertThat(messages.get(messages.size() - 1).get("content").asText())
          .isEqualTo("\"sunny in Oslo\"");
      TestObservationRegistryAssert.assertThat(observations)
          .hasNumberOfObservationsWithNameEqualTo("gen_ai.client.operation", 2)
          .hasObservationWithNameEqualTo("gen_ai.client.operation")
          .that()
          .hasLowCardinalityKeyValue("gen_ai.system", "orchestrator")
          .hasLowCardinalityKeyValue("gen_ai.request.model", "orchestrator/free")
          .hasLowCardinalityKeyValue("gen_ai.response.model", LoopbackOrchestrator.PRIMARY)
          .hasBeenStopped();
    }
  }

  @Test
  void theChatModelAloneReturnsToolCallsAndRunsNoToolLoopOfItsOwn() {
    // Spring AI 2 runs tools in ChatClient: a model that also ran them would run each twice.
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(ToolCallSteps.completion("primary", ADD, WEATHER))) {
      Tools tools = new Tools();
      Prompt prompt =
          new Prompt(
              "What is 2 + 3, and the weather in Oslo?",
              ToolCallingChatOptions.builder().toolCallbacks(ToolCallbacks.from(tools)).build());

      ChatResponse response = model(lb).call(prompt);

      assertThat(response.getResult().getOutput().getToolCalls())
          .extracting(AssistantMessage.ToolCall::name)
          .containsExactly("add", "weather");
      assertThat(tools.calls).isEmpty();
      assertThat(lb.bodies(LoopbackOrchestrator.PRIMARY)).hasSize(1);
    }
  }

  @Test
  void streamingChatClientRunsToolCallsAndStreamsTheAnswer() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            ToolCallSteps.stream("primary", ADD, WEATHER), Step.ok("Five, and sunny."))) {
      Tools tools = new Tools();

      List<String> pieces =
          ChatClient.create(model(lb))
              .prompt()
              .user("What is 2 + 3, and the weather in Oslo?")
              .tools(tools)
              .stream()
              .content()
              .collectList()
              .block(Duration.ofSeconds(60));

      assertThat(String.join("", pieces)).isEqualTo("Five, and sunny.");
      assertThat(pieces).hasSizeGreaterThan(1);
      assertThat(tools.calls).containsExactly("add(2,3)", "weather(Oslo)");
    }
  }

  @Test
  void entityMapsTheAnswerToARecord() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(Step.ok("{\"name\":\"Ada\",\"age\":36}"))) {
      Person p =
          ChatClient.create(model(lb))
              .prompt()
              .user("Ada Lovelace was 36.")
              .call()
              .entity(Person.class);

      assertThat(p).isEqualTo(new Person("Ada", 36));
    }
  }

  @Test
  void nativeStructuredOutputSendsTheSchemaAsAJsonSchemaResponseFormat() throws Exception {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(Step.ok("{\"name\":\"Ada\",\"age\":36}"))) {
      Person p =
          ChatClient.create(model(lb))
              .prompt()
              .advisors(
                  org.springframework.ai.chat.client.AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
              .user("Ada Lovelace was 36.")
              .call()
              .entity(Person.class);

      assertThat(p).isEqualTo(new Person("Ada", 36));
      JsonNode body = JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(0));
      assertThat(body.at("/response_format/type").asText()).isEqualTo("json_schema");
      assertThat(body.at("/response_format/json_schema/schema/properties/age/type").asText())
          .isEqualTo("integer");
    }
  }

  @Test
  void streamFailureAfterOutputErrorsTheFluxAndNeverCompletes() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.withStreamIdle(
            Map.of(LoopbackOrchestrator.PRIMARY, List.of(Step.fault(Fault.STREAM_STALL))),
            Duration.ofSeconds(1))) {
      TestObservationRegistry observations = TestObservationRegistry.create();
      OrchestratorChatModel model =
          OrchestratorChatModel.builder()
              .orchestrator(lb.orchestrator())
              .defaultModel("orchestrator/free")
              .observationRegistry(observations)
              .build();

      List<Signal<String>> signals =
          ChatClient.create(model).prompt().user("Tell me a story").stream()
              .content()
              .materialize()
              .collectList()
              .block(Duration.ofSeconds(60));

      assertThat(signals.get(0).isOnNext()).isTrue(); // visible output came first
      Signal<String> last = signals.get(signals.size() - 1);
      assertThat(last.isOnError()).isTrue();
      assertThat(signals).noneMatch(Signal::isOnComplete);
      assertThat(last.getThrowable()).isInstanceOf(TransientAiException.class);
      assertThat(
              OrchestratorAiErrors.orchestratorException(last.getThrowable()).orElseThrow().type())
          .isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED);
      assertThat(lb.upstream().calls()).containsExactly(LoopbackOrchestrator.PRIMARY);
      TestObservationRegistryAssert.assertThat(observations)
          .hasSingleObservationThat()
          .hasNameEqualTo("gen_ai.client.operation")
          .hasBeenStopped()
          .assertThatError()
          .isInstanceOf(TransientAiException.class);
    }
  }

  @Test
  void failoverIsInvisibleToTheCallerExceptInTheTrace() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.start(
            Map.of(
                LoopbackOrchestrator.PRIMARY,
                    List.of(Step.answer(503, "{\"error\":{\"message\":\"overloaded\"}}")),
                LoopbackOrchestrator.BACKUP, List.of(Step.ok("Hello from the backup."))))) {
      ChatResponse r = ChatClient.create(model(lb)).prompt().user("Hi").call().chatResponse();

      assertThat(r.getResult().getOutput().getText()).isEqualTo("Hello from the backup.");
      assertThat(r.getMetadata().getModel()).isEqualTo(LoopbackOrchestrator.BACKUP);
      Trace trace = r.getMetadata().get("orchestrator.trace");
      assertThat(trace.attempts())
          .extracting(a -> a.route() + " " + a.decision().wireName())
          .containsExactly(
              LoopbackOrchestrator.PRIMARY + " failover", LoopbackOrchestrator.BACKUP + " success");
    }
  }

  @Test
  void settledBadRequestInAGroupIsNonTransientWithTheUpstreamsOwnMessage() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(LoopbackOrchestrator.INVALID_REQUEST)) {
      OrchestratorChatModel group = TestModels.chat(lb, "pair-group");

      Throwable thrown =
          catchThrowable(() -> ChatClient.create(group).prompt().user("Hi").call().content());

      assertThat(thrown)
          .isExactlyInstanceOf(NonTransientAiException.class)
          .hasMessageContaining("messages[1].content: must not be empty");
      OrchestratorException cause =
          OrchestratorAiErrors.orchestratorException(thrown).orElseThrow();
      assertThat(cause.type()).isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
      assertThat(cause.status()).isEqualTo(400);
      assertThat(lb.upstream().calls()).containsExactly(LoopbackOrchestrator.PRIMARY);
    }
  }

  @Test
  void aPromptsOwnOptionsWinOverTheDefaultsValueByValue() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok("ok"))) {
      OrchestratorChatModel model =
          OrchestratorChatModel.builder()
              .orchestrator(lb.orchestrator())
              .defaultModel(LoopbackOrchestrator.PRIMARY)
              .defaultOptions(
                  OrchestratorChatOptions.builder().temperature(0.1).maxTokens(50).build())
              .build();

      model.call(new Prompt("Hi", ChatOptions.builder().temperature(0.7).build()));

      JsonNode body = JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(0));
      assertThat(body.get("temperature").asDouble()).isEqualTo(0.7);
      assertThat(body.get("max_tokens").asInt()).isEqualTo(50);
      assertThat(body.get("model").asText()).isEqualTo("primary");
    }
  }

  /** A completion whose one choice ends with the route's own {@code finish} word. */
  private static Step finishingWith(String finish, String message) {
    return Step.answer(
        200,
        "{\"id\":\"chatcmpl-f\",\"object\":\"chat.completion\",\"model\":\"primary\","
            + "\"choices\":[{\"index\":0,\"message\":"
            + message
            + ",\"finish_reason\":\""
            + finish
            + "\"}]}");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "stop, STOP",
    "eos, STOP",
    "end_turn, STOP",
    "length, LENGTH",
    "model_length, LENGTH",
    "max_tokens, LENGTH",
    "content_filter, CONTENT_FILTER",
    "SAFETY, CONTENT_FILTER",
    "MALFORMED_FUNCTION_CALL, MALFORMED_FUNCTION_CALL"
  })
  void theFinishReasonIsSaidInSpringAisOpenAiWordsWhateverTheRoutesWord(
      String routeWord, String springAiWord) {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(
            finishingWith(routeWord, "{\"role\":\"assistant\",\"content\":\"Hi.\"}"))) {
      ChatResponse r = ChatClient.create(model(lb)).prompt().user("Hi").call().chatResponse();

      assertThat(r.getResult().getOutput().getText()).isEqualTo("Hi.");
      assertThat(r.getResult().getMetadata().getFinishReason()).isEqualTo(springAiWord);
    }
  }

  @Test
  void anAnswerThatCallsToolsFinishesWithToolCallsEvenWhenTheRouteSaysStop() {
    String calling =
        "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
            + "\"type\":\"function\",\"function\":{\"name\":\"add\","
            + "\"arguments\":\"{\\\"a\\\":2,\\\"b\\\":3}\"}}]}";
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(finishingWith("stop", calling))) {
      Prompt prompt =
          new Prompt(
              "What is 2 + 3?",
              ToolCallingChatOptions.builder()
                  .toolCallbacks(ToolCallbacks.from(new Tools()))
                  .build());

      ChatResponse r = model(lb).call(prompt);

      assertThat(r.getResult().getOutput().getToolCalls())
          .extracting(AssistantMessage.ToolCall::id)
          .containsExactly("call_1");
      assertThat(r.getResult().getMetadata().getFinishReason()).isEqualTo("TOOL_CALLS");
    }
  }

  @Test
  void aStreamTheSubscriberCancelsIsObservedWithoutAnError() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok(Step.DEFAULT_CONTENT))) {
      CompletableFuture<Observation.Context> stopped = new CompletableFuture<>();
      ObservationRegistry observations = recording(stopped::complete);
      OrchestratorChatModel model =
          OrchestratorChatModel.builder()
              .orchestrator(lb.orchestrator())
              .defaultModel("orchestrator/free")
              .observationRegistry(observations)
              .build();

      String first =
          ChatClient.create(model).prompt().user("Tell me a story").stream()
              .content()
              .blockFirst(Duration.ofSeconds(60)); // takes one piece, then cancels

      assertThat(first).isNotEmpty();
      // A consumer that stops listening is no model failure (Spring AI's own models record none).
      assertThat(stopped.get(60, TimeUnit.SECONDS).getError())
          .as("the observation's error")
          .isNull();
    }
  }

  @Test
  void aStreamedCallIsObservedInsideTheChatClientsObservationAsACallIs() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(Step.ok("Called."), Step.ok("Streamed."))) {
      List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
      ObservationRegistry observations = recording(stopped::add);
      ChatClient client =
          ChatClient.create(
              OrchestratorChatModel.builder()
                  .orchestrator(lb.orchestrator())
                  .defaultModel("orchestrator/free")
                  .observationRegistry(observations)
                  .build(),
              observations);

      assertThat(client.prompt().user("Hi").call().content()).isEqualTo("Called.");
      assertThat(
              client.prompt().user("Hi").stream()
                  .content()
                  .collectList()
                  .block(Duration.ofSeconds(60)))
          .containsExactly("Streamed.");

      // One trace per request: the model's span under the ChatClient's, streamed or not.
      assertThat(stopped)
          .filteredOn(c -> c.getName().equals("gen_ai.client.operation"))
          .extracting(
              c ->
                  c.getParentObservation() == null
                      ? null
                      : c.getParentObservation().getContextView().getName())
          .containsExactly("spring.ai.advisor", "spring.ai.advisor");
    }
  }

  /** A registry that hands every observation it stops to {@code onStop}. */
  private static ObservationRegistry recording(Consumer<Observation.Context> onStop) {
    ObservationRegistry observations = ObservationRegistry.create();
    observations
        .observationConfig()
        .observationHandler(
            new ObservationHandler<>() {
              @Override
              public boolean supportsContext(Observation.Context context) {
                return true;
              }

              @Override
              public void onStop(Observation.Context context) {
                onStop.accept(context);
              }
            });
    return observations;
  }
}
