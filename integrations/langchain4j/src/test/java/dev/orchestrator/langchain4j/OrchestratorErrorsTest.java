package dev.orchestrator.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.providers.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The error table row for row, including the outcomes a loopback upstream cannot easily produce
 * (deadline, cancellation, tool stop); the common ones are produced for real in {@code
 * ExceptionMappingIT}.
 */
class OrchestratorErrorsTest {

  @ParameterizedTest(name = "{0} / {1} -> {2}")
  @CsvSource(
      nullValues = "null",
      textBlock =
          """
          RATE_LIMITED,           null,                    RateLimitException
          DEADLINE_EXCEEDED,      TIMEOUT,                 TimeoutException
          NO_CANDIDATES,          null,                    ModelNotFoundException
          MODEL_NOT_FOUND,        null,                    ModelNotFoundException
          REQUEST_TOO_LARGE,      CONTEXT_LENGTH_EXCEEDED, InvalidRequestException
          STREAM_INTERRUPTED,     STREAM_INTERRUPTED,      InternalServerException
          TOOL_EXECUTION_STOPPED, TOOL_EXECUTION_STOPPED,  NonRetriableException
          CANCELLED,              CANCELLED,               LangChain4jException
          REQUEST_REJECTED,       UNKNOWN,                 InvalidRequestException
          REQUEST_REJECTED,       QUOTA_EXHAUSTED,         RateLimitException
          CANDIDATES_EXHAUSTED,   AUTH_FAILED,             AuthenticationException
          CANDIDATES_EXHAUSTED,   CONNECTION_FAILED,       InternalServerException
          CANDIDATES_EXHAUSTED,   EMPTY_RESPONSE,          InternalServerException
          CANDIDATES_EXHAUSTED,   NOT_FOUND,               ModelNotFoundException
          BACKEND_UNAVAILABLE,    UNKNOWN,                 InternalServerException
          BACKEND_UNAVAILABLE,    null,                    InternalServerException
          """)
  void typeThenCategoryPicksTheException(String type, String category, String expected) {
    OrchestratorException e = Fixtures.exception(type, category);

    Fixtures.assertMapped(e, OrchestratorErrors.toLangChain4j(e), expected);
  }

  @Test
  void everyTypeAndCategoryMaps() {
    for (OrchestratorException.Type t : OrchestratorException.Type.values()) {
      for (FailureCategory c : FailureCategory.values()) {
        OrchestratorException e =
            new OrchestratorException(
                t, "m", ProviderFailure.of(c, false, ReachedModel.UNKNOWN, null, "m"), null, null);
        assertThat(OrchestratorErrors.toLangChain4j(e)).hasCause(e);
      }
    }
  }

  @Test
  void unknownModelIsModelNotFoundAndOtherErrorsPassThrough() {
    UnknownModelException unknown = new UnknownModelException("x/y", List.of());
    RuntimeException mapped = OrchestratorErrors.toLangChain4j(unknown);
    assertThat(mapped).isInstanceOf(dev.langchain4j.exception.ModelNotFoundException.class);
    // The README's pattern holds for every mapped exception: the cause is an OrchestratorException.
    OrchestratorException cause = OrchestratorErrors.orchestratorException(mapped).orElseThrow();
    assertThat(cause.type()).isEqualTo(OrchestratorException.Type.MODEL_NOT_FOUND);
    assertThat(cause).hasCause(unknown).hasMessage(unknown.getMessage());
    RuntimeException invalid =
        OrchestratorErrors.toLangChain4j(new IllegalArgumentException("top_p"));
    assertThat(OrchestratorErrors.orchestratorException(invalid).orElseThrow().type())
        .isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
    IllegalStateException other = new IllegalStateException("bug");
    assertThat(OrchestratorErrors.toLangChain4j(other)).isSameAs(other);
    assertThat(OrchestratorErrors.orchestratorException(other)).isEmpty();
  }
}
