package dev.orchestrator.engine.catalog;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One API key of a provider: the environment variables that may hold it (first one set wins), the
 * name it goes by in every output, a weight among the provider's healthy keys, and the limits the
 * catalog declares for it. Holds no secret: the value is looked up only by the client that puts it
 * on the wire. Immutable.
 *
 * @param name what traces, metrics and listings call the key; an unnamed key is named by its first
 *     variable
 * @param env environment variables that may hold the key, in order; never empty
 * @param weight the key's share among its provider's healthy keys (at least 1)
 * @param limits limits declared for this key, or {@code null} for its provider's
 */
public record ApiKey(String name, List<String> env, int weight, DeclaredLimits limits) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

  /** Validates and copies. */
  public ApiKey {
    env = List.copyOf(Objects.requireNonNull(env, "env"));
    if (env.isEmpty()) {
      throw new IllegalArgumentException("env: empty (expected: at least one variable name)");
    }
    name = name == null || name.isBlank() ? env.get(0) : name;
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "name: not a key name (expected: 1 to 64 letters, digits, '_', '.', ':' or '-')");
    }
    if (weight < 1) {
      throw new IllegalArgumentException("weight: " + weight + " (expected: at least 1)");
    }
  }

  /** An unnamed key of weight 1 in {@code variable}. */
  public static ApiKey of(String variable) {
    return new ApiKey(null, List.of(variable), 1, null);
  }
}
