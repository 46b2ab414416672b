package dev.orchestrator.providers.simulation;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A real {@link TaskOrchestrator} with the real provider clients against a {@link
 * ScriptedUpstream}, for the framework adapters' tests.
 *
 * <p>Routes, all free, OpenAI protocol: {@link #PRIMARY} (quality 0.9: first in {@code
 * orchestrator/free}) and {@link #BACKUP} (0.5), both with tools and JSON; {@link #VISION} (0.1)
 * with tools, JSON and vision, so an image request plans only it. Pool {@code pair-group}: a group
 * of primary and backup. Thread-safe.
 */
public final class LoopbackOrchestrator implements AutoCloseable {
  /** The first free route. */
  public static final String PRIMARY = "alpha/primary";

  /** The second free route. */
  public static final String BACKUP = "beta/backup";

  /** The only route with vision. */
  public static final String VISION = "gamma/vision";

  /**
   * OpenAI's 400 for an empty message ({@code invalid_request_error}): the caller's mistake, which
   * no other route can fix.
   */
  public static final Step INVALID_REQUEST =
      Step.answer(
          400,
          "{\"error\":{\"message\":\"messages[1].content: must not be empty\","
              + "\"type\":\"invalid_request_error\"}}");

  private final ScriptedUpstream upstream;
  private final TaskOrchestrator orchestrator;

  private LoopbackOrchestrator(Map<String, List<Step>> scripts, OrchestratorPolicy policy) {
    upstream = ScriptedUpstream.start(scripts);
    Credentials creds = Credentials.constant("sk-loopback-0123456789");
    orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog(upstream))
            .providers(HttpProviderClients.builder().credentials(creds).build())
            .credentials(creds)
            .policy(policy)
            .build();
  }

  /** Starts the upstream with {@code scripts} (route id to steps) and builds the orchestrator. */
  public static LoopbackOrchestrator start(Map<String, List<Step>> scripts) {
    return new LoopbackOrchestrator(scripts, policy().build());
  }

  /** As {@link #start(Map)}, with {@code steps} scripted for {@link #PRIMARY} only. */
  public static LoopbackOrchestrator primary(Step... steps) {
    return start(Map.of(PRIMARY, List.of(steps)));
  }

  /** As {@link #start(Map)}, with every route answering {@code step} once. */
  public static LoopbackOrchestrator everyRoute(Step step) {
    return start(Map.of(PRIMARY, List.of(step), BACKUP, List.of(step), VISION, List.of(step)));
  }

  /**
   * As {@link #start(Map)}, with a stream-idle limit of {@code streamIdle}: for streams that fail
   * after visible output by a {@link Fault#STREAM_STALL stall}, which, unlike a cut, cannot lose
   * the bytes already sent on a loaded machine.
   */
  public static LoopbackOrchestrator withStreamIdle(
      Map<String, List<Step>> scripts, Duration streamIdle) {
    return new LoopbackOrchestrator(scripts, policy().streamIdleTimeout(streamIdle).build());
  }

  /** The scripted upstream. */
  public ScriptedUpstream upstream() {
    return upstream;
  }

  /** The orchestrator. */
  public TaskOrchestrator orchestrator() {
    return orchestrator;
  }

  /** The request bodies {@code route} received, in order. */
  public List<String> bodies(String route) {
    return upstream.received().stream()
        .filter(r -> route.equals(r.routeId()))
        .map(ScriptedUpstream.Received::body)
        .collect(Collectors.toList());
  }

  /** No same-route retries, tiny backoff; time limits generous for a loaded machine. */
  public static OrchestratorPolicy.Builder policy() {
    return OrchestratorPolicy.builder()
        .connectTimeout(Duration.ofSeconds(2))
        .attemptTimeout(Duration.ofSeconds(10))
        .firstTokenTimeout(Duration.ofSeconds(10))
        .streamIdleTimeout(Duration.ofSeconds(10))
        .deadline(Duration.ofSeconds(30))
        .backoff(Duration.ofMillis(1), Duration.ofMillis(5))
        .sameRouteRetries(0)
        .seed(7L);
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

  /** Closes the upstream. */
  @Override
  public void close() {
    upstream.close();
  }
}
