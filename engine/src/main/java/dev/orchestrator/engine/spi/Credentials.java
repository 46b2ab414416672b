package dev.orchestrator.engine.spi;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Provider;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Looks up a provider's API key from the environment variables its catalog entry names (first set
 * one wins). A blank value (empty or whitespace only) counts as unset, as an empty environment
 * variable does, in every factory here. The key is returned only to the client that puts it on the
 * wire. Thread-safe.
 */
@FunctionalInterface
public interface Credentials {
  /** Resolves a variable name to its value, or empty when it is unset or blank. */
  Optional<String> lookup(String variable);

  /** Credentials from the process environment. */
  static Credentials fromEnvironment() {
    return from(System::getenv);
  }

  /** Credentials from a map (tests, simulation). */
  static Credentials of(Map<String, String> values) {
    return from(Map.copyOf(values)::get);
  }

  /** Every variable resolves to {@code value} (simulation: a placeholder credential). */
  static Credentials constant(String value) {
    return from(name -> value);
  }

  /** Adapts a function; a {@code null} or blank value is unset. */
  static Credentials from(Function<String, String> f) {
    return name -> Optional.ofNullable(f.apply(name)).filter(v -> !v.isBlank());
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
