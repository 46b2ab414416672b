package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.micrometer.OrchestratorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the metrics listener adds to a successful call: {@link TaskOrchestrator#chat} on the 2-route
 * pool of {@link OrchestratorOverheadBenchmark#small()} against an in-memory client, without
 * listeners ({@code none}) and with {@link OrchestratorMetrics} bound to a Prometheus registry, as
 * {@code serve} binds it ({@code prometheus}). The difference is the listener's cost per request
 * (one attempt counter, the request counter and timer, the cost counter).
 */
public class MetricsListenerBenchmark extends SampledBenchmark {

  @Param({"none", "prometheus"})
  public String listener;

  private TaskOrchestrator orchestrator;
  private ChatRequest request;

  @Setup
  public void setup() {
    ProviderClient inMemory = call -> OrchestratorOverheadBenchmark.OK;
    orchestrator =
        TaskOrchestrator.builder()
            .catalog(OrchestratorOverheadBenchmark.small())
            .providers(ProviderClients.single(inMemory))
            .credentials(Credentials.constant("sk-bench-placeholder"))
            .policy(OrchestratorPolicy.defaults())
            .build();
    switch (listener) {
      case "none" -> {}
      case "prometheus" ->
          OrchestratorMetrics.bind(
              orchestrator, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
      default ->
          throw new IllegalArgumentException(
              "listener: " + listener + " (expected: none or prometheus)");
    }
    request =
        ChatRequest.builder("fallback")
            .system("You are a concise assistant.")
            .user("Say hello in one short sentence.")
            .maxTokens(64)
            .build();
  }

  /** One successful request through the orchestrator and its listeners. */
  @Benchmark
  public ChatResult chat() {
    return orchestrator.chat(request);
  }
}
