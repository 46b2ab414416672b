package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Everything a {@link ProviderClient} needs for one attempt. Immutable.
 *
 * @param provider the provider to call
 * @param route the route (its {@link Route#model()} goes on the wire)
 * @param request the request; {@link ChatRequest#stream()} selects SSE
 * @param limits the attempt's time limits
 * @param listener receives stream deltas; {@code null} when not streaming
 * @param cancellation cancel signal; the client closes its connection when it fires
 * @param key the provider key to send with (docs/design.md §5), or {@code null} for the provider's
 *     first key that is set
 * @param rateLimits told what the answer's rate-limit headers say (failures included), once per
 *     answer that carried any; {@code null} when nobody listens
 */
public record ProviderCall(
    Provider provider,
    Route route,
    ChatRequest request,
    AttemptLimits limits,
    StreamListener listener,
    Cancellation cancellation,
    ApiKey key,
    Consumer<RateLimits> rateLimits) {
  /** Validates. */
  public ProviderCall {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(limits, "limits");
    cancellation = cancellation == null ? new Cancellation() : cancellation;
    rateLimits = rateLimits == null ? r -> {} : rateLimits;
  }

  /** A call with the provider's first set key, whose rate-limit headers nobody reads. */
  public ProviderCall(
      Provider provider,
      Route route,
      ChatRequest request,
      AttemptLimits limits,
      StreamListener listener,
      Cancellation cancellation) {
    this(provider, route, request, limits, listener, cancellation, null, null);
  }
}
