package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one request-body reader every front uses: what it refuses, and how it says so. */
class JsonFieldsTest {
  private static ApiError refused(String body) {
    try {
      JsonFields.body(body.getBytes(StandardCharsets.UTF_8));
    } catch (ApiError e) {
      return e;
    }
    throw new AssertionError("accepted: " + body);
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"model\":\"m\"} xyz", "{\"model\":\"m\"}{\"model\":\"n\"}", "{} []"})
  void contentAfterTheDocumentIsRefused(String body) {
    ApiError e = refused(body);
    assertThat(e.status()).isEqualTo(400);
    assertThat(e.getMessage()).startsWith("request body: invalid JSON at line 1");
  }

  @Test
  void anUnclosedContainerIsNamedWithItsStartNotTheReadersInternals() {
    ApiError e = refused("{\"model\":\"m\",\"messages\":[");
    assertThat(e.getMessage())
        .isEqualTo(
            "request body: invalid JSON at line 1, column 26: Unexpected end-of-input: expected"
                + " close marker for Array (start marker at line 1, column 25)");
  }

  @Test
  void anOverlongNumberIsNamedAsSuchNotAsNesting() {
    ApiError e = refused("{\"max_tokens\":" + "9".repeat(5000) + "}");
    assertThat(e.status()).isEqualTo(400);
    assertThat(e.getMessage())
        .isEqualTo("request body: a number longer than 1000 characters (expected: at most 1000)")
        .doesNotContain("99999");
  }

  @Test
  void deepNestingIsNamedAsSuch() {
    assertThat(refused("{\"x\":" + "[".repeat(200) + "]".repeat(200) + "}").getMessage())
        .isEqualTo("request body: nested deeper than 128 levels (expected: at most 128)");
  }

  @Test
  void aDocumentWithTrailingWhitespaceIsAccepted() {
    assertThat(
            JsonFields.body("{\"model\":\"m\"}\n  ".getBytes(StandardCharsets.UTF_8))
                .path("model")
                .asText())
        .isEqualTo("m");
    assertThatThrownBy(() -> JsonFields.body("[1]".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(ApiError.class)
        .hasMessage("request body: expected a JSON object");
  }
}
