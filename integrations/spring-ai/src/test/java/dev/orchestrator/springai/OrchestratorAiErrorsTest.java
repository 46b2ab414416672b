package dev.orchestrator.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.providers.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Transient or not, row for row (ADR 0020 error table). */
class OrchestratorAiErrorsTest {

  @ParameterizedTest(name = "{0} / {1} -> {2}")
  @CsvSource(
      nullValues = "null",
      textBlock =
          """
          RATE_LIMITED,           null,                    TransientAiException
          DEADLINE_EXCEEDED,      TIMEOUT,                 TransientAiException
          STREAM_INTERRUPTED,     STREAM_INTERRUPTED,      TransientAiException
          CANDIDATES_EXHAUSTED,   OVERLOADED,              TransientAiException
          BACKEND_UNAVAILABLE,    CONNECTION_FAILED,       TransientAiException
          BACKEND_UNAVAILABLE,    EMPTY_RESPONSE,          TransientAiException
          CANDIDATES_EXHAUSTED,   QUOTA_EXHAUSTED,         NonTransientAiException
          CANDIDATES_EXHAUSTED,   AUTH_FAILED,             NonTransientAiException
          BACKEND_UNAVAILABLE,    UNKNOWN,                 NonTransientAiException
          BACKEND_UNAVAILABLE,    null,                    NonTransientAiException
          REQUEST_REJECTED,       REQUEST_INVALID,         NonTransientAiException
          NO_CANDIDATES,          null,                    NonTransientAiException
          MODEL_NOT_FOUND,        null,                    NonTransientAiException
          REQUEST_TOO_LARGE,      CONTEXT_LENGTH_EXCEEDED, NonTransientAiException
          TOOL_EXECUTION_STOPPED, TOOL_EXECUTION_STOPPED,  NonTransientAiException
          CANCELLED,              CANCELLED,               NonTransientAiException
          """)
  void typeThenCategoryDecidesTransience(String type, String category, String expected) {
    OrchestratorException e = Fixtures.exception(type, category);

    RuntimeException mapped = OrchestratorAiErrors.toSpringAi(e);

    Fixtures.assertMapped(e, mapped, expected);
    assertThat(OrchestratorAiErrors.orchestratorException(mapped)).containsSame(e);
  }

  @Test
  void aRefusedRequestIsNonTransientAndOtherErrorsPassThrough() {
    RuntimeException mapped =
        OrchestratorAiErrors.toSpringAi(new IllegalArgumentException("top_p: 1.7"));
    assertThat(mapped)
        .isInstanceOf(org.springframework.ai.retry.NonTransientAiException.class)
        .hasMessage("top_p: 1.7");
    assertThat(OrchestratorAiErrors.orchestratorException(mapped).orElseThrow().type())
        .isEqualTo(OrchestratorException.Type.REQUEST_REJECTED);
    RuntimeException unknown =
        OrchestratorAiErrors.toSpringAi(
            new dev.orchestrator.engine.plan.UnknownModelException("x/y", java.util.List.of()));
    assertThat(OrchestratorAiErrors.orchestratorException(unknown).orElseThrow().type())
        .isEqualTo(OrchestratorException.Type.MODEL_NOT_FOUND);
    IllegalStateException other = new IllegalStateException("bug");
    assertThat(OrchestratorAiErrors.toSpringAi(other)).isSameAs(other);
  }
}
