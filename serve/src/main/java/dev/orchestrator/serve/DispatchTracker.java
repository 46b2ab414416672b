package dev.orchestrator.serve;

import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wraps the provider clients so that a streaming answer can name its route before the engine
 * returns: when the first delta arrives, the SSE headers ({@code x-orchestrator-route}, {@code
 * x-orchestrator-attempts}) must already say which route is speaking and how many attempts it took.
 * Each request registers its {@link Cancellation} (unique per request) and every dispatch carrying
 * it is counted. Thread-safe.
 */
final class DispatchTracker implements ProviderClients {
  private final ProviderClients delegate;
  private final Map<Cancellation, Dispatches> live = new ConcurrentHashMap<>();

  DispatchTracker(ProviderClients delegate) {
    this.delegate = Objects.requireNonNull(delegate, "providers");
  }

  @Override
  public ProviderClient clientFor(dev.orchestrator.engine.catalog.Provider provider) {
    ProviderClient client = delegate.clientFor(provider);
    return call -> {
      Dispatches d = live.get(call.cancellation());
      if (d != null) {
        d.dispatched(call.route().id());
      }
      return client.send(call);
    };
  }

  /** Starts tracking the request whose attempts carry {@code cancellation}. */
  Dispatches open(Cancellation cancellation) {
    Dispatches d = new Dispatches();
    live.put(cancellation, d);
    return d;
  }

  /** Stops tracking. */
  void close(Cancellation cancellation) {
    live.remove(cancellation);
  }

  /** Cancels every tracked request (shutdown after the grace period). */
  void cancelAll() {
    for (Cancellation c : live.keySet()) {
      c.cancel();
    }
  }

  /** The dispatches of one request, written on its thread and read on it. */
  static final class Dispatches {
    private volatile String route;
    private volatile int count;

    void dispatched(String routeId) {
      route = routeId;
      count++;
    }

    /** The route of the latest dispatch, or {@code null}. */
    String route() {
      return route;
    }

    /** How many attempts were dispatched. */
    int count() {
      return count;
    }
  }
}
