package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ToolGuardTest {

  private final List<Duration> sleeps = new ArrayList<>();
  private final List<ToolAuditEvent> events = new ArrayList<>();

  /** Always draws the top of the jitter range, so delays equal the exponential cap. */
  private static final RandomGenerator TOP_OF_RANGE =
      new RandomGenerator() {
        @Override
        public long nextLong() {
          throw new UnsupportedOperationException();
        }

        @Override
        public long nextLong(long bound) {
          return bound - 1;
        }
      };

  private ToolGuard.Builder guard() {
    return ToolGuard.builder()
        .sleeper(sleeps::add)
        .random(TOP_OF_RANGE)
        .backoff(Duration.ofMillis(100), Duration.ofMillis(250))
        .onDecision(events::add);
  }

  /** A call that throws {@code failure} the first {@code failures} times, then returns "ok". */
  private static Callable<String> failing(int failures, Exception failure, AtomicInteger calls) {
    return () -> {
      if (calls.incrementAndGet() <= failures) {
        throw failure;
      }
      return "ok";
    };
  }

  @Test
  void returnsTheValueWithoutAnyDecisionWhenTheCallSucceeds() {
    ToolOutcome<String> outcome = guard().build().run(ToolSpec.nonIdempotent("shell"), () -> "ok");

    assertThat(outcome).isEqualTo(new ToolOutcome.Succeeded<>("ok", 1));
    assertThat(events).isEmpty();
    assertThat(sleeps).isEmpty();
  }

  @Test
  void retriesAnIdempotentTimeoutAndSucceeds() {
    AtomicInteger calls = new AtomicInteger();

    ToolOutcome<String> outcome =
        guard()
            .maxRetries(2)
            .build()
            .run(ToolSpec.idempotent("search"), failing(1, new SocketTimeoutException(), calls));

    assertThat(outcome).isEqualTo(new ToolOutcome.Succeeded<>("ok", 2));
    assertThat(events)
        .extracting(ToolAuditEvent::reasonCode)
        .containsExactly("tool_failure.timeout.retry_same_agent");
  }

  @Test
  void retriesAtMostMaxRetriesThenFailsOver() {
    AtomicInteger calls = new AtomicInteger();

    ToolOutcome<String> outcome =
        guard()
            .maxRetries(3)
            .build()
            .run(ToolSpec.idempotent("search"), failing(99, new SocketTimeoutException(), calls));

    assertThat(calls).hasValue(4);
    assertThat(outcome).isInstanceOf(ToolOutcome.FailOver.class);
    ToolOutcome.FailOver<String> failOver = (ToolOutcome.FailOver<String>) outcome;
    assertThat(failOver.attempts()).isEqualTo(4);
    assertThat(failOver.decision().reasonCode()).isEqualTo("tool_failure.timeout.failover_agent");
    assertThat(events)
        .extracting(ToolAuditEvent::attempt, ToolAuditEvent::reasonCode)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, "tool_failure.timeout.retry_same_agent"),
            org.assertj.core.groups.Tuple.tuple(2, "tool_failure.timeout.retry_same_agent"),
            org.assertj.core.groups.Tuple.tuple(3, "tool_failure.timeout.retry_same_agent"),
            org.assertj.core.groups.Tuple.tuple(4, "tool_failure.timeout.failover_agent"));
  }

  @Test
  void backsOffExponentiallyUpToTheMaximum() {
    guard()
        .maxRetries(4)
        .build()
        .run(
            ToolSpec.idempotent("search"),
            failing(99, new SocketTimeoutException(), new AtomicInteger()));

    assertThat(sleeps)
        .containsExactly(
            Duration.ofMillis(100),
            Duration.ofMillis(200),
            Duration.ofMillis(250),
            Duration.ofMillis(250));
    assertThat(events)
        .extracting(ToolAuditEvent::delay)
        .startsWith(sleeps.toArray(Duration[]::new));
  }

  @Test
  void jittersEachDelayWithinItsCap() {
    guard()
        .maxRetries(4)
        .random(new Random(42))
        .build()
        .run(
            ToolSpec.idempotent("search"),
            failing(99, new SocketTimeoutException(), new AtomicInteger()));

    List<Duration> caps =
        List.of(
            Duration.ofMillis(100),
            Duration.ofMillis(200),
            Duration.ofMillis(250),
            Duration.ofMillis(250));
    assertThat(sleeps).hasSize(4);
    for (int i = 0; i < 4; i++) {
      assertThat(sleeps.get(i)).isBetween(Duration.ZERO, caps.get(i));
    }
    assertThat(sleeps).doesNotHaveDuplicates();
  }

  @Test
  void failsOverAtOnceWhenNoRetriesAreAllowed() {
    ToolOutcome<String> outcome =
        guard()
            .maxRetries(0)
            .build()
            .run(
                ToolSpec.idempotent("search"),
                failing(99, new SocketTimeoutException(), new AtomicInteger()));

    assertThat(outcome.attempts()).isEqualTo(1);
    assertThat(sleeps).isEmpty();
  }

  @Test
  void stopsANonIdempotentTimeoutWithoutReplayingIt() {
    AtomicInteger calls = new AtomicInteger();
    ToolGuard g = guard().maxRetries(4).build();

    assertThatThrownBy(
            () ->
                g.run(
                    ToolSpec.nonIdempotent("shell"),
                    failing(99, new SocketTimeoutException("Read timed out"), calls)))
        .isInstanceOfSatisfying(
            ToolExecutionStoppedException.class,
            stop -> {
              assertThat(stop.getMessage())
                  .isEqualTo("tool 'shell' stopped: tool_failure.ambiguous_outcome.fail_closed");
              assertThat(stop.getCause()).isNull();
              assertThat(stop.decision().observedKind()).isEqualTo(ToolFailureKind.TIMEOUT);
            });
    assertThat(calls).hasValue(1);
    assertThat(sleeps).isEmpty();
    assertThat(events)
        .singleElement()
        .extracting(ToolAuditEvent::reasonCode)
        .isEqualTo("tool_failure.ambiguous_outcome.fail_closed");
  }

  @Test
  void failsOverAnIdempotentExecutionFailureWithoutRetrying() {
    AtomicInteger calls = new AtomicInteger();

    ToolOutcome<String> outcome =
        guard()
            .maxRetries(4)
            .build()
            .run(
                ToolSpec.idempotent("search"),
                failing(
                    99,
                    ToolFailureException.builder("search")
                        .kind(ToolFailureKind.EXECUTION_FAILED)
                        .idempotent(true)
                        .outcomeUnknown(false)
                        .build(),
                    calls));

    assertThat(calls).hasValue(1);
    assertThat(((ToolOutcome.FailOver<String>) outcome).decision().reasonCode())
        .isEqualTo("tool_failure.execution_failed.failover_agent");
  }

  @Test
  void letsANestedStopThroughUntouched() {
    ToolExecutionStoppedException inner =
        new ToolExecutionStoppedException(
            "shell", ToolFailureClassifier.decide(ToolFailureKind.PERMISSION_DENIED, true));
    AtomicInteger calls = new AtomicInteger();

    assertThatThrownBy(
            () ->
                guard()
                    .maxRetries(4)
                    .build()
                    .run(ToolSpec.idempotent("agent"), failing(99, inner, calls)))
        .isSameAs(inner);
    assertThat(calls).hasValue(1);
    assertThat(events).isEmpty();
  }

  @Test
  void letsErrorsPropagate() {
    StackOverflowError error = new StackOverflowError();

    assertThatThrownBy(
            () ->
                guard()
                    .build()
                    .run(
                        ToolSpec.idempotent("search"),
                        () -> {
                          throw error;
                        }))
        .isSameAs(error);
    assertThat(events).isEmpty();
  }

  @Test
  void stopsRetryingWhenInterruptedWhileBackingOff() {
    AtomicInteger calls = new AtomicInteger();
    ToolGuard g =
        guard()
            .maxRetries(4)
            .sleeper(
                d -> {
                  throw new InterruptedException();
                })
            .build();
    try {
      ToolOutcome<String> outcome =
          g.run(ToolSpec.idempotent("search"), failing(99, new SocketTimeoutException(), calls));

      assertThat(calls).hasValue(1);
      assertThat(outcome).isInstanceOf(ToolOutcome.FailOver.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aNonIdempotentCallInterruptedWhileItRanIsStoppedNotHandedToAnotherAgent() {
    AtomicInteger calls = new AtomicInteger();
    ToolGuard g = guard().maxRetries(4).build();
    try {
      // e.g. Process.waitFor() interrupted while `rm -rf` runs: whether it finished is unknown.
      assertThatThrownBy(
              () ->
                  g.run(
                      ToolSpec.nonIdempotent("shell"),
                      failing(1, new InterruptedException(), calls)))
          .isInstanceOf(ToolExecutionStoppedException.class)
          .hasMessage("tool 'shell' stopped: tool_failure.ambiguous_outcome.fail_closed");
      assertThat(calls).hasValue(1);
      assertThat(Thread.currentThread().isInterrupted()).isTrue(); // the flag is kept
      assertThat(events)
          .singleElement()
          .satisfies(e -> assertThat(e.decision().action()).isEqualTo(ToolAction.FAIL_CLOSED));
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aFailingListenerDoesNotChangeTheDecision() {
    ToolGuard g =
        guard()
            .onDecision(
                e -> {
                  throw new IllegalStateException("listener bug");
                })
            .build();

    assertThatThrownBy(
            () ->
                g.run(
                    ToolSpec.idempotent("search"),
                    () -> {
                      throw new SecurityException("sandbox");
                    }))
        .isInstanceOf(ToolExecutionStoppedException.class)
        .hasMessage("tool 'search' stopped: tool_failure.permission_denied.fail_closed");
    assertThat(events).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(ints = {-1, 5, 7})
  void rejectsMaxRetriesOutsideTheCeiling(int retries) {
    assertThatThrownBy(() -> ToolGuard.builder().maxRetries(retries))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxRetries: " + retries + " (expected: 0..4)");
  }

  @Test
  void rejectsBackoffBoundsThatMakeNoSense() {
    assertThatThrownBy(() -> ToolGuard.builder().backoff(Duration.ofMillis(-1), Duration.ZERO))
        .hasMessage("backoffInitial: -1 ms (expected: >= 0 ms)");
    assertThatThrownBy(
            () -> ToolGuard.builder().backoff(Duration.ofSeconds(1), Duration.ofMillis(10)))
        .hasMessage("backoffMax: 10 ms (expected: >= backoffInitial 1000 ms)");
    assertThatThrownBy(() -> ToolGuard.builder().backoff(Duration.ZERO, Duration.ofHours(2)))
        .hasMessage("backoffMax: 7200000 ms (expected: <= 3600000 ms)");
  }

  @Test
  void doesNotSleepWhenTheBackoffIsZero() {
    AtomicInteger calls = new AtomicInteger();

    ToolOutcome<String> outcome =
        guard()
            .backoff(Duration.ZERO, Duration.ZERO)
            .maxRetries(2)
            .build()
            .run(ToolSpec.idempotent("search"), failing(2, new SocketTimeoutException(), calls));

    assertThat(outcome).isEqualTo(new ToolOutcome.Succeeded<>("ok", 3));
    assertThat(sleeps).isEmpty();
  }
}
