package dev.orchestrator.engine.observe;

import dev.orchestrator.engine.failure.FailureCategory;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One route's observed figures at one moment, every one a decayed average (recent attempts weigh
 * most). Immutable.
 *
 * @param samples the decayed weight of the attempts behind the figures (1 per fresh attempt, half
 *     after one half-life)
 * @param ttftMs mean time to first token of the answers, milliseconds, or {@code null} when none
 * @param tokensPerSecond mean output throughput of the answers, or {@code null} when none
 * @param successRate the share of attempts that answered, the prior of 1 counted as one attempt
 * @param failures the share of attempts that failed, by category (absent categories: 0)
 * @param toolCallValidity the share of answers with tool calls whose every call was valid, the
 *     prior of 1 counted as one answer; 1 when no answer made a tool call
 * @param costRatio the mean share of the list price the answers cost, prompt-cache reads counted at
 *     their price (the real cache-hit price over the list price), or {@code null} when no priced
 *     answer was seen
 * @param sinceLastMs how long ago the route's last attempt ended, milliseconds
 */
public record RouteFigures(
    double samples,
    Double ttftMs,
    Double tokensPerSecond,
    double successRate,
    Map<FailureCategory, Double> failures,
    double toolCallValidity,
    Double costRatio,
    long sinceLastMs) {

  /** Validates and copies. */
  public RouteFigures {
    unit("successRate", successRate);
    unit("toolCallValidity", toolCallValidity);
    if (costRatio != null) {
      unit("costRatio", costRatio);
    }
    if (!(samples >= 0)) {
      throw new IllegalArgumentException("samples: " + samples + " (expected: >= 0)");
    }
    if (ttftMs != null && !(ttftMs >= 0)) {
      throw new IllegalArgumentException("ttftMs: " + ttftMs + " (expected: >= 0)");
    }
    if (tokensPerSecond != null && !(tokensPerSecond >= 0)) {
      throw new IllegalArgumentException(
          "tokensPerSecond: " + tokensPerSecond + " (expected: >= 0)");
    }
    failures =
        failures == null || failures.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new EnumMap<>(failures));
    for (Map.Entry<FailureCategory, Double> e : failures.entrySet()) {
      unit("failures." + e.getKey().wireName(), e.getValue());
    }
  }

  /** Success rate times tool-call validity: the share of attempts that give a usable answer. */
  public double usable() {
    return successRate * toolCallValidity;
  }

  private static void unit(String name, double v) {
    if (!(v >= 0 && v <= 1)) {
      throw new IllegalArgumentException(name + ": " + v + " (expected: 0..1)");
    }
  }
}
