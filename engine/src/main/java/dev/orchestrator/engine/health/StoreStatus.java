package dev.orchestrator.engine.health;

import java.util.Objects;

/**
 * Whether a {@link HealthStore} works on its backing service or has degraded to local state.
 * Immutable; {@code detail} never holds a secret (a password, a token).
 *
 * @param degraded true while the backing service is unreachable or too slow
 * @param detail one line for people and {@code /readyz}: what is wrong, or {@code "ok"}
 */
public record StoreStatus(boolean degraded, String detail) {
  /** A store working normally (in memory, or connected). */
  public static final StoreStatus OK = new StoreStatus(false, "ok");

  /** Validates. */
  public StoreStatus {
    Objects.requireNonNull(detail, "detail");
  }
}
