package dev.orchestrator.health.redis;

import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import dev.orchestrator.serve.OrchestratorServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Two started {@code serve} replicas over one scripted upstream, each with its own health store in
 * one namespace of one Redis: what a two-replica IT starts before each test. Closing closes the
 * replicas, then the stores, then the upstream; the Redis server stays the test's.
 */
final class TwoReplicas implements AutoCloseable {
  final ScriptedUpstream upstream;
  final RedisHealthStore store1;
  final RedisHealthStore store2;
  final OrchestratorServer replica1;
  final OrchestratorServer replica2;

  /**
   * Starts the upstream on {@code scripts} and a replica on each store.
   *
   * @param redisUri the Redis both stores use
   * @param replica the replica on the upstream and a store, not yet started
   */
  TwoReplicas(
      String redisUri,
      Map<String, List<Step>> scripts,
      BiFunction<ScriptedUpstream, RedisHealthStore, OrchestratorServer.Builder> replica) {
    upstream = ScriptedUpstream.start(scripts);
    store1 = store(redisUri);
    store2 = store(redisUri);
    replica1 = replica.apply(upstream, store1).start();
    replica2 = replica.apply(upstream, store2).start();
  }

  private static RedisHealthStore store(String uri) {
    return RedisHealthStore.builder()
        .uri(uri)
        .namespace("replicas")
        .commandTimeout(Duration.ofMillis(300))
        .build();
  }

  @Override
  public void close() {
    replica1.close();
    replica2.close();
    store1.close();
    store2.close();
    upstream.close();
  }
}
