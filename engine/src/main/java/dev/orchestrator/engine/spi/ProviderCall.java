package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import java.util.Objects;

/**
 * Everything a {@link ProviderClient} needs for one attempt. Immutable.
 *
 * @param provider the provider to call
 * @param route the route (its {@link Route#model()} goes on the wire)
 * @param request the request; {@link ChatRequest#stream()} selects SSE
 * @param limits the attempt's time limits
 * @param listener receives stream deltas; {@code null} when not streaming
 * @param cancellation cancel signal; the client closes its connection when it fires
 * @param strictHistory whether the history goes in the strictest form the client knows (every
 *     signature and reasoning the route does not require left out, every tool-call id remapped):
 *     the engine's one repair after the route refused the history's shape ({@link
 *     dev.orchestrator.engine.failure.ProviderFailure#repairable()}, docs/design.md §13)
 */
public record ProviderCall(
    Provider provider,
    Route route,
    ChatRequest request,
    AttemptLimits limits,
    StreamListener listener,
    Cancellation cancellation,
    boolean strictHistory) {
  /** Validates. */
  public ProviderCall {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(limits, "limits");
    cancellation = cancellation == null ? new Cancellation() : cancellation;
  }

  /** A call whose history goes in the form the client adapts it to for the route. */
  public ProviderCall(
      Provider provider,
      Route route,
      ChatRequest request,
      AttemptLimits limits,
      StreamListener listener,
      Cancellation cancellation) {
    this(provider, route, request, limits, listener, cancellation, false);
  }
}
