package dev.orchestrator.engine.observe;

import dev.orchestrator.engine.failure.FailureCategory;
import java.time.Duration;
import java.util.Objects;

/**
 * One dispatched attempt as the observations see it. Immutable; carries no text.
 *
 * @param route the route id
 * @param failure the failure category, or {@code null} when the attempt answered
 * @param firstToken time to the first visible output of a stream, or to the whole answer; {@code
 *     null} for a failure
 * @param latency how long the attempt took
 * @param completionTokens output tokens the answer reported (0 when none or unknown)
 * @param toolCalls {@code null} when the answer made no tool call, else whether every call named a
 *     tool of the request and its arguments fit that tool's schema, as the provider client checked
 *     it ({@link dev.orchestrator.engine.spi.AttemptOutcome.Succeeded#toolCallsValid()}); {@code
 *     null} also when the client did not check
 * @param costRatio what the answer cost over its list price, every prompt token at the input price
 *     and every completion token at the output price (0..1: cache reads lower it, and a cache write
 *     or reasoning surcharge above the list price counts as 1), or {@code null} for a failure, a
 *     free route or an unknown price
 */
public record AttemptSample(
    String route,
    FailureCategory failure,
    Duration firstToken,
    Duration latency,
    int completionTokens,
    Boolean toolCalls,
    Double costRatio) {
  /** Validates. */
  public AttemptSample {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(latency, "latency");
  }

  /** Whether the attempt answered. */
  public boolean answered() {
    return failure == null;
  }
}
