package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Provider;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Looks up a provider's API key from the environment variables its catalog entry names (first set
 * one wins). The key is returned only to the client that puts it on the wire. Thread-safe.
 */
@FunctionalInterface
public interface Credentials {
  /** Resolves a variable name to its value, or empty. */
  Optional<String> lookup(String variable);

  /** Credentials from the process environment. */
  static Credentials fromEnvironment() {
    return name -> Optional.ofNullable(System.getenv(name)).filter(v -> !v.isBlank());
  }

  /** Credentials from a map (tests, simulation). */
  static Credentials of(Map<String, String> values) {
    Map<String, String> copy = Map.copyOf(values);
    return name -> Optional.ofNullable(copy.get(name));
  }

  /** Every variable resolves to {@code value} (simulation: a placeholder credential). */
  static Credentials constant(String value) {
    return name -> Optional.of(value);
  }

  /** Adapts a function. */
  static Credentials from(Function<String, String> f) {
    return name -> Optional.ofNullable(f.apply(name));
  }

  /**
   * The key for {@code provider}: the value of its first set variable. Empty when the provider
   * needs no key ({@link Provider#apiKeyEnv()} is empty) or none is set.
   */
  default Optional<String> keyFor(Provider provider) {
    return firstSet(provider.apiKeyEnv());
  }

  /** The value of {@code key}: its first set variable, or empty. */
  default Optional<String> keyFor(ApiKey key) {
    return firstSet(key.env());
  }

  /** The value of the first of {@code variables} that is set. */
  private Optional<String> firstSet(List<String> variables) {
    for (String v : variables) {
      Optional<String> k = lookup(v);
      if (k.isPresent()) {
        return k;
      }
    }
    return Optional.empty();
  }

  /** Whether {@code provider} can be called: it needs no key, or one of its variables is set. */
  default boolean configured(Provider provider) {
    return provider.apiKeyEnv().isEmpty() || keyFor(provider).isPresent();
  }
}
