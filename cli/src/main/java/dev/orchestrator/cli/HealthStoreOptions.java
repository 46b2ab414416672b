package dev.orchestrator.cli;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.health.redis.RedisHealthStore;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --health-store}, {@code --health-namespace} and {@code --readyz-ignores-health-store}
 * (docs/reference.md §5): route health and client spend shared with a fleet on Redis instead of in
 * this process. A picocli mixin; not thread-safe.
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

  @Option(
      names = "--readyz-ignores-health-store",
      description =
          "Keep /readyz ready while the health store is degraded (default: 503 with the reason;"
              + " an outage of a shared Redis then takes every replica out of its load balancer)."
              + " Serving works on local health either way.")
  boolean readyzIgnoresHealthStore;

  /**
   * The shared store, connected (or degraded, if Redis is unreachable: it keeps retrying), or
   * {@code null} for in-memory health and local spend. Its {@link RedisHealthStore#spendStore()}
   * shares client spend on the same connection.
   *
   * @param settings how the store judges routes: the policy's breaker settings ({@link
   *     dev.orchestrator.engine.OrchestratorPolicy#breakers()}), as the in-memory store would — its
   *     probe lease follows the attempt timeout, so a probe still answering is not taken over
   * @param spendFile where the store keeps the fleet's spend it knows, for a start while Redis is
   *     unreachable ({@link RedisHealthStore.Builder#spendFile})
   * @throws CliException (usage) for a malformed URI or namespace, or a namespace or {@code
   *     --readyz-ignores-health-store} without a store; the message never shows the password
   */
  public RedisHealthStore open(HealthSettings settings, Path spendFile) {
    if (uri == null) {
      if (namespace != null) {
        throw CliException.usage(
            "--health-namespace: " + namespace + " (expected: together with --health-store)");
      }
      if (readyzIgnoresHealthStore) {
        throw CliException.usage(
            "--readyz-ignores-health-store: no health store (expected: together with"
                + " --health-store)");
      }
      return null;
    }
    RedisHealthStore.Builder b = RedisHealthStore.builder();
    try {
      b.uri(uri);
    } catch (IllegalArgumentException e) {
      // "health store: URI[: problem] (expected: …)", the URI without its user information
      throw CliException.usage("--health-store: invalid " + e.getMessage());
    }
    try {
      if (namespace != null) {
        b.namespace(namespace);
      }
      return b.settings(settings).spendFile(spendFile).build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
  }
}
