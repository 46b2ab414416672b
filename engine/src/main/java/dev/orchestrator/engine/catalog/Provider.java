package dev.orchestrator.engine.catalog;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An API endpoint family: base URL, protocol, and the environment variables that may hold its key
 * (first one set wins). Holds no secret itself. Immutable and thread-safe.
 *
 * @param id stable id, the first segment of a route id ({@code openrouter})
 * @param name display name
 * @param baseUrl base URL up to and including the version segment ({@code https://api.x.com/v1});
 *     {@code null} when the catalog gave none (such routes cannot be dispatched)
 * @param protocol wire protocol
 * @param apiKeyEnv environment variables that may hold the API key, in order; empty for keyless
 *     endpoints such as a local vLLM
 * @param headers extra request headers (e.g. OpenRouter's {@code HTTP-Referer}); never secrets
 * @param history what it accepts of a replayed history, as the catalog declares it, or {@code null}
 *     for what its protocol and id imply (docs/design.md §13)
 */
public record Provider(
    String id,
    String name,
    String baseUrl,
    Protocol protocol,
    List<String> apiKeyEnv,
    Map<String, String> headers,
    HistoryConstraints history) {

  /** Validates and copies. */
  public Provider {
    Objects.requireNonNull(id, "id");
    if (id.isBlank() || id.contains("/")) {
      throw new IllegalArgumentException("provider id: '" + id + "' (expected: non-blank, no '/')");
    }
    name = name == null || name.isBlank() ? id : name;
    protocol = protocol == null ? Protocol.OPENAI_CHAT : protocol;
    apiKeyEnv = apiKeyEnv == null ? List.of() : List.copyOf(apiKeyEnv);
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
    this(id, name, baseUrl, protocol, apiKeyEnv, headers, null);
  }

  /** This provider with {@code constraints} declared for its history. */
  public Provider withHistory(HistoryConstraints constraints) {
    return new Provider(id, name, baseUrl, protocol, apiKeyEnv, headers, constraints);
  }

  /** A provider with no extra headers. */
  public static Provider of(String id, String baseUrl, Protocol protocol, List<String> apiKeyEnv) {
    return new Provider(id, id, baseUrl, protocol, apiKeyEnv, Map.of());
  }
}
