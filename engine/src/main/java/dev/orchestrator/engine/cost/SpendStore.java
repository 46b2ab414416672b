package dev.orchestrator.engine.cost;

import dev.orchestrator.engine.health.StoreStatus;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * Where each client's spend on priced routes is counted (docs/design.md §8, ADR 0022): per client
 * name, per UTC day and per UTC month. The windows are chosen by the instant the caller passes, so
 * one clock (the server's) decides every window. {@code serve}'s budget check reads {@link #totals}
 * before a request starts and adds an answer's cost with {@link #add} after it ends.
 *
 * <p>Kept locally by default ({@code serve}'s {@code LocalSpendStore}: memory, or a file in the
 * cache directory); shared by a fleet in {@code health-redis}. Implementations are thread-safe and
 * answer {@link #totals} from a local view: at most a bounded wait the first time a client's window
 * is asked for, never a network round trip per request. A store that cannot reach its backing
 * service keeps counting locally, says so through {@link #status()}, and adds what it counted
 * meanwhile when the service returns — exactly once.
 */
public interface SpendStore extends AutoCloseable {

  /**
   * Adds {@code usd} to {@code client}'s spend in the UTC day and month containing {@code at}. A
   * {@code null}, zero or negative amount (an unknown or free cost) is not counted.
   *
   * @param client the client's name (never its token)
   */
  void add(String client, Instant at, BigDecimal usd);

  /**
   * {@code client}'s spend in the UTC day and month containing {@code at}, as this store knows it.
   */
  SpendTotals totals(String client, Instant at);

  /**
   * Whether the store works on its backing service or counts locally. Default: {@link
   * StoreStatus#OK}.
   */
  default StoreStatus status() {
    return StoreStatus.OK;
  }

  /** Releases the store's resources. Default: nothing to release. */
  @Override
  default void close() {}
}
