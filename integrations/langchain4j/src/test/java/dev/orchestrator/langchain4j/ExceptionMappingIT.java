package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.langchain4j.data.message.AudioContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each LangChain4j exception type, produced by the upstream failure that should produce it, with
 * the orchestrator's typed error, status and trace as the cause.
 */
class ExceptionMappingIT {

  @ParameterizedTest(name = "{0} {1} -> {3}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # model        | status | body                                                                                      | exception               | orchestrator type
          alpha/primary  | 429    | {"error":{"message":"slow down","type":"rate_limit_error"}}                               | RateLimitException      | RATE_LIMITED
          alpha/primary  | 402    | {"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}}      | RateLimitException      | REQUEST_REJECTED
          alpha/primary  | 401    | {"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}         | AuthenticationException | REQUEST_REJECTED
          alpha/primary  | 403    | {"error":{"message":"not allowed","type":"permission_error"}}                             | AuthenticationException | REQUEST_REJECTED
          alpha/primary  | 400    | {"error":{"message":"flagged","type":"invalid_request_error","code":"content_filter"}}    | ContentFilteredException| REQUEST_REJECTED
          alpha/primary  | 404    | {"error":{"message":"The model does not exist","code":"model_not_found"}}                 | ModelNotFoundException  | REQUEST_REJECTED
          alpha/primary  | 400    | {"error":{"message":"messages: bad role","type":"invalid_request_error"}}                 | InvalidRequestException | REQUEST_REJECTED
          alpha/primary  | 504    | {"error":{"message":"upstream timed out"}}                                                | TimeoutException        | BACKEND_UNAVAILABLE
          alpha/primary  | 500    | {"error":{"message":"boom"}}                                                              | InternalServerException | BACKEND_UNAVAILABLE
          orchestrator/free | 503 | {"error":{"message":"overloaded"}}                                                        | InternalServerException | CANDIDATES_EXHAUSTED
          """)
  void upstreamFailureSurfacesAsLangChain4jsOwnException(
      String model, int status, String body, String exception, String type) {
    Step failing = Step.answer(status, body);
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.everyRoute(failing)) {
      OrchestratorChatModel chat = TestModels.chat(lb, model);

      Throwable thrown = catchThrowable(() -> chat.chat("Hi"));

      assertThat(thrown.getClass().getSimpleName()).isEqualTo(exception);
      OrchestratorException cause = OrchestratorErrors.orchestratorException(thrown).orElseThrow();
      assertThat(cause).isSameAs(thrown.getCause());
      assertThat(cause.type().name()).isEqualTo(type);
      assertThat(cause.status()).isEqualTo(status);
      assertThat(cause.trace().attempts()).isNotEmpty();
    }
  }

  @Test
  void settledBadRequestInAGroupIsAnInvalidRequestWithTheUpstreamsOwnMessage() {
    try (LoopbackOrchestrator lb =
        LoopbackOrchestrator.primary(LoopbackOrchestrator.INVALID_REQUEST)) {
      OrchestratorChatModel chat = TestModels.chat(lb, "pair-group");

      Throwable thrown = catchThrowable(() -> chat.chat("Hi"));

      assertThat(thrown)
          .isExactlyInstanceOf(InvalidRequestException.class)
          .hasMessageContaining("messages[1].content: must not be empty");
      assertThat(lb.upstream().calls())
          .containsExactly(LoopbackOrchestrator.PRIMARY); // a group stops on a 400
    }
  }

  @Test
  void unknownModelIsModelNotFound() {
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.start(Map.of())) {
      OrchestratorChatModel chat = TestModels.chat(lb, "nowhere/none");

      assertThat(catchThrowable(() -> chat.chat("Hi")))
          .isExactlyInstanceOf(ModelNotFoundException.class)
          .hasMessageContaining("nowhere/none");
    }
  }

  @Test
  void contentTheEngineCannotCarryIsUnsupportedWithTheOrchestratorsErrorAsItsCause() {
    // The README's pattern: catch LangChain4j's exception, read the orchestrator's from its cause.
    UserMessage audio =
        UserMessage.from(
            TextContent.from("Transcribe this."),
            AudioContent.from("https://files.example/memo.mp3"));
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.primary(Step.ok("unused"))) {
      Throwable thrown = catchThrowable(() -> TestModels.chat(lb, "orchestrator/free").chat(audio));
      List<Throwable> streamed = new CopyOnWriteArrayList<>();
      OrchestratorStreamingChatModel.builder()
          .orchestrator(lb.orchestrator())
          .modelName("orchestrator/free")
          .executor(Runnable::run)
          .build()
          .chat(
              List.of(audio),
              new StreamingChatResponseHandler() {
                @Override
                public void onCompleteResponse(ChatResponse response) {
                  streamed.add(new AssertionError("completed"));
                }

                @Override
                public void onError(Throwable error) {
                  streamed.add(error);
                }
              });

      assertThat(streamed).hasSize(1);
      for (Throwable t : List.of(thrown, streamed.get(0))) {
        assertThat(t)
            .isExactlyInstanceOf(UnsupportedFeatureException.class)
            .hasMessageContaining("AUDIO");
        OrchestratorException cause = OrchestratorErrors.orchestratorException(t).orElseThrow();
        assertThat(cause.type()).isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
        assertThat(cause.getMessage()).isEqualTo(t.getMessage());
      }
      assertThat(lb.upstream().calls()).isEmpty();
    }
  }
}
