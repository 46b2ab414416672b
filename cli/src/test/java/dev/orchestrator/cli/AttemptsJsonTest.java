package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.Decision;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The attempts of {@code chat --json} and {@code simulate}: the fixed fields of each, and {@code
 * localTimeout: true} beside them for a timeout this process's own lateness explains (ADR 0056), so
 * an operator can tell it from the route's slowness; absent otherwise.
 */
class AttemptsJsonTest {
  @Test
  void anAttemptTimedOutWhileTheProcessRanLateSaysSo() {
    ProviderFailure timeout =
        ProviderFailure.of(
            FailureCategory.TIMEOUT, true, ReachedModel.UNKNOWN, null, "no first token");
    Trace trace =
        new Trace(
            null,
            List.of(
                AttemptRecord.failed(
                    "a/m",
                    1,
                    timeout,
                    Decision.FAILOVER,
                    Duration.ZERO,
                    Duration.ofMillis(300),
                    false,
                    null,
                    true),
                AttemptRecord.failed(
                    "b/m",
                    1,
                    timeout,
                    Decision.FAILOVER,
                    Duration.ZERO,
                    Duration.ofMillis(300),
                    false,
                    null,
                    false)),
            null,
            null,
            null);

    List<Map<String, Object>> attempts = Json.attempts(trace);

    assertThat(attempts.get(0))
        .containsEntry("route", "a/m")
        .containsEntry("category", "timeout")
        .containsEntry("localTimeout", true);
    assertThat(attempts.get(1)).containsEntry("route", "b/m").doesNotContainKey("localTimeout");
    assertThat(attempts.get(1).keySet())
        .containsExactly(
            "route",
            "attempt",
            "status",
            "category",
            "retryable",
            "decision",
            "delayMs",
            "latencyMs");
  }
}
