package dev.orchestrator.engine.health;

import java.time.Duration;
import java.util.Objects;

/**
 * The answer of {@link HealthStore#admit}: whether one attempt may be dispatched to a route, and
 * whether it is the route's half-open probe. Immutable.
 *
 * @param route the route asked for
 * @param kind admitted, the probe, a panic-mode dispatch, or shed
 * @param lease for a probe, the lease token that owns it (only its holder's report moves the
 *     breaker); {@code null} otherwise
 * @param retryIn for a shed attempt, the time until the route's next probe is due; {@link
 *     Duration#ZERO} otherwise
 */
public record Admission(String route, Kind kind, String lease, Duration retryIn) {

  /** What the store decided. */
  public enum Kind {
    /** The breaker is closed: dispatch. */
    ADMITTED,
    /** The breaker's open time has passed and this attempt holds the one half-open probe. */
    PROBE,
    /**
     * Panic mode (docs/design.md §5): the store shed the route, and the request dispatches anyway
     * because too few of its candidates are healthy. Holds no lease; a failure leaves the breaker
     * as it is, a success ends its open time so that the next admission is the probe.
     */
    PANIC,
    /** The breaker is open (or its probe is in flight): do not dispatch. */
    SHED
  }

  /** Validates. */
  public Admission {
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(kind, "kind");
    retryIn = retryIn == null ? Duration.ZERO : retryIn;
    if (kind == Kind.PROBE && lease == null) {
      throw new IllegalArgumentException("lease: null (expected: a token for a probe)");
    }
  }

  /** An ordinary admission on a closed breaker. */
  public static Admission admitted(String route) {
    return new Admission(route, Kind.ADMITTED, null, Duration.ZERO);
  }

  /** A refusal; the next probe is due in {@code retryIn}. */
  public static Admission shed(String route, Duration retryIn) {
    return new Admission(route, Kind.SHED, null, retryIn);
  }

  /** The panic-mode dispatch of a route this store shed (docs/design.md §5). */
  public Admission panic() {
    return new Admission(route, Kind.PANIC, null, Duration.ZERO);
  }

  /** Whether the attempt may be dispatched. */
  public boolean dispatch() {
    return kind != Kind.SHED;
  }
}
