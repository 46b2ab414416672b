package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.listener.ChatModelResponseContext;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.output.FinishReason;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The two models against the real engine: failover, images, listeners, parameters, stream cuts. */
class ChatModelIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Records what LangChain4j hands its listeners. */
  static final class Recorder implements ChatModelListener {
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<Throwable> errors = new CopyOnWriteArrayList<>();

    @Override
    public void onRequest(ChatModelRequestContext c) {
      events.add("request " + c.chatRequest().modelName());
    }

    @Override
    public void onResponse(ChatModelResponseContext c) {
      events.add("response " + c.chatResponse().modelName());
    }

    @Override
    public void onError(ChatModelErrorContext c) {
      events.add("error " + c.error().getClass().getSimpleName());
      errors.add(c.error());
    }
  }

  @Test
  void failoverIsInvisibleToTheCallerExceptInTheTrace() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.start(
            Map.of(
                LoopbackOrchestrator.PRIMARY,
                List.of(
                    Step.answer(
                        503, "{\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}")),
                LoopbackOrchestrator.BACKUP,
                List.of(Step.ok("Hello from the backup."))))) {
      Recorder recorder = new Recorder();
      OrchestratorChatModel model =
          OrchestratorChatModel.builder()
              .orchestrator(lb.orchestrator())
              .modelName("orchestrator/free")
              .listeners(List.of(recorder))
              .build();

      ChatResponse response =
          model.chat(ChatRequest.builder().messages(UserMessage.from("Hi")).build());

      assertThat(response.aiMessage().text()).isEqualTo("Hello from the backup.");
      assertThat(response.finishReason()).isEqualTo(FinishReason.STOP);
      assertThat(response.modelName()).isEqualTo(LoopbackOrchestrator.BACKUP);
      OrchestratorChatResponseMetadata meta =
          (OrchestratorChatResponseMetadata) response.metadata();
      assertThat(meta.route()).isEqualTo(LoopbackOrchestrator.BACKUP);
      assertThat(meta.trace().attempts())
          .extracting(a -> a.route() + " " + a.decision().wireName())
          .containsExactly(
              LoopbackOrchestrator.PRIMARY + " failover", LoopbackOrchestrator.BACKUP + " success");
      assertThat(recorder.events)
          .containsExactly("request orchestrator/free", "response " + LoopbackOrchestrator.BACKUP);
    }
  }

  @Test
  void imageMessageReachesOnlyAVisionRoute() throws Exception {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.start(
            Map.of(LoopbackOrchestrator.VISION, List.of(Step.ok("A cat on a mat."))))) {
      OrchestratorChatModel model = TestModels.chat(lb, "orchestrator/free");

      ChatResponse response =
          model.chat(
              UserMessage.from(
                  TextContent.from("What is in the picture?"),
                  ImageContent.from(
                      "https://images.example/cat.png", ImageContent.DetailLevel.LOW)));

      assertThat(response.aiMessage().text()).isEqualTo("A cat on a mat.");
      assertThat(response.modelName()).isEqualTo(LoopbackOrchestrator.VISION);
      assertThat(lb.upstream().calls()).containsExactly(LoopbackOrchestrator.VISION);
      JsonNode content =
          JSON.readTree(lb.bodies(LoopbackOrchestrator.VISION).get(0)).at("/messages/0/content");
      assertThat(content.at("/0/type").asText()).isEqualTo("text");
      assertThat(content.at("/1/image_url/url").asText())
          .isEqualTo("https://images.example/cat.png");
      assertThat(content.at("/1/image_url/detail").asText()).isEqualTo("low");
    }
  }

  @Test
  void requestParametersReachTheUpstream() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok("ok"))) {
      OrchestratorChatModel model =
          OrchestratorChatModel.builder()
              .orchestrator(lb.orchestrator())
              .modelName(LoopbackOrchestrator.PRIMARY)
              .temperature(0.3)
              .topP(0.9)
              .maxOutputTokens(64)
              .stopSequences(List.of("END"))
              .presencePenalty(0.5)
              .frequencyPenalty(-0.5)
              .build();

      model.chat(ChatRequest.builder().messages(UserMessage.from("Hi")).topK(40).build());

      JsonNode body = JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(0));
      assertThat(body.get("temperature").asDouble()).isEqualTo(0.3);
      assertThat(body.get("top_p").asDouble()).isEqualTo(0.9);
      assertThat(body.get("max_tokens").asInt()).isEqualTo(64);
      assertThat(body.at("/stop/0").asText()).isEqualTo("END");
      assertThat(body.get("presence_penalty").asDouble()).isEqualTo(0.5);
      assertThat(body.get("frequency_penalty").asDouble()).isEqualTo(-0.5);
      assertThat(body.get("top_k").asInt()).isEqualTo(40);
    }
  }

  @Test
  void toolChoiceRequiredReachesTheUpstream() throws Exception {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok("ok"))) {
      OrchestratorChatModel model = TestModels.chat(lb, LoopbackOrchestrator.PRIMARY);

      model.chat(
          ChatRequest.builder()
              .messages(UserMessage.from("Hi"))
              .toolSpecifications(
                  dev.langchain4j.agent.tool.ToolSpecification.builder().name("ping").build())
              .toolChoice(ToolChoice.REQUIRED)
              .build());

      JsonNode body = JSON.readTree(lb.bodies(LoopbackOrchestrator.PRIMARY).get(0));
      assertThat(body.get("tool_choice").asText()).isEqualTo("required");
      assertThat(body.at("/tools/0/function/name").asText()).isEqualTo("ping");
    }
  }

  @Test
  void streamFailureAfterOutputEndsInOnErrorNeverOnCompleteResponse() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.withStreamIdle(
            Map.of(LoopbackOrchestrator.PRIMARY, List.of(Step.fault(Fault.STREAM_STALL))),
            Duration.ofSeconds(1))) {
      Recorder recorder = new Recorder();
      OrchestratorStreamingChatModel model =
          OrchestratorStreamingChatModel.builder()
              .orchestrator(lb.orchestrator())
              .modelName("orchestrator/free")
              .listeners(List.of(recorder))
              .executor(Runnable::run) // the whole stream runs inside chat(): no waiting
              .build();
      List<String> partials = new CopyOnWriteArrayList<>();
      List<String> terminal = new CopyOnWriteArrayList<>();
      List<Throwable> errors = new CopyOnWriteArrayList<>();

      model.chat(
          "Tell me a story",
          new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String partial) {
              partials.add(partial);
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
              terminal.add("complete");
            }

            @Override
            public void onError(Throwable error) {
              terminal.add("error");
              errors.add(error);
            }
          });

      assertThat(partials).isNotEmpty();
      assertThat(terminal).containsExactly("error");
      assertThat(errors.get(0)).isInstanceOf(InternalServerException.class);
      OrchestratorException cause =
          OrchestratorErrors.orchestratorException(errors.get(0)).orElseThrow();
      assertThat(cause.type()).isEqualTo(OrchestratorException.Type.STREAM_INTERRUPTED);
      assertThat(lb.upstream().calls())
          .containsExactly(LoopbackOrchestrator.PRIMARY); // no failover after output
      assertThat(recorder.events)
          .containsExactly("request orchestrator/free", "error InternalServerException");
    }
  }

  @Test
  void cancellingThroughTheStreamingHandleStopsTheStreamWithoutATerminalCall() {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok(Step.DEFAULT_CONTENT))) {
      OrchestratorStreamingChatModel model =
          OrchestratorStreamingChatModel.builder()
              .orchestrator(lb.orchestrator())
              .modelName("orchestrator/free")
              .executor(Runnable::run)
              .build();
      List<String> events = new CopyOnWriteArrayList<>();

      model.chat(
          "Tell me a story",
          new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(
                dev.langchain4j.model.chat.response.PartialResponse partial,
                dev.langchain4j.model.chat.response.PartialResponseContext context) {
              events.add("partial");
              context.streamingHandle().cancel();
              assertThat(context.streamingHandle().isCancelled()).isTrue();
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
              events.add("complete");
            }

            @Override
            public void onError(Throwable error) {
              events.add("error");
            }
          });

      assertThat(events).containsExactly("partial");
      assertThat(lb.upstream().calls())
          .containsExactly(LoopbackOrchestrator.PRIMARY); // no failover after cancel
    }
  }
}
