package dev.orchestrator.providers;

import dev.orchestrator.providers.internal.RequestHeaders;
import dev.orchestrator.providers.internal.http1.Http1Client;
import dev.orchestrator.providers.internal.http1.Http1Exchange;
import dev.orchestrator.providers.internal.http1.Http1Response;
import java.io.IOException;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.util.List;
import java.util.function.Supplier;

/**
 * The exchange over the own blocking HTTP/1.1 client ({@link Http1Client}): the request is written
 * and the response read on the attempt's thread, with no selector and no hand-off (ADR 0025). An
 * abort closes the exchange's socket, which wakes the reading thread.
 *
 * <p>An origin the JDK's default {@link ProxySelector} sends through a proxy ({@code
 * -Dhttps.proxyHost=…}) goes over {@code java.net.http} instead, which speaks to proxies: the same
 * requests are proxied as before this client existed. Thread-safe.
 */
final class SocketExchange implements Exchange {
  private final Http1Client client;
  private final Exchange proxied;
  private final Supplier<ProxySelector> proxies;

  /**
   * An exchange over {@code client}.
   *
   * @param proxied the exchange for origins the default proxy selector proxies
   */
  SocketExchange(Http1Client client, Exchange proxied) {
    this(client, proxied, ProxySelector::getDefault);
  }

  /** Test seam: the proxy selector consulted per request (default: the JDK's default one). */
  SocketExchange(Http1Client client, Exchange proxied, Supplier<ProxySelector> proxies) {
    this.client = client;
    this.proxied = proxied;
    this.proxies = proxies;
  }

  @Override
  public Exchange via(URI uri) {
    ProxySelector ps = proxies.get();
    if (ps != null) {
      List<Proxy> proxies = ps.select(uri);
      if (!proxies.isEmpty() && proxies.get(0).type() != Proxy.Type.DIRECT) {
        return proxied;
      }
    }
    return this;
  }

  @Override
  public Response send(URI uri, RequestHeaders headers, byte[] body, Hooks hooks)
      throws IOException {
    Http1Exchange exchange = new Http1Exchange();
    hooks.abortWith(exchange);
    Http1Response r = client.post(uri, headers, body, exchange, hooks::requestSent);
    return new Response(r.head().status(), r.head().headers(), r.body(), false, r::finished);
  }

  @Override
  public boolean abortsByInterrupt() {
    return false;
  }
}
