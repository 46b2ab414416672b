package dev.orchestrator.engine.preflight;

import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.health.AttemptHealth;
import java.time.Duration;
import java.util.Objects;

/**
 * The preflight's conclusion about one route. Immutable and thread-safe; texts are already redacted
 * of secrets (they come from {@link ProviderFailure}).
 *
 * @param route the route id ({@code provider/model})
 * @param rank the route's 1-based rank in the plan, or 0 when the plan excluded it (a route skipped
 *     because it is already cooling down, retired or open)
 * @param tier the route's tier
 * @param verdict viable, rejected or skipped
 * @param category the last failure's category, or {@code null} when the route answered or was not
 *     probed
 * @param httpStatus the last failure's HTTP status, or {@code null} (none, or no failure)
 * @param attempts attempts sent: 0 (skipped), 1 or 2
 * @param latency the last attempt's duration (the answering one when viable); zero when not probed
 * @param elapsed every attempt plus the wait between them; zero when not probed
 * @param health what the probe reported to route health ({@link AttemptHealth#NEUTRAL} when not
 *     probed)
 * @param note one line for people: why a route was skipped, retried or (when priced) probed; or
 *     {@code null}
 * @param failure the last typed failure, or {@code null}
 */
public record RouteVerdict(
    String route,
    int rank,
    Tier tier,
    Verdict verdict,
    FailureCategory category,
    Integer httpStatus,
    int attempts,
    Duration latency,
    Duration elapsed,
    AttemptHealth health,
    String note,
    ProviderFailure failure) {

  /** Validates. */
  public RouteVerdict {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(tier, "tier");
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(health, "health");
    if (attempts < 0 || attempts > Preflight.MAX_ATTEMPTS) {
      throw new IllegalArgumentException(
          "attempts: " + attempts + " (expected: 0.." + Preflight.MAX_ATTEMPTS + ")");
    }
    if (rank < 0) {
      throw new IllegalArgumentException("rank: " + rank + " (expected: >= 0)");
    }
  }

  /** Whether the route answered the probe. */
  public boolean viable() {
    return verdict == Verdict.VIABLE;
  }

  /** Whether a priced route was actually contacted (only ever with {@code allowPriced}). */
  public boolean pricedProbed() {
    return tier == Tier.PRICED && attempts > 0;
  }
}
