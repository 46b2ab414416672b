package dev.orchestrator.cli;

import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.health.redis.RedisHealthStore;
import picocli.CommandLine.Option;

/**
 * {@code --health-store} and {@code --health-namespace} (docs/reference.md §5): route health shared
 * with a fleet on Redis instead of in memory. A picocli mixin; not thread-safe.
 */
public final class HealthStoreOptions {
  @Option(
      names = "--health-store",
      paramLabel = "URI",
      description =
          "Share route health with every orchestrator on this Redis:"
              + " redis://[user:password@]host:port[/db] or rediss://… (default: in memory).")
  String uri;

  @Option(
      names = "--health-namespace",
      paramLabel = "NAME",
      description = "Separates fleets on one Redis (default: orchestrator).")
  String namespace;

  /**
   * The shared store, connected (or degraded, if Redis is unreachable: it keeps retrying), or
   * {@code null} for in-memory health.
   *
   * @throws CliException (usage) for a malformed URI or namespace, or a namespace without a store;
   *     the message never shows the password
   */
  public HealthStore open() {
    if (uri == null) {
      if (namespace != null) {
        throw CliException.usage(
            "--health-namespace: " + namespace + " (expected: together with --health-store)");
      }
      return null;
    }
    try {
      RedisHealthStore.Builder b = RedisHealthStore.builder().uri(uri);
      if (namespace != null) {
        b.namespace(namespace);
      }
      return b.build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }
}
