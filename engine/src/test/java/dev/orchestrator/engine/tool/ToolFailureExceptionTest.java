package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Validation of the structured tool failure and of tool names. */
class ToolFailureExceptionTest {

  @Test
  void carriesEveryStatedField() {
    IllegalStateException cause = new IllegalStateException();
    ToolFailureException e =
        ToolFailureException.builder("shell")
            .kind(ToolFailureKind.EXECUTION_FAILED)
            .idempotent(false)
            .outcomeUnknown(true)
            .status(500)
            .cause(cause)
            .build();

    assertThat(e.toolName()).isEqualTo("shell");
    assertThat(e.kind()).isEqualTo(ToolFailureKind.EXECUTION_FAILED);
    assertThat(e.idempotent()).isFalse();
    assertThat(e.outcomeUnknown()).isTrue();
    assertThat(e.status()).isEqualTo(500);
    assertThat(e.httpStatus()).isEqualTo(500);
    assertThat(e.getCause()).isSameAs(cause);
    assertThat(e.getMessage()).isEqualTo("tool 'shell' failed: execution_failed, outcome unknown");
  }

  @Test
  void keepsTheFrameworksOwnMessage() {
    ToolFailureException e =
        ToolFailureException.builder("shell")
            .kind(ToolFailureKind.TIMEOUT)
            .idempotent(true)
            .outcomeUnknown(false)
            .message("ran for 30 s")
            .build();

    assertThat(e.getMessage()).isEqualTo("ran for 30 s");
    assertThat(e.status()).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t"})
  void rejectsABlankToolName(String name) {
    assertThatThrownBy(() -> ToolFailureException.builder(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name: '" + name + "' (expected: non-blank)");
  }

  @Test
  void rejectsANullToolName() {
    assertThatThrownBy(() -> ToolFailureException.builder(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name: null (expected: non-blank)");
  }

  @Test
  void rejectsAMissingKind() {
    assertThatThrownBy(
            () ->
                ToolFailureException.builder("shell")
                    .idempotent(true)
                    .outcomeUnknown(false)
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("kind: not set (expected one of: tool_not_found,");
  }

  @Test
  void rejectsAMissingIdempotentFlag() {
    assertThatThrownBy(
            () ->
                ToolFailureException.builder("shell")
                    .kind(ToolFailureKind.TIMEOUT)
                    .outcomeUnknown(false)
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("idempotent: not set (expected: true or false)");
  }

  @Test
  void rejectsAMissingOutcomeUnknownFlag() {
    assertThatThrownBy(
            () ->
                ToolFailureException.builder("shell")
                    .kind(ToolFailureKind.TIMEOUT)
                    .idempotent(false)
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("outcomeUnknown: not set (expected: true or false)");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 99, 600, -1})
  void rejectsAStatusOutsideHttpRange(int status) {
    assertThatThrownBy(() -> ToolFailureException.builder("http").status(status))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("status: " + status + " (expected: 100..599)");
  }

  @Test
  void rejectsAnOverlongToolNameWithoutEchoingIt() {
    String name = "x".repeat(ToolSpec.MAX_NAME_LENGTH + 1);

    assertThatThrownBy(() -> ToolSpec.idempotent(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name: 201 chars (expected: at most 200)");
  }

  @Test
  void rejectsAToolNameWithControlCharacters() {
    assertThatThrownBy(() -> ToolSpec.nonIdempotent("shell\nrm -rf"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name: contains a control character (expected: printable text)");
  }
}
