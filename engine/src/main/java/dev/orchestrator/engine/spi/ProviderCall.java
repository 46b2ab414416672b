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
 * @param strictHistory whether the history goes in the strictest form the client knows (every
 *     signature and reasoning the route does not require left out, every tool-call id remapped):
 *     the engine's one repair after the route refused the history's shape ({@link
 *     dev.orchestrator.engine.failure.ProviderFailure#repairable()}, docs/design.md §13)
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
    boolean strictHistory,
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

  /**
   * A call of {@code route} with {@code request} within {@code limits}: no stream listener, its own
   * cancellation, the history in the form the client adapts it to for the route, the provider's
   * first set key, rate-limit headers read by nobody. The {@code with…} copies set the rest.
   */
  public static ProviderCall of(
      Provider provider, Route route, ChatRequest request, AttemptLimits limits) {
    return new ProviderCall(provider, route, request, limits, null, null, false, null, null);
  }

  /** This call with {@code request} in place of its own (a client's adapted form of it). */
  public ProviderCall withRequest(ChatRequest request) {
    return new ProviderCall(
        provider, route, request, limits, listener, cancellation, strictHistory, key, rateLimits);
  }

  /** This call streaming its deltas to {@code listener} ({@code null}: none). */
  public ProviderCall withListener(StreamListener listener) {
    return new ProviderCall(
        provider, route, request, limits, listener, cancellation, strictHistory, key, rateLimits);
  }

  /** This call cancelled by {@code cancellation}. */
  public ProviderCall withCancellation(Cancellation cancellation) {
    return new ProviderCall(
        provider, route, request, limits, listener, cancellation, strictHistory, key, rateLimits);
  }

  /** This call with its history in the strictest form when {@code strict} (the one repair). */
  public ProviderCall withStrictHistory(boolean strict) {
    return new ProviderCall(
        provider, route, request, limits, listener, cancellation, strict, key, rateLimits);
  }

  /**
   * This call sent with {@code key} ({@code null}: the provider's first set key), telling {@code
   * rateLimits} ({@code null}: nobody) what each answer's rate-limit headers say.
   */
  public ProviderCall withKey(ApiKey key, Consumer<RateLimits> rateLimits) {
    return new ProviderCall(
        provider, route, request, limits, listener, cancellation, strictHistory, key, rateLimits);
  }
}
