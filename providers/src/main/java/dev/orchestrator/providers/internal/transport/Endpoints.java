package dev.orchestrator.providers.internal.transport;

import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.net.URI;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The endpoint URI of each (base URL, protocol path), parsed and checked once instead of on every
 * attempt ({@code URI.create} was ~5 % of an in-process call's CPU, docs/benchmarks.md §2).
 * Bounded: past {@link #MAX_ENTRIES} distinct endpoints (a catalog reloaded with ever new base
 * URLs) the cache starts over. Thread-safe.
 */
final class Endpoints {
  /** Most endpoints kept. */
  static final int MAX_ENTRIES = 1024;

  private final ConcurrentHashMap<String, URI> cache = new ConcurrentHashMap<>();

  /**
   * {@code provider}'s base URL (trailing slashes dropped) with {@code wire}'s path.
   *
   * @throws IllegalArgumentException naming the provider and the value when the base URL is not an
   *     http(s) URL
   */
  URI of(Provider provider, WireProtocol wire) {
    return of(provider, wire.path());
  }

  /** As {@link #of(Provider, WireProtocol)}, for another of the protocol's paths. */
  URI of(Provider provider, String path) {
    String base = provider.baseUrl();
    if (base == null || base.isBlank()) {
      throw new IllegalArgumentException(
          "provider '" + provider.id() + "' baseUrl: none (expected: an http(s) URL)");
    }
    String key = base + ' ' + path;
    URI uri = cache.get(key);
    if (uri == null) {
      uri = parse(provider, path);
      if (cache.size() >= MAX_ENTRIES) {
        cache.clear();
      }
      cache.put(key, uri);
    }
    return uri;
  }

  private static URI parse(Provider p, String path) {
    String base = p.baseUrl();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    URI uri;
    try {
      uri = URI.create(base + path);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "provider '" + p.id() + "' baseUrl: '" + p.baseUrl() + "' (expected: an http(s) URL)", e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "provider '" + p.id() + "' baseUrl: '" + p.baseUrl() + "' (expected: an http(s) URL)");
    }
    return uri;
  }
}
