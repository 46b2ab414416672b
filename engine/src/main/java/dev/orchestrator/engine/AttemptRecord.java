package dev.orchestrator.engine;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import java.time.Duration;
import java.util.Objects;

/**
 * One attempt in a request's trace. Immutable. Carries no prompt, key or response text.
 *
 * @param route route id
 * @param attempt 1-based count of attempts on this route within the request
 * @param status HTTP status (200 on success), or {@code null} when there was none
 * @param category the failure category, or {@code null} on success
 * @param retryable the failure's retryability, or {@code null} on success
 * @param decision what the engine did next
 * @param delay the wait this decision put before the next attempt
 * @param latency how long the attempt took
 * @param failure the classified failure, or {@code null} on success
 * @param skippedEvents invalid stream events skipped during the attempt (docs/design.md §5:
 *     bounded)
 * @param continuation whether the attempt continued a cut stream from its partial answer
 * @param key the name of the provider key the attempt was sent with (docs/design.md §5), or {@code
 *     null} for a keyless endpoint or an attempt not sent through a key book
 * @param localTimeout whether the failure is a time limit of the attempt that fired while this
 *     process itself ran late: judged the process's, not the route's, it was no evidence against
 *     the route's breaker (docs/design.md §5, ADR 0056); its category and decision are as ever
 */
public record AttemptRecord(
    String route,
    int attempt,
    Integer status,
    FailureCategory category,
    Boolean retryable,
    Decision decision,
    Duration delay,
    Duration latency,
    ProviderFailure failure,
    int skippedEvents,
    boolean continuation,
    String key,
    boolean localTimeout) {
  /** Validates. */
  public AttemptRecord {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(decision, "decision");
    delay = delay == null ? Duration.ZERO : delay;
    latency = latency == null ? Duration.ZERO : latency;
  }

  /** A successful attempt (HTTP 200), sent with the key named {@code key} ({@code null}: none). */
  public static AttemptRecord succeeded(
      String route,
      int attempt,
      Duration latency,
      int skippedEvents,
      boolean continuation,
      String key) {
    return new AttemptRecord(
        route,
        attempt,
        200,
        null,
        null,
        Decision.SUCCESS,
        Duration.ZERO,
        latency,
        null,
        skippedEvents,
        continuation,
        key,
        false);
  }

  /**
   * A failed attempt: status, category and retryability are the failure's; sent with the key named
   * {@code key} ({@code null}: none); {@code localTimeout} when the failure was judged this
   * process's lateness.
   */
  public static AttemptRecord failed(
      String route,
      int attempt,
      ProviderFailure failure,
      Decision decision,
      Duration delay,
      Duration latency,
      boolean continuation,
      String key,
      boolean localTimeout) {
    return new AttemptRecord(
        route,
        attempt,
        failure.status(),
        failure.category(),
        failure.retryable(),
        decision,
        delay,
        latency,
        failure,
        0,
        continuation,
        key,
        localTimeout);
  }
}
