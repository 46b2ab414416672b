package dev.orchestrator.engine.spi;

import java.util.OptionalInt;

/**
 * Sends one chat attempt to one route. Implementations live in the {@code providers} module (or are
 * supplied by users and tests).
 *
 * <p>Contract: a client never retries (retries belong to the engine), never throws for a provider
 * or transport failure (it returns {@link AttemptOutcome.Failed} with a classified failure),
 * honours every limit of {@link ProviderCall#limits()} and the {@link ProviderCall#cancellation()},
 * and never puts a secret in a failure. It runs the attempt on the calling thread and returns when
 * it is over. Implementations must be thread-safe: one client serves concurrent attempts. A client
 * that adapts the history to its route's provider family (docs/design.md §13) names each change in
 * {@link AttemptOutcome.Succeeded#adapted()} and, on a stream, tells {@link
 * dev.orchestrator.engine.chat.StreamListener#onAdapted} before the request is sent.
 */
@FunctionalInterface
public interface ProviderClient {
  /** Runs one attempt to completion. */
  AttemptOutcome send(ProviderCall call);

  /**
   * The input tokens {@code call}'s request takes on its route, as the provider's own counting
   * endpoint says (Anthropic's {@code count_tokens}); empty when the protocol has none or the count
   * failed, so that the caller estimates instead. Sends no chat request; never throws for a
   * provider or transport failure. None by default.
   */
  default OptionalInt countTokens(ProviderCall call) {
    return OptionalInt.empty();
  }

  /**
   * Whether {@code call} sent with its history in the strictest form ({@link
   * ProviderCall#strictHistory()}) would send the upstream anything other than {@code call} as it
   * was sent: the engine repairs a history the route refused only then, never re-sending a settled
   * refusal unchanged (docs/design.md §13). Sends nothing. False by default: a client that does not
   * adapt histories has nothing to repair.
   */
  default boolean repairs(ProviderCall call) {
    return false;
  }
}
