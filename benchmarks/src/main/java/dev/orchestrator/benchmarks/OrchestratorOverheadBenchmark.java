package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The orchestrator's own cost per successful call: {@link TaskOrchestrator#chat} against an
 * in-memory {@link ProviderClient} that returns a fixed {@link ChatResponse} at once, so everything
 * measured is planning, the free-tier guard, health bookkeeping, the retry budget, the trace and
 * the result. {@link #clientOnly()} is the same client called directly: the difference is the
 * overhead.
 *
 * <p>{@code target}: {@code route} asks for one route id of a 3-route catalog; {@code pool} a
 * 2-route virtual fallback pool (the load harness's shape); {@code free-models-dev} asks for {@code
 * orchestrator/free} over the full Models.dev snapshot ({@code -Dorchestrator.snapshot=PATH},
 * default: the project's copy, {@link Snapshots}), every provider served in memory.
 */
public class OrchestratorOverheadBenchmark extends SampledBenchmark {

  @Param({"route", "pool", "free-models-dev"})
  public String target;

  private static final ChatResponse FIXED =
      new ChatResponse(
          "Hello! How can I help you today?",
          List.of(),
          "stop",
          new Usage(21, 9, 30),
          "bench-model",
          "req_0123456789");

  /** The in-memory client's answer (also {@link MetricsListenerBenchmark}'s). */
  static final AttemptOutcome OK = new AttemptOutcome.Succeeded(FIXED);

  private final ProviderClient inMemory = call -> OK;
  private TaskOrchestrator orchestrator;
  private ChatRequest request;
  private ProviderCall directCall;

  @Setup
  public void setup() throws Exception {
    Catalog catalog;
    String model;
    switch (target) {
      case "route":
        catalog = small();
        model = "mem-a/bench-model";
        break;
      case "pool":
        catalog = small();
        model = "fallback";
        break;
      case "free-models-dev":
        catalog = Snapshots.modelsDev();
        model = RoutePlanner.FREE;
        break;
      default:
        throw new IllegalArgumentException(
            "target: " + target + " (expected: route, pool or free-models-dev)");
    }
    orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(ProviderClients.single(inMemory))
            .credentials(Credentials.constant("sk-bench-placeholder"))
            .policy(OrchestratorPolicy.defaults())
            .build();
    request =
        ChatRequest.builder(model)
            .system("You are a concise assistant.")
            .user("Say hello in one short sentence.")
            .maxTokens(64)
            .build();
    Route first = catalog.routes().iterator().next();
    directCall =
        ProviderCall.of(
            catalog.provider(first.provider()).orElseThrow(),
            first,
            request,
            AttemptLimits.uniform(Duration.ofSeconds(10)));
    ChatResult check = orchestrator.chat(request);
    if (!check.response().equals(FIXED)) {
      throw new IllegalStateException("unexpected answer: " + check);
    }
  }

  /** Three priced routes over two in-memory providers and a 2-route virtual pool. */
  static Catalog small() {
    Catalog.Builder b = Catalog.builder();
    for (String p : List.of("mem-a", "mem-b")) {
      b.provider(
          Provider.of(
              p, "http://" + p + ".invalid/v1", Protocol.OPENAI_CHAT, List.of("MEM_API_KEY")));
    }
    b.route(route("mem-a", "bench-model"));
    b.route(route("mem-b", "bench-model"));
    b.route(route("mem-b", "other-model"));
    b.pool(
        new Pool("fallback", PoolKind.VIRTUAL, List.of("mem-a/bench-model", "mem-b/bench-model")));
    return b.build();
  }

  private static Route route(String provider, String model) {
    return Route.builder(provider, model)
        .tier(Tier.PRICED)
        .prices(new BigDecimal("0.15"), new BigDecimal("0.60"))
        .contextWindow(128_000)
        .build();
  }

  /** One successful request through the orchestrator. */
  @Benchmark
  public ChatResult chat() {
    return orchestrator.chat(request);
  }

  /** The in-memory client alone (the floor). */
  @Benchmark
  public AttemptOutcome clientOnly() {
    return inMemory.send(directCall);
  }
}
