package dev.orchestrator.engine.catalog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An API endpoint family: base URL, protocol, and its keys — one key in the environment variables
 * of {@link #apiKeyEnv} (first one set wins), or several, each a key of its own ({@link #apiKeys},
 * docs/design.md §5). Holds no secret itself. Immutable and thread-safe.
 *
 * @param id stable id, the first segment of a route id ({@code openrouter})
 * @param name display name
 * @param baseUrl base URL up to and including the version segment ({@code https://api.x.com/v1});
 *     {@code null} when the catalog gave none: such routes cannot be dispatched, and planning
 *     leaves them out ({@link #hasBaseUrl()})
 * @param protocol wire protocol
 * @param apiKeyEnv environment variables that may hold the API key, in order; empty for keyless
 *     endpoints such as a local vLLM. With {@code apiKeys}, every key's variables in key order
 * @param headers extra request headers (e.g. OpenRouter's {@code HTTP-Referer}, a gateway's own
 *     credential such as {@code x-portkey-api-key}); {@link #toString()} names them without values
 * @param history what it accepts of a replayed history, as the catalog declares it, or {@code null}
 *     for what its protocol and id imply (docs/design.md §13)
 * @param apiKeys several keys, each chosen per attempt by health and limits; empty for the one key
 *     of {@code apiKeyEnv}
 * @param limits limits declared for each key of this provider that declares none of its own, or
 *     {@code null}
 */
public record Provider(
    String id,
    String name,
    String baseUrl,
    Protocol protocol,
    List<String> apiKeyEnv,
    Map<String, String> headers,
    HistoryConstraints history,
    List<ApiKey> apiKeys,
    DeclaredLimits limits) {

  /** Validates and copies. */
  public Provider {
    Objects.requireNonNull(id, "id");
    if (id.isBlank() || id.contains("/")) {
      throw new IllegalArgumentException("provider id: '" + id + "' (expected: non-blank, no '/')");
    }
    name = name == null || name.isBlank() ? id : name;
    protocol = protocol == null ? Protocol.OPENAI_CHAT : protocol;
    apiKeys = apiKeys == null ? List.of() : List.copyOf(apiKeys);
    if (apiKeys.isEmpty()) {
      apiKeyEnv = apiKeyEnv == null ? List.of() : List.copyOf(apiKeyEnv);
    } else {
      LinkedHashSet<String> names = new LinkedHashSet<>();
      LinkedHashSet<String> vars = new LinkedHashSet<>();
      for (ApiKey k : apiKeys) {
        if (!names.add(k.name())) {
          throw new IllegalArgumentException(
              "apiKeys: key name '" + k.name() + "' twice (expected: one name per key)");
        }
        vars.addAll(k.env());
      }
      apiKeyEnv = List.copyOf(vars);
    }
    headers = headers == null ? Map.of() : Map.copyOf(new TreeMap<>(headers));
  }

  /** A provider whose history constraints are what its protocol and id imply. */
  public Provider(
      String id,
      String name,
      String baseUrl,
      Protocol protocol,
      List<String> apiKeyEnv,
      Map<String, String> headers) {
    this(id, name, baseUrl, protocol, apiKeyEnv, headers, null, List.of(), null);
  }

  /**
   * Whether this provider has a base URL to send to. Without one its routes cannot be called,
   * whatever keys are set: planning leaves them out as {@code no_credentials}, naming the setting
   * that is missing (docs/reference.md §3).
   */
  public boolean hasBaseUrl() {
    return baseUrl != null && !baseUrl.isBlank();
  }

  /** This provider with {@code constraints} declared for its history. */
  public Provider withHistory(HistoryConstraints constraints) {
    return new Provider(
        id, name, baseUrl, protocol, apiKeyEnv, headers, constraints, apiKeys, limits);
  }

  /** This provider with {@code keys} (several keys) and {@code declared} limits. */
  public Provider withKeys(List<ApiKey> keys, DeclaredLimits declared) {
    return new Provider(id, name, baseUrl, protocol, apiKeyEnv, headers, history, keys, declared);
  }

  /**
   * Every key of this provider, in catalog order: {@link #apiKeys} when given, else the one key of
   * {@link #apiKeyEnv} (named by its first variable); empty for a keyless endpoint.
   */
  public List<ApiKey> keys() {
    if (!apiKeys.isEmpty()) {
      return apiKeys;
    }
    return apiKeyEnv.isEmpty() ? List.of() : List.of(new ApiKey(null, apiKeyEnv, 1, null));
  }

  /** The limits in force for {@code key}: its own, else this provider's; {@code null} for none. */
  public DeclaredLimits limitsOf(ApiKey key) {
    return key.limits() != null ? key.limits() : limits;
  }

  /** The names of this provider's keys, in catalog order. */
  public List<String> keyNames() {
    List<String> out = new ArrayList<>();
    for (ApiKey k : keys()) {
      out.add(k.name());
    }
    return out;
  }

  /**
   * The provider's fields with its headers' names only: a header may carry a gateway's credential,
   * and a logged or thrown provider must not show it.
   */
  @Override
  public String toString() {
    return "Provider[id="
        + id
        + ", name="
        + name
        + ", baseUrl="
        + baseUrl
        + ", protocol="
        + protocol
        + ", apiKeyEnv="
        + apiKeyEnv
        + ", headers="
        + headers.keySet()
        + ", history="
        + history
        + ", apiKeys="
        + apiKeys
        + ", limits="
        + limits
        + "]";
  }

  /** A provider with no extra headers. */
  public static Provider of(String id, String baseUrl, Protocol protocol, List<String> apiKeyEnv) {
    return new Provider(id, id, baseUrl, protocol, apiKeyEnv, Map.of());
  }
}
