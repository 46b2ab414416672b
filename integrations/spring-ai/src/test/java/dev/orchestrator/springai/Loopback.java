package dev.orchestrator.springai;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The real engine and provider clients against the scripted loopback upstream.
 *
 * <p>Routes, all free: {@code alpha/primary} (quality 0.9: first in {@code orchestrator/free}),
 * {@code beta/backup} (0.5), both with tools and JSON; {@code gamma/vision} (0.1) with tools, JSON
 * and vision, so an image request plans only it. Pool {@code pair-group}: a group of alpha and
 * beta.
 */
final class Loopback implements AutoCloseable {
  static final String PRIMARY = "alpha/primary";
  static final String BACKUP = "beta/backup";
  static final String VISION = "gamma/vision";

  final ScriptedUpstream upstream;
  final TaskOrchestrator orchestrator;
  final List<Trace> traces = new CopyOnWriteArrayList<>();

  private Loopback(Map<String, List<Step>> scripts) {
    upstream = ScriptedUpstream.start(scripts);
    Credentials creds = Credentials.constant("sk-loopback-0123456789");
    orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog(upstream))
            .providers(HttpProviderClients.builder().credentials(creds).build())
            .credentials(creds)
            .policy(policy())
            .listener(
                new OrchestratorListener() {
                  @Override
                  public void onSuccess(ChatResult result) {
                    traces.add(result.trace());
                  }

                  @Override
                  public void onFailure(OrchestratorException error) {
                    traces.add(error.trace());
                  }
                })
            .build();
  }

  static Loopback start(Map<String, List<Step>> scripts) {
    return new Loopback(scripts);
  }

  /** Short limits keep failures quick; the deadline is generous for a loaded machine. */
  static OrchestratorPolicy policy() {
    return OrchestratorPolicy.builder()
        .withConnectTimeout(Duration.ofSeconds(2))
        .withAttemptTimeout(Duration.ofSeconds(10))
        .withFirstTokenTimeout(Duration.ofSeconds(10))
        .withStreamIdleTimeout(Duration.ofSeconds(10))
        .withDeadline(Duration.ofSeconds(30))
        .withBackoff(Duration.ofMillis(1), Duration.ofMillis(5))
        .withSameRouteRetries(0)
        .withSeed(7L)
        .build();
  }

  private static Catalog catalog(ScriptedUpstream upstream) {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("alpha", "beta", "gamma")) {
      b.provider(Provider.of(p, upstream.baseUrl(p), Protocol.OPENAI_CHAT, List.of("SIM_KEY")));
    }
    b.route(route(PRIMARY, 0.9, Capability.TOOLS, Capability.JSON));
    b.route(route(BACKUP, 0.5, Capability.TOOLS, Capability.JSON));
    b.route(route(VISION, 0.1, Capability.TOOLS, Capability.JSON, Capability.VISION));
    b.pool(new Pool("pair-group", PoolKind.GROUP, List.of(PRIMARY, BACKUP)));
    return b.build();
  }

  private static Route route(String id, double quality, Capability... caps) {
    String[] pm = id.split("/", 2);
    return Route.builder(pm[0], pm[1])
        .tier(Tier.FREE)
        .contextWindow(128_000)
        .quality(quality)
        .capabilities(caps)
        .build();
  }

  /** The bodies {@code route} received, in order. */
  List<String> bodies(String route) {
    return upstream.received().stream()
        .filter(r -> route.equals(r.routeId()))
        .map(ScriptedUpstream.Received::body)
        .collect(Collectors.toList());
  }

  @Override
  public void close() {
    upstream.close();
  }
}
