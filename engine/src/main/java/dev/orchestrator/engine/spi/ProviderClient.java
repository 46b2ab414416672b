package dev.orchestrator.engine.spi;

/**
 * Sends one chat attempt to one route. Implementations live in the {@code providers} module (or are
 * supplied by users and tests).
 *
 * <p>Contract: a client never retries (retries belong to the engine), never throws for a provider
 * or transport failure (it returns {@link AttemptOutcome.Failed} with a classified failure),
 * honours every limit of {@link ProviderCall#limits()} and the {@link ProviderCall#cancellation()},
 * and never puts a secret in a failure. It runs the attempt on the calling thread and returns when
 * it is over. Implementations must be thread-safe: one client serves concurrent attempts.
 */
@FunctionalInterface
public interface ProviderClient {
  /** Runs one attempt to completion. */
  AttemptOutcome send(ProviderCall call);
}
