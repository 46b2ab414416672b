package dev.orchestrator.engine.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A user-defined pool from configuration: {@code {"kind": "virtual"|"group", "routes": [...]}}.
 * Routes are tried in the order listed. Immutable and thread-safe.
 *
 * @param name the model name callers use
 * @param kind {@link PoolKind#VIRTUAL} or {@link PoolKind#GROUP}
 * @param routes route ids in order
 */
public record Pool(String name, PoolKind kind, List<String> routes) {

  /** Validates and copies. */
  public Pool {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    if (kind != PoolKind.VIRTUAL && kind != PoolKind.GROUP) {
      throw new IllegalArgumentException(
          "pool " + name + ": kind " + kind.wireName() + " (expected: virtual or group)");
    }
    routes = List.copyOf(routes);
  }
}
