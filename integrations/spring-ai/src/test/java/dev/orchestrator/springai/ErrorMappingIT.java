package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.providers.simulation.LoopbackOrchestrator;
import dev.orchestrator.providers.simulation.Step;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.ai.chat.prompt.Prompt;

/** Each failure surfaces as Spring AI's transient or non-transient exception, cause attached. */
class ErrorMappingIT {

  @ParameterizedTest(name = "{0} {1} -> {3}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # model           | status | body                                                                                 | exception               | orchestrator type
          alpha/primary     | 429    | {"error":{"message":"slow down","type":"rate_limit_error"}}                          | TransientAiException    | RATE_LIMITED
          alpha/primary     | 500    | {"error":{"message":"boom"}}                                                         | TransientAiException    | BACKEND_UNAVAILABLE
          alpha/primary     | 504    | {"error":{"message":"upstream timed out"}}                                           | TransientAiException    | BACKEND_UNAVAILABLE
          orchestrator/free | 503    | {"error":{"message":"overloaded"}}                                                   | TransientAiException    | CANDIDATES_EXHAUSTED
          alpha/primary     | 402    | {"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}} | NonTransientAiException | REQUEST_REJECTED
          alpha/primary     | 401    | {"error":{"message":"Incorrect API key provided"}}                                   | NonTransientAiException | REQUEST_REJECTED
          alpha/primary     | 400    | {"error":{"message":"flagged","code":"content_filter"}}                              | NonTransientAiException | REQUEST_REJECTED
          alpha/primary     | 404    | {"error":{"message":"The model does not exist","code":"model_not_found"}}            | NonTransientAiException | REQUEST_REJECTED
          """)
  void upstreamFailureSurfacesAsSpringAisOwnException(
      String model, int status, String body, String exception, String type) {
    Step failing = Step.answer(status, body);
    try (LoopbackOrchestrator lb = LoopbackOrchestrator.everyRoute(failing)) {
      OrchestratorChatModel chat = TestModels.chat(lb, model);

      Throwable thrown = catchThrowable(() -> chat.call(new Prompt("Hi")));

      assertThat(thrown.getClass().getSimpleName()).isEqualTo(exception);
      OrchestratorException cause =
          OrchestratorAiErrors.orchestratorException(thrown).orElseThrow();
      assertThat(cause).isSameAs(thrown.getCause());
      assertThat(cause.type().name()).isEqualTo(type);
      assertThat(cause.status()).isEqualTo(status);
      assertThat(cause.trace().attempts()).isNotEmpty();
    }
  }
}
