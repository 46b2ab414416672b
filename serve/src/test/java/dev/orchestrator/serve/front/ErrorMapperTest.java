package dev.orchestrator.serve.front;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.http.ApiError;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorMapperTest {

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @CsvSource(
      textBlock =
          """
          BACKEND_UNAVAILABLE,    502, upstream_error
          CANDIDATES_EXHAUSTED,   502, upstream_error
          STREAM_INTERRUPTED,     502, upstream_error
          RATE_LIMITED,           429, rate_limit_error
          TOOL_EXECUTION_STOPPED, 409, tool_execution_error
          DEADLINE_EXCEEDED,      504, timeout_error
          NO_CANDIDATES,          503, service_unavailable_error
          MODEL_NOT_FOUND,        404, invalid_request_error
          REQUEST_TOO_LARGE,      413, invalid_request_error
          REQUEST_REJECTED,       502, upstream_error
          """)
  void mapsEachEngineOutcomeToItsStatusAndType(
      OrchestratorException.Type type, int status, String errorType) {
    ApiError e = ErrorMapper.map(new OrchestratorException(type, "why", null, null, null));

    assertThat(e.status()).isEqualTo(status);
    assertThat(e.error().path("type").asText()).isEqualTo(errorType);
    assertThat(e.error().path("code").asText()).isEqualTo(type.wireName());
    assertThat(e.error().path("message").asText()).isEqualTo("why");
  }

  @ParameterizedTest(name = "{0} ms -> Retry-After {1}")
  @CsvSource(
      textBlock =
          """
          0,    1
          1,    1
          1000, 1
          1001, 2
          29500, 30
          """)
  void retryAfterIsWholeSecondsRoundedUpAndAtLeastOne(long ms, long seconds) {
    ApiError e =
        ErrorMapper.map(
            new OrchestratorException(
                OrchestratorException.Type.RATE_LIMITED, "x", null, null, Duration.ofMillis(ms)));

    assertThat(e.headers()).containsEntry("Retry-After", Long.toString(seconds));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"error":{"message":"bad","type":"invalid_request_error","code":"x"}} | bad
          not json at all                                                      | upstream said no
          """)
  void aRejectedRequestKeepsTheUpstreamStatusAndAddsUpstreamStatus(String body, String message) {
    ProviderFailure f =
        ProviderFailure.builder(FailureCategory.REQUEST_INVALID, ReachedModel.YES)
            .status(422)
            .message("upstream said no")
            .body(body)
            .build();
    ApiError e =
        ErrorMapper.map(
            new OrchestratorException(
                OrchestratorException.Type.REQUEST_REJECTED, "upstream said no", f, null, null));

    assertThat(e.status()).isEqualTo(422);
    assertThat(e.error().path("message").asText()).isEqualTo(message);
    assertThat(e.error().path("upstream_status").asInt()).isEqualTo(422);
  }

  @Test
  void anUnknownModelsCloseMatchesAreOnlyThoseTheClientMayAskFor() {
    UnknownModelException unknown =
        new UnknownModelException("pair-x", List.of("pair", "gamma/priced", "pair-group"));
    ClientToken allowListed = new ClientToken("team-b", new byte[32], null, null, List.of("pair*"));

    ApiError e = ErrorMapper.unknownModel(unknown, allowListed, null);

    assertThat(e.status()).isEqualTo(404);
    assertThat(e.error().path("code").asText()).isEqualTo("model_not_found");
    assertThat(e.error().path("message").asText())
        .isEqualTo("unknown model: pair-x (close matches: pair, pair-group)");
    assertThat(
            ErrorMapper.unknownModel(unknown, ClientToken.of("open", "t"), null)
                .error()
                .path("message")
                .asText())
        .as("a client without an allow-list sees every close match")
        .isEqualTo(unknown.getMessage());
    assertThat(
            ErrorMapper.unknownModel(
                    unknown,
                    new ClientToken("c", new byte[32], null, null, List.of("delta/*")),
                    null)
                .error()
                .path("message")
                .asText())
        .isEqualTo("unknown model: pair-x");
  }
}
