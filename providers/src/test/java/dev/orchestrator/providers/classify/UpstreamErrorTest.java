package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The status a text prints is looked for only when no HTTP failure status came with it: the HTTP
 * status decides over it ({@link Facts}), so reading it there would be work for nothing. A status
 * the error document holds in a field is read either way.
 */
class UpstreamErrorTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          litellm.BadRequestError: Error code: 400 - {'error': 'bad'}          | 400
          Request failed with status code 429. Please try again.               | 429
          {"detail": "Not Found"}                                              | 404
          """)
  void aStatusATextPrintsIsReadOnlyWithoutAnHttpStatus(String text, int printed) {
    assertThat(UpstreamError.read(text, null, null, false).carriedStatus()).isEqualTo(printed);
    assertThat(UpstreamError.read(text, null, null, true).carriedStatus()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"error": {"code": 429, "message": "Too many requests"}}              | 429
          {"error": {"code": 503, "message": "Overloaded", "status": "UNAVAILABLE"}} | 503
          """)
  void aStatusTheDocumentHoldsInAFieldIsReadEitherWay(String body, int held) {
    assertThat(UpstreamError.read(body, null, null, false).carriedStatus()).isEqualTo(held);
    assertThat(UpstreamError.read(body, null, null, true).carriedStatus()).isEqualTo(held);
  }
}
