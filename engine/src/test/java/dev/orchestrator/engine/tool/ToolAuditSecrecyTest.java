package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketTimeoutException;
import java.nio.file.AccessDeniedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Raw messages, arguments and tool output never reach an audit event, a decision or the stop
 * exception — whatever the failure looks like and wherever the secret hides in it.
 */
class ToolAuditSecrecyTest {

  @Provide
  Arbitrary<String> secrets() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .withCharRange('A', 'Z')
        .withCharRange('0', '9')
        .ofMinLength(20)
        .ofMaxLength(48)
        .map(s -> "sk-" + s);
  }

  /** A failure with the secret in its message, a cause, suppressed context or its status text. */
  private static Exception failure(int shape, String secret) {
    return switch (shape) {
      case 0 -> new SocketTimeoutException("read timed out for Bearer " + secret);
      case 1 -> new RuntimeException("wrapper " + secret, new AccessDeniedException(secret));
      case 2 -> {
        RuntimeException e = new RuntimeException("closing " + secret);
        e.addSuppressed(new IllegalArgumentException("arg api_key=" + secret));
        yield e;
      }
      case 3 ->
          new ExecutionException(
              ToolFailureException.builder("shell")
                  .kind(ToolFailureKind.EXECUTION_FAILED)
                  .idempotent(false)
                  .outcomeUnknown(false)
                  .message("stderr: " + secret)
                  .build());
      case 4 ->
          ToolFailureException.builder("shell")
              .kind(ToolFailureKind.TIMEOUT)
              .idempotent(true)
              .outcomeUnknown(true)
              .status(504)
              .message(secret)
              .cause(new IllegalStateException(secret))
              .build();
      default -> new IllegalStateException("permission denied for token " + secret);
    };
  }

  @Property(tries = 300)
  void noSecretReachesAnyAuditEventDecisionOrStop(
      @ForAll("secrets") String secret,
      @ForAll @IntRange(min = 0, max = 5) int shape,
      @ForAll boolean idempotent) {
    List<ToolAuditEvent> events = new ArrayList<>();
    List<Object> published = new ArrayList<>();
    ToolGuard guard =
        ToolGuard.builder()
            .maxRetries(2)
            .backoff(Duration.ofMillis(1), Duration.ofMillis(2))
            .sleeper(d -> {})
            .onDecision(events::add)
            .build();
    Map<String, String> arguments = Map.of("command", "deploy --token " + secret);

    try {
      published.add(
          guard.run(
              new ToolSpec("shell", idempotent),
              () -> {
                // Real tools echo their arguments into errors; that must go no further.
                throw failure(shape, arguments.get("command"));
              }));
    } catch (ToolExecutionStoppedException stop) {
      assertThat(stop.getCause()).isNull();
      assertThat(stop.getSuppressed()).isEmpty();
      published.add(stop.getMessage());
      published.add(stop.toString());
      published.add(stop.decision());
      published.add(stop.toProviderFailure());
    }

    assertThat(events).isNotEmpty();
    for (ToolAuditEvent e : events) {
      published.add(e);
      published.add(e.toolName());
      published.add(e.reasonCode());
      published.add(e.decision());
    }
    assertThat(published)
        .isNotEmpty()
        .allSatisfy(o -> assertThat(String.valueOf(o)).doesNotContain(secret));
  }
}
