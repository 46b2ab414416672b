package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one source says about a provider; {@code null} fields say nothing. Not thread-safe. */
public final class ProviderPatch {
  final String id;
  String name;
  String baseUrl;
  Protocol protocol;
  List<String> apiKeyEnv;
  List<ApiKey> apiKeys;
  DeclaredLimits limits;
  Map<String, String> headers;
  HistoryConstraints history;

  /** A patch for provider {@code id} that says nothing yet. */
  public ProviderPatch(String id) {
    this.id = id;
  }

  ProviderPatch copy() {
    ProviderPatch p = new ProviderPatch(id);
    p.mergeFrom(this);
    return p;
  }

  /** Takes every field {@code later} states. Header maps merge key by key. */
  void mergeFrom(ProviderPatch later) {
    if (later.name != null) {
      name = later.name;
    }
    if (later.baseUrl != null) {
      baseUrl = later.baseUrl;
    }
    if (later.protocol != null) {
      protocol = later.protocol;
    }
    if (later.apiKeyEnv != null) {
      apiKeyEnv = List.copyOf(later.apiKeyEnv);
      apiKeys = null; // a later single key replaces earlier several
    }
    if (later.apiKeys != null) {
      apiKeys = List.copyOf(later.apiKeys);
    }
    if (later.limits != null) {
      limits = later.limits;
    }
    if (later.history != null) {
      history = later.history;
    }
    if (later.headers != null) {
      Map<String, String> h =
          headers == null ? new LinkedHashMap<>() : new LinkedHashMap<>(headers);
      h.putAll(later.headers);
      headers = h;
    }
  }

  Provider build() {
    return new Provider(id, name, baseUrl, protocol, apiKeyEnv, headers, history, apiKeys, limits);
  }
}
